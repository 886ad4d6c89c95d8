// Idempotency-Key (CONTRACT §3): the same key with the same body within 24 h replays the first
// response; the same key with another body is 409 idempotency-key-reuse. A key whose first
// request is still running answers 409 conflict. Server errors are not kept, so a retry runs again.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError, conflict, validationFailed } from '../shared/errors.ts';
import { sha256 } from '../shared/hash.ts';
import { isUniqueViolation } from '../db/sql.ts';
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
 * Runs `work` at most once per (store, scope, Idempotency-Key) and sends its result,
 * or replays the stored one. `work` returns the success status and body, or throws an AppError.
 */
export async function sendIdempotent(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  storeId: string,
  scope: string,
  work: () => Promise<IdempotentResult>,
) {
  const header = request.headers['idempotency-key'];
  if (header === undefined) {
    const result = await work();
    return reply.code(result.status).send(result.body);
  }
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
    throw validationFailed([{ field: 'Idempotency-Key', message: '1 to 255 visible ASCII characters' }]);
  }
  const db = ctx.db;
  const requestHash = sha256(stableStringify({ query: request.query ?? null, body: request.body ?? null }));
  const now = nowIso();
  await db
    .deleteFrom('idempotency_keys')
    .where('store_id', '=', storeId)
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('created_at', '<', addSeconds(now, -TTL_SECONDS))
    .execute();
  try {
    await db.insertInto('idempotency_keys').values({ store_id: storeId, scope, key, request_hash: requestHash, status_code: null, response_body: null, created_at: now }).execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const existing = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!existing) throw conflict('conflict', 'A request with this Idempotency-Key just finished; retry.');
    if (existing.request_hash !== requestHash) {
      throw conflict('idempotency-key-reuse', 'This Idempotency-Key was used with a different request body.');
    }
    if (existing.status_code === null) throw conflict('conflict', 'A request with this Idempotency-Key is still in progress; retry shortly.');
    reply.header('idempotent-replayed', 'true');
    return reply.code(existing.status_code).type('application/json; charset=utf-8').send(existing.response_body);
  }
  let result: IdempotentResult;
  try {
    result = await work();
  } catch (error) {
    const appError = toAppError(error as Error);
    if (appError.status >= 500 || appError.code === 'rate-limited') {
      await db.deleteFrom('idempotency_keys').where('store_id', '=', storeId).where('scope', '=', scope).where('key', '=', key).execute();
      throw error;
    }
    const body = {
      ok: false,
      error: appError.code,
      message: appError.message,
      requestId: request.id,
      ...(appError.details ? { details: appError.details } : {}),
    };
    result = { status: appError.status, body };
    await store(result);
    throw error instanceof AppError ? error : appError;
  }
  await store(result);
  return reply.code(result.status).send(result.body);

  async function store(r: IdempotentResult) {
    await db
      .updateTable('idempotency_keys')
      .set({ status_code: r.status, response_body: JSON.stringify(r.body) })
      .where('store_id', '=', storeId)
      .where('scope', '=', scope)
      .where('key', '=', key)
      .execute();
  }
}
