import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError } from '../helpers/app.ts';

describeEachDb('staff accounts, sessions and members', (env) => {
  test('signup creates the user, the store and the owner membership, and returns a session token', async () => {
    const res = await env.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'Ama@Example.test', password: 'long enough pw', name: 'Ama', store: { name: 'Ama’s Salon & Spa', currency: 'GHS', timezone: 'Africa/Accra' } },
    });
    assert.equal(res.statusCode, 201);
    assert.equal(res.data.ok, true);
    assert.match(res.data.token, /^sst_/);
    assert.equal(res.data.user.email, 'ama@example.test');
    assert.match(res.data.store.id, /^[a-z0-9]+$/, 'store ids are lowercase letters and digits only');
    assert.equal(res.data.store.slug, 'ama-s-salon-and-spa');
    assert.match(String(res.headers['set-cookie']), /sis_session=sst_.*HttpOnly.*SameSite=Lax/i);
    const me = await env.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${res.data.token}` } });
    assert.equal(me.statusCode, 200);
    assert.deepEqual(me.data.stores.map((s: any) => s.role), ['owner']);
  });

  test('signup rejects bad input with field details, and a taken email or slug with 409', async () => {
    const cases: [unknown, string][] = [
      [{}, 'email'],
      [{ email: 'not-an-email', password: 'long enough pw', name: 'A', store: { name: 'S' } }, 'email'],
      [{ email: 'a@b.test', password: 'short', name: 'A', store: { name: 'S' } }, 'password'],
      [{ email: 'a@b.test', password: 'long enough pw', name: 'A', store: { name: 'S', currency: 'XXXX' } }, 'store.currency'],
      [{ email: 'a@b.test', password: 'long enough pw', name: 'A', store: { name: 'S', timezone: 'Mars/Base' } }, 'store.timezone'],
      [{ email: 'a@b.test', password: 12345678901, name: 'A', store: { name: 'S' } }, 'password'],
    ];
    for (const [payload, field] of cases) {
      const res = await env.inject({ method: 'POST', url: '/api/auth/signup', payload: payload as object });
      expectError(res, 400, 'validation-failed');
      assert.ok(res.data.details.some((d: any) => d.field.startsWith(field)), `${field} named in ${res.body}`);
    }
    const store = await env.createStore({ slug: 'taken-slug' });
    const sameEmail = await env.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: store.email, password: 'long enough pw', name: 'B', store: { name: 'Other' } } });
    assert.equal(sameEmail.statusCode, 409);
    const sameSlug = await env.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'new@x.test', password: 'long enough pw', name: 'B', store: { name: 'Other', slug: 'taken-slug' } } });
    assert.equal(sameSlug.statusCode, 409);
  });

  test('login returns a token and the stores; a wrong password is 401 and repeated failures are throttled with 429', async () => {
    const store = await env.createStore();
    const ok = await env.inject({ method: 'POST', url: '/api/auth/login', payload: { email: store.email.toUpperCase(), password: store.password } });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.data.stores[0].id, store.storeId);
    assert.equal(ok.data.stores[0].role, 'owner');
    for (let i = 0; i < 5; i++) {
      const bad = await env.inject({ method: 'POST', url: '/api/auth/login', payload: { email: store.email, password: 'wrong password' } });
      expectError(bad, 401, 'unauthorized');
    }
    const throttled = await env.inject({ method: 'POST', url: '/api/auth/login', payload: { email: store.email, password: store.password } });
    expectError(throttled, 429, 'rate-limited');
    assert.ok(Number(throttled.headers['retry-after']) > 0);
    const unknown = await env.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@x.test', password: 'whatever123' } });
    expectError(unknown, 401, 'unauthorized');
  });

  test('logout ends the session; the cookie also authenticates', async () => {
    const store = await env.createStore();
    const login = await env.inject({ method: 'POST', url: '/api/auth/login', payload: { email: store.email, password: store.password } });
    const cookie = await env.inject({ method: 'GET', url: '/api/auth/me', cookies: { sis_session: login.data.token } });
    assert.equal(cookie.statusCode, 200);
    const out = await env.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${login.data.token}` } });
    assert.equal(out.statusCode, 200);
    const after = await env.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${login.data.token}` } });
    expectError(after, 401, 'unauthorized');
    expectError(await env.inject({ method: 'GET', url: '/api/auth/me' }), 401, 'unauthorized');
    expectError(await env.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: 'Bearer sst_forged' } }), 401, 'unauthorized');
  });

  test('owners invite and remove members; staff cannot; the last owner stays', async () => {
    const store = await env.createStore();
    const kofi = await env.addMember(store, { email: 'kofi@x.test', role: 'staff', name: 'Kofi' });
    const staffToken = kofi.token;
    const staffInvite = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/members`, headers: { authorization: `Bearer ${staffToken}` }, payload: { email: 'x@x.test', role: 'staff' } });
    expectError(staffInvite, 403, 'forbidden');
    const staffCreatesItem = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/items`, headers: { authorization: `Bearer ${staffToken}` }, payload: { name: 'X', itemType: 'product', price: 1 } });
    expectError(staffCreatesItem, 403, 'forbidden');
    const staffReads = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/items`, headers: { authorization: `Bearer ${staffToken}` } });
    assert.equal(staffReads.statusCode, 200);
    const again = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/members`, headers: env.staffHeaders(store), payload: { email: 'kofi@x.test', role: 'staff' } });
    expectError(again, 409, 'conflict');
    const members = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/members`, headers: env.staffHeaders(store) });
    const owner = members.data.members.find((m: any) => m.role === 'owner');
    assert.equal(members.data.members.find((m: any) => m.email === 'kofi@x.test').userId, kofi.userId);
    const lastOwner = await env.inject({ method: 'DELETE', url: `/api/stores/${store.storeId}/members/${owner.userId}`, headers: env.staffHeaders(store) });
    assert.equal(lastOwner.statusCode, 409);
    const removed = await env.inject({ method: 'DELETE', url: `/api/stores/${store.storeId}/members/${kofi.userId}`, headers: env.staffHeaders(store) });
    assert.equal(removed.statusCode, 200);
    const gone = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/items`, headers: { authorization: `Bearer ${staffToken}` } });
    expectError(gone, 403, 'forbidden');
  });

  test('store settings: members read, owners update with validation; another store’s owner gets nothing', async () => {
    const a = await env.createStore();
    const b = await env.createStore();
    const patch = await env.inject({ method: 'PATCH', url: `/api/stores/${a.storeId}`, headers: env.staffHeaders(a), payload: { notificationsEnabled: false, settings: { platformFeeBps: 250, feeBearer: 'customer' } } });
    assert.equal(patch.statusCode, 200);
    assert.equal(patch.data.store.notificationsEnabled, false);
    assert.equal(patch.data.store.settings.platformFeeBps, 250);
    assert.equal(patch.data.store.settings.platformFeeFixedMinor, 0);
    const bad = await env.inject({ method: 'PATCH', url: `/api/stores/${a.storeId}`, headers: env.staffHeaders(a), payload: { timezone: 'Nowhere/Land' } });
    expectError(bad, 400, 'validation-failed');
    const empty = await env.inject({ method: 'PATCH', url: `/api/stores/${a.storeId}`, headers: env.staffHeaders(a), payload: {} });
    expectError(empty, 400, 'validation-failed');
    for (const [method, url] of [['GET', `/api/stores/${a.storeId}`], ['PATCH', `/api/stores/${a.storeId}`], ['GET', `/api/stores/${a.storeId}/members`], ['POST', `/api/stores/${a.storeId}/members`]] as const) {
      const res = await env.inject({ method, url, headers: env.staffHeaders(b), payload: method === 'GET' ? undefined : { name: 'hijack', email: 'x@y.test', role: 'owner' } });
      expectError(res, 403, 'forbidden');
    }
    const still = await env.inject({ method: 'GET', url: `/api/stores/${a.storeId}`, headers: env.staffHeaders(a) });
    assert.notEqual(still.data.store.name, 'hijack');
  });
});
