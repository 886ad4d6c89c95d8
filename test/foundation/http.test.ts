import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CONTRACT_VERSION, describeEachDb, expectError } from '../helpers/app.ts';

describeEachDb('cross-cutting HTTP', (env) => {
  test('every response carries the request id and contract version headers, errors included', async () => {
    for (const url of ['/healthz', '/nope', '/v1IntegrationProducts']) {
      const res = await env.inject({ method: 'GET', url });
      assert.match(String(res.headers['x-service-request-id']), /^req_/);
      assert.equal(res.headers['x-service-contract-version'], CONTRACT_VERSION);
    }
  });

  test('unknown paths, the slash-style checkout path and a version path segment are 404 not-found', async () => {
    for (const url of ['/integration/checkout/create', '/2026-04-13/v1IntegrationProducts', '/v1/v1IntegrationProducts', '/nothing-here']) {
      const res = await env.inject({ method: url.includes('checkout') ? 'POST' : 'GET', url, payload: url.includes('checkout') ? {} : undefined });
      expectError(res, 404, 'not-found');
      assert.equal(res.data.requestId, res.headers['x-service-request-id']);
    }
  });

  test('a path parameter longer than the router allows is a flat 404, with the request id header', async () => {
    const store = await env.createStore();
    const res = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/items/${'x'.repeat(300)}`, headers: env.staffHeaders(store) });
    expectError(res, 404, 'not-found');
    assert.equal(res.data.requestId, res.headers['x-service-request-id']);
  });

  test('a different contract version gets 400 with expectedVersion and receivedVersion', async () => {
    const store = await env.createStore();
    const key = await env.createKey(store);
    const res = await env.inject({
      method: 'GET',
      url: `/v1IntegrationProducts?storeId=${store.storeId}`,
      headers: { ...env.keyHeaders(key), 'x-service-contract-version': '2025-01-01' },
    });
    expectError(res, 400, 'contract-version-mismatch');
    assert.equal(res.data.expectedVersion, CONTRACT_VERSION);
    assert.equal(res.data.receivedVersion, '2025-01-01');
  });

  test('malformed JSON is 400 invalid-json; an oversized body is 413 payload-too-large; a wrong content type is 415', async () => {
    const bad = await env.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email": "a@b.c",' });
    expectError(bad, 400, 'invalid-json');
    const big = await env.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'x'.repeat(1024 * 1024 + 10), password: 'y' }) });
    expectError(big, 413, 'payload-too-large');
    const type = await env.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expectError(type, 415, 'unsupported-media-type');
  });

  test('healthz and readyz answer', async () => {
    assert.equal((await env.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
    const ready = await env.inject({ method: 'GET', url: '/readyz' });
    assert.equal(ready.statusCode, 200);
    assert.equal(ready.data.database, env.dialect.name);
  });

  test('security headers are set; CORS is open on public endpoints only', async () => {
    const store = await env.createStore();
    const pub = await env.inject({ method: 'GET', url: `/publicQuickPayCatalog?storeId=${store.storeId}`, headers: { origin: 'https://shop.example' } });
    assert.equal(pub.statusCode, 200);
    assert.equal(pub.headers['access-control-allow-origin'], '*');
    assert.equal(pub.headers['x-content-type-options'], 'nosniff');
    const key = await env.createKey(store);
    const priv = await env.inject({ method: 'GET', url: `/v1IntegrationProducts?storeId=${store.storeId}`, headers: { ...env.keyHeaders(key), origin: 'https://shop.example' } });
    assert.equal(priv.statusCode, 200);
    assert.equal(priv.headers['access-control-allow-origin'], undefined);
  });

  test('the OpenAPI document covers every route', async () => {
    const res = await env.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.data.openapi, '3.1.0');
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries(res.data.paths as Record<string, object>)) {
      for (const method of Object.keys(ops)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    const served = env.app.registeredRoutes.filter((r) => !r.hidden && r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.startsWith('/docs'));
    assert.ok(served.length > 15);
    for (const route of served) {
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      assert.ok(documented.has(`${route.method} ${path}`), `${route.method} ${route.url} is in /openapi.json`);
    }
    const docs = await env.inject({ method: 'GET', url: '/docs/' });
    assert.equal(docs.statusCode, 200);
    assert.match(docs.body, /swagger/i);
  });
});
