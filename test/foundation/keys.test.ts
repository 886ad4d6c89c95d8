import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError } from '../helpers/app.ts';

describeEachDb('integration keys and the auth matrix', (env) => {
  test('POST /developer/keys shows the secret once, stores only a hash, and lists without secrets', async () => {
    const store = await env.createStore();
    const res = await env.inject({ method: 'POST', url: `/developer/keys?storeId=${store.storeId}`, headers: env.staffHeaders(store), payload: { name: 'Website' } });
    assert.equal(res.statusCode, 201);
    assert.match(res.data.secret, /^isk_[0-9A-Za-z]{40}$/);
    assert.match(res.data.key.keyId, /^key_/);
    assert.equal(res.data.key.storeId, store.storeId);
    assert.deepEqual(res.data.key.scopes, ['catalog:read', 'content:read', 'availability:read', 'bookings:read', 'bookings:write', 'checkout:write', 'orders:read']);
    assert.equal(res.data.key.last4, res.data.secret.slice(-4));
    const rows = await env.db.selectFrom('api_keys').selectAll().execute();
    assert.ok(rows.every((r) => !JSON.stringify(r).includes(res.data.secret)), 'the secret is not stored');
    const list = await env.inject({ method: 'GET', url: `/developer/keys?storeId=${store.storeId}`, headers: env.staffHeaders(store) });
    assert.equal(list.statusCode, 200);
    assert.equal(list.data.keys.length, 1);
    assert.ok(!list.body.includes(res.data.secret));
  });

  test('key creation validates scopes and expiry', async () => {
    const store = await env.createStore();
    const url = `/developer/keys?storeId=${store.storeId}`;
    expectError(await env.inject({ method: 'POST', url, headers: env.staffHeaders(store), payload: { scopes: ['everything'] } }), 400, 'validation-failed');
    expectError(await env.inject({ method: 'POST', url, headers: env.staffHeaders(store), payload: { expiresAt: '2000-01-01T00:00:00Z' } }), 400, 'validation-failed');
    expectError(await env.inject({ method: 'POST', url, headers: env.staffHeaders(store), payload: { expiresAt: 'tomorrow' } }), 400, 'validation-failed');
    expectError(await env.inject({ method: 'POST', url, headers: env.staffHeaders(store), payload: { name: 5 } }), 400, 'validation-failed');
    expectError(await env.inject({ method: 'POST', url: '/developer/keys', headers: env.staffHeaders(store), payload: {} }), 400, 'missing-store-id');
  });

  test('the catalog auth matrix: 401 unauthorized, 400 missing-store-id, 401 invalid-api-key, 403 forbidden, in that order', async () => {
    const a = await env.createStore();
    const b = await env.createStore();
    const keyA = await env.createKey(a);
    const keyB = await env.createKey(b);
    const noCatalog = await env.createKey(a, ['bookings:read']);
    const url = `/v1IntegrationProducts?storeId=${a.storeId}`;
    expectError(await env.inject({ method: 'GET', url }), 401, 'unauthorized');
    expectError(await env.inject({ method: 'GET', url: '/v1IntegrationProducts' }), 401, 'unauthorized');
    expectError(await env.inject({ method: 'GET', url: '/v1IntegrationProducts', headers: env.keyHeaders(keyA) }), 400, 'missing-store-id');
    expectError(await env.inject({ method: 'GET', url, headers: env.keyHeaders('isk_' + 'x'.repeat(40)) }), 401, 'invalid-api-key');
    expectError(await env.inject({ method: 'GET', url, headers: env.keyHeaders('garbage') }), 401, 'invalid-api-key');
    expectError(await env.inject({ method: 'GET', url, headers: env.keyHeaders(keyB) }), 401, 'invalid-api-key');
    expectError(await env.inject({ method: 'GET', url, headers: env.keyHeaders(noCatalog) }), 403, 'forbidden');
    // A wrong version only matters once the caller is authenticated.
    expectError(await env.inject({ method: 'GET', url, headers: { ...env.keyHeaders(keyB), 'x-service-contract-version': 'old' } }), 401, 'invalid-api-key');
    assert.equal((await env.inject({ method: 'GET', url, headers: { 'x-api-key': keyA } })).statusCode, 200, 'x-api-key alone works');
    assert.equal((await env.inject({ method: 'GET', url, headers: { authorization: `Bearer ${keyA}` } })).statusCode, 200, 'Bearer alone works');
    assert.equal((await env.inject({ method: 'GET', url, headers: env.keyHeaders(keyA) })).statusCode, 200);
  });

  test('a revoked key stops working at once; an expired key is refused', async () => {
    const store = await env.createStore();
    const key = await env.createKey(store);
    const url = `/v1IntegrationProducts?storeId=${store.storeId}`;
    assert.equal((await env.inject({ method: 'GET', url, headers: env.keyHeaders(key) })).statusCode, 200);
    const list = await env.inject({ method: 'GET', url: `/developer/keys?storeId=${store.storeId}`, headers: env.staffHeaders(store) });
    const keyId = list.data.keys[0].keyId;
    const revoke = await env.inject({ method: 'POST', url: `/developer/keys/${keyId}/revoke?storeId=${store.storeId}`, headers: env.staffHeaders(store) });
    assert.equal(revoke.statusCode, 200);
    assert.ok(revoke.data.key.revokedAt);
    expectError(await env.inject({ method: 'GET', url, headers: env.keyHeaders(key) }), 401, 'invalid-api-key');

    const expiring = await env.createKey(store, undefined, { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    assert.equal((await env.inject({ method: 'GET', url, headers: env.keyHeaders(expiring) })).statusCode, 200);
    await env.db.updateTable('api_keys').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('store_id', '=', store.storeId).where('revoked_at', 'is', null).execute();
    await env.app.ctx.notifier.publish('api-key', '*');
    expectError(await env.inject({ method: 'GET', url, headers: env.keyHeaders(expiring) }), 401, 'invalid-api-key');
  });

  test('developer routes: owners/admins or a developer-scoped key of that store; nobody else', async () => {
    const a = await env.createStore();
    const b = await env.createStore();
    const websiteKey = await env.createKey(a);
    const devKey = await env.createKey(a, ['developer']);
    const url = `/developer/keys?storeId=${a.storeId}`;
    assert.equal((await env.inject({ method: 'GET', url, headers: env.keyHeaders(devKey) })).statusCode, 200);
    expectError(await env.inject({ method: 'GET', url, headers: env.keyHeaders(websiteKey) }), 403, 'forbidden');
    expectError(await env.inject({ method: 'GET', url, headers: env.staffHeaders(b) }), 403, 'forbidden');
    expectError(await env.inject({ method: 'GET', url }), 401, 'unauthorized');
    const keyB = await env.createKey(b, ['developer']);
    expectError(await env.inject({ method: 'GET', url, headers: env.keyHeaders(keyB) }), 401, 'invalid-api-key');
    const listA = await env.inject({ method: 'GET', url, headers: env.staffHeaders(a) });
    const keyId = listA.data.keys[0].keyId;
    // B cannot revoke A's key, even naming its own store.
    const foreign = await env.inject({ method: 'POST', url: `/developer/keys/${keyId}/revoke?storeId=${b.storeId}`, headers: env.staffHeaders(b) });
    expectError(foreign, 404, 'key-not-found');
    const still = await env.inject({ method: 'GET', url: `/v1IntegrationProducts?storeId=${a.storeId}`, headers: env.keyHeaders(websiteKey) });
    assert.equal(still.statusCode, 200);
  });

  test('integration keys never reach the logs', async () => {
    const { Writable } = await import('node:stream');
    const { TestEnv } = await import('../helpers/app.ts');
    const lines: string[] = [];
    const stream = new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb(); } });
    const logged = new TestEnv(env.dialect, { LOG_LEVEL: 'trace' }, { logger: { stream, serializers: { req: (req: any) => ({ method: req.method, url: req.url, headers: req.headers }) } } });
    await logged.start();
    try {
      const store = await logged.createStore();
      const key = await logged.createKey(store);
      await logged.inject({ method: 'GET', url: `/v1IntegrationProducts?storeId=${store.storeId}`, headers: logged.keyHeaders(key) });
      await logged.inject({ method: 'POST', url: '/api/auth/login', payload: { email: store.email, password: store.password } });
      const text = lines.join('');
      assert.ok(text.includes('[redacted]'), 'headers were logged, redacted');
      assert.ok(!text.includes(key), 'key not logged');
      assert.ok(!text.includes(store.token), 'session token not logged');
      assert.ok(!text.includes(store.password), 'password not logged');
    } finally {
      await logged.stop();
    }
  });
});
