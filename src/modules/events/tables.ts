export interface EventRow {
  id: string;
  store_id: string;
  type: string;
  /** JSON text of the full envelope {id, type, createdAt, storeId, data}. */
  payload: string;
  created_at: string;
}

export interface EventTables {
  events: EventRow;
}
