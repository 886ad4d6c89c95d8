import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import https from 'node:https';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { checkTarget, classifyAddress, parseV6, TargetRefused, type Resolver } from '../../src/modules/events/ssrf.ts';
import { decideOutcome, parseRetryAfter, sendSigned, type AttemptResult } from '../../src/modules/events/delivery.ts';
import { planAttempts } from '../../src/modules/events/service.ts';
import type { WebhookDeliveryRow } from '../../src/modules/events/tables.ts';
import { createDeliveryWorker } from '../../src/modules/events/workers.ts';
import { describeEachDb, type TestStore } from '../helpers/app.ts';
import { eventually, Receiver } from './receiver.ts';

describe('classifyAddress', () => {
  const cases: Array<[string, string]> = [
    ['8.8.8.8', 'public'],
    ['93.184.215.14', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['172.15.255.255', 'public'],
    ['192.168.0.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['100.128.0.1', 'public'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['2606:4700:4700::1111', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:8.8.8.8', 'public'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::7f00:1', 'translation'],
    ['2002:7f00:1::1', 'translation'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['4000::1', 'reserved'],
    ['example.com', 'invalid'],
    ['1.2.3', 'invalid'],
    ['', 'invalid'],
  ];
  for (const [address, expected] of cases) {
    test(`${address || '(empty)'} is ${expected}`, () => assert.equal(classifyAddress(address), expected));
  }

  test('parseV6 expands :: and embedded IPv4, and refuses malformed input', () => {
    assert.deepEqual(parseV6('::ffff:1.2.3.4'), [0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    assert.deepEqual(parseV6('1:2:3:4:5:6:7:8'), [1, 2, 3, 4, 5, 6, 7, 8]);
    for (const bad of ['1::2::3', '1:2:3', '12345::', 'g::1', '1:2:3:4:5:6:7:8:9', '::ffff:1.2.3.256']) assert.equal(parseV6(bad), null, bad);
  });
});

describe('checkTarget', () => {
  const resolver = (map: Record<string, string[]>): Resolver => async (host) => {
    const found = map[host];
    if (!found) throw new Error('ENOTFOUND');
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  test('accepts https hosts whose every address is public, and keeps the checked addresses', async () => {
    const target = await checkTarget('https://hooks.example/x', false, resolver({ 'hooks.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'] }));
    assert.deepEqual(target.addresses.map((a) => a.address), ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']);
  });

  test('refuses a host with any private address among its answers (rebinding-style mixes)', async () => {
    await assert.rejects(checkTarget('https://mixed.example/x', false, resolver({ 'mixed.example': ['93.184.215.14', '10.0.0.5'] })), TargetRefused);
    await assert.rejects(checkTarget('https://mapped.example/x', false, resolver({ 'mapped.example': ['::ffff:169.254.169.254'] })), /link-local/);
    await assert.rejects(checkTarget('https://nowhere.example/x', false, resolver({})), /does not resolve/);
  });

  test('refuses http, credentials and non-URLs without private targets; allows http loopback with them', async () => {
    await assert.rejects(checkTarget('http://93.184.215.14/x', false), /https/);
    await assert.rejects(checkTarget('https://u:p@93.184.215.14/x', false), /credentials/);
    await assert.rejects(checkTarget('nope', false), /valid/);
    await assert.rejects(checkTarget('file:///etc/passwd', true), /http/);
    const allowed = await checkTarget('http://127.0.0.1:9/x', true);
    assert.deepEqual(allowed.addresses, [{ address: '127.0.0.1', family: 4 }]);
  });
});

describe('delivery rules', () => {
  const result = (over: Partial<AttemptResult>): AttemptResult => ({ responseStatus: 500, durationMs: 5, error: 'HTTP 500', responseBodyExcerpt: null, retryAfterSeconds: null, ...over });
  const now = Date.parse('2026-01-01T00:00:00.000Z');
  const schedule = [0, 5, 300];

  test('2xx succeeds, 410 fails and disables, others retry on the schedule until the last attempt', () => {
    assert.deepEqual(decideOutcome(result({ responseStatus: 204, error: null }), 1, 3, schedule, now), { kind: 'succeeded' });
    assert.deepEqual(decideOutcome(result({ responseStatus: 410 }), 1, 3, schedule, now).kind, 'failed');
    assert.equal((decideOutcome(result({ responseStatus: 410 }), 1, 3, schedule, now) as any).disableEndpoint, true);
    assert.deepEqual(decideOutcome(result({}), 1, 3, schedule, now), { kind: 'retry', nextAttemptAt: '2026-01-01T00:00:05.000Z' });
    assert.deepEqual(decideOutcome(result({ responseStatus: null, error: 'timeout after 10000 ms' }), 2, 3, schedule, now), { kind: 'retry', nextAttemptAt: '2026-01-01T00:05:00.000Z' });
    const last = decideOutcome(result({ responseStatus: 302, error: 'HTTP 302' }), 3, 3, schedule, now);
    assert.deepEqual(last, { kind: 'failed', reason: 'gave up after 3 attempts; last: HTTP 302', disableEndpoint: false });
  });

  test('Retry-After lengthens a wait (capped at a day) but never shortens it', () => {
    assert.deepEqual(decideOutcome(result({ responseStatus: 429, retryAfterSeconds: 60 }), 1, 3, schedule, now), { kind: 'retry', nextAttemptAt: '2026-01-01T00:01:00.000Z' });
    assert.deepEqual(decideOutcome(result({ responseStatus: 503, retryAfterSeconds: 1 }), 1, 3, schedule, now), { kind: 'retry', nextAttemptAt: '2026-01-01T00:00:05.000Z' });
    assert.deepEqual(decideOutcome(result({ responseStatus: 503, retryAfterSeconds: 10 ** 9 }), 1, 3, schedule, now), { kind: 'retry', nextAttemptAt: '2026-01-02T00:00:00.000Z' });
  });

  test('parseRetryAfter reads seconds and HTTP dates', () => {
    assert.equal(parseRetryAfter('120'), 120);
    assert.equal(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now), 30);
    assert.equal(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now), 0);
    assert.equal(parseRetryAfter('soon'), null);
    assert.equal(parseRetryAfter(undefined), null);
  });

  test('planAttempts lists done, planned and cancelled attempts', () => {
    const row = { status: 'retrying', attempt_count: 1, max_attempts: 3, schedule_base: 0, next_attempt_at: '2026-01-01T00:00:05.000Z' } as WebhookDeliveryRow;
    const attempts = [{ attempt: 1, attemptedAt: '2026-01-01T00:00:00.000Z', responseStatus: 500, durationMs: 3, error: 'HTTP 500', responseBodyExcerpt: null }];
    assert.deepEqual(planAttempts(row, attempts, schedule), [
      { attempt: 1, delaySeconds: 0, at: '2026-01-01T00:00:00.000Z', state: 'attempted' },
      { attempt: 2, delaySeconds: 5, at: '2026-01-01T00:00:05.000Z', state: 'planned' },
      { attempt: 3, delaySeconds: 300, at: '2026-01-01T00:05:05.000Z', state: 'planned' },
    ]);
    const failed = { ...row, status: 'failed', next_attempt_at: null } as WebhookDeliveryRow;
    assert.deepEqual(planAttempts(failed, attempts, schedule).map((p) => p.state), ['attempted', 'cancelled', 'cancelled']);
  });

  test('planAttempts after a redelivery lists the fresh schedule, numbered after the earlier attempts', () => {
    const row = { status: 'pending', attempt_count: 2, max_attempts: 5, schedule_base: 2, next_attempt_at: '2026-01-02T00:00:00.000Z' } as WebhookDeliveryRow;
    const attempts = [1, 2].map((attempt) => ({ attempt, attemptedAt: '2026-01-01T00:00:00.000Z', responseStatus: 500, durationMs: 3, error: 'HTTP 500', responseBodyExcerpt: null }));
    assert.deepEqual(planAttempts(row, attempts, schedule), [
      { attempt: 3, delaySeconds: 0, at: '2026-01-02T00:00:00.000Z', state: 'planned' },
      { attempt: 4, delaySeconds: 5, at: '2026-01-02T00:00:05.000Z', state: 'planned' },
      { attempt: 5, delaySeconds: 300, at: '2026-01-02T00:05:05.000Z', state: 'planned' },
    ]);
  });
});

describe('sendSigned re-checks the target at delivery time', () => {
  const receiver = new Receiver();
  before(() => receiver.start());
  after(() => receiver.stop());

  test('without private targets allowed, a loopback receiver gets nothing', async () => {
    const outcome = await sendSigned(`${receiver.baseUrl}/x`, `whsec_${Buffer.alloc(32, 7).toString('base64')}`, 'msg_1', '{}', { timeoutMs: 1000, allowPrivate: false });
    assert.equal(outcome.responseStatus, null);
    assert.match(String(outcome.error), /^target refused: must be an https URL/);
    const https = await sendSigned(`https://127.0.0.1:${new URL(receiver.baseUrl).port}/x`, `whsec_${Buffer.alloc(32, 7).toString('base64')}`, 'msg_1', '{}', { timeoutMs: 1000, allowPrivate: false });
    assert.match(String(https.error), /loopback/);
    const rebound = await sendSigned('https://rebind.example/x', `whsec_${Buffer.alloc(32, 7).toString('base64')}`, 'msg_1', '{}', {
      timeoutMs: 1000,
      allowPrivate: false,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    assert.match(String(rebound.error), /loopback/);
    assert.equal(receiver.requests.length, 0);
  });

  test('https targets get a verified TLS connection: a self-signed certificate is a failed attempt', async () => {
    const dir = new URL('./fixtures/', import.meta.url);
    let requests = 0;
    const server = https.createServer({ key: readFileSync(new URL('self-signed.key', dir)), cert: readFileSync(new URL('self-signed.crt', dir)) }, (_req, res) => {
      requests++;
      res.writeHead(200).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const outcome = await sendSigned(`https://127.0.0.1:${port}/x`, `whsec_${Buffer.alloc(32, 7).toString('base64')}`, 'msg_3', '{}', { timeoutMs: 2000, allowPrivate: true });
      assert.equal(outcome.responseStatus, null);
      assert.match(String(outcome.error), /^connection failed: self[- ]signed certificate/);
      assert.equal(requests, 0);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  test('the connection goes to the checked address, not a fresh DNS answer', async () => {
    // A name that system DNS does not know: it can only reach the receiver through the pinned answer.
    const port = new URL(receiver.baseUrl).port;
    const outcome = await sendSigned(`http://pinned.invalid:${port}/pinned`, `whsec_${Buffer.alloc(32, 7).toString('base64')}`, 'msg_2', '{"a":1}', {
      timeoutMs: 2000,
      allowPrivate: true,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    assert.equal(outcome.responseStatus, 200, String(outcome.error));
    assert.equal(receiver.at('/pinned')[0].headers.host, `pinned.invalid:${port}`);
  });
});

describeEachDb('delivery-time SSRF check in the worker', (env) => {
  const receiver = new Receiver();
  let store: TestStore;
  before(async () => {
    await receiver.start();
    store = await env.createStore();
  });
  after(() => receiver.stop());

  test('an endpoint whose target became private is never contacted and the attempts record why', async () => {
    const res = await env.inject({ method: 'POST', url: `/developer/webhooks?storeId=${store.storeId}`, headers: env.staffHeaders(store), payload: { url: 'https://93.184.215.14/hook' } });
    assert.equal(res.statusCode, 201, res.body);
    const endpointId = res.data.endpoint.endpointId;
    // As if the host's DNS now pointed at the loopback receiver.
    await env.db.updateTable('webhook_endpoints').set({ url: `https://127.0.0.1:${new URL(receiver.baseUrl).port}/hook` }).where('id', '=', endpointId).execute();
    const worker = createDeliveryWorker(env.app.ctx, { pollMs: 50 });
    worker.start();
    try {
      await env.db.transaction().execute((trx) => env.app.ctx.services.events.emit(trx, store.storeId, 'order.paid', {}));
      const d = await eventually(async () => {
        const list = await env.inject({ method: 'GET', url: `/developer/webhooks/${endpointId}/deliveries?storeId=${store.storeId}`, headers: env.staffHeaders(store) });
        const first = list.data.deliveries[0];
        return first?.status === 'failed' ? first : null;
      });
      assert.equal(d.attemptCount, 2);
      for (const a of d.attempts) assert.match(a.error, /^target refused: resolves to a loopback address/);
      assert.equal(receiver.requests.length, 0);
    } finally {
      await worker.stop();
    }
  });
}, { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false', WEBHOOK_RETRY_SCHEDULE: '0,0.1', WEBHOOK_TIMEOUT_MS: '1000' } });
