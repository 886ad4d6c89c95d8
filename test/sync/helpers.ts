// Helpers for the sync-run tests: post feeds, list runs, read the integration catalog and events.
import type { Response, TestEnv, TestStore } from '../helpers/app.ts';

export function postFeed(env: TestEnv, store: TestStore, body: Record<string, unknown>, headers: Record<string, string> = env.staffHeaders(store)): Promise<Response> {
  return env.inject({ method: 'POST', url: `/developer/sync-runs?storeId=${store.storeId}`, headers, payload: body });
}

export function postCsv(env: TestEnv, store: TestStore, csv: string, query = '', headers: Record<string, string> = env.staffHeaders(store)): Promise<Response> {
  return env.inject({
    method: 'POST',
    url: `/developer/sync-runs?storeId=${store.storeId}${query}`,
    headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' },
    payload: csv,
  });
}

export function listRuns(env: TestEnv, store: TestStore, query = '', headers: Record<string, string> = env.staffHeaders(store)): Promise<Response> {
  return env.inject({ method: 'GET', url: `/developer/sync-runs?storeId=${store.storeId}${query}`, headers });
}

export function rollback(env: TestEnv, store: TestStore, runId: string, headers: Record<string, string> = env.staffHeaders(store)): Promise<Response> {
  return env.inject({ method: 'POST', url: `/developer/sync-runs/${encodeURIComponent(runId)}/rollback?storeId=${store.storeId}`, headers });
}

/** The integration catalog as a partner's website sees it. */
export function catalog(env: TestEnv, store: TestStore, key: string): Promise<Response> {
  return env.inject({ method: 'GET', url: `/v1IntegrationProducts?storeId=${store.storeId}`, headers: env.keyHeaders(key) });
}

/** Every stored item, published or not, through the staff API. */
export async function staffItems(env: TestEnv, store: TestStore): Promise<any[]> {
  const res = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/items`, headers: env.staffHeaders(store) });
  if (res.statusCode !== 200) throw new Error(`items: ${res.statusCode} ${res.body}`);
  return res.data.items;
}

/** Events recorded for the store (the outbox), oldest first. */
export async function eventsOf(env: TestEnv, store: TestStore, type: string): Promise<any[]> {
  const rows = await env.db.selectFrom('events').select('payload').where('store_id', '=', store.storeId).where('type', '=', type).orderBy('created_at').execute();
  return rows.map((r) => JSON.parse(r.payload));
}

export const product = (id: string, extra: Record<string, unknown> = {}) => ({ id, name: `Item ${id}`, itemType: 'product', price: 10, ...extra });
