// The server backs itself up every BACKUP_INTERVAL_MINUTES into BACKUP_DIR and keeps the newest
// BACKUP_KEEP archives. One instance at a time: on PostgreSQL the instance that takes an advisory
// lock makes it (the others skip that turn); SQLite has one server per file anyway. Each outcome is
// logged, counted in the metrics, and recorded (ops_state) so the console can tell owners when the
// last backup failed.
import type { AppContext } from '../context.ts';
import { pgDriver, type DatabaseHandle } from '../db/connect.ts';
import { createBackup, pruneBackups, type BackupResult } from './backup.ts';

/** PostgreSQL advisory lock held by the instance making a backup. */
const BACKUP_LOCK = 726_2027;

export interface BackupOutcome {
  ok: boolean;
  at: string;
  archive?: string;
  bytes?: number;
  durationMs: number;
  error?: string;
}

/** Listeners told of each outcome (the metrics). */
export const backupListeners = new Set<(outcome: BackupOutcome) => void>();

export async function recordBackupOutcome(ctx: AppContext, outcome: BackupOutcome): Promise<void> {
  await ctx.db
    .insertInto('ops_state')
    .values({ key: 'backup', value: JSON.stringify(outcome), updated_at: outcome.at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(outcome), updated_at: outcome.at }))
    .execute();
  for (const listener of backupListeners) listener(outcome);
}

/** The last recorded backup outcome, if the server has made or tried one. */
export async function lastBackupOutcome(ctx: AppContext): Promise<BackupOutcome | null> {
  const row = await ctx.db.selectFrom('ops_state').select('value').where('key', '=', 'backup').executeTakeFirst();
  return row ? (JSON.parse(row.value) as BackupOutcome) : null;
}

/** One scheduled backup: made, pruned, recorded; null when another instance holds the turn. */
export async function runScheduledBackup(ctx: AppContext, database: DatabaseHandle): Promise<BackupOutcome | null> {
  const started = Date.now();
  const make = async (): Promise<BackupResult> => {
    const result = await createBackup({ database, databaseUrl: ctx.config.databaseDirectUrl, uploadDir: ctx.config.uploadDir, toDir: ctx.config.backupDir });
    await pruneBackups(ctx.config.backupDir, ctx.config.backupKeep);
    return result;
  };
  let result: BackupResult | null;
  try {
    if (database.dialect === 'postgres') {
      // The lock is a session's: held on a connection of its own, straight to the server (DATABASE_DIRECT_URL
      // behind a transaction pooler, which would hand the unlock to another session).
      const session = new (pgDriver().Client)({ connectionString: ctx.config.databaseDirectUrl });
      await session.connect();
      try {
        const { rows } = await session.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [BACKUP_LOCK]);
        result = rows[0]?.locked ? await make() : null;
      } finally {
        await session.end();
      }
    } else {
      result = await make();
    }
  } catch (error) {
    const outcome: BackupOutcome = { ok: false, at: new Date().toISOString(), durationMs: Date.now() - started, error: (error as Error).message };
    ctx.log.error({ err: error, backupDir: ctx.config.backupDir }, 'backup failed');
    await recordBackupOutcome(ctx, outcome);
    return outcome;
  }
  if (!result) return null;
  const outcome: BackupOutcome = { ok: true, at: new Date().toISOString(), archive: result.archive, bytes: result.bytes, durationMs: result.durationMs };
  ctx.log.info({ archive: result.archive, bytes: result.bytes, durationMs: result.durationMs }, 'backup made');
  await recordBackupOutcome(ctx, outcome);
  return outcome;
}

/** Starts the server's own backups when BACKUP_INTERVAL_MINUTES is set; the stop hook goes to ctx.onClose. */
export function startBackupSchedule(ctx: AppContext, database: DatabaseHandle): void {
  const minutes = ctx.config.backupIntervalMinutes;
  if (minutes <= 0) return;
  if (database.dialect === 'sqlite' && !database.sqliteFile) return;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runScheduledBackup(ctx, database).finally(() => {
      running = null;
    });
  };
  // The first a minute after start (not in the middle of a deploy), then every interval.
  const first = setTimeout(tick, 60_000);
  const timer = setInterval(tick, minutes * 60_000);
  first.unref();
  timer.unref();
  ctx.onClose.push(async function backups() {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
}
