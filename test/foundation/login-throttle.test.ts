import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp, type App } from '../../src/app.ts';
import { sha256 } from '../../src/shared/hash.ts';
import { describeEachDb, expectError, type Response } from '../helpers/app.ts';

describeEachDb('login throttling', (env) => {
  let second: App;
  before(async () => {
    // A second instance on the same database, as behind a load balancer.
    second = await buildApp(env.config, { database: env.database, logger: false });
    await second.ready();
  });
  after(() => second.close());

  const login = async (email: string, password: string, remoteAddress: string, app: App = env.app): Promise<Response> => {
    const res = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress })) as Response;
    res.data = JSON.parse(res.body);
    return res;
  };

  test('40 parallel wrong passwords for one account over two instances: 5 are checked (401), 35 get 429', async () => {
    const store = await env.createStore();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(store.email, `wrong password ${i}`, '198.51.100.1', i % 2 ? second : env.app)));
    const statuses = answers.map((r) => r.statusCode);
    assert.equal(statuses.filter((s) => s === 401).length, 5, String(statuses));
    assert.equal(statuses.filter((s) => s === 429).length, 35, String(statuses));
    for (const limited of answers.filter((r) => r.statusCode === 429)) {
      expectError(limited, 429, 'rate-limited');
      assert.ok(Number(limited.headers['retry-after']) >= 1);
    }
    // The attacking address stays throttled, even with the right password…
    expectError(await login(store.email, store.password, '198.51.100.1'), 429, 'rate-limited');
    // …while the owner, from an address that has not failed, gets in on either instance.
    assert.equal((await login(store.email, store.password, '192.0.2.10')).statusCode, 200);
    assert.equal((await login(store.email, store.password, '192.0.2.10', second)).statusCode, 200);
  });

  test('failures spread over many addresses throttle those addresses for the account, never the owner at a clean one', async () => {
    const store = await env.createStore();
    const attackers = Array.from({ length: 6 }, (_, i) => `198.51.100.${20 + i}`);
    for (const ip of attackers) expectError(await login(store.email, 'wrong password', ip), 401, 'unauthorized');
    // The account has now failed 6 times (its limit in this suite): an address that failed for it waits…
    expectError(await login(store.email, 'wrong password', attackers[0]), 429, 'rate-limited');
    expectError(await login(store.email, store.password, attackers[1]), 429, 'rate-limited');
    // …the owner from elsewhere does not.
    assert.equal((await login(store.email, store.password, '192.0.2.20')).statusCode, 200);
  });

  test('one address failing in parallel over many accounts: 20 are checked, the rest 429, for every account; other addresses are not', async () => {
    const store = await env.createStore();
    const ip = '198.51.100.40';
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(`nobody${i}@example.test`, 'wrong password', ip, i % 2 ? second : env.app)));
    const statuses = answers.map((r) => r.statusCode);
    assert.equal(statuses.filter((s) => s === 401).length, 20, String(statuses));
    assert.equal(statuses.filter((s) => s === 429).length, 10, String(statuses));
    expectError(await login(store.email, store.password, ip), 429, 'rate-limited');
    assert.equal((await login(store.email, store.password, '192.0.2.40')).statusCode, 200);
  });

  test('each failure after a lockout doubles the next lockout', async () => {
    const store = await env.createStore();
    const ip = '198.51.100.60';
    for (let i = 0; i < 5; i++) expectError(await login(store.email, 'wrong password', ip), 401, 'unauthorized');
    const first = await login(store.email, 'wrong password', ip);
    expectError(first, 429, 'rate-limited');
    assert.ok(Number(first.headers['retry-after']) > 30 && Number(first.headers['retry-after']) <= 60, String(first.headers['retry-after']));
    // The lockout has run out (moved into the past rather than waited for).
    const pair = `pair:${sha256(`${store.email}\n${ip}`)}`;
    await env.db.updateTable('login_throttle').set({ blocked_until: new Date(Date.now() - 1000).toISOString() }).where('subject', '=', pair).execute();
    expectError(await login(store.email, 'wrong password', ip), 401, 'unauthorized');
    const second = await login(store.email, 'wrong password', ip);
    expectError(second, 429, 'rate-limited');
    assert.ok(Number(second.headers['retry-after']) > 60 && Number(second.headers['retry-after']) <= 120, String(second.headers['retry-after']));
  });

  test('a right password takes back its counted attempt: successful logins never throttle an address', async () => {
    const store = await env.createStore();
    for (let i = 0; i < 25; i++) assert.equal((await login(store.email, store.password, '192.0.2.80')).statusCode, 200);
    const rows = await env.db.selectFrom('login_throttle').select(['subject', 'failures']).where('subject', '=', `source:${sha256('192.0.2.80')}`).execute();
    assert.deepEqual(rows.map((r) => Number(r.failures)), [0]);
  });
}, { env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '6' } });
