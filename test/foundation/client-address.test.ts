// Whose address a request comes from behind proxies (TRUST_PROXY): the nearest address in
// X-Forwarded-For that is not a trusted proxy, counted from the right. A client that writes the header
// itself only adds addresses further left, so rotating it never escapes a per-address limit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError } from '../../src/config.ts';
import { MANAGE_LINK_FAILURES_PER_IP } from '../../src/http/rate-limit.ts';
import { describeEachDb, expectError, testConfig, type TestEnv } from '../helpers/app.ts';

test('TRUST_PROXY is false, true (one hop), a hop count, or a list of proxy addresses and CIDRs', () => {
  const parse = (value: string) => testConfig('sqlite::memory:', { TRUST_PROXY: value }).trustProxy;
  assert.equal(parse(''), false);
  assert.equal(parse('false'), false);
  assert.equal(parse('0'), false);
  assert.deepEqual(parse('true'), { hops: 1 });
  assert.deepEqual(parse('1'), { hops: 1 });
  assert.deepEqual(parse('2'), { hops: 2 });
  assert.deepEqual(parse('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback'), { addresses: ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback'] });
  for (const bad of ['maybe', '10.0.0.0/33', '300.1.1.1', '10.0.0.1,', 'example.com', '11', '::1/129', '10.0.0.0/8/8']) {
    assert.throws(() => parse(bad), (error: unknown) => error instanceof ConfigError && /TRUST_PROXY/.test(error.message), bad);
  }
});

const WRONG = 'not the password';

/** Logs in from a proxy at `socket` forwarding `forwarded` (X-Forwarded-For as the proxies built it). */
function login(env: TestEnv, email: string, password: string, socket: string, forwarded: string) {
  return env.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: socket,
    headers: { 'x-forwarded-for': forwarded },
    payload: { email, password },
  });
}

/**
 * Eight wrong passwords from one client who writes a new X-Forwarded-For each time: the first five are
 * checked (401), then that client is refused (429) even with the right password and a fresh header;
 * another client behind the same proxies still gets in.
 */
async function rotatedHeaderIsThrottled(env: TestEnv, socket: string, forwardedFor: (written: string, client: string) => string) {
  const store = await env.createStore();
  const statuses = [];
  for (let i = 0; i < 8; i++) {
    statuses.push((await login(env, store.email, WRONG, socket, forwardedFor(`198.51.100.${i + 1}`, '203.0.113.7'))).statusCode);
  }
  assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429, 429, 429]);
  expectError(await login(env, store.email, store.password, socket, forwardedFor('192.0.2.200', '203.0.113.7')), 429, 'rate-limited');
  assert.equal((await login(env, store.email, store.password, socket, forwardedFor('198.51.100.1', '203.0.113.99'))).statusCode, 200);
}

describeEachDb('behind one trusted proxy (TRUST_PROXY=1: nginx on the same machine)', (env) => {
  // nginx's `$proxy_add_x_forwarded_for` forwards `<what the client wrote>, <the client's address>`.
  const viaNginx = (written: string, client: string) => `${written}, ${client}`;

  test('rotating X-Forwarded-For does not escape the login throttle: the client is the address nginx saw', async () => {
    await rotatedHeaderIsThrottled(env, '127.0.0.1', viaNginx);
  });

  test('password-reset requests are limited per real client whatever it writes in the header', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const res = await env.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': viaNginx(`198.51.100.${i + 1}`, '203.0.113.20') },
        payload: { email: `someone${i}@example.test` },
      });
      statuses.push(res.statusCode);
    }
    assert.deepEqual(statuses, [202, 202, 202, 429, 429]);
    const other = await env.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': viaNginx('198.51.100.1', '203.0.113.21') },
      payload: { email: 'someone@example.test' },
    });
    assert.equal(other.statusCode, 202, 'another client is not limited');
  });

  test('manage-link guesses are counted per real client whatever it writes in the header', async () => {
    const guess = (i: number, client: string) => env.inject({
      method: 'GET',
      url: `/b/not-a-token-${i}`,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': viaNginx(`198.51.100.${i % 250}`, client) },
    });
    const statuses = [];
    for (let i = 0; i < MANAGE_LINK_FAILURES_PER_IP + 2; i++) statuses.push((await guess(i, '203.0.113.30')).statusCode);
    assert.equal(statuses.filter((s) => s === 404).length, MANAGE_LINK_FAILURES_PER_IP, String(statuses));
    assert.equal(statuses.filter((s) => s === 429).length, 2, String(statuses));
    assert.equal((await guess(0, '203.0.113.31')).statusCode, 404, 'another client still gets the page');
  });
}, { env: { TRUST_PROXY: '1', RATE_LIMIT_PASSWORD_RESET_PER_IP: '3' } });

describeEachDb('behind a load balancer and nginx (TRUST_PROXY=2)', (env) => {
  test('rotating X-Forwarded-For does not escape the login throttle: the client is the address the balancer saw', async () => {
    // The balancer appends the client's address, nginx appends the balancer's; the socket is nginx.
    await rotatedHeaderIsThrottled(env, '127.0.0.1', (written, client) => `${written}, ${client}, 10.0.0.2`);
  });
}, { env: { TRUST_PROXY: '2' } });

describeEachDb('behind proxies named by address (TRUST_PROXY=10.0.0.0/8,127.0.0.1)', (env) => {
  test('rotating X-Forwarded-For does not escape the login throttle: the client is the first address from the right that is no proxy', async () => {
    await rotatedHeaderIsThrottled(env, '127.0.0.1', (written, client) => `${written}, ${client}, 10.1.2.3, 10.0.0.2`);
  });

  test('a client connecting straight to the service is its socket\'s address: its header counts for nothing', async () => {
    const store = await env.createStore();
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await login(env, store.email, WRONG, '203.0.113.50', `198.51.100.${i + 1}`)).statusCode);
    }
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429, 429]);
  });
}, { env: { TRUST_PROXY: '10.0.0.0/8,127.0.0.1' } });
