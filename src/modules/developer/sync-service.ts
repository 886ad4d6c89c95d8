// Catalog sync runs and rollback to the last known-good snapshot.
import type { AppContext } from '../../context.ts';

export function createSyncService(_ctx: AppContext) {
  return {};
}

export type SyncService = ReturnType<typeof createSyncService>;
