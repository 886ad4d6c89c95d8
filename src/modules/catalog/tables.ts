export interface ItemRow {
  store_id: string;
  id: string;
  name: string;
  item_type: 'product' | 'service' | 'course';
  category: string | null;
  description: string | null;
  price_minor: number;
  stock_count: number | null;
  image_url: string | null;
  /** JSON array of URLs. */
  image_urls: string;
  image_alt: string | null;
  published: number;
  /** JSON text of a ServiceSchedule, services and courses only. */
  schedule: string | null;
  created_at: string;
  updated_at: string;
}

export interface CatalogTables {
  items: ItemRow;
}
