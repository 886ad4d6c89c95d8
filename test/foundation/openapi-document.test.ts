// /openapi.json is good enough to generate clients from (issue 14): every operation has a stable
// camelCase operationId, the resources are named component schemas that the routes refer to,
// public operations say they need no credentials, and Redocly's recommended rules find no error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApiDocument } from '../../scripts/openapi-document.ts';
import { lintOpenApi } from '../../scripts/lint-openapi.ts';
import { OPERATION_IDS } from '../../src/http/operation-ids.ts';
import { NAMED_SCHEMAS } from '../../src/http/openapi-named.ts';

const doc = await openApiDocument();
const operations = Object.entries<any>(doc.paths).flatMap(([path, item]) =>
  Object.entries<any>(item).filter(([m]) => ['get', 'put', 'post', 'patch', 'delete'].includes(m)).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, op })),
);

test('every operation has a stable camelCase operationId from src/http/operation-ids.ts, and the table names only real routes', () => {
  const missing = operations.filter((o) => !OPERATION_IDS[o.key]).map((o) => o.key);
  assert.deepEqual(missing, [], `add these to OPERATION_IDS in src/http/operation-ids.ts: ${missing.join(', ')}`);
  const routes = new Set(operations.map((o) => o.key));
  assert.deepEqual(Object.keys(OPERATION_IDS).filter((k) => !routes.has(k)), [], 'names for routes that do not exist');
  const ids = operations.map((o) => o.op.operationId);
  assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
  for (const id of ids) assert.match(id, /^[a-z][a-zA-Z0-9]*$/);
});

test('the resources are named component schemas, and route schemas refer to them', () => {
  const text = JSON.stringify(doc.paths) + JSON.stringify(doc.components.schemas);
  for (const name of Object.keys(NAMED_SCHEMAS)) {
    assert.ok(doc.components.schemas[name], name);
    assert.ok(text.includes(`"#/components/schemas/${name}"`), `no route refers to ${name}: its schema no longer matches the route's`);
  }
});

test('public operations declare no security; integration operations require storeId; idempotent writes document their header', () => {
  for (const { key, op } of operations) {
    assert.ok(Array.isArray(op.security), `${key} declares its security`);
    const integration = op.security.some((s: any) => 'apiKey' in s);
    if (integration) {
      const storeId = (op.parameters ?? []).find((p: any) => p.in === 'query' && p.name === 'storeId');
      if (storeId) assert.equal(storeId.required, true, `${key}: storeId required`);
      const tooMany = op.responses['429'].$ref ? doc.components.responses[op.responses['429'].$ref.split('/').pop()] : op.responses['429'];
      assert.ok(tooMany.headers['Retry-After'], `${key}: 429 says Retry-After`);
      assert.ok(tooMany.headers['RateLimit-Limit'], `${key}: 429 says its budget`);
      assert.ok(Object.keys(op.responses).some((s) => s.startsWith('2')), `${key}: a 2xx answer`);
    }
  }
  for (const key of ['POST /v1IntegrationBookings', 'POST /integrationCheckoutCreate', 'POST /v1IntegrationCheckoutPreview']) {
    const op = operations.find((o) => o.key === key)!.op;
    assert.ok(op.parameters.some((p: any) => p.in === 'header' && p.name === 'idempotency-key'), `${key}: Idempotency-Key`);
  }
  assert.deepEqual(operations.find((o) => o.key === 'GET /publicQuickPayCatalog')!.op.security, []);
  assert.ok(operations.find((o) => o.key === 'POST /api/uploads')!.op.requestBody.content['multipart/form-data']);
});

test('Redocly lint (recommended rules) finds no error', async () => {
  const errors = (await lintOpenApi()).filter((p) => p.severity === 'error');
  assert.deepEqual(errors, [], 'npm run lint:openapi prints them');
});

test('the document declares what the service checks: booking date, time, phone and email; checkout URLs and contact; blog title and slug; webhook events', () => {
  const schemas = doc.components.schemas;
  const bodyOf = (key: string) => {
    const op = operations.find((o) => o.key === key)!.op;
    const schema = op.requestBody.content['application/json'].schema;
    return schema.$ref ? schemas[schema.$ref.split('/').pop()] : schema;
  };
  const booking = schemas.BookingRequest;
  assert.equal(new RegExp(booking.properties.bookingDate.pattern).test('2026-12-01'), true);
  assert.equal(new RegExp(booking.properties.bookingTime.pattern).test('24:00'), false);
  const phone = new RegExp(booking.properties.customer.properties.phone.pattern, 'u');
  assert.deepEqual(['+233 24 123 4567', '12345678', '1234567890123456'].map((p) => phone.test(p)), [true, false, false]);
  const checkout = schemas.CheckoutRequest;
  assert.ok(checkout.properties.returnUrl.pattern && checkout.properties.customer.properties.email.pattern);
  const post = bodyOf('POST /api/stores/{storeId}/blog/posts');
  const title = new RegExp(post.properties.title.pattern, 'u');
  assert.deepEqual(['abcd', '  abcde  ', '😀😀😀😀😀'].map((t) => title.test(t)), [false, true, true]);
  assert.ok(post.properties.slug.anyOf[0].pattern);
  const hook = bodyOf('POST /developer/webhooks');
  assert.equal(hook.properties.events.minItems, 1);
  assert.ok(hook.properties.events.items.anyOf.some((e: any) => e.const === 'order.paid'));
});

test('the reference says what the server does: storeId is required on GET /publicQuickPayCatalog (test/catalog checks the answer), a blog title is 5–120 characters', () => {
  const quickPay = doc.paths['/publicQuickPayCatalog'].get.parameters.find((p: any) => p.name === 'storeId');
  assert.equal(quickPay.required, true);
  const create = doc.paths['/api/stores/{storeId}/blog/posts'].post.requestBody.content['application/json'].schema;
  const schema = create.$ref ? doc.components.schemas[create.$ref.split('/').pop()] : create;
  const pattern = new RegExp(schema.properties.title.pattern, 'u');
  assert.ok(pattern.test('x'.repeat(120)) && pattern.test(`  ${'x'.repeat(120)}  `) && pattern.test('Hello'));
  assert.ok(!pattern.test('x'.repeat(121)) && !pattern.test('Four'), 'the schema refuses what the server refuses');
});
