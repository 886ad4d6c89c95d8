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

  test('a developer-scoped key creates keys only within its own scopes: 403 naming the scopes it lacks (the default website set too)', async () => {
    const store = await env.createStore();
    const url = `/developer/keys?storeId=${store.storeId}`;
    const mint = (key: string, payload: Record<string, unknown>) => env.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload });
    const developer = await env.createKey(store, ['developer']);
    const wider = await mint(developer, { name: 'wider', scopes: ['developer', 'customers:read'] });
    expectError(wider, 403, 'forbidden');
    assert.match(wider.data.message, /customers:read/);
    assert.doesNotMatch(wider.data.message, /lacks[^.]*developer/);
    const byDefault = await mint(developer, { name: 'website set' });
    expectError(byDefault, 403, 'forbidden');
    assert.match(byDefault.data.message, /catalog:read/);
    assert.match(byDefault.data.message, /default/);
    const same = await mint(developer, { name: 'same', scopes: ['developer'] });
    assert.equal(same.statusCode, 201, same.body);
    assert.deepEqual(same.data.key.scopes, ['developer']);

    const catalogDeveloper = await env.createKey(store, ['developer', 'catalog:read', 'content:read']);
    const narrower = await mint(catalogDeveloper, { name: 'narrower', scopes: ['catalog:read'] });
    assert.equal(narrower.statusCode, 201, narrower.body);
    const partly = await mint(catalogDeveloper, { name: 'partly', scopes: ['catalog:read', 'orders:read', 'reports:read'] });
    expectError(partly, 403, 'forbidden');
    assert.match(partly.data.message, /orders:read, reports:read/);
    assert.doesNotMatch(partly.data.message, /lacks[^.]*catalog:read/);

    const names = (await env.inject({ method: 'GET', url, headers: env.staffHeaders(store) })).data.keys.map((k: any) => k.name).sort();
    assert.deepEqual(names, ['narrower', 'same', 'test key', 'test key']);
    // An owner's session may create any key.
    const owner = await env.inject({ method: 'POST', url, headers: env.staffHeaders(store), payload: { name: 'owner', scopes: ['customers:read', 'reports:read'] } });
    assert.equal(owner.statusCode, 201, owner.body);
  });

  test('revoking a key revokes the keys it created and theirs, in one go, and they stop working at once', async () => {
    const store = await env.createStore();
    const keysUrl = `/developer/keys?storeId=${store.storeId}`;
    const products = (key: string) => env.inject({ method: 'GET', url: `/v1IntegrationProducts?storeId=${store.storeId}`, headers: env.keyHeaders(key) });
    const mint = async (by: Record<string, string>, scopes: string[]) => {
      const res = await env.inject({ method: 'POST', url: keysUrl, headers: by, payload: { name: `made with ${scopes.join(' ')}`, scopes } });
      assert.equal(res.statusCode, 201, res.body);
      return { keyId: res.data.key.keyId as string, secret: res.data.secret as string };
    };
    const parent = await mint(env.staffHeaders(store), ['developer', 'catalog:read']);
    const child = await mint({ 'x-api-key': parent.secret }, ['developer', 'catalog:read']);
    const grandchild = await mint({ 'x-api-key': child.secret }, ['catalog:read']);
    const sibling = await mint(env.staffHeaders(store), ['catalog:read']);
    const childOfChild = await mint({ 'x-api-key': child.secret }, ['developer']);
    // All in use, so all in the lookup cache: only the revocation's signal can take them out within its 1 s.
    for (const key of [parent, child, grandchild, sibling]) assert.equal((await products(key.secret)).statusCode, 200);
    assert.equal((await env.inject({ method: 'GET', url: keysUrl, headers: { 'x-api-key': childOfChild.secret } })).statusCode, 200);

    const signalled: string[] = [];
    env.app.ctx.notifier.subscribe('api-key', (keyId) => signalled.push(keyId));
    const revoke = await env.inject({ method: 'POST', url: `/developer/keys/${parent.keyId}/revoke?storeId=${store.storeId}`, headers: env.staffHeaders(store) });
    assert.equal(revoke.statusCode, 200, revoke.body);
    for (const key of [parent, child, grandchild]) expectError(await products(key.secret), 401, 'invalid-api-key');
    expectError(await env.inject({ method: 'GET', url: keysUrl, headers: { 'x-api-key': childOfChild.secret } }), 401, 'invalid-api-key');
    assert.equal((await products(sibling.secret)).statusCode, 200, 'a key the revoked one did not make keeps working');
    for (const key of [parent, child, grandchild, childOfChild]) assert.ok(signalled.includes(key.keyId), `${key.keyId} was signalled to every instance`);

    const listed = (await env.inject({ method: 'GET', url: keysUrl, headers: env.staffHeaders(store) })).data.keys as any[];
    const revokedAt = (keyId: string) => listed.find((k) => k.keyId === keyId).revokedAt;
    for (const key of [child, grandchild, childOfChild]) assert.equal(revokedAt(key.keyId), revoke.data.key.revokedAt, 'revoked in the same transaction');
    assert.equal(revokedAt(sibling.keyId), null);
  });

  test('revoking a key leaves the key that created it working', async () => {
    const store = await env.createStore();
    const parent = await env.createKey(store, ['developer', 'catalog:read']);
    const made = await env.inject({ method: 'POST', url: `/developer/keys?storeId=${store.storeId}`, headers: { 'x-api-key': parent }, payload: { scopes: ['catalog:read'] } });
    assert.equal(made.statusCode, 201, made.body);
    const revoke = await env.inject({ method: 'POST', url: `/developer/keys/${made.data.key.keyId}/revoke?storeId=${store.storeId}`, headers: { 'x-api-key': parent } });
    assert.equal(revoke.statusCode, 200, revoke.body);
    expectError(await env.inject({ method: 'GET', url: `/v1IntegrationProducts?storeId=${store.storeId}`, headers: env.keyHeaders(made.data.secret) }), 401, 'invalid-api-key');
    assert.equal((await env.inject({ method: 'GET', url: `/v1IntegrationProducts?storeId=${store.storeId}`, headers: env.keyHeaders(parent) })).statusCode, 200);
  });

  test('a key made while its creator is being revoked never outlives it', async () => {
    const store = await env.createStore();
    for (let round = 0; round < 5; round++) {
      const parent = await env.inject({ method: 'POST', url: `/developer/keys?storeId=${store.storeId}`, headers: env.staffHeaders(store), payload: { scopes: ['developer'] } });
      const secret = parent.data.secret as string;
      const keyId = parent.data.key.keyId as string;
      await Promise.all([
        ...Array.from({ length: 4 }, () => env.inject({ method: 'POST', url: `/developer/keys?storeId=${store.storeId}`, headers: { 'x-api-key': secret }, payload: { scopes: ['developer'] } })),
        env.inject({ method: 'POST', url: `/developer/keys/${keyId}/revoke?storeId=${store.storeId}`, headers: env.staffHeaders(store) }),
      ]);
      const alive = await env.db.selectFrom('api_keys').select('id').where('created_by', '=', `key:${keyId}`).where('revoked_at', 'is', null).execute();
      assert.deepEqual(alive, [], `round ${round}: every key the revoked key made is revoked`);
    }
  });

  test('a key made by a key that expires expires with it at the latest', async () => {
    const store = await env.createStore();
    const url = `/developer/keys?storeId=${store.storeId}`;
    const parentExpires = new Date(Date.now() + 3600_000).toISOString();
    const parent = await env.createKey(store, ['developer', 'catalog:read'], { expiresAt: parentExpires });
    const mint = (payload: Record<string, unknown>) => env.inject({ method: 'POST', url, headers: { 'x-api-key': parent }, payload: { scopes: ['catalog:read'], ...payload } });
    const unbounded = await mint({ name: 'no expiry asked' });
    assert.equal(unbounded.statusCode, 201, unbounded.body);
    assert.equal(unbounded.data.key.expiresAt, parentExpires);
    const later = await mint({ name: 'later', expiresAt: new Date(Date.now() + 7 * 24 * 3600_000).toISOString() });
    assert.equal(later.data.key.expiresAt, parentExpires);
    const sooner = new Date(Date.now() + 600_000).toISOString();
    assert.equal((await mint({ name: 'sooner', expiresAt: sooner })).data.key.expiresAt, sooner);
  });

  test('the key record says who created it: user:<id> for a session, key:<keyId> for a key, null for the CLI', async () => {
    const store = await env.createStore();
    const me = await env.inject({ method: 'GET', url: '/api/auth/me', headers: env.staffHeaders(store) });
    const url = `/developer/keys?storeId=${store.storeId}`;
    const bySession = await env.inject({ method: 'POST', url, headers: env.staffHeaders(store), payload: { name: 'by session', scopes: ['developer'] } });
    assert.equal(bySession.data.key.createdBy, `user:${me.data.user.id}`);
    const byKey = await env.inject({ method: 'POST', url, headers: { 'x-api-key': bySession.data.secret }, payload: { name: 'by key', scopes: ['developer'] } });
    assert.equal(byKey.statusCode, 201, byKey.body);
    assert.equal(byKey.data.key.createdBy, `key:${bySession.data.key.keyId}`);
    const byCli = await env.app.ctx.services.keys.create(store.storeId, { name: 'by cli' }, null);
    assert.equal(byCli.key.createdBy, null);
    const listed = (await env.inject({ method: 'GET', url, headers: env.staffHeaders(store) })).data.keys as any[];
    assert.deepEqual(
      Object.fromEntries(listed.map((k) => [k.name, k.createdBy])),
      { 'by session': `user:${me.data.user.id}`, 'by key': `key:${bySession.data.key.keyId}`, 'by cli': null },
    );
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
