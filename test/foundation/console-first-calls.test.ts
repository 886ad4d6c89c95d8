// A store's console page opened by a signed-in member names the API calls that page makes first
// (<link rel="preload" as="fetch">), so a phone asks for them with the page's code: the session and
// the store's settings on every store page, and on Today its overview, people and the day's
// bookings, for the store's today in its time zone (or the day asked for). Nobody else's page names
// anything: signed out, another store's member, a member who must still choose a password.
// (console/test/today.test.ts checks in Chromium that the console takes these answers.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { describeEachDb, type TestEnv, type TestStore } from '../helpers/app.ts';
import { consoleBuilt, firstCalls } from '../../src/http/console.ts';

const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

async function open(env: TestEnv, url: string, token?: string) {
  return env.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(token ? { cookie: `sis_session=${token}` } : {}) } });
}

test('firstCalls: the URLs exactly as the console asks for them', () => {
  const query = new URLSearchParams('day=2026-12-01');
  assert.deepEqual(firstCalls('st1', 'today', 'Africa/Accra', query), [
    '/api/auth/me',
    '/api/stores/st1',
    '/api/stores/st1/overview?limit=8',
    '/api/stores/st1/staff',
    '/api/stores/st1/bookings?from=2026-12-01&to=2026-12-01&limit=100',
  ]);
  assert.deepEqual(firstCalls('st1', 'orders', 'Africa/Accra', query), ['/api/auth/me', '/api/stores/st1']);
  // Not a date: the store's today.
  const today = DateTime.now().setZone('Pacific/Kiritimati').toISODate();
  assert.ok(firstCalls('st1', '', 'Pacific/Kiritimati', new URLSearchParams('day=<script>')).includes(`/api/stores/st1/bookings?from=${today}&to=${today}&limit=100`));
});

describeEachDb('console pages name their first API calls', (env) => {
  let store: TestStore;
  // Kiritimati is 14 hours ahead of UTC: its today is often not the server's.
  const zone = 'Pacific/Kiritimati';

  test('the console is built', () => assert.ok(consoleBuilt(), 'npm test builds it (node scripts/build.mjs)'));

  test("a member's Today names the five calls, for the store's today; kept by no shared cache", async () => {
    store = await env.createStore({ timezone: zone });
    const res = await open(env, `/console/s/${store.storeId}/today`, store.token);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'private, no-cache');
    const day = DateTime.now().setZone(zone).toISODate();
    assert.deepEqual(preloads(res.body), [
      '/api/auth/me',
      `/api/stores/${store.storeId}`,
      `/api/stores/${store.storeId}/overview?limit=8`,
      `/api/stores/${store.storeId}/staff`,
      `/api/stores/${store.storeId}/bookings?from=${day}&to=${day}&limit=100`,
    ]);
    // Each named call answers that member (what the page will take).
    for (const url of preloads(res.body)) {
      const answer = await env.inject({ method: 'GET', url, headers: { cookie: `sis_session=${store.token}` } });
      assert.equal(answer.statusCode, 200, `${url}: ${answer.body}`);
    }
    // The store's root (which opens Today) and a day asked for.
    assert.equal(preloads((await open(env, `/console/s/${store.storeId}`, store.token)).body).length, 5);
    const asked = preloads((await open(env, `/console/s/${store.storeId}/today?day=2027-01-05`, store.token)).body);
    assert.equal(asked.at(-1), `/api/stores/${store.storeId}/bookings?from=2027-01-05&to=2027-01-05&limit=100`);
  });

  test('other store pages name the session and the settings only; the sign-in page nothing', async () => {
    for (const path of ['bookings', 'orders/ord_1', 'settings/messages']) {
      assert.deepEqual(preloads((await open(env, `/console/s/${store.storeId}/${path}`, store.token)).body), ['/api/auth/me', `/api/stores/${store.storeId}`], path);
    }
    const login = await open(env, '/console/login', store.token);
    assert.deepEqual(preloads(login.body), []);
    assert.equal(login.headers['cache-control'], 'no-cache');
  });

  test('signed out, a stale or forged cookie, another store, a temporary password: nothing named', async () => {
    const other = await env.createStore();
    const cases: [string, string | undefined][] = [
      ['signed out', undefined],
      ['forged', 'sst_forged'],
      ['not a session', 'abc'],
      ["another store's owner", other.token],
    ];
    for (const [label, token] of cases) {
      const res = await open(env, `/console/s/${store.storeId}/today`, token);
      assert.equal(res.statusCode, 200, label);
      assert.deepEqual(preloads(res.body), [], label);
      assert.equal(res.headers['cache-control'], 'no-cache', label);
    }
    // A store id that is not one (or hostile) is the app's page, with nothing named.
    for (const id of ['ST-UPPER', 'x'.repeat(300), '%3Cscript%3E']) {
      const res = await open(env, `/console/s/${id}/today`, store.token);
      assert.equal(res.statusCode, 200, id);
      assert.deepEqual(preloads(res.body), [], id);
    }
    const member = await env.addMember(store);
    assert.equal(preloads((await open(env, `/console/s/${store.storeId}/today`, member.token)).body).length, 5, 'a staff member');
    await env.db.updateTable('users').set({ must_change_password: 1 }).where('email', '=', member.email).execute();
    assert.deepEqual(preloads((await open(env, `/console/s/${store.storeId}/today`, member.token)).body), [], 'must choose a password first');
  });
});
