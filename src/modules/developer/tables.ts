// Tables owned by the developer module: catalog sync runs, the catalog snapshot taken before each
// applied run, and one lock row per store that serialises sync runs and rollbacks.

export type SyncRunKind = 'sync' | 'rollback';
export type SyncRunStatus = 'running' | 'succeeded' | 'failed' | 'rolled_back';

export interface SyncRunRow {
  id: string;
  store_id: string;
  kind: SyncRunKind;
  /** full | upsert for sync runs; null for rollbacks. */
  mode: 'full' | 'upsert' | null;
  /** json | csv for sync runs; null for rollbacks. */
  source: 'json' | 'csv' | null;
  status: SyncRunStatus;
  started_at: string;
  finished_at: string | null;
  duration_ms: number | null;
  created_count: number;
  updated_count: number;
  deleted_count: number;
  unchanged_count: number;
  failed_count: number;
  /** JSON array of {row, itemId, reason}. */
  failures: string;
  /** Rollback runs: the sync run whose snapshot was restored. */
  rollback_of: string | null;
  /** Sync runs undone by a rollback: that rollback run. */
  rolled_back_by: string | null;
  rolled_back_at: string | null;
  actor: string | null;
}

export interface SyncRunSnapshotRow {
  run_id: string;
  store_id: string;
  item_count: number;
  /** JSON array of the store's catalog rows just before the run applied (catalog's snapshot format). */
  items: string;
  created_at: string;
}

export interface SyncStoreLockRow {
  store_id: string;
  locked_at: string;
}

export interface DeveloperTables {
  sync_runs: SyncRunRow;
  sync_run_snapshots: SyncRunSnapshotRow;
  sync_store_locks: SyncStoreLockRow;
}
