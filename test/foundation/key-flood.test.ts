import { mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { sha256 } from '../../src/shared/hash.ts';
import { describeEachDb, expectError, TestEnv, type Response } from '../helpers/app.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const randomKey = () => `isk_${Array.from(randomBytes(40), (b) => BASE62[b % 62]).join('')}`;

describeEachDb('failed integration-key checks per client IP', (env) => {
  const products = (storeId: string, key: string, remoteAddress: string) =>
    env.inject({ method: 'GET', url: `/v1IntegrationProducts?storeId=${storeId}`, headers: env.keyHeaders(key), remoteAddress });

  test('40 requests at once with made-up keys from one address: 5 get 401, the rest 429 with Retry-After', async () => {
    const store = await env.createStore();
    const answers = await Promise.all(Array.from({ length: 40 }, () => products(store.storeId, randomKey(), '198.51.100.7')));
    const statuses = answers.map((r) => r.statusCode);
    assert.equal(statuses.filter((s) => s === 401).length, 5, String(statuses));
    for (const r of answers.filter((a) => a.statusCode === 401)) expectError(r, 401, 'invalid-api-key');
    const limited = answers.filter((r) => r.statusCode === 429);
    assert.equal(limited.length, 35, String(statuses));
    for (const r of limited) {
      expectError(r, 429, 'rate-limited');
      assert.ok(Number(r.headers['retry-after']) >= 1);
    }
  });

  test('wrong keys on developer routes, malformed keys and keys of another store count too; other addresses and valid keys are unaffected', async () => {
    const store = await env.createStore();
    const other = await env.createStore();
    const otherKey = await env.createKey(other);
    const ip = '198.51.100.8';
    const failures: Response[] = [
      await env.inject({ method: 'GET', url: `/developer/keys?storeId=${store.storeId}`, headers: { 'x-api-key': randomKey() }, remoteAddress: ip }),
      await products(store.storeId, 'isk_short', ip),
      await products(store.storeId, otherKey, ip),
      await products(store.storeId, randomKey(), ip),
      await products(store.storeId, randomKey(), ip),
    ];
    for (const r of failures) expectError(r, 401, 'invalid-api-key');
    expectError(await products(store.storeId, randomKey(), ip), 429, 'rate-limited');
    expectError(await env.inject({ method: 'GET', url: `/developer/keys?storeId=${store.storeId}`, headers: { 'x-api-key': randomKey() }, remoteAddress: ip }), 429, 'rate-limited');
    expectError(await products(store.storeId, randomKey(), '198.51.100.9'), 401, 'invalid-api-key');
    const key = await env.createKey(store);
    assert.equal((await products(store.storeId, key, '198.51.100.9')).statusCode, 200);
  });

  test('an address over its failed-key budget still gets through with a valid key (never looked up before); its made-up keys get 429 with reason invalid-keys-from-address', async () => {
    const store = await env.createStore();
    const ip = '198.51.100.10';
    for (let i = 0; i < 5; i++) expectError(await products(store.storeId, randomKey(), ip), 401, 'invalid-api-key');
    expectError(await products(store.storeId, randomKey(), ip), 429, 'rate-limited');
    // Created now and never used: not in the lookup cache, so the check goes to the database.
    const key = await env.createKey(store);
    const valid = await products(store.storeId, key, ip);
    assert.equal(valid.statusCode, 200, valid.body);
    const developerKey = await env.createKey(store, ['developer']);
    const developer = await env.inject({ method: 'GET', url: `/developer/keys?storeId=${store.storeId}`, headers: { 'x-api-key': developerKey }, remoteAddress: ip });
    assert.equal(developer.statusCode, 200, developer.body);
    const guessed = await products(store.storeId, randomKey(), ip);
    expectError(guessed, 429, 'rate-limited');
    assert.equal(guessed.data.reason, 'invalid-keys-from-address');
    assert.match(guessed.data.message, /too many invalid integration keys came from this address/i);
    assert.match(guessed.data.message, /valid key/i);
    assert.ok(Number(guessed.headers['retry-after']) >= 1);
  });

  test('a flood of unknown keys does not evict the keys in use from the lookup cache', async () => {
    const store = await env.createStore();
    const key = await env.createKey(store);
    const keys = env.app.ctx.services.keys;
    // A key revoked anywhere on the database (other test files share PostgreSQL's signal channel)
    // may flush the cache; a round that saw such a signal proves nothing and is run again.
    let signalled = false;
    env.app.ctx.notifier.subscribe('api-key', () => (signalled = true));
    // The clock stands still, so nothing expires by age: only the flood could push the key out.
    mock.timers.enable({ apis: ['Date'], now: Date.now() });
    try {
      for (let round = 0; round < 5; round++) {
        signalled = false;
        assert.ok(await keys.authenticate(key));
        for (let batch = 0; batch < 51; batch++) {
          await Promise.all(Array.from({ length: 200 }, () => keys.authenticate(randomKey())));
        }
        const cached = keys.authenticateCached(key);
        if (signalled) continue;
        assert.ok(cached, 'the key in use is still cached after 10,200 unknown keys');
        assert.equal(cached.storeId, store.storeId);
        return;
      }
      assert.fail('every round saw a cache signal');
    } finally {
      mock.timers.reset();
    }
  });

  test('the cached lookup: a malformed secret is refused with or without its hash, an unknown one goes to the database, a known one is served from the cache', async () => {
    const store = await env.createStore();
    const key = await env.createKey(store);
    const keys = env.app.ctx.services.keys;
    for (const malformed of ['isk_short', `${key} `, key.replace('isk_', 'isx_'), `${key.slice(0, -1)}!`]) {
      assert.equal(keys.authenticateCached(malformed), null, malformed);
      assert.equal(keys.authenticateCached(malformed, sha256(malformed)), null, malformed);
    }
    const unknownKey = randomKey();
    assert.equal(keys.authenticateCached(unknownKey, sha256(unknownKey)), undefined, 'not cached yet: the database decides');
    assert.equal(await keys.authenticate(unknownKey), null);
    assert.equal(keys.authenticateCached(unknownKey, sha256(unknownKey)), null, 'now cached as unknown');
    assert.ok(await keys.authenticate(key));
    assert.equal(keys.authenticateCached(key, sha256(key))?.storeId, store.storeId);
    assert.equal(keys.authenticateCached(key)?.storeId, store.storeId);
  });
}, { env: { RATE_LIMIT_KEY_FAILURES_PER_IP: '5' } });

describeEachDb('signup and login budgets per client IP', (env) => {
  test('POST /api/auth/signup: 3 per address per hour here, then 429; another address still signs up', async () => {
    const signup = (i: number, remoteAddress: string) =>
      env.inject({ method: 'POST', url: '/api/auth/signup', remoteAddress, payload: { email: `burst${i}-${remoteAddress}@example.test`, password: 'long enough pw', name: 'Burst', store: { name: `Burst ${i}` } } });
    for (let i = 0; i < 3; i++) assert.equal((await signup(i, '198.51.100.20')).statusCode, 201);
    const limited = await signup(3, '198.51.100.20');
    expectError(limited, 429, 'rate-limited');
    assert.ok(Number(limited.headers['retry-after']) > 60, 'an hourly window');
    assert.equal((await signup(4, '198.51.100.21')).statusCode, 201);
  });

  test('POST /api/auth/login: 4 per address per minute here, right password or not, then 429', async () => {
    const store = await env.createStore();
    const login = (remoteAddress: string) => env.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email: store.email, password: store.password } });
    for (let i = 0; i < 4; i++) assert.equal((await login('198.51.100.30')).statusCode, 200);
    expectError(await login('198.51.100.30'), 429, 'rate-limited');
    assert.equal((await login('198.51.100.31')).statusCode, 200);
  });
}, { env: { RATE_LIMIT_SIGNUP_PER_IP: '3', RATE_LIMIT_LOGIN_PER_IP: '4' } });

test('with Redis, two instances share one failed-key budget per address; a valid key from that address still gets through', { skip: !process.env.TEST_REDIS_URL && 'TEST_REDIS_URL not set (.ci/run sets it)' }, async () => {
  const url = process.env.TEST_REDIS_URL!;
  const prefix = `sis-test-${process.pid}-${Date.now()}`;
  const r1 = new Redis(url, { keyPrefix: prefix });
  const r2 = new Redis(url, { keyPrefix: prefix });
  const dialect = { name: 'sqlite' as const, url: `sqlite:/tmp/${prefix}.db` };
  const one = new TestEnv(dialect, { RATE_LIMIT_KEY_FAILURES_PER_IP: '4' }, { redis: r1 });
  const two = new TestEnv(dialect, { RATE_LIMIT_KEY_FAILURES_PER_IP: '4' }, { redis: r2 });
  await one.start();
  await two.start();
  try {
    const store = await one.createStore();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await (i % 2 ? two : one).inject({ method: 'GET', url: `/v1IntegrationProducts?storeId=${store.storeId}`, headers: one.keyHeaders(randomKey()), remoteAddress: '198.51.100.40' });
      codes.push(res.statusCode);
    }
    assert.deepEqual(codes, [401, 401, 401, 401, 429, 429]);
    const key = await one.createKey(store);
    const valid = await two.inject({ method: 'GET', url: `/v1IntegrationProducts?storeId=${store.storeId}`, headers: two.keyHeaders(key), remoteAddress: '198.51.100.40' });
    assert.equal(valid.statusCode, 200, valid.body);
    const guessed = await two.inject({ method: 'GET', url: `/v1IntegrationProducts?storeId=${store.storeId}`, headers: two.keyHeaders(randomKey()), remoteAddress: '198.51.100.40' });
    expectError(guessed, 429, 'rate-limited');
    assert.equal(guessed.data.reason, 'invalid-keys-from-address');
  } finally {
    await one.stop();
    await two.stop();
    const keys = await r1.keys('*');
    if (keys.length) await r1.del(...keys.map((k) => k.slice(prefix.length)));
    r1.disconnect();
    r2.disconnect();
  }
});
