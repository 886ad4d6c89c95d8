import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type TestEnv, type TestStore } from '../helpers/app.ts';
import { createDeliveryWorker } from '../../src/modules/events/workers.ts';
import type { EventType } from '../../src/modules/events/service.ts';
import { eventually, Receiver, verify } from './receiver.ts';

// Two attempts per round, 0.2 s apart. The timeout ends the hanging receiver's attempt; it is long
// enough that a loaded machine never turns a quick answer into a timeout.
const FAST = { WEBHOOK_RETRY_SCHEDULE: '0,0.2', WEBHOOK_TIMEOUT_MS: '2000' };

let pathCounter = 0;
const uniquePath = (name: string) => `/${name}-${++pathCounter}`;

function dev(env: TestEnv, store: TestStore, method: 'GET' | 'POST' | 'PATCH', path: string, options: { payload?: unknown; headers?: Record<string, string>; storeId?: string } = {}) {
  const sep = path.includes('?') ? '&' : '?';
  return env.inject({
    method,
    url: `${path}${sep}storeId=${options.storeId ?? store.storeId}`,
    headers: options.headers ?? env.staffHeaders(store),
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
  });
}

const redeliverPath = (endpointId: string, deliveryId: string) => `/developer/webhooks/${endpointId}/deliveries/${deliveryId}/redeliver`;

async function register(env: TestEnv, store: TestStore, url: string) {
  const res = await dev(env, store, 'POST', '/developer/webhooks', { payload: { url } });
  assert.equal(res.statusCode, 201, res.body);
  return { endpointId: res.data.endpoint.endpointId as string, secret: res.data.secret as string };
}

function emit(env: TestEnv, store: TestStore, type: EventType = 'order.paid', data: unknown = { orderId: 'ord_1' }) {
  return env.db.transaction().execute((trx) => env.app.ctx.services.events.emit(trx, store.storeId, type, data));
}

async function onlyDelivery(env: TestEnv, store: TestStore, endpointId: string) {
  const res = await dev(env, store, 'GET', `/developer/webhooks/${endpointId}/deliveries`);
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.data.deliveries.length, 1);
  return res.data.deliveries[0];
}

/** Waits until the endpoint's only delivery has status `status`, and returns it. */
function reaches(env: TestEnv, store: TestStore, endpointId: string, status: string) {
  return eventually(async () => {
    const d = await onlyDelivery(env, store, endpointId);
    return d.status === status ? d : null;
  });
}

describeEachDb('POST /developer/webhooks/{endpointId}/deliveries/{deliveryId}/redeliver', (env) => {
  const receiver = new Receiver();
  let store: TestStore;
  let other: TestStore;

  before(async () => {
    await receiver.start();
    store = await env.createStore();
    other = await env.createStore();
    const worker = createDeliveryWorker(env.app.ctx, { pollMs: 50 });
    worker.start();
    env.app.ctx.onClose.push(() => worker.stop());
  });
  after(() => receiver.stop());

  test('a failed delivery is sent again once the receiver is fixed: same webhook-id, both rounds of attempts kept, ends succeeded', async () => {
    const path = uniquePath('fixed-later');
    let fixed = false;
    receiver.on(path, () => (fixed ? { status: 200, body: 'thanks' } : { status: 500, body: 'broken' }));
    const { endpointId, secret } = await register(env, store, receiver.baseUrl + path);
    const envelope = await emit(env, store);
    const failed = await reaches(env, store, endpointId, 'failed');
    assert.equal(failed.attemptCount, 2);
    assert.match(failed.terminalFailure.reason, /gave up after 2 attempts/);

    fixed = true;
    const res = await dev(env, store, 'POST', redeliverPath(endpointId, failed.deliveryId));
    assert.equal(res.statusCode, 202, res.body);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.data.ok, true);
    const reopened = res.data.delivery;
    assert.deepEqual(
      [reopened.deliveryId, reopened.eventId, reopened.status, reopened.attemptCount, reopened.maxAttempts, reopened.terminalFailure, reopened.redeliveryCount],
      [failed.deliveryId, envelope.id, 'pending', 2, 4, null, 1],
    );
    assert.match(reopened.redeliveredAt, /Z$/);
    assert.ok(Date.parse(reopened.nextAttemptAt) <= Date.now(), 'due now');
    assert.deepEqual(reopened.attempts.map((a: any) => [a.attempt, a.responseStatus]), [[1, 500], [2, 500]]);
    assert.deepEqual(reopened.retrySchedule.map((p: any) => [p.attempt, p.delaySeconds, p.state]), [[3, 0, 'planned'], [4, 0.2, 'planned']], 'a fresh schedule');

    const requests = await receiver.waitFor(path, 3);
    for (const req of requests) {
      assert.equal(req.headers['webhook-id'], envelope.id, 'the same message id, so the receiver can de-duplicate');
      assert.equal(verify(secret, req).id, envelope.id);
    }
    const done = await reaches(env, store, endpointId, 'succeeded');
    assert.deepEqual(done.attempts.map((a: any) => [a.attempt, a.responseStatus, a.responseBodyExcerpt]), [[1, 500, 'broken'], [2, 500, 'broken'], [3, 200, 'thanks']]);
    assert.deepEqual([done.attemptCount, done.nextAttemptAt, done.terminalFailure, done.redeliveryCount], [3, null, null, 1]);
    assert.deepEqual(done.retrySchedule.map((p: any) => [p.attempt, p.state]), [[3, 'attempted'], [4, 'cancelled']]);
    assert.equal(receiver.at(path).length, 3);
  });

  test('a redelivery that keeps failing retries on its fresh schedule and fails with its own reason', async () => {
    const path = uniquePath('still-down');
    receiver.on(path, () => ({ status: 503 }));
    const { endpointId } = await register(env, store, receiver.baseUrl + path);
    await emit(env, store);
    const failed = await reaches(env, store, endpointId, 'failed');
    const firstReason = failed.terminalFailure;
    assert.equal((await dev(env, store, 'POST', redeliverPath(endpointId, failed.deliveryId))).statusCode, 202);
    await receiver.waitFor(path, 4);
    const again = await reaches(env, store, endpointId, 'failed');
    assert.deepEqual(again.attempts.map((a: any) => a.attempt), [1, 2, 3, 4]);
    assert.ok(again.attempts[3].attemptedAt > again.attempts[2].attemptedAt);
    assert.match(again.terminalFailure.reason, /gave up after 2 attempts; last: HTTP 503/);
    assert.ok(again.terminalFailure.at > firstReason.at);
    assert.equal(receiver.at(path).length, 4);
  });

  test('a succeeded delivery can be sent again; the receiver sees the same webhook-id twice', async () => {
    const path = uniquePath('again');
    const { endpointId } = await register(env, store, receiver.baseUrl + path);
    const envelope = await emit(env, store, 'booking.created');
    const ok = await reaches(env, store, endpointId, 'succeeded');
    const res = await dev(env, store, 'POST', redeliverPath(endpointId, ok.deliveryId));
    assert.equal(res.statusCode, 202, res.body);
    const [first, second] = await receiver.waitFor(path, 2);
    assert.equal(first.headers['webhook-id'], envelope.id);
    assert.equal(second.headers['webhook-id'], envelope.id);
    assert.equal(second.body, first.body, 'the same event body');
    const done = await reaches(env, store, endpointId, 'succeeded');
    assert.deepEqual(done.attempts.map((a: any) => [a.attempt, a.responseStatus]), [[1, 200], [2, 200]]);
  });

  test('a delivery still on its schedule (retrying) or with an attempt in flight is refused with 409 conflict', async () => {
    const waitingPath = uniquePath('retry-later');
    receiver.on(waitingPath, () => ({ status: 503, headers: { 'retry-after': '3600' } }));
    const waiting = await register(env, store, receiver.baseUrl + waitingPath);
    await emit(env, store);
    const retrying = await reaches(env, store, waiting.endpointId, 'retrying');
    const refused = await dev(env, store, 'POST', redeliverPath(waiting.endpointId, retrying.deliveryId));
    expectError(refused, 409, 'conflict');
    assert.match(refused.data.message, /retrying/);
    assert.deepEqual(await onlyDelivery(env, store, waiting.endpointId), retrying, 'nothing changed');

    const slowPath = uniquePath('in-flight');
    let arrived!: () => void;
    const reached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    receiver.on(slowPath, (_req, nth) => {
      if (nth > 1) return { status: 200 };
      arrived();
      return 'hang';
    });
    const slow = await register(env, store, receiver.baseUrl + slowPath);
    await emit(env, store);
    await reached;
    const inFlight = await onlyDelivery(env, store, slow.endpointId);
    expectError(await dev(env, store, 'POST', redeliverPath(slow.endpointId, inFlight.deliveryId)), 409, 'conflict');
    const done = await reaches(env, store, slow.endpointId, 'succeeded');
    assert.deepEqual([done.attemptCount, done.redeliveryCount], [2, 0]);
  });

  test('a delivery of a disabled endpoint is refused with 409 until the endpoint is enabled again', async () => {
    const path = uniquePath('disabled');
    receiver.on(path, (_req, nth) => (nth === 1 ? { status: 410, body: 'gone' } : { status: 200 }));
    const { endpointId } = await register(env, store, receiver.baseUrl + path);
    await emit(env, store);
    const gone = await reaches(env, store, endpointId, 'failed');
    const refused = await dev(env, store, 'POST', redeliverPath(endpointId, gone.deliveryId));
    expectError(refused, 409, 'conflict');
    assert.match(refused.data.message, /endpoint is disabled \(the endpoint answered 410 Gone\); enable it/);
    assert.deepEqual(await onlyDelivery(env, store, endpointId), gone, 'nothing changed');

    assert.equal((await dev(env, store, 'PATCH', `/developer/webhooks/${endpointId}`, { payload: { enabled: false } })).statusCode, 200);
    expectError(await dev(env, store, 'POST', redeliverPath(endpointId, gone.deliveryId)), 409, 'conflict');
    assert.equal((await dev(env, store, 'PATCH', `/developer/webhooks/${endpointId}`, { payload: { enabled: true } })).statusCode, 200);
    assert.equal((await dev(env, store, 'POST', redeliverPath(endpointId, gone.deliveryId))).statusCode, 202);
    await receiver.waitFor(path, 2);
    assert.equal((await reaches(env, store, endpointId, 'succeeded')).attemptCount, 2);
  });

  describe('who may redeliver what', () => {
    let endpointId: string;
    let deliveryId: string;
    let path: string;

    before(async () => {
      path = uniquePath('walls');
      ({ endpointId } = await register(env, store, receiver.baseUrl + path));
      await emit(env, store);
      deliveryId = (await reaches(env, store, endpointId, 'succeeded')).deliveryId;
    });

    test("another store's login or developer key never reaches this store's deliveries", async () => {
      const url = redeliverPath(endpointId, deliveryId);
      const otherLogin = env.staffHeaders(other);
      const otherKey = env.keyHeaders(await env.createKey(other, ['developer']));
      // Naming this store: not a member (403), a key of another store (401).
      expectError(await dev(env, store, 'POST', url, { headers: otherLogin }), 403, 'forbidden');
      expectError(await dev(env, store, 'POST', url, { headers: otherKey }), 401, 'invalid-api-key');
      // Naming their own store: these ids do not exist there.
      expectError(await dev(env, other, 'POST', url), 404, 'not-found');
      expectError(await dev(env, other, 'POST', url, { headers: otherKey }), 404, 'not-found');
      const ownEndpoint = await register(env, other, receiver.baseUrl + uniquePath('other-store'));
      expectError(await dev(env, other, 'POST', redeliverPath(ownEndpoint.endpointId, deliveryId)), 404, 'not-found');
      assert.equal((await onlyDelivery(env, store, endpointId)).redeliveryCount, 0, 'nothing changed');
      assert.equal(receiver.at(path).length, 1);
    });

    test("unknown ids and another endpoint's delivery answer 404", async () => {
      const sibling = await register(env, store, receiver.baseUrl + uniquePath('sibling'));
      expectError(await dev(env, store, 'POST', redeliverPath(sibling.endpointId, deliveryId)), 404, 'not-found');
      expectError(await dev(env, store, 'POST', redeliverPath(endpointId, 'dlv_nothere')), 404, 'not-found');
      expectError(await dev(env, store, 'POST', redeliverPath('whe_nothere', deliveryId)), 404, 'not-found');
      expectError(await dev(env, store, 'POST', redeliverPath(endpointId, 'x'.repeat(101))), 404, 'not-found');
      expectError(await dev(env, store, 'POST', redeliverPath(endpointId, deliveryId), { storeId: '' }), 400, 'missing-store-id');
    });

    test('a developer key of the store may redeliver; a website key and a staff-role member may not', async () => {
      const websiteKey = env.keyHeaders(await env.createKey(store));
      expectError(await dev(env, store, 'POST', redeliverPath(endpointId, deliveryId), { headers: websiteKey }), 403, 'forbidden');
      const member = (await env.addMember(store, { role: 'staff' })).headers;
      expectError(await dev(env, store, 'POST', redeliverPath(endpointId, deliveryId), { headers: member }), 403, 'forbidden');
      expectError(await env.inject({ method: 'POST', url: `${redeliverPath(endpointId, deliveryId)}?storeId=${store.storeId}` }), 401, 'unauthorized');

      const devKey = env.keyHeaders(await env.createKey(store, ['developer']));
      const res = await dev(env, store, 'POST', redeliverPath(endpointId, deliveryId), { headers: devKey });
      assert.equal(res.statusCode, 202, res.body);
      await receiver.waitFor(path, 2);
    });
  });

  test('the route is in /openapi.json with its 202 answer and error responses', async () => {
    const doc = (await env.inject({ method: 'GET', url: '/openapi.json' })).data;
    // Shared schemas may be named components ($ref).
    const deref = (schema: any) => (schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema);
    const op = doc.paths['/developer/webhooks/{endpointId}/deliveries/{deliveryId}/redeliver']?.post;
    assert.ok(op, 'documented');
    const delivery = deref(deref(op.responses['202'].content['application/json'].schema).properties.delivery);
    assert.ok(delivery.properties.retrySchedule);
    assert.ok(delivery.properties.redeliveryCount);
    for (const status of ['401', '403', '404', '409']) assert.ok(op.responses[status], `documents ${status}`);
    assert.deepEqual(op.parameters.filter((p: any) => p.in === 'path').map((p: any) => p.name).sort(), ['deliveryId', 'endpointId']);
  });
}, { env: FAST });

describeEachDb('redelivery with no worker running', (env) => {
  const receiver = new Receiver();
  let store: TestStore;

  before(async () => {
    await receiver.start();
    store = await env.createStore();
  });
  after(() => receiver.stop());

  test('concurrent redeliveries of one delivery reopen it once: one 202, the others 409, then one more attempt', async () => {
    const path = uniquePath('racing');
    const { endpointId } = await register(env, store, receiver.baseUrl + path);
    // The test event makes its attempt in the request, so the delivery is finished with no worker.
    const sent = await dev(env, store, 'POST', `/developer/webhooks/${endpointId}/test`);
    assert.equal(sent.data.status, 'succeeded', sent.body);
    const results = await Promise.all(Array.from({ length: 6 }, () => dev(env, store, 'POST', redeliverPath(endpointId, sent.data.deliveryId))));
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [202, 409, 409, 409, 409, 409], results.map((r) => r.body).join('\n'));
    for (const r of results.filter((x) => x.statusCode !== 202)) expectError(r, 409, 'conflict');
    const queued = await onlyDelivery(env, store, endpointId);
    assert.deepEqual([queued.status, queued.attemptCount, queued.maxAttempts, queued.redeliveryCount], ['pending', 1, 3, 1]);

    const worker = createDeliveryWorker(env.app.ctx, { pollMs: 50 });
    worker.start();
    try {
      const [first, second] = await receiver.waitFor(path, 2);
      assert.equal(second.headers['webhook-id'], first.headers['webhook-id']);
      assert.equal(JSON.parse(second.body).type, 'webhook.test');
      const done = await reaches(env, store, endpointId, 'succeeded');
      assert.deepEqual([done.attemptCount, done.redeliveryCount], [2, 1]);
    } finally {
      await worker.stop();
    }
    assert.equal(receiver.at(path).length, 2);
  });

  test('a pending delivery (no attempt yet) is refused with 409 conflict', async () => {
    const { endpointId } = await register(env, store, 'http://127.0.0.1:9/hook');
    await emit(env, store);
    const pending = await onlyDelivery(env, store, endpointId);
    assert.equal(pending.status, 'pending');
    const res = await dev(env, store, 'POST', redeliverPath(endpointId, pending.deliveryId));
    expectError(res, 409, 'conflict');
    assert.match(res.data.message, /pending/);
  });
}, { env: FAST });
