// POST /developer/webhooks/{endpointId}/rotate-secret: a new secret shown once; for 24 hours every
// delivery is signed with the new and the previous secret (two `v1,` signatures), then with the new
// one only. Time moves with node:test's mocked Date (the service's clock), never by sleeping.
import { after, before, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type TestStore } from '../helpers/app.ts';
import { verifyWebhook } from '../../sdk/src/index.ts';
import { Receiver, type ReceivedRequest } from './receiver.ts';

const HOUR_MS = 3600_000;

describeEachDb('webhook secret rotation', (env) => {
  const receiver = new Receiver();
  let store: TestStore;
  let other: TestStore;
  let counter = 0;

  const dev = (method: 'GET' | 'POST' | 'PATCH', path: string, headers: Record<string, string> = env.staffHeaders(store), storeId: string | null = store.storeId, payload?: unknown) =>
    env.inject({ method, url: storeId === null ? path : `${path}${path.includes('?') ? '&' : '?'}storeId=${storeId}`, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });

  async function endpoint(s: TestStore = store) {
    const path = `/rotation-${++counter}`;
    const res = await env.inject({ method: 'POST', url: `/developer/webhooks?storeId=${s.storeId}`, headers: env.staffHeaders(s), payload: { url: `${receiver.baseUrl}${path}` } });
    assert.equal(res.statusCode, 201, res.body);
    return { id: res.data.endpoint.endpointId as string, secret: res.data.secret as string, path };
  }

  const rotate = (endpointId: string, headers?: Record<string, string>, storeId?: string | null) => dev('POST', `/developer/webhooks/${endpointId}/rotate-secret`, headers, storeId);

  /** One real signed delivery (the test event) to the endpoint; the request the receiver got. */
  async function deliver(e: { id: string; path: string }): Promise<ReceivedRequest> {
    const before = receiver.at(e.path).length;
    const res = await dev('POST', `/developer/webhooks/${e.id}/test`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.status, 'succeeded', res.body);
    const all = await receiver.waitFor(e.path, before + 1);
    return all[before]!;
  }

  const verifies = (req: ReceivedRequest, secret: string) => {
    try {
      verifyWebhook(req.body, req.headers as Record<string, string>, secret);
      return true;
    } catch {
      return false;
    }
  };
  const signatures = (req: ReceivedRequest) => String(req.headers['webhook-signature']).split(' ');

  before(async () => {
    await receiver.start();
    store = await env.createStore();
    other = await env.createStore();
  });
  after(() => receiver.stop());

  test('answers 200 with a new whsec_ secret shown once and when the old one stops signing; the list never shows secrets', async () => {
    const e = await endpoint();
    const started = Date.now();
    const res = await rotate(e.id);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.deepEqual(Object.keys(res.data).sort(), ['endpoint', 'ok', 'secret']);
    assert.match(res.data.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.notEqual(res.data.secret, e.secret);
    const expires = Date.parse(res.data.endpoint.previousSecretExpiresAt);
    assert.ok(Math.abs(expires - (started + 24 * HOUR_MS)) < 60_000, res.data.endpoint.previousSecretExpiresAt);
    const list = await dev('GET', '/developer/webhooks');
    assert.deepEqual(list.data.endpoints.find((x: any) => x.endpointId === e.id), res.data.endpoint);
    assert.ok(!list.body.includes('whsec_'));
    const fresh = await endpoint();
    assert.equal(list.data.endpoints.find((x: any) => x.endpointId === fresh.id)?.previousSecretExpiresAt ?? null, null);
  });

  test('for 24 hours a real delivery carries two signatures and verifies with either secret (SDK verifyWebhook); after that only the new one', async () => {
    const e = await endpoint();
    const before = await deliver(e);
    assert.equal(signatures(before).length, 1);
    const rotated = await rotate(e.id);
    const secret = rotated.data.secret as string;

    const during = await deliver(e);
    assert.equal(signatures(during).length, 2, String(during.headers['webhook-signature']));
    assert.match(String(during.headers['webhook-signature']), /^v1,\S+ v1,\S+$/);
    assert.ok(verifies(during, secret), 'the new secret verifies');
    assert.ok(verifies(during, e.secret), 'the previous secret verifies');
    assert.ok(!verifies(during, `whsec_${Buffer.alloc(32, 1).toString('base64')}`), 'another secret does not');

    try {
      // Just before the end of the overlap: still both.
      mock.timers.enable({ apis: ['Date'], now: Date.parse(rotated.data.endpoint.previousSecretExpiresAt) - 1000 });
      const late = await deliver(e);
      assert.equal(signatures(late).length, 2);
      assert.ok(verifies(late, e.secret) && verifies(late, secret));
      // 24 hours on: the new secret only.
      mock.timers.setTime(Date.parse(rotated.data.endpoint.previousSecretExpiresAt) + 1000);
      const afterwards = await deliver(e);
      assert.equal(signatures(afterwards).length, 1);
      assert.ok(verifies(afterwards, secret));
      assert.ok(!verifies(afterwards, e.secret), 'the previous secret no longer verifies');
      const listed = (await dev('GET', '/developer/webhooks')).data.endpoints.find((x: any) => x.endpointId === e.id);
      assert.equal(listed.previousSecretExpiresAt, null);
    } finally {
      mock.timers.reset();
    }
  });

  test('rotating twice within 24 hours keeps only the latest previous secret (the first one stops at once), with a fresh 24 hours', async () => {
    const e = await endpoint();
    const first = await rotate(e.id);
    try {
      mock.timers.enable({ apis: ['Date'], now: Date.now() + 2 * HOUR_MS });
      const second = await rotate(e.id);
      assert.equal(second.statusCode, 200, second.body);
      assert.ok(Date.parse(second.data.endpoint.previousSecretExpiresAt) > Date.parse(first.data.endpoint.previousSecretExpiresAt));
      const req = await deliver(e);
      assert.equal(signatures(req).length, 2);
      assert.ok(verifies(req, second.data.secret), 'the newest secret');
      assert.ok(verifies(req, first.data.secret), 'the secret the second rotation replaced');
      assert.ok(!verifies(req, e.secret), 'the original secret no longer signs');
    } finally {
      mock.timers.reset();
    }
  });

  test('PATCH {rotateSecret:true} rotates the same way (the old secret keeps signing for 24 hours)', async () => {
    const e = await endpoint();
    const res = await dev('PATCH', `/developer/webhooks/${e.id}`, undefined, store.storeId, { rotateSecret: true });
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(res.data.endpoint.previousSecretExpiresAt);
    const req = await deliver(e);
    assert.ok(verifies(req, e.secret) && verifies(req, res.data.secret));
  });

  test('concurrent rotations: every winner got a distinct secret, the stored one among them; losers get 409 conflict', async () => {
    const e = await endpoint();
    const results = await Promise.all(Array.from({ length: 5 }, () => rotate(e.id)));
    const won = results.filter((r) => r.statusCode === 200);
    assert.ok(won.length >= 1);
    for (const r of results) if (r.statusCode !== 200) expectError(r, 409, 'conflict');
    assert.equal(new Set(won.map((r) => r.data.secret)).size, won.length);
    const req = await deliver(e);
    assert.ok(won.some((r) => verifies(req, r.data.secret)));
  });

  test('auth and scoping: a developer key of the store may rotate; unknown, foreign and malformed ids are 404; other credentials are refused with the flat error body', async () => {
    const e = await endpoint();
    const devKey = env.keyHeaders(await env.createKey(store, ['developer']));
    const byKey = await rotate(e.id, devKey);
    assert.equal(byKey.statusCode, 200, byKey.body);
    const admin = (await env.addMember(store, { role: 'admin' })).headers;
    assert.equal((await rotate(e.id, admin)).statusCode, 200);

    expectError(await rotate('whe_unknown'), 404, 'not-found');
    expectError(await rotate('%20'), 404, 'not-found');
    expectError(await rotate('x'.repeat(101)), 404, 'not-found');
    // Another store's endpoint, named under one's own store: not found there.
    const theirs = await endpoint(other);
    expectError(await rotate(theirs.id), 404, 'not-found');
    expectError(await rotate(e.id, env.staffHeaders(other), other.storeId), 404, 'not-found');
    expectError(await rotate(e.id, env.keyHeaders(await env.createKey(other, ['developer'])), other.storeId), 404, 'not-found');
    // Naming this store with another store's credentials.
    expectError(await rotate(e.id, env.staffHeaders(other)), 403, 'forbidden');
    expectError(await rotate(e.id, env.keyHeaders(await env.createKey(other, ['developer']))), 401, 'invalid-api-key');
    // Wrong or missing credentials, a key without the developer scope, a staff-role member, no storeId.
    expectError(await rotate(e.id, {}), 401, 'unauthorized');
    expectError(await rotate(e.id, env.keyHeaders('isk_not_a_real_key')), 401, 'invalid-api-key');
    expectError(await rotate(e.id, env.keyHeaders(await env.createKey(store))), 403, 'forbidden');
    expectError(await rotate(e.id, (await env.addMember(store, { role: 'staff' })).headers), 403, 'forbidden');
    expectError(await rotate(e.id, devKey, null), 400, 'missing-store-id');

    // None of the refused calls changed the secret: the last successful rotation's secret still signs alone with its predecessor.
    const req = await deliver(e);
    assert.equal(signatures(req).length, 2);
  });

  test('is in /openapi.json as rotateWebhookSecret with its 200 and error responses', async () => {
    const doc = (await env.inject({ method: 'GET', url: '/openapi.json' })).data;
    const op = doc.paths['/developer/webhooks/{endpointId}/rotate-secret'].post;
    assert.equal(op.operationId, 'rotateWebhookSecret');
    assert.ok(op.responses['200'] && op.responses['404'] && op.responses['409'] && op.responses['401']);
    assert.ok(op.parameters.some((p: any) => p.name === 'storeId' && p.required));
  });
});


