// CSRF: a browser attaches the session cookie to requests any site makes, so writes the cookie
// authenticates must come from the service's own origin. Bearer tokens and keys are unaffected.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type TestStore } from '../helpers/app.ts';

describeEachDb('writes authenticated by the session cookie (CSRF)', (env) => {
  let store: TestStore;
  const cookies = () => ({ sis_session: store.token });
  const rename = (headers: Record<string, string>, auth: 'cookie' | 'bearer' = 'cookie') =>
    env.inject({
      method: 'PATCH',
      url: `/api/stores/${store.storeId}`,
      headers: auth === 'bearer' ? { ...headers, authorization: `Bearer ${store.token}` } : headers,
      ...(auth === 'cookie' ? { cookies: cookies() } : {}),
      payload: { name: 'Renamed' },
    });

  before(async () => {
    store = await env.createStore();
  });

  test('a cookie write without Origin or Referer is 403 forbidden, and changes nothing', async () => {
    const res = await rename({});
    expectError(res, 403, 'forbidden');
    assert.match(res.data.message, /Origin/);
    assert.match(res.data.message, /Authorization: Bearer/);
    const now = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}`, cookies: cookies() });
    assert.notEqual(now.data.store.name, 'Renamed');
  });

  test('a cookie write from another origin (or an opaque "null" one) is 403, one from PUBLIC_BASE_URL\'s origin (Origin, else Referer) is served', async () => {
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:3000.evil.example' },
      { origin: 'https://localhost:3000' },
      { origin: 'null' },
      { origin: 'https://evil.example', referer: 'http://localhost:3000/console/' },
      { referer: 'https://evil.example/page' },
      { referer: 'not a url' },
    ];
    for (const headers of foreign) {
      const res = await rename(headers);
      expectError(res, 403, 'forbidden');
    }
    const byOrigin = await rename({ origin: 'http://localhost:3000' });
    assert.equal(byOrigin.statusCode, 200, byOrigin.body);
    const byReferer = await rename({ referer: 'http://localhost:3000/console/settings?tab=store' });
    assert.equal(byReferer.statusCode, 200, byReferer.body);
  });

  test('with PUBLIC_BASE_URL set, only its origin counts: a cookie write from the origin named by Host is 403', async () => {
    expectError(await rename({ host: 'shop.example:8080', origin: 'http://shop.example:8080' }), 403, 'forbidden');
    const res = await rename({ host: 'shop.example:8080', origin: 'http://localhost:3000' });
    assert.equal(res.statusCode, 200, res.body);
  });

  test('only cookie writes are checked: cookie reads, Bearer-token writes (scripts, the SDK) and key writes are served from anywhere', async () => {
    expectError(await rename({ origin: 'https://evil.example' }), 403, 'forbidden');
    const read = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}`, cookies: cookies(), headers: { origin: 'https://evil.example' } });
    assert.equal(read.statusCode, 200, read.body);
    assert.equal((await rename({}, 'bearer')).statusCode, 200);
    assert.equal((await rename({ origin: 'https://evil.example' }, 'bearer')).statusCode, 200);
    const key = await env.createKey(store);
    const keyed = await env.inject({ method: 'POST', url: `/v1IntegrationCheckoutPreview?storeId=${store.storeId}`, headers: { ...env.keyHeaders(key), origin: 'https://evil.example' }, payload: { items: [] } });
    assert.notEqual(keyed.statusCode, 403, keyed.body);
  });

  test('every cookie-authenticated write is checked: members, items, developer routes, logout', async () => {
    const calls = [
      { method: 'POST' as const, url: `/api/stores/${store.storeId}/members`, payload: { email: 'csrf@x.test', role: 'admin' } },
      { method: 'POST' as const, url: `/api/stores/${store.storeId}/items`, payload: { name: 'Forged', itemType: 'product', price: 1 } },
      { method: 'POST' as const, url: `/developer/keys?storeId=${store.storeId}`, payload: { name: 'forged' } },
      { method: 'DELETE' as const, url: `/api/stores/${store.storeId}/items/whatever` },
      { method: 'POST' as const, url: '/api/auth/logout' },
    ];
    for (const call of calls) {
      const res = await env.inject({ ...call, cookies: cookies(), headers: { origin: 'https://evil.example' } });
      expectError(res, 403, 'forbidden');
    }
    const members = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/members`, headers: env.staffHeaders(store) });
    assert.equal(members.data.members.length, 1);
    const keys = await env.inject({ method: 'GET', url: `/developer/keys?storeId=${store.storeId}`, headers: env.staffHeaders(store) });
    assert.ok(!keys.data.keys.some((k: any) => k.name === 'forged'));
    const stillIn = await env.inject({ method: 'GET', url: '/api/auth/me', cookies: cookies() });
    assert.equal(stillIn.statusCode, 200);
  });
});

describeEachDb('cookie writes when PUBLIC_BASE_URL is not set (a local install on its default; TRUST_PROXY on)', (env) => {
  let store: TestStore;
  const rename = (headers: Record<string, string>) =>
    env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}`, cookies: { sis_session: store.token }, headers, payload: { name: 'Renamed' } });

  before(async () => {
    store = await env.createStore();
  });

  test('the origin the request was sent to (its Host header, the connection\'s protocol) is served; the default base URL too', async () => {
    const res = await rename({ host: 'shop.example:8080', origin: 'http://shop.example:8080' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await rename({ host: 'shop.example:8080', origin: 'http://localhost:3000' })).statusCode, 200);
    expectError(await rename({ host: 'shop.example:8080', origin: 'http://shop.example:9090' }), 403, 'forbidden');
  });

  test('X-Forwarded-Host and X-Forwarded-Proto never name the service\'s origin, even with TRUST_PROXY', async () => {
    expectError(await rename({ host: 'shop.example:8080', 'x-forwarded-host': 'evil.example', origin: 'http://evil.example' }), 403, 'forbidden');
    expectError(await rename({ host: 'shop.example:8080', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', origin: 'https://evil.example' }), 403, 'forbidden');
    expectError(await rename({ host: 'shop.example:8080', 'x-forwarded-proto': 'https', origin: 'https://shop.example:8080' }), 403, 'forbidden');
  });
}, { env: { PUBLIC_BASE_URL: '', TRUST_PROXY: 'true' } });
