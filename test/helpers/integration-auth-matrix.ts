// The integration auth matrix of CONTRACT §3 as reusable tests for one GET endpoint:
// credentials → storeId → key valid and of that store → scope → contract version.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { CONTRACT_VERSION, expectError, type TestEnv, type TestStore } from './app.ts';

export interface AuthMatrixOptions {
  /** Path without query, e.g. /integrationGallery. */
  path: string;
  /** The scope the endpoint needs. */
  scope: string;
  /** Scopes of a valid key that lacks `scope`. */
  scopesWithoutIt: string[];
  /** Makes the endpoint answer 200 for the store (e.g. adds a video). */
  prepare?: (env: TestEnv, store: TestStore) => Promise<void>;
  /** Further query parameters the endpoint needs to answer 200 (e.g. serviceId=…&from=…). */
  query?: () => string;
}

async function createKeyRecord(env: TestEnv, store: TestStore, scopes: string[], extra: Record<string, unknown> = {}) {
  const res = await env.inject({
    method: 'POST',
    url: `/developer/keys?storeId=${store.storeId}`,
    headers: env.staffHeaders(store),
    payload: { name: 'matrix key', scopes, ...extra },
  });
  assert.equal(res.statusCode, 201, res.body);
  return { keyId: res.data.key.keyId as string, secret: res.data.secret as string };
}

export function integrationAuthMatrix(env: TestEnv, options: AuthMatrixOptions) {
  const { path, scope } = options;
  let store: TestStore;
  let other: TestStore;
  let good: string;
  const get = (query: string, headers: Record<string, string>) => {
    const extra = options.query?.() ?? '';
    return env.inject({ method: 'GET', url: `${path}${query}${extra ? `${query ? '&' : '?'}${extra}` : ''}`, headers });
  };
  const q = () => `?storeId=${store.storeId}`;

  before(async () => {
    store = await env.createStore();
    other = await env.createStore();
    good = (await createKeyRecord(env, store, [scope])).secret;
    await options.prepare?.(env, store);
  });

  test(`${path}: no credentials is 401 unauthorized, with or without storeId`, async () => {
    expectError(await get(q(), {}), 401, 'unauthorized');
    expectError(await get('', {}), 401, 'unauthorized');
    expectError(await get(q(), { authorization: 'Basic abc' }), 401, 'unauthorized');
  });

  test(`${path}: a key without storeId is 400 missing-store-id`, async () => {
    expectError(await get('', env.keyHeaders(good)), 400, 'missing-store-id');
    expectError(await get('?storeId=', env.keyHeaders(good)), 400, 'missing-store-id');
  });

  test(`${path}: a wrong or malformed key is 401 invalid-api-key`, async () => {
    expectError(await get(q(), env.keyHeaders(`isk_${'A'.repeat(40)}`)), 401, 'invalid-api-key');
    expectError(await get(q(), env.keyHeaders('not-a-key')), 401, 'invalid-api-key');
    expectError(await get(q(), env.keyHeaders(good.slice(0, -1) + (good.endsWith('a') ? 'b' : 'a'))), 401, 'invalid-api-key');
  });

  test(`${path}: a revoked key is 401 invalid-api-key`, async () => {
    const { keyId, secret } = await createKeyRecord(env, store, [scope]);
    assert.equal((await get(q(), env.keyHeaders(secret))).statusCode, 200);
    const revoke = await env.inject({ method: 'POST', url: `/developer/keys/${keyId}/revoke?storeId=${store.storeId}`, headers: env.staffHeaders(store) });
    assert.equal(revoke.statusCode, 200, revoke.body);
    expectError(await get(q(), env.keyHeaders(secret)), 401, 'invalid-api-key');
  });

  test(`${path}: an expired key is 401 invalid-api-key`, async () => {
    const { keyId, secret } = await createKeyRecord(env, store, [scope], { expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    // Keys cannot be created already expired; move the expiry into the past before first use.
    await env.db.updateTable('api_keys').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', keyId).execute();
    expectError(await get(q(), env.keyHeaders(secret)), 401, 'invalid-api-key');
  });

  test(`${path}: another store's key is 401 invalid-api-key, and this store's key cannot read the other store`, async () => {
    const otherKey = (await createKeyRecord(env, other, [scope])).secret;
    expectError(await get(q(), env.keyHeaders(otherKey)), 401, 'invalid-api-key');
    expectError(await get(`?storeId=${other.storeId}`, env.keyHeaders(good)), 401, 'invalid-api-key');
    expectError(await get('?storeId=stdoesnotexist', env.keyHeaders(good)), 401, 'invalid-api-key');
  });

  test(`${path}: a valid key lacking ${scope} is 403 forbidden`, async () => {
    const narrow = (await createKeyRecord(env, store, options.scopesWithoutIt)).secret;
    expectError(await get(q(), env.keyHeaders(narrow)), 403, 'forbidden');
  });

  test(`${path}: x-api-key alone and Authorization: Bearer alone both work`, async () => {
    const byHeader = await get(q(), { 'x-api-key': good });
    assert.equal(byHeader.statusCode, 200, byHeader.body);
    const byBearer = await get(q(), { authorization: `Bearer ${good}` });
    assert.equal(byBearer.statusCode, 200, byBearer.body);
    assert.equal(byBearer.data.ok, true);
    assert.equal(byBearer.data.storeId, store.storeId);
    assert.equal(byBearer.headers['x-service-contract-version'], CONTRACT_VERSION);
  });

  test(`${path}: a different contract version is 400 contract-version-mismatch after the key checks`, async () => {
    const res = await get(q(), { ...env.keyHeaders(good), 'x-service-contract-version': '2020-01-01' });
    expectError(res, 400, 'contract-version-mismatch');
    assert.equal(res.data.expectedVersion, CONTRACT_VERSION);
    expectError(await get(q(), { ...env.keyHeaders(`isk_${'B'.repeat(40)}`), 'x-service-contract-version': '2020-01-01' }), 401, 'invalid-api-key');
  });
}
