export interface CustomerRow {
  id: string;
  store_id: string;
  name: string;
  email: string | null;
  /** As entered, for display. */
  phone: string | null;
  /** What customers are matched on: the phone in E.164 form made with the store's country (customer-input.ts phoneKey). */
  phone_key: string | null;
  notes: string | null;
  /** JSON array of strings. */
  tags: string;
  no_show_count: number;
  bookings_count: number;
  orders_count: number;
  total_spent_minor: number;
  created_at: string;
  updated_at: string;
}

export interface CustomerTables {
  customers: CustomerRow;
}
