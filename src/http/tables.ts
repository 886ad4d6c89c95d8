export interface IdempotencyKeyRow {
  store_id: string;
  scope: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  response_body: string | null;
  /** While in progress: the claim's lease (ISO); null once answered, or for records older than the lease column. */
  locked_until: string | null;
  created_at: string;
}

export interface HttpTables {
  idempotency_keys: IdempotencyKeyRow;
}
