export interface CustomerRow {
  id: string;
  store_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  bookings_count: number;
  orders_count: number;
  total_spent_minor: number;
  created_at: string;
  updated_at: string;
}

export interface CustomerTables {
  customers: CustomerRow;
}
