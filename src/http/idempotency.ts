// Idempotency-Key (CONTRACT §3, §9): the same key with the same body within 24 h replays the first
// response; the same key with another body is 409 idempotency-key-reuse.
//
// A key is first claimed with a short lease (IDEMPOTENCY_LEASE_SECONDS, at most 30 s). The work then
// writes its response into the key's record inside the same transaction as the booking or order it
// describes (`recordInTransaction`), so a crash can never separate the two: after a crash a retry
// either replays the committed response or, once the lease has lapsed, runs the request afresh. While
// the lease is live a retry answers 409 conflict with Retry-After. The record is written only if no
// other run has answered the key yet, so even two runs of one key (a lease that lapsed under a slow
// run) commit one result: the loser's transaction rolls back and it replays the winner's response.
// Client errors are stored after the work (nothing was committed); server errors are not kept.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import type { Executor } from '../db/sql.ts';
import { statementTemplate, type Placeholders } from '../db/template.ts';
import { AppError, conflict, validationFailed } from '../shared/errors.ts';
import { sha256 } from '../shared/hash.ts';
import { addSeconds, nowIso } from '../shared/time.ts';
import { toAppError } from './errors.ts';

const TTL_SECONDS = 24 * 3600;

/** Housekeeping: deletes records past the replay window (nothing can replay them); returns how many. */
export async function pruneIdempotencyKeys(ctx: AppContext, now = nowIso()): Promise<number> {
  const result = await ctx.db.deleteFrom('idempotency_keys').where('created_at', '<', addSeconds(now, -TTL_SECONDS)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableStringify((value as any)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export interface IdempotentResult {
  status: number;
  body: unknown;
}

/**
 * Writes the response into the key's record inside the caller's transaction. A no-op without an
 * Idempotency-Key. Throws (rolling the transaction back) when another run answered the key first.
 *
 * `inStatement` is the same write for work that makes it part of a statement of its own (one round
 * trip less on PostgreSQL): the UPDATE's values (answerUpdate builds it), `run` for the UPDATE on its
 * own (SQLite), and `confirm` to call in the transaction with the number of rows it updated (it
 * throws where the function form would). Null without an Idempotency-Key.
 */
export interface RecordInTransaction {
  (trx: Executor<Database>, result: IdempotentResult): Promise<void>;
  inStatement(trx: Executor<Database>, result: IdempotentResult): RecordStatement | null;
}

export interface RecordStatement {
  /** What the UPDATE writes and where: for a statement of the caller's (answerUpdate). */
  readonly values: AnswerValues;
  /** Runs the UPDATE on its own in the transaction; the number of rows it changed. */
  run(): Promise<number>;
  confirm(updatedRows: number): void;
}

/** An answer for a key's record: the key, and the response's status and JSON body. */
export type AnswerValues = {
  storeId: string;
  scope: string;
  key: string;
  status: number;
  body: string;
};

/** The UPDATE that writes an answer into its key's record, unless another run answered it already. */
export function answerUpdate(db: Executor<Database>, p: Placeholders<AnswerValues>) {
  return db
    .updateTable('idempotency_keys')
    .set({ status_code: p.status, response_body: p.body, locked_until: null })
    .where('store_id', '=', p.storeId)
    .where('scope', '=', p.scope)
    .where('key', '=', p.key)
    .where('status_code', 'is', null);
}

/** A new key's record, or a record past its replay window replaced (as if housekeeping had deleted it); a live record is left alone. */
const claimKey = statementTemplate(
  (db, p: Placeholders<{
    row: { store_id: string; scope: string; key: string; request_hash: string; status_code: null; response_body: null; locked_until: string; created_at: string };
    expiredBefore: string;
  }>) =>
    db
      .insertInto('idempotency_keys')
      .values(p.row)
      .onConflict((oc) =>
        oc
          .columns(['store_id', 'scope', 'key'])
          .doUpdateSet({ request_hash: p.row.request_hash, status_code: null, response_body: null, locked_until: p.row.locked_until, created_at: p.row.created_at })
          .where('idempotency_keys.created_at', '<', p.expiredBefore),
      ),
);

const answerKey = statementTemplate(answerUpdate);

/** The record of a request without an Idempotency-Key: nothing to write. */
const NOTHING_TO_RECORD: RecordInTransaction = Object.assign(async () => {}, { inStatement: () => null });

/** Thrown inside a transaction whose key another run already answered: roll back and replay. */
class AnsweredElsewhere extends Error {}

/**
 * Runs `work` at most once per (store, scope, Idempotency-Key) and sends its result, or replays the
 * stored one. `work` returns the success status and body, or throws an AppError; work that commits
 * something calls `record` inside that transaction.
 */
export async function sendIdempotent(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  storeId: string,
  scope: string,
  work: (record: RecordInTransaction) => Promise<IdempotentResult>,
) {
  const header = request.headers['idempotency-key'];
  if (header === undefined) {
    const result = await work(NOTHING_TO_RECORD);
    return reply.code(result.status).send(result.body);
  }
  const key = Array.isArray(header) ? header[0] : header;
  const answer = await runIdempotent(ctx, { key, request: { query: request.query ?? null, body: request.body ?? null }, requestId: request.id, header: (name, value) => reply.header(name, value) }, storeId, scope, work);
  if (answer.replayed) return reply.header('idempotent-replayed', 'true').code(answer.status).type('application/json; charset=utf-8').send(answer.json);
  return reply.code(answer.status).send(answer.body);
}

/** What runIdempotent answers: the work's own result, or the stored answer of an earlier run (its JSON as stored). */
export type IdempotentAnswer = { replayed: false; status: number; body: unknown } | { replayed: true; status: number; json: string };

/**
 * sendIdempotent's work without a reply: runs `work` at most once per (store, scope, key) and answers
 * its result, or the stored one. `request` is what the key's record is compared by (a reuse of the key
 * with another request is 409); `header` sets a response header (Retry-After while another run holds
 * the key). For pages that answer with HTML, not the stored JSON (the store page's booking form).
 */
export async function runIdempotent(
  ctx: AppContext,
  keyed: { key: string | undefined; request: { query: unknown; body: unknown }; requestId: string; header: (name: string, value: string) => void },
  storeId: string,
  scope: string,
  work: (record: RecordInTransaction) => Promise<IdempotentResult>,
): Promise<IdempotentAnswer> {
  if (!keyed.key || keyed.key.length > 255 || !/^[\x21-\x7e]+$/.test(keyed.key)) {
    throw validationFailed([{ field: 'Idempotency-Key', message: '1 to 255 visible ASCII characters' }]);
  }
  const key: string = keyed.key;
  const db = ctx.db;
  const leaseSeconds = ctx.config.idempotencyLeaseSeconds;
  const requestHash = sha256(stableStringify(keyed.request));
  const thisKey = (q: any) => q.where('store_id', '=', storeId).where('scope', '=', scope).where('key', '=', key);

  const claimed = await claim();
  if (claimed !== true) return replay(claimed);

  let recorded = false;
  const answer = (trx: Executor<Database>, result: IdempotentResult): RecordStatement => {
    const values = { storeId, scope, key, status: result.status, body: JSON.stringify(result.body) };
    return {
      values,
      async run() {
        return Number((await answerKey(trx, values)).numAffectedRows ?? 0);
      },
      confirm(updatedRows) {
        if (updatedRows !== 1) throw new AnsweredElsewhere();
        recorded = true;
      },
    };
  };
  const record: RecordInTransaction = Object.assign(
    async (trx: Executor<Database>, result: IdempotentResult) => {
      const statement = answer(trx, result);
      statement.confirm(await statement.run());
    },
    { inStatement: answer },
  );
  let result: IdempotentResult;
  try {
    result = await work(record);
  } catch (error) {
    if (error instanceof AnsweredElsewhere) return replay(await current());
    const appError = toAppError(error as Error);
    if (appError.status >= 500 || appError.code === 'rate-limited') {
      await thisKey(db.deleteFrom('idempotency_keys')).where('status_code', 'is', null).execute();
      throw error;
    }
    const body = {
      ok: false,
      error: appError.code,
      message: appError.message,
      requestId: keyed.requestId,
      ...(appError.details ? { details: appError.details } : {}),
    };
    await storeAfter({ status: appError.status, body });
    throw error instanceof AppError ? error : appError;
  }
  // Work that committed nothing (a replayed clientOrderId, a preview) is recorded now.
  if (!recorded) await storeAfter(result);
  return { replayed: false, status: result.status, body: result.body };

  /** true when this request owns the key now; otherwise the existing record. */
  async function claim(): Promise<true | NonNullable<Awaited<ReturnType<typeof current>>>> {
    const now = nowIso();
    const lease = addSeconds(now, leaseSeconds);
    // One statement: a new key is recorded, and a record past its replay window is replaced (as if
    // housekeeping had already deleted it); a live record is left alone and read below.
    const row = { store_id: storeId, scope, key, request_hash: requestHash, status_code: null, response_body: null, locked_until: lease, created_at: now };
    const claimed = await claimKey(db, { row, expiredBefore: addSeconds(now, -TTL_SECONDS) });
    if (Number(claimed.numAffectedRows ?? 0) === 1) return true;
    const existing = await current();
    if (!existing) throw conflict('conflict', 'A request with this Idempotency-Key just finished; retry.');
    if (existing.request_hash !== requestHash) {
      throw conflict('idempotency-key-reuse', 'This Idempotency-Key was used with a different request body.');
    }
    if (existing.status_code !== null) return existing;
    if (existing.locked_until !== null && existing.locked_until > now) {
      const wait = Math.max(1, Math.ceil((Date.parse(existing.locked_until) - Date.parse(now)) / 1000));
      keyed.header('retry-after', String(wait));
      throw conflict('conflict', `A request with this Idempotency-Key is still in progress; retry in ${wait} s.`);
    }
    // The lease lapsed and nothing was committed under it (a crash, or a run that failed without
    // answering): take the key over, unless another retry just did.
    const taken = await thisKey(db.updateTable('idempotency_keys'))
      .set({ locked_until: lease })
      .where('status_code', 'is', null)
      .where((eb: any) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return true;
    keyed.header('retry-after', '1');
    throw conflict('conflict', 'A request with this Idempotency-Key is still in progress; retry shortly.');
  }

  function current() {
    return thisKey(db.selectFrom('idempotency_keys').selectAll()).executeTakeFirst() as Promise<
      { request_hash: string; status_code: number | null; response_body: string | null; locked_until: string | null } | undefined
    >;
  }

  function replay(existing: Awaited<ReturnType<typeof current>>): IdempotentAnswer {
    if (!existing || existing.status_code === null) throw conflict('conflict', 'A request with this Idempotency-Key is still in progress; retry shortly.');
    return { replayed: true, status: existing.status_code, json: existing.response_body ?? 'null' };
  }

  async function storeAfter(r: IdempotentResult) {
    await answerKey(db, { storeId, scope, key, status: r.status, body: JSON.stringify(r.body) });
  }
}
