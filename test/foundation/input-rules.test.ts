// CONTRACT §9 input rules, decided once for every route (src/http/input-rules.ts): NUL characters,
// JSON depth, empty JSON bodies, repeated query parameters, multipart without boundary, Content-Encoding.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { DateTime } from 'luxon';
import { describeEachDb, expectError, type TestStore } from '../helpers/app.ts';

/** Log lines of the app under test (level 30 and up), to prove refused input logs no error. */
const logLines: Array<{ level: number; msg: string; err?: unknown }> = [];
const logStream = new Writable({
  write(chunk, _encoding, callback) {
    for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    callback();
  },
});

const nested = (depth: number, leaf = '1') => '['.repeat(depth) + leaf + ']'.repeat(depth);
const json = { 'content-type': 'application/json' };

describeEachDb('input rules for every route', (env) => {
  let store: TestStore;
  let key: string;
  let serviceId: string;
  const bookingDate = DateTime.now().setZone('Africa/Accra').plus({ days: 3 }).toISODate()!;
  const booking = (customer: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ serviceId, bookingDate, bookingTime: '10:00', customer, ...extra });
  const customer = { name: 'Ama Mensah', phone: '+233 24 123 4567', email: 'ama@example.test' };

  before(async () => {
    store = await env.createStore({ timezone: 'Africa/Accra' });
    key = await env.createKey(store);
    const weeklyHours = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, start: '09:00', end: '17:00' }));
    serviceId = (await env.createItem(store, { itemType: 'service', price: 50, schedule: { durationMinutes: 60, capacity: 5, maxAdvanceDays: 365, weeklyHours } })).id;
  });

  test('a NUL character in a query string is 400 validation-failed naming the parameter, on public routes without credentials too', async () => {
    for (const [url, field] of [
      ['/publicQuickPayCatalog?storeId=%00', 'storeId'],
      ['/api/public/blog?storeSlug=a%00b', 'storeSlug'],
      ['/api/public/blog/rss?storeSlug=%00', 'storeSlug'],
      [`/integrationProducts?storeId=${store.storeId}&updatedSince=a%00`, 'updatedSince'],
    ]) {
      const res = await env.inject({ method: 'GET', url, headers: url.startsWith('/integration') ? env.keyHeaders(key) : {} });
      expectError(res, 400, 'validation-failed');
      assert.deepEqual(res.data.details.map((d: any) => d.field), [field], url);
    }
  });

  test('a NUL character anywhere in a JSON body, value or key, is 400 validation-failed naming the field', async () => {
    const signup = await env.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'nul@example.test', password: 'correct horse battery', name: 'a\u0000b', store: { name: 'Nul\u0000 shop' } },
    });
    expectError(signup, 400, 'validation-failed');
    assert.deepEqual(signup.data.details.map((d: any) => d.field), ['name', 'store.name']);

    const post = (payload: unknown, headers: Record<string, string> = {}) =>
      env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${store.storeId}`, headers: { ...env.keyHeaders(key), ...headers }, payload: payload as object });
    const name = await post(booking({ ...customer, name: '\u0000' }));
    expectError(name, 400, 'validation-failed');
    assert.deepEqual(name.data.details.map((d: any) => d.field), ['customer.name']);
    const attribute = await post(booking(customer, { attributes: { notes: ['ok', 'x\u0000'] } }), { 'idempotency-key': 'nul-attribute' });
    expectError(attribute, 400, 'validation-failed');
    assert.deepEqual(attribute.data.details.map((d: any) => d.field), ['attributes.notes.1']);
    const keyName = await post(booking(customer, { attributes: { 'a\u0000': 1 } }));
    expectError(keyName, 400, 'validation-failed');
    assert.deepEqual(keyName.data.details.map((d: any) => d.field), ['attributes.a\\u0000']);
  });

  test('a NUL character in a form body is 400 validation-failed', async () => {
    const res = await env.inject({
      method: 'POST',
      url: '/pay/ORD-NOSUCHORDER',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay%00',
    });
    expectError(res, 400, 'validation-failed');
    assert.deepEqual(res.data.details.map((d: any) => d.field), ['action']);
  });

  test('a NUL character in a path parameter is 404 not-found in the flat body, on HTML pages too', async () => {
    for (const url of ['/s/a%00b/blog', '/s/a%00b/blog/post', '/pay/ORD-%00', `/api/stores/${store.storeId}%00/items`, `/api/stores/${store.storeId}/items/x%00`]) {
      const res = await env.inject({ method: 'GET', url, headers: env.staffHeaders(store) });
      expectError(res, 404, 'not-found');
      assert.match(String(res.headers['content-type']), /^application\/json/, url);
    }
  });

  test('refused input is logged below error level, without a stack trace', async () => {
    logLines.length = 0;
    await env.inject({ method: 'GET', url: '/publicQuickPayCatalog?storeId=%00' });
    await env.inject({ method: 'GET', url: '/pay/ORD-%00' });
    await env.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'nul2@example.test', password: 'correct horse battery', name: 'a\u0000', store: { name: 'S' } } });
    assert.ok(logLines.some((l) => l.msg === 'request rejected'), 'the rejections are logged');
    assert.deepEqual(logLines.filter((l) => l.level >= 50 || l.err !== undefined), []);
  });

  test('a JSON body nested deeper than 64 levels is 400 validation-failed (with or without an Idempotency-Key); 64 levels, and brackets inside strings, are served', async () => {
    const deep = `{"serviceId":"${serviceId}","bookingDate":"${bookingDate}","bookingTime":"10:00","customer":{"name":"A","phone":"+233241234567"},"attributes":${nested(5000)}}`;
    for (const headers of [{}, { 'idempotency-key': 'deep-body' }]) {
      const res = await env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${store.storeId}`, headers: { ...env.keyHeaders(key), ...json, ...headers }, payload: deep });
      expectError(res, 400, 'validation-failed');
      assert.deepEqual(res.data.details, [{ field: 'body', message: 'must not be nested deeper than 64 levels' }]);
    }
    const checkout = await env.inject({
      method: 'POST',
      url: `/integrationCheckoutCreate?storeId=${store.storeId}`,
      headers: { ...env.keyHeaders(key), ...json, 'idempotency-key': 'deep-checkout' },
      payload: `{"items":${nested(64)}}`, // 65 levels
    });
    expectError(checkout, 400, 'validation-failed');
    assert.equal(checkout.data.details[0].field, 'body');

    // The body is level 1 and `attributes` (free-form) level 2, so 62 arrays inside it make 64.
    const body = `{"serviceId":"${serviceId}","bookingDate":"${bookingDate}","bookingTime":"11:00","customer":{"name":"A [{","phone":"+233241234567"},"attributes":{"deep":${nested(62, '"[[[[{{{{\\"]]"')}}}`;
    const ok = await env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${store.storeId}`, headers: { ...env.keyHeaders(key), ...json }, payload: body });
    assert.equal(ok.statusCode, 201, ok.body);
    assert.equal(ok.data.booking.customer.name, 'A [{');
  });

  test('an empty body with Content-Type application/json is an empty object where no body is needed', async () => {
    const created = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/blog/posts`, headers: env.staffHeaders(store), payload: { title: 'Empty body', contentHtml: '<p>x</p>' } });
    assert.equal(created.statusCode, 201, created.body);
    const publish = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/blog/posts/${created.data.post.id}/publish`, headers: { ...env.staffHeaders(store), ...json }, payload: '' });
    assert.equal(publish.statusCode, 200, publish.body);
    assert.equal(publish.data.post.status, 'published');
    const test = await env.inject({ method: 'POST', url: `/developer/webhooks/whe_nothing/test?storeId=${store.storeId}`, headers: { ...env.staffHeaders(store), ...json }, payload: '' });
    expectError(test, 404, 'not-found');
    // Where a body is needed, the empty object is validated like any other.
    const login = await env.inject({ method: 'POST', url: '/api/auth/login', headers: json, payload: '' });
    expectError(login, 400, 'validation-failed');
  });

  test('a repeated query parameter is 400 validation-failed on every route; sent once it is served', async () => {
    const multipart = {
      'content-type': 'multipart/form-data; boundary=b',
    };
    const file = '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--b--\r\n';
    const upload = await env.inject({ method: 'POST', url: `/api/uploads?storeId=${store.storeId}&storeId=${store.storeId}x`, headers: { ...env.staffHeaders(store), ...multipart }, payload: file });
    expectError(upload, 400, 'validation-failed');
    assert.deepEqual(upload.data.details, [{ field: 'storeId', message: 'must be sent once' }]);
    for (const [url, headers] of [
      [`/publicQuickPayCatalog?storeId=${store.storeId}&storeId=b`, {}],
      [`/api/public/blog?storeSlug=${store.slug}&storeSlug=b`, {}],
      [`/v1IntegrationProducts?storeId=${store.storeId}&storeId=${store.storeId}`, env.keyHeaders(key)],
      [`/api/stores/${store.storeId}/orders?status=paid&status=pending`, env.staffHeaders(store)],
      [`/developer/keys?storeId=${store.storeId}&storeId=${store.storeId}`, env.staffHeaders(store)],
    ] as const) {
      expectError(await env.inject({ method: 'GET', url, headers }), 400, 'validation-failed');
    }
    assert.equal((await env.inject({ method: 'GET', url: `/publicQuickPayCatalog?storeId=${store.storeId}` })).statusCode, 200);
  });

  test('a multipart body without a boundary is 415 unsupported-media-type; one cut short is 400 validation-failed', async () => {
    const res = await env.inject({
      method: 'POST',
      url: `/api/uploads?storeId=${store.storeId}`,
      headers: { ...env.staffHeaders(store), 'content-type': 'multipart/form-data' },
      payload: 'Content-Disposition: form-data; name="file"\r\n\r\nx',
    });
    expectError(res, 415, 'unsupported-media-type');
    const cutShort = await env.inject({
      method: 'POST',
      url: `/api/uploads?storeId=${store.storeId}`,
      headers: { ...env.staffHeaders(store), 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expectError(cutShort, 400, 'validation-failed');
    assert.deepEqual(cutShort.data.details.map((d: any) => d.field), ['file']);
  });

  test('a body with a Content-Encoding (gzip) is 415 unsupported-media-type, not parsed as plain text', async () => {
    const res = await env.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...json, 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'a@example.test', password: 'x' })),
    });
    expectError(res, 415, 'unsupported-media-type');
    assert.match(res.data.message, /Content-Encoding gzip/);
    const identity = await env.inject({ method: 'POST', url: '/api/auth/login', headers: { ...json, 'content-encoding': 'identity' }, payload: { email: 'a@example.test', password: 'wrong password' } });
    expectError(identity, 401, 'unauthorized');
  });
}, { deps: { logger: { level: 'info', stream: logStream } } });
