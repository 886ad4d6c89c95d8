import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { describeEachDb, expectError, TestEnv } from '../helpers/app.ts';

describeEachDb('rate limits', (env) => {
  test('an integration key gets its budget, then 429 rate-limited with Retry-After and RateLimit-* headers', async () => {
    const store = await env.createStore();
    const key = await env.createKey(store);
    const url = `/v1IntegrationProducts?storeId=${store.storeId}`;
    for (let i = 0; i < 3; i++) {
      const ok = await env.inject({ method: 'GET', url, headers: env.keyHeaders(key) });
      assert.equal(ok.statusCode, 200);
      assert.equal(ok.headers['ratelimit-limit'], '3');
      assert.equal(ok.headers['ratelimit-remaining'], String(2 - i));
    }
    const limited = await env.inject({ method: 'GET', url, headers: env.keyHeaders(key) });
    expectError(limited, 429, 'rate-limited');
    assert.ok(Number(limited.headers['retry-after']) >= 1);
    assert.ok(limited.headers['ratelimit-reset'] !== undefined);
    // Another key has its own budget.
    const other = await env.createKey(store);
    assert.equal((await env.inject({ method: 'GET', url, headers: env.keyHeaders(other) })).statusCode, 200);
  });

  test('a key has one budget across all integration routes, not one per route', async () => {
    const store = await env.createStore();
    const key = await env.createKey(store);
    const q = `storeId=${store.storeId}`;
    const paths = [`/v1IntegrationProducts?${q}`, `/v1IntegrationPromo?${q}`, `/integrationGallery?${q}`];
    const remaining: string[] = [];
    for (const url of paths) {
      const res = await env.inject({ method: 'GET', url, headers: env.keyHeaders(key) });
      assert.equal(res.statusCode, 200, url);
      remaining.push(String(res.headers['ratelimit-remaining']));
    }
    assert.deepEqual(remaining, ['2', '1', '0']);
    expectError(await env.inject({ method: 'GET', url: `/integrationProducts?${q}`, headers: env.keyHeaders(key) }), 429, 'rate-limited');
    // The same key sent only as Authorization: Bearer counts against the same budget.
    const { 'x-api-key': _apiKey, ...bearerOnly } = env.keyHeaders(key);
    expectError(await env.inject({ method: 'GET', url: paths[0], headers: bearerOnly }), 429, 'rate-limited');
  });

  test('a HEAD request counts once, like its GET', async () => {
    const store = await env.createStore();
    const key = await env.createKey(store);
    const url = `/v1IntegrationProducts?storeId=${store.storeId}`;
    const head = await env.inject({ method: 'HEAD', url, headers: env.keyHeaders(key) });
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers['ratelimit-remaining'], '2');
    const get = await env.inject({ method: 'GET', url, headers: env.keyHeaders(key) });
    assert.equal(get.headers['ratelimit-remaining'], '1');
  });

  test('public endpoints are limited per client IP', async () => {
    const store = await env.createStore();
    const url = `/publicQuickPayCatalog?storeId=${store.storeId}`;
    for (let i = 0; i < 2; i++) assert.equal((await env.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' })).statusCode, 200);
    expectError(await env.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' }), 429, 'rate-limited');
    assert.equal((await env.inject({ method: 'GET', url, remoteAddress: '203.0.113.10' })).statusCode, 200);
  });

  test('an IP has one budget across all public routes', async () => {
    const store = await env.createStore();
    const ip = '203.0.113.11';
    assert.equal((await env.inject({ method: 'GET', url: `/publicQuickPayCatalog?storeId=${store.storeId}`, remoteAddress: ip })).statusCode, 200);
    assert.equal((await env.inject({ method: 'GET', url: `/api/public/blog?storeSlug=${store.slug}`, remoteAddress: ip })).statusCode, 200);
    expectError(await env.inject({ method: 'GET', url: `/api/public/blog?storeSlug=${store.slug}`, remoteAddress: ip }), 429, 'rate-limited');
  });
}, { env: { RATE_LIMIT_PER_KEY: '3', RATE_LIMIT_PER_IP: '2' } });

test('with the Redis counters unreachable, requests go through (not counted) instead of failing', async () => {
  const down = new Redis({ host: '127.0.0.1', port: 1, lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
  down.on('error', () => undefined);
  const dialect = { name: 'sqlite' as const, url: 'sqlite::memory:' };
  const env = new TestEnv(dialect, { RATE_LIMIT_PER_KEY: '1' }, { redis: down });
  await env.start();
  try {
    const store = await env.createStore();
    const key = await env.createKey(store);
    for (let i = 0; i < 3; i++) {
      const res = await env.inject({ method: 'GET', url: `/v1IntegrationProducts?storeId=${store.storeId}`, headers: env.keyHeaders(key) });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['ratelimit-limit'], undefined);
    }
  } finally {
    await env.stop();
    down.disconnect();
  }
});

test('with Redis, two instances share one budget per key', { skip: !process.env.TEST_REDIS_URL && 'TEST_REDIS_URL not set (.ci/run sets it)' }, async () => {
  const url = process.env.TEST_REDIS_URL!;
  const prefix = `sis-test-${process.pid}-${Date.now()}`;
  const r1 = new Redis(url, { keyPrefix: prefix });
  const r2 = new Redis(url, { keyPrefix: prefix });
  const dialect = { name: 'sqlite' as const, url: `sqlite:/tmp/${prefix}.db` };
  const one = new TestEnv(dialect, { RATE_LIMIT_PER_KEY: '4' }, { redis: r1 });
  const two = new TestEnv(dialect, { RATE_LIMIT_PER_KEY: '4' }, { redis: r2 });
  await one.start();
  await two.start();
  try {
    const store = await one.createStore();
    const key = await one.createKey(store);
    const path = `/v1IntegrationProducts?storeId=${store.storeId}`;
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await (i % 2 ? two : one).inject({ method: 'GET', url: path, headers: one.keyHeaders(key) })).statusCode);
    assert.deepEqual(codes, [200, 200, 200, 200, 429, 429]);
  } finally {
    await one.stop();
    await two.stop();
    const keys = await r1.keys('*');
    if (keys.length) await r1.del(...keys.map((k) => k.slice(prefix.length)));
    r1.disconnect();
    r2.disconnect();
  }
});
