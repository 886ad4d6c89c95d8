// Tables owned by operations (backups, metrics).

/** One fact about the server's own operation, by key (JSON value), e.g. `backup`: the last outcome. */
export interface OpsStateRow {
  key: string;
  value: string;
  updated_at: string;
}

export interface OpsTables {
  ops_state: OpsStateRow;
}
