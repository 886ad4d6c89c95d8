import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type TestEnv, type TestStore } from '../helpers/app.ts';
import { createDeliveryWorker, type DeliveryWorker } from '../../src/modules/events/workers.ts';
import { claimDue } from '../../src/modules/events/repository.ts';
import { DELIVERY_TOPIC, type EventType } from '../../src/modules/events/service.ts';
import { eventually, Receiver, secondInstance, verify } from './receiver.ts';

// Short schedule: 3 attempts, 0.2 s then 0.4 s apart; a 500 ms timeout for the hanging receiver.
const FAST = { WEBHOOK_RETRY_SCHEDULE: '0,0.2,0.4', WEBHOOK_TIMEOUT_MS: '500' };

let pathCounter = 0;
const uniquePath = (name: string) => `/${name}-${++pathCounter}`;

function dev(env: TestEnv, store: TestStore, method: 'GET' | 'POST' | 'PATCH', path: string, payload?: unknown) {
  const sep = path.includes('?') ? '&' : '?';
  return env.inject({ method, url: `${path}${sep}storeId=${store.storeId}`, headers: env.staffHeaders(store), ...(payload !== undefined ? { payload: payload as object } : {}) });
}

async function register(env: TestEnv, store: TestStore, url: string, events?: string[]) {
  const res = await dev(env, store, 'POST', '/developer/webhooks', { url, ...(events ? { events } : {}) });
  assert.equal(res.statusCode, 201, res.body);
  return { endpointId: res.data.endpoint.endpointId as string, secret: res.data.secret as string };
}

function emit(env: TestEnv, store: TestStore, type: EventType, data: unknown = { n: 1 }) {
  return env.db.transaction().execute((trx) => env.app.ctx.services.events.emit(trx, store.storeId, type, data));
}

async function deliveries(env: TestEnv, store: TestStore, endpointId: string, query = '') {
  const res = await dev(env, store, 'GET', `/developer/webhooks/${endpointId}/deliveries${query}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.data;
}

/** Waits until the endpoint's newest delivery has reached a final status, and returns it. */
async function settled(env: TestEnv, store: TestStore, endpointId: string, ms = 10_000) {
  return eventually(async () => {
    const d = (await deliveries(env, store, endpointId)).deliveries[0];
    return d && (d.status === 'succeeded' || d.status === 'failed') ? d : null;
  }, ms);
}

describeEachDb('webhook delivery', (env) => {
  const receiver = new Receiver();
  let store: TestStore;
  let other: TestStore;
  let worker: DeliveryWorker;

  before(async () => {
    await receiver.start();
    store = await env.createStore();
    other = await env.createStore();
    worker = createDeliveryWorker(env.app.ctx, { pollMs: 50 });
    worker.start();
    env.app.ctx.onClose.push(() => worker.stop());
  });
  after(() => receiver.stop());

  test('a committed event reaches the receiver signed; the public standardwebhooks package verifies it', async () => {
    const path = uniquePath('ok');
    const { endpointId, secret } = await register(env, store, receiver.baseUrl + path);
    const envelope = await emit(env, store, 'order.paid', { orderId: 'ord_1', total: 12.5 });
    const [req] = await receiver.waitFor(path, 1);
    const payload = verify(secret, req);
    assert.deepEqual(payload, { id: envelope.id, type: 'order.paid', createdAt: envelope.createdAt, storeId: store.storeId, data: { orderId: 'ord_1', total: 12.5 } });
    assert.equal(req.headers['webhook-id'], envelope.id);
    assert.match(String(req.headers['webhook-timestamp']), /^\d{10}$/);
    assert.match(String(req.headers['webhook-signature']), /^v1,[A-Za-z0-9+/]+=*$/);
    assert.equal(req.headers['content-type'], 'application/json');
    assert.throws(() => verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, req), /signature/i);
    assert.throws(() => verify(secret, { ...req, body: req.body.replace('ord_1', 'ord_2') }));

    const d = await settled(env, store, endpointId);
    assert.equal(d.status, 'succeeded');
    assert.equal(d.eventId, envelope.id);
    assert.equal(d.eventType, 'order.paid');
    assert.equal(d.attemptCount, 1);
    assert.equal(d.nextAttemptAt, null);
    assert.equal(d.terminalFailure, null);
    assert.equal(d.attempts.length, 1);
    assert.deepEqual([d.attempts[0].attempt, d.attempts[0].responseStatus, d.attempts[0].error, d.attempts[0].responseBodyExcerpt], [1, 200, null, 'ok']);
    assert.ok(Number.isInteger(d.attempts[0].durationMs) && d.attempts[0].durationMs >= 0);
    assert.deepEqual(d.retrySchedule.map((p: any) => p.state), ['attempted', 'cancelled', 'cancelled']);
  });

  test('committing an event signals the delivery workers (PostgreSQL: a NOTIFY delivered at commit)', async () => {
    await register(env, store, receiver.baseUrl + uniquePath('signal'));
    const signals: string[] = [];
    env.app.ctx.notifier.subscribe(DELIVERY_TOPIC, (key) => signals.push(key));
    await emit(env, store, 'order.updated');
    await eventually(async () => signals.includes(store.storeId));
  });

  test('an event whose transaction rolls back is never sent', async () => {
    const path = uniquePath('rollback');
    const { endpointId } = await register(env, store, receiver.baseUrl + path);
    await assert.rejects(
      env.db.transaction().execute(async (trx) => {
        await env.app.ctx.services.events.emit(trx, store.storeId, 'order.created', { doomed: true });
        throw new Error('the change failed');
      }),
      /the change failed/,
    );
    const kept = await emit(env, store, 'order.created', { doomed: false });
    await receiver.waitFor(path, 1);
    await settled(env, store, endpointId);
    const all = (await deliveries(env, store, endpointId)).deliveries;
    assert.deepEqual(all.map((d: any) => d.eventId), [kept.id]);
    assert.equal(receiver.at(path).length, 1);
    assert.equal(JSON.parse(receiver.at(path)[0].body).data.doomed, false);
  });

  test("events go only to the store's enabled endpoints subscribed to their type", async () => {
    const paidPath = uniquePath('paid');
    const bookingPath = uniquePath('booking');
    const paid = await register(env, store, receiver.baseUrl + paidPath, ['order.paid']);
    const booking = await register(env, store, receiver.baseUrl + bookingPath, ['booking.created', 'booking.updated']);
    const disabled = await register(env, store, receiver.baseUrl + uniquePath('disabled'));
    assert.equal((await dev(env, store, 'PATCH', `/developer/webhooks/${disabled.endpointId}`, { enabled: false })).statusCode, 200);
    const foreign = await register(env, other, receiver.baseUrl + uniquePath('foreign'));
    const e1 = await emit(env, store, 'order.paid');
    const e2 = await emit(env, store, 'booking.created');
    assert.equal(JSON.parse((await receiver.waitFor(paidPath, 1))[0].body).id, e1.id);
    assert.equal(JSON.parse((await receiver.waitFor(bookingPath, 1))[0].body).id, e2.id);
    // Deliveries are queued in the event's own transaction, so absence here is final.
    assert.deepEqual((await deliveries(env, store, paid.endpointId)).deliveries.map((d: any) => d.eventId), [e1.id]);
    assert.deepEqual((await deliveries(env, store, booking.endpointId)).deliveries.map((d: any) => d.eventId), [e2.id]);
    assert.deepEqual((await deliveries(env, store, disabled.endpointId)).deliveries, []);
    assert.deepEqual((await deliveries(env, other, foreign.endpointId)).deliveries, []);
  });

  test('failed attempts are retried on the schedule until one succeeds', async () => {
    const path = uniquePath('flaky');
    receiver.on(path, (_req, nth) => (nth < 3 ? { status: 500, body: `failure ${nth}` } : { status: 204 }));
    const { endpointId, secret } = await register(env, store, receiver.baseUrl + path);
    const envelope = await emit(env, store, 'booking.updated');
    const reqs = await receiver.waitFor(path, 3);
    for (const req of reqs) {
      verify(secret, req);
      assert.equal(req.headers['webhook-id'], envelope.id, 'the same message id on every retry');
    }
    assert.ok(reqs[1].at - reqs[0].at >= 200, 'second attempt waited 0.2 s');
    assert.ok(reqs[2].at - reqs[1].at >= 400, 'third attempt waited 0.4 s');
    const d = await settled(env, store, endpointId);
    assert.equal(d.status, 'succeeded');
    assert.deepEqual(d.attempts.map((a: any) => [a.attempt, a.responseStatus, a.error]), [[1, 500, 'HTTP 500'], [2, 500, 'HTTP 500'], [3, 204, null]]);
    assert.equal(d.attempts[0].responseBodyExcerpt, 'failure 1');
    assert.deepEqual(d.retrySchedule.map((p: any) => [p.attempt, p.delaySeconds, p.state]), [[1, 0, 'attempted'], [2, 0.2, 'attempted'], [3, 0.4, 'attempted']]);
    assert.equal(receiver.at(path).length, 3);
  });

  test('after the last scheduled attempt the delivery fails with its reason; the body excerpt is at most 1 KB', async () => {
    const path = uniquePath('down');
    receiver.on(path, () => ({ status: 500, body: 'é'.repeat(3000) }));
    const { endpointId } = await register(env, store, receiver.baseUrl + path);
    await emit(env, store, 'order.updated');
    const d = await settled(env, store, endpointId);
    assert.equal(d.status, 'failed');
    assert.equal(d.attemptCount, 3);
    assert.equal(d.nextAttemptAt, null);
    assert.match(d.terminalFailure.reason, /gave up after 3 attempts; last: HTTP 500/);
    assert.match(d.terminalFailure.at, /Z$/);
    for (const a of d.attempts) assert.ok(Buffer.byteLength(a.responseBodyExcerpt) <= 1024 && a.responseBodyExcerpt.length >= 500);
    assert.equal(receiver.at(path).length, 3);
  });

  test('Retry-After on 429 and 503 is honoured, and the planned retry time is listed meanwhile', async () => {
    const path = uniquePath('busy');
    receiver.on(path, (_req, nth) => (nth === 1 ? { status: 429, headers: { 'retry-after': '1' } } : nth === 2 ? { status: 503, headers: { 'retry-after': '1' } } : { status: 200 }));
    const { endpointId } = await register(env, store, receiver.baseUrl + path);
    await emit(env, store, 'order.created');
    await receiver.waitFor(path, 1);
    const waiting = await eventually(async () => {
      const d = (await deliveries(env, store, endpointId)).deliveries[0];
      return d?.attemptCount === 1 ? d : null;
    });
    assert.equal(waiting.status, 'retrying');
    assert.ok(Date.parse(waiting.nextAttemptAt) - Date.parse(waiting.attempts[0].attemptedAt) >= 1000, 'next attempt at least 1 s later');
    assert.deepEqual(waiting.retrySchedule.map((p: any) => p.state), ['attempted', 'planned', 'planned']);
    assert.equal(waiting.retrySchedule[1].at, waiting.nextAttemptAt);
    const reqs = await receiver.waitFor(path, 3);
    assert.ok(reqs[1].at - reqs[0].at >= 1000 && reqs[2].at - reqs[1].at >= 1000);
    const d = await settled(env, store, endpointId);
    assert.deepEqual([d.status, d.attempts.map((a: any) => a.responseStatus)], ['succeeded', [429, 503, 200]]);
  });

  test('410 Gone disables the endpoint and fails the delivery without retrying', async () => {
    const path = uniquePath('gone');
    receiver.on(path, () => ({ status: 410, body: 'gone' }));
    const { endpointId } = await register(env, store, receiver.baseUrl + path);
    await emit(env, store, 'blog.post.published');
    const d = await settled(env, store, endpointId);
    assert.equal(d.status, 'failed');
    assert.equal(d.attemptCount, 1);
    assert.match(d.terminalFailure.reason, /410/);
    const endpoint = (await dev(env, store, 'GET', '/developer/webhooks')).data.endpoints.find((e: any) => e.endpointId === endpointId);
    assert.equal(endpoint.enabled, false);
    assert.match(endpoint.disabledReason, /410/);
    await emit(env, store, 'blog.post.updated');
    assert.equal((await deliveries(env, store, endpointId)).deliveries.length, 1, 'a disabled endpoint gets no new deliveries');
    assert.equal(receiver.at(path).length, 1);
  });

  test('a receiver that hangs past the timeout is recorded as a timeout and retried', async () => {
    const path = uniquePath('hang');
    receiver.on(path, (_req, nth) => (nth === 1 ? 'hang' : { status: 200 }));
    const { endpointId } = await register(env, store, receiver.baseUrl + path);
    await emit(env, store, 'catalog.sync.succeeded');
    const d = await settled(env, store, endpointId);
    assert.equal(d.status, 'succeeded');
    assert.equal(d.attempts[0].responseStatus, null);
    assert.equal(d.attempts[0].error, 'timeout after 500 ms');
    assert.ok(d.attempts[0].durationMs >= 500);
    assert.equal(d.attempts[1].responseStatus, 200);
  });

  describe('POST /developer/webhooks/{endpointId}/test', () => {
    test('makes one signed webhook.test attempt now and returns its result', async () => {
      const path = uniquePath('test-ok');
      const { endpointId, secret } = await register(env, store, receiver.baseUrl + path, ['order.paid']);
      const res = await dev(env, store, 'POST', `/developer/webhooks/${endpointId}/test`);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.data.ok, true);
      assert.deepEqual([res.data.status, res.data.responseStatus, res.data.error], ['succeeded', 200, null]);
      const [req] = receiver.at(path);
      const payload = verify(secret, req);
      assert.deepEqual([payload.type, payload.id, payload.storeId, payload.data.endpointId], ['webhook.test', res.data.eventId, store.storeId, endpointId]);
      const listed = (await deliveries(env, store, endpointId)).deliveries;
      assert.deepEqual(listed.map((d: any) => [d.deliveryId, d.eventType, d.status, d.attemptCount]), [[res.data.deliveryId, 'webhook.test', 'succeeded', 1]]);
    });

    test('concurrent test sends each make exactly one attempt with their own event id', async () => {
      const path = uniquePath('test-concurrent');
      const { endpointId, secret } = await register(env, store, receiver.baseUrl + path);
      const results = await Promise.all(Array.from({ length: 6 }, () => dev(env, store, 'POST', `/developer/webhooks/${endpointId}/test`)));
      assert.ok(results.every((r) => r.statusCode === 200 && r.data.status === 'succeeded'));
      const eventIds = results.map((r) => r.data.eventId);
      assert.equal(new Set(eventIds).size, 6);
      const received = receiver.at(path);
      assert.equal(received.length, 6);
      assert.deepEqual(new Set(received.map((r) => verify(secret, r).id)), new Set(eventIds));
      const listed = (await deliveries(env, store, endpointId)).deliveries;
      assert.deepEqual(listed.map((d: any) => d.attemptCount), [1, 1, 1, 1, 1, 1]);
    });

    test('reports a failing endpoint once, without retries', async () => {
      const path = uniquePath('test-fail');
      receiver.on(path, () => ({ status: 500, body: 'nope' }));
      const { endpointId } = await register(env, store, receiver.baseUrl + path);
      const res = await dev(env, store, 'POST', `/developer/webhooks/${endpointId}/test`);
      assert.deepEqual([res.statusCode, res.data.status, res.data.responseStatus, res.data.error], [200, 'failed', 500, 'HTTP 500']);
      const [d] = (await deliveries(env, store, endpointId)).deliveries;
      assert.deepEqual([d.status, d.attemptCount, d.maxAttempts, d.attempts[0].responseBodyExcerpt], ['failed', 1, 1, 'nope']);
      assert.match(d.terminalFailure.reason, /gave up after 1 attempt; last: HTTP 500/);
      const unreachable = await register(env, store, 'http://127.0.0.1:9/closed');
      const refused = await dev(env, store, 'POST', `/developer/webhooks/${unreachable.endpointId}/test`);
      assert.deepEqual([refused.data.status, refused.data.responseStatus], ['failed', null]);
      assert.match(refused.data.error, /^connection failed/);
      expectError(await dev(env, store, 'POST', '/developer/webhooks/whe_nothere/test'), 404, 'not-found');
    });
  });

  describe('GET /developer/webhooks/{endpointId}/deliveries', () => {
    test('pages newest first by cursor with no duplicates or gaps, and rejects bad paging input', async () => {
      const { endpointId } = await register(env, store, receiver.baseUrl + uniquePath('paged'), ['catalog.rolled_back']);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await emit(env, store, 'catalog.rolled_back', { i })).id);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: any = await deliveries(env, store, endpointId, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        assert.equal(page.storeId, store.storeId);
        seen.push(...page.deliveries.map((d: any) => d.eventId));
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      assert.equal(pages, 3);
      assert.deepEqual(seen, [...ids].reverse());
      expectError(await dev(env, store, 'GET', `/developer/webhooks/${endpointId}/deliveries?cursor=garbage`), 400, 'validation-failed');
      expectError(await dev(env, store, 'GET', `/developer/webhooks/${endpointId}/deliveries?limit=0`), 400, 'validation-failed');
      expectError(await dev(env, store, 'GET', `/developer/webhooks/${endpointId}/deliveries?limit=101`), 400, 'validation-failed');
      expectError(await dev(env, store, 'GET', `/developer/webhooks/${endpointId}/deliveries?limit=abc`), 400, 'validation-failed');
    });
  });
}, { env: FAST });

describeEachDb('webhook delivery across worker restarts and instances', (env) => {
  const receiver = new Receiver();
  let store: TestStore;

  before(async () => {
    await receiver.start();
    store = await env.createStore();
  });
  after(() => receiver.stop());

  test('a worker stopped mid-schedule leaves the delivery pending; a new worker resumes it', async () => {
    const path = uniquePath('restart');
    receiver.on(path, (_req, nth) => (nth === 1 ? { status: 503, headers: { 'retry-after': '1' } } : { status: 200 }));
    const { endpointId } = await register(env, store, receiver.baseUrl + path);
    const first = createDeliveryWorker(env.app.ctx, { pollMs: 50 });
    first.start();
    await emit(env, store, 'order.paid');
    await eventually(async () => (await deliveries(env, store, endpointId)).deliveries[0]?.attemptCount === 1);
    await first.stop();
    // Queued while no worker runs (as during a deploy).
    const queued = await emit(env, store, 'order.updated');
    const pending = (await deliveries(env, store, endpointId)).deliveries;
    assert.deepEqual(pending.map((d: any) => d.status).sort(), ['pending', 'retrying']);
    // The restarted worker runs in a new app instance (PostgreSQL: its own pool and notifier).
    const restarted = await secondInstance(env);
    const second = createDeliveryWorker(restarted.ctx, { pollMs: 50 });
    second.start();
    try {
      await receiver.waitFor(path, 3);
      await eventually(async () => (await deliveries(env, store, endpointId)).deliveries.every((d: any) => d.status === 'succeeded'));
      assert.equal(receiver.at(path).filter((r) => r.headers['webhook-id'] === queued.id).length, 1);
      assert.equal(receiver.at(path).length, 3);
    } finally {
      await second.stop();
      await restarted.close();
    }
  });

  test('stopping a worker lets its in-flight attempt finish and records it', async () => {
    const path = uniquePath('slow');
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    receiver.on(path, () => {
      release();
      return 'hang';
    });
    const { endpointId } = await register(env, store, receiver.baseUrl + path);
    const worker = createDeliveryWorker(env.app.ctx, { pollMs: 50, stopGraceMs: 5000 });
    worker.start();
    await emit(env, store, 'order.paid');
    await arrived;
    // The receiver holds the request open; stop() waits for the attempt (here: its 500 ms timeout).
    await worker.stop();
    const [d] = (await deliveries(env, store, endpointId)).deliveries;
    assert.deepEqual([d.status, d.attemptCount, d.attempts[0].error], ['retrying', 1, 'timeout after 500 ms']);
    const leases = await env.db.selectFrom('webhook_deliveries').select(['lease_owner', 'lease_expires_at']).where('id', '=', d.deliveryId).execute();
    assert.deepEqual(leases, [{ lease_owner: null, lease_expires_at: null }], 'the lease is released');
  });

  test('stopping a worker aborts an attempt still running after the grace period, records it and retries it later', async () => {
    const path = uniquePath('abort');
    let arrived!: () => void;
    const reached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    receiver.on(path, (_req, nth) => {
      if (nth === 1) {
        arrived();
        return 'hang';
      }
      return { status: 200 };
    });
    const { endpointId } = await register(env, store, receiver.baseUrl + path);
    const worker = createDeliveryWorker(env.app.ctx, { pollMs: 50, stopGraceMs: 20 });
    worker.start();
    await emit(env, store, 'order.paid');
    await reached;
    await worker.stop();
    const [d] = (await deliveries(env, store, endpointId)).deliveries;
    assert.deepEqual([d.status, d.attemptCount, d.attempts[0].error], ['retrying', 1, 'aborted: the worker shut down during the attempt']);
    const next = createDeliveryWorker(env.app.ctx, { pollMs: 50 });
    next.start();
    try {
      const done = await settled(env, store, endpointId);
      assert.deepEqual([done.status, done.attempts.map((a: any) => a.responseStatus)], ['succeeded', [null, 200]]);
    } finally {
      await next.stop();
    }
  });

  test("a crashed worker's claim is taken over once its lease expires, not before", async () => {
    const path = uniquePath('crashed');
    const { endpointId } = await register(env, store, receiver.baseUrl + path);
    const envelope = await emit(env, store, 'order.paid');
    const leaseEnds = Date.now() + 1500;
    await env.db.updateTable('webhook_deliveries').set({ lease_owner: 'wrk_crashed', lease_expires_at: new Date(leaseEnds).toISOString() }).where('event_id', '=', envelope.id).execute();
    const worker = createDeliveryWorker(env.app.ctx, { pollMs: 50 });
    worker.start();
    try {
      const [req] = await receiver.waitFor(path, 1);
      assert.ok(req.at >= leaseEnds, 'not sent while another worker held the lease');
      const d = await settled(env, store, endpointId);
      assert.equal(d.status, 'succeeded');
    } finally {
      await worker.stop();
    }
  });

  test('concurrent claims from two instances never take more than their limit, nor the same delivery twice', async () => {
    const path = uniquePath('claims');
    const { endpointId } = await register(env, store, receiver.baseUrl + path);
    const second = await secondInstance(env);
    try {
      await Promise.all(Array.from({ length: 60 }, (_, i) => emit(env, store, 'booking.created', { i })));
      const now = new Date(Date.now() + 1000).toISOString();
      const until = new Date(Date.now() + 60_000).toISOString();
      const claims = await Promise.all(
        Array.from({ length: 24 }, (_, i) => claimDue(i % 2 ? second.ctx.db : env.db, `wrk_claim_${i}`, now, until, 2)),
      );
      for (const ids of claims) assert.ok(ids.length <= 2, `claimed ${ids.length} with a limit of 2`);
      const all = claims.flat();
      assert.equal(new Set(all).size, all.length, 'no delivery claimed twice');
      assert.equal(all.length, 48, 'every claim found its 2 (60 were due)');
    } finally {
      await env.db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', endpointId).execute();
      await second.close();
    }
  });

  test('two workers (two app instances on PostgreSQL; two in one process on SQLite) deliver each of N events exactly once', async () => {
    const N = 40;
    const path = uniquePath('pair');
    const { endpointId } = await register(env, store, receiver.baseUrl + path);
    const second = await secondInstance(env);
    const workers = [createDeliveryWorker(env.app.ctx, { pollMs: 50, concurrency: 4 }), createDeliveryWorker(second.ctx, { pollMs: 50, concurrency: 4 })];
    // Each attempt in flight listens on its worker's shutdown signal, whose limit is 2 × concurrency:
    // a worker taking more deliveries than its concurrency shows up as this warning.
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    for (const w of workers) w.start();
    try {
      const emitted = await Promise.all(Array.from({ length: N }, (_, i) => emit(env, store, 'booking.created', { i })));
      await receiver.waitFor(path, N, 20_000);
      await eventually(async () => {
        const rows = await env.db.selectFrom('webhook_deliveries').select('status').where('endpoint_id', '=', endpointId).execute();
        return rows.length === N && rows.every((r) => r.status === 'succeeded');
      }, 20_000);
      const ids = receiver.at(path).map((r) => String(r.headers['webhook-id']));
      assert.equal(ids.length, N, 'no event sent twice');
      assert.deepEqual(new Set(ids), new Set(emitted.map((e) => e.id)));
      await new Promise(setImmediate);
      assert.ok(!warnings.includes('MaxListenersExceededWarning'), 'a worker took more deliveries than its concurrency');
    } finally {
      process.off('warning', onWarning);
      for (const w of workers) await w.stop();
      await second.close();
    }
  });
}, { env: FAST });
