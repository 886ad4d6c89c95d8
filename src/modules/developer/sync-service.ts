// Catalog sync runs and rollback to the last known-good snapshot (CONTRACT §6). A feed is validated
// row by row before anything is written, then applied through the catalog service in one
// transaction that also records the run, keeps the catalog as it was before (the snapshot a
// rollback restores) and emits the event. Runs of one store are serialised by a lock row.
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/sql.ts';
import type { Database } from '../../db/database.ts';
import { parseItemInput } from '../catalog/item-input.ts';
import { massDeleteReason, type CatalogSnapshot, type FeedChange, type FeedCounts, type FeedItem } from '../catalog/service.ts';
import { decodeCursor, encodeCursor } from '../../shared/cursor.ts';
import { AppError, conflict, notFound, type ErrorCode, type ErrorDetail } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { nowIso } from '../../shared/time.ts';
import type { SyncRunRow } from './tables.ts';

export type SyncMode = 'full' | 'upsert';
export type FeedSource = 'json' | 'csv';

export interface SyncFailure {
  /** JSON feeds: position in `items` from 1; CSV feeds: spreadsheet row (header = 1). Null for run-level failures. */
  row: number | null;
  itemId: string | null;
  reason: string;
}

export interface SyncRun {
  runId: string;
  kind: 'sync' | 'rollback';
  mode: SyncMode | null;
  source: FeedSource | null;
  status: SyncRunRow['status'];
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  counts: FeedCounts & { failed: number };
  failures: SyncFailure[];
  rollbackOf: string | null;
  rolledBackBy: string | null;
  rolledBackAt: string | null;
}

/** The answer of a dry run that a real run would apply: what it would change. */
export interface DryRunResult {
  counts: FeedCounts & { failed: number };
  failures: SyncFailure[];
  changes: FeedChange[];
}

/** One raw feed row: the item input and where it came from. */
export interface FeedRow {
  row: number;
  item: unknown;
  /** A structural problem found while reading the row (CSV field count). */
  problem?: string;
}

export interface FeedRequest {
  mode: SyncMode;
  allowMassDelete?: boolean;
  source: FeedSource;
  rows: FeedRow[];
}

/** Failures kept per run (counts.failed has the full number). */
const MAX_FAILURES_KEPT = 1000;
/** Failures echoed as error details in the HTTP response. */
const MAX_DETAILS = 100;
/** Snapshots kept per store: the runs this many succeeded runs back can still be rolled back. */
export const SNAPSHOTS_KEPT = 20;

export function toSyncRun(row: SyncRunRow): SyncRun {
  return {
    runId: row.id,
    kind: row.kind,
    mode: row.mode,
    source: row.source,
    status: row.status,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
    counts: {
      created: Number(row.created_count),
      updated: Number(row.updated_count),
      deleted: Number(row.deleted_count),
      unchanged: Number(row.unchanged_count),
      failed: Number(row.failed_count),
    },
    failures: JSON.parse(row.failures),
    rollbackOf: row.rollback_of,
    rolledBackBy: row.rolled_back_by,
    rolledBackAt: row.rolled_back_at,
  };
}

/** Validates every row; returns the items only when all are valid. */
function validateRows(rows: FeedRow[], currency: string): { items: FeedItem[]; failures: SyncFailure[] } {
  const failures: SyncFailure[] = [];
  const items: FeedItem[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, item, problem } of rows) {
    const raw = item as Record<string, unknown> | null;
    const itemId = raw && typeof raw === 'object' && typeof raw.id === 'string' ? raw.id : null;
    if (problem) {
      failures.push({ row, itemId, reason: problem });
      continue;
    }
    const reasons: string[] = [];
    if (raw && typeof raw === 'object' && !Array.isArray(raw) && (raw.id === undefined || raw.id === null || raw.id === '')) {
      reasons.push('id: required (the item id chosen by the feed)');
    }
    const { value, errors } = parseItemInput(raw, currency);
    reasons.push(...errors.map((e) => `${e.field}: ${e.message}`));
    if (itemId !== null) {
      const first = firstRowOf.get(itemId);
      if (first !== undefined) reasons.push(`id: ${itemId} already appears in row ${first}`);
      else firstRowOf.set(itemId, row);
    }
    if (reasons.length || !value || !value.id) failures.push({ row, itemId, reason: reasons.join('; ') || 'not a valid item' });
    else items.push(value as FeedItem);
  }
  return { items, failures };
}

export function createSyncService(ctx: AppContext) {
  const { db } = ctx;

  /** Serialises sync runs and rollbacks of one store (a row lock on PostgreSQL; SQLite has one writer). */
  async function lockStore(trx: Executor<Database>, storeId: string) {
    const now = nowIso();
    await trx
      .insertInto('sync_store_locks')
      .values({ store_id: storeId, locked_at: now })
      .onConflict((oc) => oc.column('store_id').doUpdateSet({ locked_at: now }))
      .execute();
  }

  function runRow(storeId: string, fields: Partial<SyncRunRow> & Pick<SyncRunRow, 'kind' | 'status' | 'started_at'>): SyncRunRow {
    const finished = nowIso();
    return {
      id: newId('syr'),
      store_id: storeId,
      mode: null,
      source: null,
      finished_at: finished,
      duration_ms: Math.max(0, Date.parse(finished) - Date.parse(fields.started_at)),
      created_count: 0,
      updated_count: 0,
      deleted_count: 0,
      unchanged_count: 0,
      failed_count: 0,
      failures: '[]',
      rollback_of: null,
      rolled_back_by: null,
      rolled_back_at: null,
      actor: null,
      ...fields,
    };
  }

  const countColumns = (c: FeedCounts) => ({ created_count: c.created, updated_count: c.updated, deleted_count: c.deleted, unchanged_count: c.unchanged });

  /** Records a failed run and its event; nothing in the catalog changed. */
  async function recordFailure(storeId: string, request: FeedRequest, startedAt: string, failures: SyncFailure[], actor: string | null) {
    const row = runRow(storeId, {
      kind: 'sync',
      status: 'failed',
      mode: request.mode,
      source: request.source,
      started_at: startedAt,
      failed_count: failures.length,
      failures: JSON.stringify(failures.slice(0, MAX_FAILURES_KEPT)),
      actor,
    });
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('sync_runs').values(row).execute();
      await ctx.services.events.emit(trx, storeId, 'catalog.sync.failed', { run: toSyncRun({ ...row, failures: JSON.stringify(failures.slice(0, 20)) }) });
    });
    return toSyncRun(row);
  }

  /** The error of a failed run (or dry run): the flat body, a detail per failure, and `extra` (the recorded run, or the dry run's report). */
  function failedRunError(status: number, code: ErrorCode, message: string, failures: SyncFailure[], source: FeedSource, extra: Record<string, unknown>): AppError {
    const details: ErrorDetail[] = failures.slice(0, MAX_DETAILS).map((f) => ({
      field: f.row === null ? 'items' : source === 'csv' ? `row ${f.row}` : `items.${f.row - 1}`,
      message: f.itemId ? `${f.itemId}: ${f.reason}` : f.reason,
    }));
    return new AppError(status, code, message, details, extra);
  }

  const invalidRowsMessage = (failed: number, rows: number) => `${failed} of ${rows} rows are not valid; nothing was changed.`;
  const MASS_DELETE_MESSAGE = 'The full feed would delete more than half the catalog; nothing was changed. Send allowMassDelete to allow it.';

  return {
    /**
     * Validates and applies a feed. Succeeds with the recorded run, or throws (after recording the
     * failed run): 400 validation-failed for invalid rows, 409 mass-delete-refused for a full feed
     * that would delete more than half the catalog without allowMassDelete.
     */
    async runFeed(storeId: string, request: FeedRequest, actor: string | null, startedAt = nowIso()): Promise<SyncRun> {
      const currency = (await ctx.services.stores.getStore(storeId)).currency;
      const { items, failures } = validateRows(request.rows, currency);
      if (failures.length) {
        const run = await recordFailure(storeId, request, startedAt, failures, actor);
        throw failedRunError(400, 'validation-failed', invalidRowsMessage(failures.length, request.rows.length), run.failures, request.source, { run });
      }

      const outcome = await db.transaction().execute(async (trx) => {
        await lockStore(trx, storeId);
        const { counts, before, refused } = await ctx.services.catalog.applyFeed(trx, storeId, items, { mode: request.mode, allowMassDelete: request.allowMassDelete });
        if (refused) {
          const reason = massDeleteReason(counts, before.length);
          const row = runRow(storeId, {
            kind: 'sync',
            status: 'failed',
            mode: request.mode,
            source: request.source,
            started_at: startedAt,
            failures: JSON.stringify([{ row: null, itemId: null, reason }]),
            actor,
          });
          await trx.insertInto('sync_runs').values(row).execute();
          const run = toSyncRun(row);
          await ctx.services.events.emit(trx, storeId, 'catalog.sync.failed', { run });
          return { run, refused: true };
        }
        const row = runRow(storeId, { kind: 'sync', status: 'succeeded', mode: request.mode, source: request.source, started_at: startedAt, ...countColumns(counts), actor });
        await trx.insertInto('sync_runs').values(row).execute();
        await keepSnapshot(trx, storeId, row.id, before, row.finished_at ?? startedAt);
        const run = toSyncRun(row);
        await ctx.services.events.emit(trx, storeId, 'catalog.sync.succeeded', { run });
        return { run, refused: false };
      });
      if (outcome.refused) {
        throw failedRunError(409, 'mass-delete-refused', MASS_DELETE_MESSAGE, outcome.run.failures, request.source, { run: outcome.run });
      }
      await ctx.services.catalog.invalidate(storeId);
      return outcome.run;
    },

    /**
     * Checks a feed exactly as runFeed would (the same row validation and mass-delete guard) and
     * reports what it would create, update and delete, against the catalog as it is now. Writes
     * nothing: no catalog change, no run, no event. Throws what runFeed would (400
     * validation-failed, 409 mass-delete-refused), with the dry run's report instead of a run.
     */
    async dryRun(storeId: string, request: FeedRequest): Promise<DryRunResult> {
      const currency = (await ctx.services.stores.getStore(storeId)).currency;
      const { items, failures } = validateRows(request.rows, currency);
      if (failures.length) {
        const kept = failures.slice(0, MAX_FAILURES_KEPT);
        const report: DryRunResult = { counts: { created: 0, updated: 0, deleted: 0, unchanged: 0, failed: failures.length }, failures: kept, changes: [] };
        throw failedRunError(400, 'validation-failed', `Dry run: ${invalidRowsMessage(failures.length, request.rows.length)}`, kept, request.source, { dryRun: true, ...report });
      }
      const plan = await ctx.services.catalog.previewFeed(storeId, items, { mode: request.mode, allowMassDelete: request.allowMassDelete });
      const counts = { ...plan.counts, failed: 0 };
      if (plan.refused) {
        const refusal: SyncFailure[] = [{ row: null, itemId: null, reason: massDeleteReason(plan.counts, plan.catalogSize) }];
        throw failedRunError(409, 'mass-delete-refused', `Dry run: ${MASS_DELETE_MESSAGE}`, refusal, request.source, { dryRun: true, counts, failures: refusal, changes: plan.changes });
      }
      return { counts, failures: [], changes: plan.changes };
    },

    /** Runs of the store, newest first, keyset-paginated. */
    async list(storeId: string, options: { limit: number; cursor?: string }): Promise<{ runs: SyncRun[]; nextCursor: string | null }> {
      const after = decodeCursor(options.cursor, 2) as [string, string] | null;
      let query = db.selectFrom('sync_runs').selectAll().where('store_id', '=', storeId);
      if (after) query = query.where((eb) => eb.or([eb('started_at', '<', after[0]), eb.and([eb('started_at', '=', after[0]), eb('id', '<', after[1])])]));
      const rows = await query.orderBy('started_at', 'desc').orderBy('id', 'desc').limit(options.limit + 1).execute();
      const page = rows.slice(0, options.limit);
      const last = page[page.length - 1];
      return { runs: page.map(toSyncRun), nextCursor: rows.length > options.limit && last ? encodeCursor([last.started_at, last.id]) : null };
    },

    /** For the console's Today page: sync runs that failed since `since`, how many and the latest `limit`. */
    async failedRuns(storeId: string, since: string, limit: number): Promise<{ count: number; runs: SyncRun[] }> {
      const failed = db.selectFrom('sync_runs').where('store_id', '=', storeId).where('status', '=', 'failed').where('started_at', '>=', since);
      const [counted, rows] = await Promise.all([
        failed.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
        failed.selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
      ]);
      return { count: Number(counted.n), runs: rows.map(toSyncRun) };
    },

    /**
     * Restores the catalog as it was just before `runId` applied. That run, and any succeeded sync
     * run applied after it (their changes are undone too), become rolled_back; a rollback run is
     * recorded and catalog.rolled_back emitted. 404 for another store's or an unknown run; 409 for
     * runs that are not succeeded sync runs or whose snapshot is no longer kept.
     */
    async rollback(storeId: string, runId: string, actor: string | null): Promise<{ run: SyncRun; rolledBackRuns: SyncRun[] }> {
      const startedAt = nowIso();
      const result = await db.transaction().execute(async (trx) => {
        await lockStore(trx, storeId);
        const target = await trx.selectFrom('sync_runs').selectAll().where('store_id', '=', storeId).where('id', '=', runId).executeTakeFirst();
        if (!target) throw notFound('sync-run-not-found', `No sync run ${runId} in this store.`);
        if (target.kind !== 'sync' || target.status !== 'succeeded') {
          throw conflict('conflict', `Run ${runId} is a ${target.status} ${target.kind} run; only succeeded sync runs can be rolled back.`);
        }
        const snapshot = await trx.selectFrom('sync_run_snapshots').select('items').where('store_id', '=', storeId).where('run_id', '=', runId).executeTakeFirst();
        if (!snapshot) throw conflict('conflict', `The snapshot taken before run ${runId} is no longer kept (the newest ${SNAPSHOTS_KEPT} are); it cannot be rolled back.`);
        const counts = await ctx.services.catalog.restoreSnapshot(trx, storeId, JSON.parse(snapshot.items) as CatalogSnapshot);

        const row = runRow(storeId, { kind: 'rollback', status: 'succeeded', started_at: startedAt, rollback_of: runId, ...countColumns(counts), actor });
        await trx.insertInto('sync_runs').values(row).execute();
        // The target and every succeeded sync run applied after it: their changes are gone now.
        const undone = await trx
          .selectFrom('sync_runs')
          .select('id')
          .where('store_id', '=', storeId)
          .where('kind', '=', 'sync')
          .where('status', '=', 'succeeded')
          .where('finished_at', '>=', target.finished_at)
          .execute();
        const undoneIds = [...new Set([runId, ...undone.map((r) => r.id)])];
        await trx
          .updateTable('sync_runs')
          .set({ status: 'rolled_back', rolled_back_by: row.id, rolled_back_at: row.finished_at })
          .where('store_id', '=', storeId)
          .where('id', 'in', undoneIds)
          .execute();
        await trx.deleteFrom('sync_run_snapshots').where('store_id', '=', storeId).where('run_id', 'in', undoneIds).execute();
        const rolledBack = await trx.selectFrom('sync_runs').selectAll().where('store_id', '=', storeId).where('id', 'in', undoneIds).orderBy('finished_at').orderBy('id').execute();
        const run = toSyncRun(row);
        const rolledBackRuns = rolledBack.map(toSyncRun);
        await ctx.services.events.emit(trx, storeId, 'catalog.rolled_back', { run, rolledBackRunId: runId, rolledBackRunIds: rolledBackRuns.map((r) => r.runId) });
        return { run, rolledBackRuns };
      });
      await ctx.services.catalog.invalidate(storeId);
      return result;
    },
  };

  /** Keeps the catalog as it was before `runId`, and drops snapshots beyond the newest SNAPSHOTS_KEPT. */
  async function keepSnapshot(trx: Executor<Database>, storeId: string, runId: string, before: CatalogSnapshot, at: string) {
    await trx.insertInto('sync_run_snapshots').values({ run_id: runId, store_id: storeId, item_count: before.length, items: JSON.stringify(before), created_at: at }).execute();
    const kept = await trx.selectFrom('sync_run_snapshots').select('run_id').where('store_id', '=', storeId).orderBy('created_at', 'desc').orderBy('run_id', 'desc').limit(SNAPSHOTS_KEPT).execute();
    if (kept.length === SNAPSHOTS_KEPT) {
      await trx.deleteFrom('sync_run_snapshots').where('store_id', '=', storeId).where('run_id', 'not in', kept.map((r) => r.run_id)).execute();
    }
  }
}

export type SyncService = ReturnType<typeof createSyncService>;
