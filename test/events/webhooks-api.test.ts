import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type TestEnv, type TestStore } from '../helpers/app.ts';
import { integrationAuthMatrix } from '../helpers/integration-auth-matrix.ts';

const RECEIVER = 'http://127.0.0.1:9/hook';

function dev(env: TestEnv, store: TestStore, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: unknown, headers = env.staffHeaders(store), storeId = store.storeId) {
  const sep = path.includes('?') ? '&' : '?';
  return env.inject({ method, url: `${path}${sep}storeId=${storeId}`, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

async function createEndpoint(env: TestEnv, store: TestStore, body: Record<string, unknown> = {}) {
  const res = await dev(env, store, 'POST', '/developer/webhooks', { url: RECEIVER, ...body });
  assert.equal(res.statusCode, 201, res.body);
  return res.data as { endpoint: any; secret: string };
}

describeEachDb('webhook endpoints API', (env) => {
  let store: TestStore;
  let other: TestStore;

  before(async () => {
    store = await env.createStore();
    other = await env.createStore();
  });

  describe('POST /developer/webhooks', () => {
    test('registers an endpoint for every event by default and shows a whsec_ secret once', async () => {
      const res = await dev(env, store, 'POST', '/developer/webhooks', { url: RECEIVER, description: 'partner site' });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.match(res.data.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
      const { endpoint } = res.data;
      assert.match(endpoint.endpointId, /^whe_/);
      assert.deepEqual(
        { url: endpoint.url, events: endpoint.events, description: endpoint.description, enabled: endpoint.enabled, disabledReason: endpoint.disabledReason },
        { url: RECEIVER, events: ['*'], description: 'partner site', enabled: true, disabledReason: null },
      );
      assert.match(endpoint.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const list = await dev(env, store, 'GET', '/developer/webhooks');
      assert.equal(list.statusCode, 200);
      const listed = list.data.endpoints.find((e: any) => e.endpointId === endpoint.endpointId);
      assert.deepEqual(listed, endpoint);
      assert.ok(!list.body.includes(res.data.secret), 'the secret is never listed');
      assert.ok(!list.body.includes('whsec_'));
    });

    test('accepts a list of known event types (deduplicated)', async () => {
      const { endpoint } = await createEndpoint(env, store, { events: ['order.paid', 'booking.created', 'order.paid'] });
      assert.deepEqual(endpoint.events, ['order.paid', 'booking.created']);
    });

    test('rejects unknown event types and an empty list with field details', async () => {
      const res = await dev(env, store, 'POST', '/developer/webhooks', { url: RECEIVER, events: ['order.paid', 'order.shipped', '**'] });
      expectError(res, 400, 'validation-failed');
      assert.deepEqual(res.data.details.map((d: any) => d.field), ['events.1', 'events.2']);
      const empty = await dev(env, store, 'POST', '/developer/webhooks', { url: RECEIVER, events: [] });
      expectError(empty, 400, 'validation-failed');
      assert.equal(empty.data.details[0].field, 'events');
    });

    test('rejects missing, malformed, non-http and oversized input', async () => {
      for (const body of [{}, { url: '' }, { url: 'not a url' }, { url: 'ftp://example.com/x' }, { url: 'javascript:alert(1)' }, { url: 'http://user:pw@127.0.0.1/x' }, { url: 42 }]) {
        const res = await dev(env, store, 'POST', '/developer/webhooks', body);
        expectError(res, 400, 'validation-failed');
        assert.equal(res.data.details[0].field, 'url', JSON.stringify(body));
      }
      expectError(await dev(env, store, 'POST', '/developer/webhooks', { url: `http://127.0.0.1/${'a'.repeat(2100)}` }), 400, 'validation-failed');
      const long = await dev(env, store, 'POST', '/developer/webhooks', { url: RECEIVER, description: 'x'.repeat(501) });
      expectError(long, 400, 'validation-failed');
      assert.equal(long.data.details[0].field, 'description');
      expectError(await dev(env, store, 'POST', '/developer/webhooks', { url: RECEIVER, events: 'order.paid' }), 400, 'validation-failed');
      expectError(await dev(env, store, 'POST', '/developer/webhooks', { url: RECEIVER, secret: 'whsec_mine' }), 400, 'validation-failed');
      const malformed = await env.inject({ method: 'POST', url: `/developer/webhooks?storeId=${store.storeId}`, headers: { ...env.staffHeaders(store), 'content-type': 'application/json' }, payload: '{"url":' });
      expectError(malformed, 400, 'invalid-json');
    });
  });

  describe('PATCH /developer/webhooks/{endpointId}', () => {
    test('changes events, description and URL; rotating returns a new secret once', async () => {
      const { endpoint, secret } = await createEndpoint(env, store);
      const path = `/developer/webhooks/${endpoint.endpointId}`;
      const res = await dev(env, store, 'PATCH', path, { events: ['blog.post.published'], description: null, url: 'http://127.0.0.1:9/other' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.data.secret, undefined);
      assert.deepEqual([res.data.endpoint.events, res.data.endpoint.description, res.data.endpoint.url], [['blog.post.published'], null, 'http://127.0.0.1:9/other']);
      const rotated = await dev(env, store, 'PATCH', path, { rotateSecret: true });
      assert.equal(rotated.statusCode, 200);
      assert.match(rotated.data.secret, /^whsec_/);
      assert.notEqual(rotated.data.secret, secret);
      const list = await dev(env, store, 'GET', '/developer/webhooks');
      assert.deepEqual(list.data.endpoints.find((e: any) => e.endpointId === endpoint.endpointId), rotated.data.endpoint);
    });

    test('concurrent rotations apply one after another over the secret each read; the losers get 409 conflict', async () => {
      const { endpoint } = await createEndpoint(env, store);
      const path = `/developer/webhooks/${endpoint.endpointId}`;
      const results = await Promise.all(Array.from({ length: 5 }, () => dev(env, store, 'PATCH', path, { rotateSecret: true })));
      const won = results.filter((r) => r.statusCode === 200);
      assert.ok(won.length >= 1);
      for (const r of results) if (r.statusCode !== 200) expectError(r, 409, 'conflict');
      const stored = await env.db.selectFrom('webhook_endpoints').select('secret').where('id', '=', endpoint.endpointId).executeTakeFirstOrThrow();
      assert.ok(won.some((r) => r.data.secret === stored.secret), 'the stored secret was handed to a caller');
      assert.equal(new Set(won.map((r) => r.data.secret)).size, won.length);
    });

    test('disables and re-enables an endpoint', async () => {
      const { endpoint } = await createEndpoint(env, store);
      const path = `/developer/webhooks/${endpoint.endpointId}`;
      const off = await dev(env, store, 'PATCH', path, { enabled: false });
      assert.deepEqual([off.data.endpoint.enabled, off.data.endpoint.disabledReason], [false, 'disabled by the store']);
      const on = await dev(env, store, 'PATCH', path, { enabled: true });
      assert.deepEqual([on.data.endpoint.enabled, on.data.endpoint.disabledReason], [true, null]);
    });

    test('rejects bad input and unknown ids', async () => {
      const { endpoint } = await createEndpoint(env, store);
      const path = `/developer/webhooks/${endpoint.endpointId}`;
      expectError(await dev(env, store, 'PATCH', path, { events: ['nope'] }), 400, 'validation-failed');
      expectError(await dev(env, store, 'PATCH', path, { url: 'gopher://x' }), 400, 'validation-failed');
      expectError(await dev(env, store, 'PATCH', path, { enabled: 'yes' }), 400, 'validation-failed');
      expectError(await dev(env, store, 'PATCH', path, { description: 'x'.repeat(501) }), 400, 'validation-failed');
      expectError(await dev(env, store, 'PATCH', '/developer/webhooks/whe_unknown', { enabled: false }), 404, 'not-found');
    });
  });

  describe('DELETE /developer/webhooks/{endpointId}', () => {
    test('deletes an endpoint; a second delete is 404', async () => {
      const { endpoint } = await createEndpoint(env, store);
      const path = `/developer/webhooks/${endpoint.endpointId}`;
      const res = await dev(env, store, 'DELETE', path);
      assert.deepEqual([res.statusCode, res.data], [200, { ok: true, endpointId: endpoint.endpointId }]);
      const list = await dev(env, store, 'GET', '/developer/webhooks');
      assert.ok(!list.data.endpoints.some((e: any) => e.endpointId === endpoint.endpointId));
      expectError(await dev(env, store, 'DELETE', path), 404, 'not-found');
      expectError(await dev(env, store, 'GET', `${path}/deliveries`), 404, 'not-found');
    });
  });

  describe('tenant isolation', () => {
    test("another store's staff cannot list, change, delete, test or read deliveries of this store's endpoints", async () => {
      const { endpoint } = await createEndpoint(env, store);
      const path = `/developer/webhooks/${endpoint.endpointId}`;
      const asOther = env.staffHeaders(other);
      // Naming this store: not a member.
      expectError(await dev(env, store, 'GET', '/developer/webhooks', undefined, asOther), 403, 'forbidden');
      expectError(await dev(env, store, 'PATCH', path, { enabled: false }, asOther), 403, 'forbidden');
      expectError(await dev(env, store, 'DELETE', path, undefined, asOther), 403, 'forbidden');
      expectError(await dev(env, store, 'POST', `${path}/test`, undefined, asOther), 403, 'forbidden');
      expectError(await dev(env, store, 'GET', `${path}/deliveries`, undefined, asOther), 403, 'forbidden');
      // Naming its own store: the endpoint does not exist there.
      const ownList = await dev(env, other, 'GET', '/developer/webhooks');
      assert.ok(!ownList.data.endpoints.some((e: any) => e.endpointId === endpoint.endpointId));
      expectError(await dev(env, other, 'PATCH', path, { enabled: false, url: 'http://127.0.0.1:9/stolen' }), 404, 'not-found');
      expectError(await dev(env, other, 'DELETE', path), 404, 'not-found');
      expectError(await dev(env, other, 'POST', `${path}/test`), 404, 'not-found');
      expectError(await dev(env, other, 'GET', `${path}/deliveries`), 404, 'not-found');
      const after = (await dev(env, store, 'GET', '/developer/webhooks')).data.endpoints.find((e: any) => e.endpointId === endpoint.endpointId);
      assert.deepEqual(after, endpoint, 'nothing changed');
    });

    test("another store's developer key gets 401 for this store and 404 for this store's endpoint ids", async () => {
      const { endpoint } = await createEndpoint(env, store);
      const path = `/developer/webhooks/${endpoint.endpointId}`;
      const otherKey = env.keyHeaders(await env.createKey(other, ['developer']));
      expectError(await dev(env, store, 'GET', '/developer/webhooks', undefined, otherKey), 401, 'invalid-api-key');
      expectError(await dev(env, store, 'POST', '/developer/webhooks', { url: RECEIVER }, otherKey), 401, 'invalid-api-key');
      expectError(await dev(env, store, 'DELETE', path, undefined, otherKey), 401, 'invalid-api-key');
      expectError(await dev(env, other, 'PATCH', path, { enabled: false }, otherKey), 404, 'not-found');
      expectError(await dev(env, other, 'DELETE', path, undefined, otherKey), 404, 'not-found');
      expectError(await dev(env, other, 'POST', `${path}/test`, undefined, otherKey), 404, 'not-found');
      expectError(await dev(env, other, 'GET', `${path}/deliveries`, undefined, otherKey), 404, 'not-found');
    });

    test('a developer key of the store can manage its endpoints; a staff-role member and a website key cannot', async () => {
      const devKey = env.keyHeaders(await env.createKey(store, ['developer']));
      const created = await dev(env, store, 'POST', '/developer/webhooks', { url: RECEIVER }, devKey);
      assert.equal(created.statusCode, 201, created.body);
      const websiteKey = env.keyHeaders(await env.createKey(store));
      expectError(await dev(env, store, 'POST', '/developer/webhooks', { url: RECEIVER }, websiteKey), 403, 'forbidden');
      const member = (await env.addMember(store, { role: 'staff' })).headers;
      expectError(await dev(env, store, 'GET', '/developer/webhooks', undefined, member), 403, 'forbidden');
    });
  });

  test('every webhook route is in /openapi.json with its request and response schemas', async () => {
    const res = await env.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(res.statusCode, 200);
    const paths = res.data.paths as Record<string, Record<string, any>>;
    const expected: Array<[string, string]> = [
      ['post', '/developer/webhooks'],
      ['get', '/developer/webhooks'],
      ['patch', '/developer/webhooks/{endpointId}'],
      ['delete', '/developer/webhooks/{endpointId}'],
      ['post', '/developer/webhooks/{endpointId}/test'],
      ['get', '/developer/webhooks/{endpointId}/deliveries'],
    ];
    for (const [method, path] of expected) {
      const op = paths[path]?.[method];
      assert.ok(op, `${method} ${path} documented`);
      assert.ok(op.responses['200'] ?? op.responses['201'], `${method} ${path} has its success response`);
      assert.ok(op.responses['404'], `${method} ${path} documents errors`);
    }
    assert.ok(paths['/developer/webhooks'].post.requestBody);
    assert.ok(paths['/developer/webhooks/{endpointId}'].patch.requestBody);
  });

  describe('GET /developer/webhooks auth matrix', () => {
    integrationAuthMatrix(env, { path: '/developer/webhooks', scope: 'developer', scopesWithoutIt: ['catalog:read', 'bookings:write'] });
  });
});

describeEachDb('webhook SSRF guard at registration (private targets not allowed)', (env) => {
  let store: TestStore;
  before(async () => {
    store = await env.createStore();
  });

  test('refuses http, loopback, private, link-local, CGNAT, mapped and unique-local targets', async () => {
    const refused = [
      'http://93.184.215.14/hook',
      'https://127.0.0.1/hook',
      'https://127.1.2.3:8443/hook',
      'https://2130706433/hook',
      'https://0x7f000001/hook',
      'https://localhost/hook',
      'https://10.1.2.3/hook',
      'https://172.16.0.1/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/hook',
      'https://0.0.0.0/hook',
      'https://224.0.0.1/hook',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:a9fe:a9fe]/hook',
      'https://[fd00::1]/hook',
      'https://[fe80::1]/hook',
    ];
    for (const url of refused) {
      const res = await dev(env, store, 'POST', '/developer/webhooks', { url });
      expectError(res, 400, 'validation-failed');
      assert.equal(res.data.details[0].field, 'url', url);
    }
    const list = await dev(env, store, 'GET', '/developer/webhooks');
    assert.deepEqual(list.data.endpoints, []);
  });

  test('accepts an https URL on a public address, and refuses a PATCH to a private one', async () => {
    const res = await dev(env, store, 'POST', '/developer/webhooks', { url: 'https://93.184.215.14/hook' });
    assert.equal(res.statusCode, 201, res.body);
    const patch = await dev(env, store, 'PATCH', `/developer/webhooks/${res.data.endpoint.endpointId}`, { url: 'https://[::ffff:10.0.0.1]/x' });
    expectError(patch, 400, 'validation-failed');
  });
}, { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' } });
