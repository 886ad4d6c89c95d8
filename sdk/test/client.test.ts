// The request sender and the resources, against a real HTTP server on loopback that answers as each
// test scripts it (429, 503, dropped connections, silence, 304): what the client sends is read off
// the wire, and its retries are real requests.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { readFileSync } from 'node:fs';
import { createStoreClient, StoreApiError, type StoreClientOptions } from '../src/index.ts';
import { backoffDelay, createRequestSender, parseRetryAfter } from '../src/client.ts';
import { errorBody, Loopback } from './helpers/loopback.ts';

const KEY = 'isk_TESTKEY0123456789abcdefghijklmnopqrstu';
const STORE = 'acme';

describe('@store-integration/client request sender', () => {
  const server = new Loopback();
  const logs: { message: string; fields?: Record<string, unknown> }[] = [];
  const logger = { warn: (message: string, fields?: Record<string, unknown>) => logs.push({ message, fields }) };
  // The tests below count two retries; the default (sized for a restart) has a test of its own (restart.test.ts).
  const client = (options: Partial<StoreClientOptions> = {}) => createStoreClient({ baseUrl: server.baseUrl, storeId: STORE, apiKey: KEY, logger, maxRetries: 2, ...options });

  before(() => server.start());
  after(() => server.stop());
  const reset = (script: Parameters<Loopback['answer']>[0]) => {
    logs.length = 0;
    server.answer(script);
  };

  test('every request carries x-api-key, Authorization Bearer, X-Service-Contract-Version 2026-04-13, Accept and the storeId', async () => {
    reset(() => ({ status: 200, body: { ok: true, storeId: STORE, count: 0, products: [], publicProducts: [], publicServices: [] } }));
    await client().catalog.get();
    const [req] = server.requests;
    assert.equal(req.method, 'GET');
    assert.equal(req.path, '/v1IntegrationProducts');
    assert.equal(req.query.get('storeId'), STORE);
    assert.equal(req.headers['x-api-key'], KEY);
    assert.equal(req.headers.authorization, `Bearer ${KEY}`);
    assert.equal(req.headers['x-service-contract-version'], '2026-04-13');
    assert.equal(req.headers.accept, 'application/json');
  });

  test('a trailing slash on baseUrl is dropped', async () => {
    reset(() => ({ status: 200, body: { ok: true, storeId: STORE, promo: null } }));
    assert.equal(await client({ baseUrl: `${server.baseUrl}/` }).promo.get(), null);
    assert.equal(server.requests[0].path, '/v1IntegrationPromo');
  });

  test('bookings.create sends the raw serviceId (the <storeId>_ prefix removed) as JSON with an Idempotency-Key', async () => {
    reset(() => ({ status: 201, body: { ok: true, reference: 'IB-1' } }));
    const booking = { serviceId: `${STORE}_haircut`, bookingDate: '2026-12-01', bookingTime: '10:00', customer: { name: 'Ama', phone: '0201234567' } };
    await client().bookings.create(booking);
    const [req] = server.requests;
    assert.equal(req.method, 'POST');
    assert.equal(req.path, '/v1IntegrationBookings');
    assert.equal(req.query.get('storeId'), STORE);
    assert.equal(req.headers['content-type'], 'application/json');
    assert.deepEqual(req.json, { ...booking, serviceId: 'haircut' });
    assert.match(String(req.headers['idempotency-key']), /^[0-9a-f-]{36}$/);
  });

  test('checkout.create and preview send raw item ids on every line, keep the display id as originalProductId, and fill the store', async () => {
    reset(() => ({ status: 201, body: { ok: true } }));
    const payload = {
      clientOrderId: 'web-1',
      items: [{ item_id: `${STORE}_mug`, qty: 2 }, { productId: `${STORE}_shea`, quantity: 1 }, { id: 'plain', qty: 1, originalProductId: 'kept' }],
      cart: [{ productId: `${STORE}_mug`, item_id: `${STORE}_mug`, merchantId: STORE, quantity: 2 }],
      customer: { name: 'Kofi' },
      returnUrl: 'https://shop.example/ok',
      cancelUrl: 'https://shop.example/no',
    };
    await client().checkout.create(payload);
    await client().checkout.preview(payload);
    for (const req of server.requests) {
      assert.equal(req.json.storeId, STORE);
      assert.equal(req.json.merchantId, STORE);
      assert.equal(req.json.sourceChannel, 'client_website');
      assert.deepEqual(req.json.items, [
        { type: 'PRODUCT', item_type: 'product', item_id: 'mug', qty: 2, originalProductId: `${STORE}_mug` },
        { type: 'PRODUCT', item_type: 'product', productId: 'shea', quantity: 1, item_id: 'shea', originalProductId: `${STORE}_shea` },
        { type: 'PRODUCT', item_type: 'product', id: 'plain', qty: 1, item_id: 'plain', originalProductId: 'kept' },
      ]);
      assert.deepEqual(req.json.cart, [{ type: 'PRODUCT', item_type: 'product', productId: 'mug', item_id: 'mug', merchantId: STORE, quantity: 2, originalProductId: `${STORE}_mug` }]);
      assert.ok(req.headers['idempotency-key']);
    }
    assert.deepEqual(server.requests.map((r) => r.path), ['/integrationCheckoutCreate', '/v1IntegrationCheckoutPreview']);
  });

  test('availability and bookings.list send the raw serviceId; an id of another store keeps its text', async () => {
    reset(() => ({ status: 200, body: { ok: true, bookings: [] } }));
    await client().availability({ serviceId: `${STORE}_haircut`, from: new Date('2026-12-01T00:00:00Z'), to: '2026-12-08T00:00:00.000Z' });
    await client().bookings.list({ serviceId: `${STORE}_haircut`, status: 'confirmed' });
    await client().bookings.list({ serviceId: 'other_haircut' });
    const [availability, list, other] = server.requests;
    assert.equal(availability.path, '/v1IntegrationAvailability');
    assert.equal(availability.query.get('serviceId'), 'haircut');
    assert.equal(availability.query.get('from'), '2026-12-01T00:00:00.000Z');
    assert.equal(availability.query.get('to'), '2026-12-08T00:00:00.000Z');
    assert.equal(list.query.get('serviceId'), 'haircut');
    assert.equal(list.query.get('status'), 'confirmed');
    assert.equal(other.query.get('serviceId'), 'other_haircut');
  });

  test('every create gets its own Idempotency-Key unless the caller chooses one', async () => {
    reset(() => ({ status: 201, body: { ok: true } }));
    const booking = { serviceId: 'haircut', bookingDate: '2026-12-01', bookingTime: '10:00', customer: { name: 'Ama', phone: '0201234567' } };
    await client().bookings.create(booking);
    await client().bookings.create(booking);
    await client().bookings.create(booking, { idempotencyKey: 'form-7' });
    await client().checkout.create({ items: [] }, { idempotencyKey: 'order-7' });
    const keys = server.requests.map((r) => r.headers['idempotency-key']);
    assert.notEqual(keys[0], keys[1]);
    assert.deepEqual(keys.slice(2), ['form-7', 'order-7']);
  });

  test('a create retried after a 503 sends the same Idempotency-Key and body again', async () => {
    reset((_req, nth) => (nth === 1 ? { status: 503, body: errorBody('internal-error') } : { status: 201, body: { ok: true, reference: 'IB-2' } }));
    const created = await client().bookings.create({ serviceId: 'haircut', bookingDate: '2026-12-01', bookingTime: '10:00', customer: { name: 'Ama', phone: '0201234567' } });
    assert.equal(created.reference, 'IB-2');
    const [first, second] = server.requests;
    assert.equal(server.requests.length, 2);
    assert.equal(second.headers['idempotency-key'], first.headers['idempotency-key']);
    assert.equal(second.body, first.body);
  });

  test('a 429 is retried after its Retry-After, and the retry is logged with the request id', async () => {
    reset((_req, nth) => (nth === 1 ? { status: 429, headers: { 'retry-after': '1', 'x-service-request-id': 'req_limited' }, body: errorBody('rate-limited') } : { status: 200, body: { ok: true, storeId: STORE, gallery: [] } }));
    assert.deepEqual(await client().gallery.list(), []);
    assert.equal(server.requests.length, 2);
    assert.equal(logs.length, 1);
    assert.equal(logs[0].fields?.delayMs, 1000);
    assert.equal(logs[0].fields?.status, 429);
    assert.equal(logs[0].fields?.requestId, 'req_rate-limited');
    assert.match(logs[0].message, /GET \/integrationGallery failed \(429, request req_rate-limited\); retry 1 of 2 in 1000 ms/);
  });

  test('5xx answers are retried maxRetries times with growing jittered delays, then thrown as a retryable StoreApiError', async () => {
    reset(() => ({ status: 503, headers: { 'x-service-request-id': 'req_down' }, body: errorBody('internal-error', 'Try again later.') }));
    const error = await client().orders.status('ORD-1').then(() => null, (e: unknown) => e);
    assert.ok(error instanceof StoreApiError);
    assert.equal(server.requests.length, 3);
    assert.equal(error.status, 503);
    assert.equal(error.code, 'internal-error');
    assert.equal(error.message, 'Try again later.');
    assert.equal(error.requestId, 'req_internal-error');
    assert.equal(error.retryable, true);
    const delays = logs.map((l) => l.fields?.delayMs as number);
    assert.equal(delays.length, 2);
    assert.ok(delays[0] >= 250 && delays[0] <= 500, `first delay ${delays[0]}`);
    assert.ok(delays[1] >= 500 && delays[1] <= 1000, `second delay ${delays[1]}`);
  });

  test('a dropped connection is retried as a network error', async () => {
    reset((_req, nth) => (nth === 1 ? 'drop' : { status: 200, body: { ok: true, storeId: STORE, videos: [{ id: 'v1' }] } }));
    assert.deepEqual(await client().videos.list(), [{ id: 'v1' }]);
    assert.equal(server.requests.length, 2);
    assert.equal(logs[0].fields?.code, 'network-error');
  });

  test('a connection that keeps failing ends as a StoreApiError network-error with status 0', async () => {
    reset(() => 'drop');
    const error = await client({ maxRetries: 1 }).promo.get().catch((e: unknown) => e);
    assert.ok(error instanceof StoreApiError);
    assert.equal(error.status, 0);
    assert.equal(error.code, 'network-error');
    assert.equal(error.retryable, true);
    assert.equal(server.requests.length, 2);
  });

  test('an answer that does not come within timeoutMs is retried, then thrown as a timeout', async () => {
    reset(() => 'hang');
    const error = await client({ timeoutMs: 150, maxRetries: 1 }).catalog.get().catch((e: unknown) => e);
    assert.ok(error instanceof StoreApiError);
    assert.equal(error.code, 'timeout');
    assert.equal(error.status, 0);
    assert.equal(error.retryable, true);
    assert.match(error.message, /150 ms/);
    assert.equal(server.requests.length, 2);
  });

  test('a POST without an Idempotency-Key is sent once, whatever the answer', async () => {
    reset(() => ({ status: 503, body: errorBody('internal-error') }));
    const sender = createRequestSender({ baseUrl: server.baseUrl, storeId: STORE, apiKey: KEY });
    const error = await sender.send({ method: 'POST', path: '/anything', body: {} }).catch((e: unknown) => e);
    assert.ok(error instanceof StoreApiError);
    assert.equal(error.retryable, true);
    assert.equal(server.requests.length, 1);
    assert.equal(server.requests[0].headers['idempotency-key'], undefined);
  });

  test('a 4xx other than 429 is not retried and keeps the details of the flat error body', async () => {
    const details = [{ field: 'customer.phone', message: 'must have 9 to 15 digits' }];
    reset(() => ({ status: 400, body: errorBody('validation-failed', 'Check the fields.', { details }) }));
    const error = await client().bookings.create({ serviceId: 'x', bookingDate: '2026-12-01', bookingTime: '10:00', customer: { name: 'A', phone: '1' } }).catch((e: unknown) => e);
    assert.ok(error instanceof StoreApiError);
    assert.equal(server.requests.length, 1);
    assert.deepEqual({ status: error.status, code: error.code, details: error.details, retryable: error.retryable }, { status: 400, code: 'validation-failed', details, retryable: false });
  });

  test('contract-version-mismatch keeps expectedVersion and receivedVersion', async () => {
    reset(() => ({ status: 400, body: errorBody('contract-version-mismatch', 'Send 2026-04-13.', { expectedVersion: '2026-04-13', receivedVersion: '2025-01-01' }) }));
    const error = (await client().catalog.get().catch((e: unknown) => e)) as StoreApiError;
    assert.equal(error.code, 'contract-version-mismatch');
    assert.equal(error.expectedVersion, '2026-04-13');
    assert.equal(error.receivedVersion, '2025-01-01');
  });

  test('a 409 with Retry-After (the same request still running) is retried with the same key; a 409 without it is not', async () => {
    reset((_req, nth) => (nth === 1 ? { status: 409, headers: { 'retry-after': '0' }, body: errorBody('conflict') } : { status: 201, body: { ok: true, reference: 'ORD-1' } }));
    await client().checkout.create({ items: [{ item_id: 'mug', qty: 1 }] });
    assert.equal(server.requests.length, 2);
    assert.equal(server.requests[1].headers['idempotency-key'], server.requests[0].headers['idempotency-key']);

    reset(() => ({ status: 409, body: errorBody('out-of-stock') }));
    const error = (await client().checkout.create({ items: [{ item_id: 'mug', qty: 1 }] }).catch((e: unknown) => e)) as StoreApiError;
    assert.equal(error.code, 'out-of-stock');
    assert.equal(error.retryable, false);
    assert.equal(server.requests.length, 1);
  });

  test('a Retry-After longer than the call\'s budget (60 s by default) is not waited for: the 429 is thrown at once, saying how long was asked', async () => {
    reset(() => ({ status: 429, headers: { 'retry-after': '120' }, body: errorBody('rate-limited') }));
    const error = (await client().catalog.get().catch((e: unknown) => e)) as StoreApiError;
    assert.equal(error.status, 429);
    assert.equal(error.retryable, true);
    assert.equal(error.retryAfterMs, 120_000);
    assert.match(String(error), /retry after 120 s/);
    assert.equal(server.requests.length, 1);
    // A smaller budget, per client or per call, fails fast on a shorter wait too.
    reset(() => ({ status: 429, headers: { 'retry-after': '3' }, body: errorBody('rate-limited') }));
    const started = Date.now();
    const fast = (await client({ maxRetryDurationMs: 2_000 }).catalog.get().catch((e: unknown) => e)) as StoreApiError;
    assert.equal(fast.retryAfterMs, 3_000);
    assert.equal(server.requests.length, 1);
    const perCall = (await client().catalog.get({ maxRetryDurationMs: 2_000 }).catch((e: unknown) => e)) as StoreApiError;
    assert.equal(perCall.code, 'rate-limited');
    assert.equal(server.requests.length, 2);
    assert.ok(Date.now() - started < 2_000, 'no wait was started');
  });

  test('the budget bounds the whole call: backoff retries stop when the next one could not finish in time', async () => {
    reset(() => ({ status: 503, body: errorBody('service-unavailable') }));
    const started = Date.now();
    const error = (await client({ maxRetries: 10, maxRetryDurationMs: 1_200 }).promo.get().catch((e: unknown) => e)) as StoreApiError;
    assert.equal(error.status, 503);
    assert.ok(Date.now() - started < 2_500, `took ${Date.now() - started} ms`);
    assert.ok(server.requests.length >= 1 && server.requests.length <= 3, String(server.requests.length));
  });

  test('per-call options: timeoutMs, maxRetries and idempotencyKey override the client\'s for that call only', async () => {
    reset(() => 'hang');
    const timedOut = (await client({ timeoutMs: 10_000 }).promo.get({ timeoutMs: 150, maxRetries: 0 }).catch((e: unknown) => e)) as StoreApiError;
    assert.equal(timedOut.code, 'timeout');
    assert.equal(server.requests.length, 1);
    reset((_req, nth) => (nth === 1 ? { status: 500, body: errorBody('internal-error') } : { status: 201, body: { ok: true, reference: 'IB-1' } }));
    await client({ maxRetries: 0 }).bookings.create({ serviceId: 'cut', bookingDate: '2026-12-01', bookingTime: '10:00', customer: { name: 'Ama', phone: '0201234567' } }, { idempotencyKey: 'my-key-1', maxRetries: 1 });
    assert.deepEqual(server.requests.map((r) => r.headers['idempotency-key']), ['my-key-1', 'my-key-1']);
  });

  test('an AbortSignal cancels the call: before it starts, during an attempt and during the wait between attempts (code aborted, not retryable)', async () => {
    reset(() => ({ status: 200, body: { ok: true, storeId: STORE, promo: null } }));
    const early = (await client().promo.get({ signal: AbortSignal.abort() }).catch((e: unknown) => e)) as StoreApiError;
    assert.equal(early.code, 'aborted');
    assert.equal(server.requests.length, 0, 'nothing sent');
    reset(() => 'hang');
    const during = new AbortController();
    setTimeout(() => during.abort(), 100);
    const hung = (await client().promo.get({ signal: during.signal }).catch((e: unknown) => e)) as StoreApiError;
    assert.deepEqual([hung.code, hung.retryable, hung.status], ['aborted', false, 0]);
    reset(() => ({ status: 503, headers: { 'retry-after': '30' }, body: errorBody('service-unavailable') }));
    const waiting = new AbortController();
    const started = Date.now();
    let sentBeforeAbort = -1;
    setTimeout(() => {
      sentBeforeAbort = server.requests.length;
      waiting.abort();
    }, 300);
    const stopped = (await client().promo.get({ signal: waiting.signal }).catch((e: unknown) => e)) as StoreApiError;
    assert.equal(stopped.code, 'aborted');
    assert.ok(Date.now() - started < 5_000, 'the 30 s wait was cut short');
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.ok(sentBeforeAbort >= 1);
    assert.equal(server.requests.length, sentBeforeAbort, 'nothing sent after the abort');
  });

  test('every request says which client sent it (x-store-client: @store-integration/client/<version> node/<version>)', async () => {
    reset(() => ({ status: 200, body: { ok: true, storeId: STORE, promo: null } }));
    await client().promo.get();
    const { VERSION } = await import('../src/index.ts');
    assert.equal(server.requests[0].headers['x-store-client'], `@store-integration/client/${VERSION} node/${process.versions.node}`);
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    assert.equal(VERSION, pkg.version, 'src/version.ts follows package.json');
  });

  test('store.get reads GET /v1IntegrationStore and answers the store', async () => {
    reset(() => ({ status: 200, body: { ok: true, storeId: STORE, store: { id: STORE, name: 'Acme Salon', timezone: 'Africa/Accra' } } }));
    const info = await client().store.get();
    assert.equal(info.name, 'Acme Salon');
    assert.equal(server.requests[0].path, '/v1IntegrationStore');
    assert.equal(server.requests[0].query.get('storeId'), STORE);
  });

  test('listAll walks every page with its cursor, fetching a page only when the loop needs it; break stops', async () => {
    const pages: Record<string, { bookings: { bookingId: string }[]; nextCursor: string | null }> = {
      '': { bookings: [{ bookingId: 'b1' }, { bookingId: 'b2' }], nextCursor: 'c2' },
      c2: { bookings: [{ bookingId: 'b3' }], nextCursor: 'c3' },
      c3: { bookings: [{ bookingId: 'b4' }], nextCursor: null },
    };
    reset((req) => ({ status: 200, body: { ok: true, storeId: STORE, count: 1, ...pages[req.query.get('cursor') ?? ''] } }));
    const seen: string[] = [];
    for await (const b of client().bookings.listAll({ status: 'confirmed', limit: 2 })) seen.push(b.bookingId);
    assert.deepEqual(seen, ['b1', 'b2', 'b3', 'b4']);
    assert.deepEqual(server.requests.map((r) => [r.query.get('cursor'), r.query.get('status'), r.query.get('limit')]), [[null, 'confirmed', '2'], ['c2', 'confirmed', '2'], ['c3', 'confirmed', '2']]);
    reset((req) => ({ status: 200, body: { ok: true, storeId: STORE, count: 1, ...pages[req.query.get('cursor') ?? ''] } }));
    for await (const b of client().bookings.listAll()) if (b.bookingId === 'b2') break;
    assert.equal(server.requests.length, 1, 'the second page was never fetched');
    reset((req) => ({ status: 200, body: { ok: true, storeId: STORE, count: 1, customers: req.query.get('cursor') ? [{ id: 'c2' }] : [{ id: 'c1' }], nextCursor: req.query.get('cursor') ? null : 'next' } }));
    const customers: string[] = [];
    for await (const c of client().customers.listAll('ama')) customers.push(c.id);
    assert.deepEqual(customers, ['c1', 'c2']);
    assert.equal(server.requests[1].query.get('q'), 'ama');
  });

  test('client.request reaches any endpoint with the same headers, retries and errors; a POST carries an Idempotency-Key', async () => {
    reset((_req, nth) => (nth === 1 ? { status: 503, headers: { 'retry-after': '0' }, body: errorBody('service-unavailable') } : { status: 200, body: { ok: true, storeId: STORE, store: { name: 'Acme' } } }));
    const got = await client().request<{ store: { name: string } }>({ method: 'GET', path: '/v1IntegrationStore' });
    assert.equal(got.store.name, 'Acme');
    assert.equal(server.requests.length, 2);
    assert.equal(server.requests[1].query.get('storeId'), STORE);
    assert.equal(server.requests[1].headers['x-api-key'], KEY);
    reset(() => ({ status: 400, body: { ...errorBody('validation-failed'), details: [{ field: 'customer.phone', message: 'must have 9 to 15 digits' }] } }));
    const error = (await client().request({ method: 'POST', path: '/v1IntegrationBookings', body: { x: 1 } }).catch((e: unknown) => e)) as StoreApiError;
    assert.match(String(server.requests[0].headers['idempotency-key']), /^[0-9a-f-]{36}$/);
    assert.deepEqual(server.requests[0].json, { x: 1 });
    assert.match(String(error), /^StoreApiError 400 validation-failed: .* \[customer\.phone: must have 9 to 15 digits\]$/);
    assert.throws(() => client().request({ method: 'GET', path: 'v1IntegrationStore' }), TypeError);
  });

  test('maxRetries 0 sends each request once', async () => {
    reset(() => ({ status: 500, body: errorBody('internal-error') }));
    await assert.rejects(client({ maxRetries: 0 }).catalog.get(), StoreApiError);
    assert.equal(server.requests.length, 1);
  });

  test('the catalog is revalidated with If-None-Match: a 304 returns the kept body, a 200 replaces it', async () => {
    const v1 = { ok: true, storeId: STORE, count: 1, products: [{ id: 'mug' }], publicProducts: [], publicServices: [] };
    const v2 = { ...v1, products: [{ id: 'mug' }, { id: 'cup' }], count: 2 };
    reset((req, nth) => {
      if (nth === 1) return { status: 200, headers: { etag: '"v1"' }, body: v1 };
      if (nth === 2) return req.headers['if-none-match'] === '"v1"' ? { status: 304 } : { status: 500 };
      return { status: 200, headers: { etag: '"v2"' }, body: v2 };
    });
    const c = client();
    assert.deepEqual(await c.catalog.get(), v1);
    assert.deepEqual(await c.catalog.get(), v1);
    assert.deepEqual(await c.catalog.get(), v2);
    assert.deepEqual(server.requests.map((r) => r.headers['if-none-match']), [undefined, '"v1"', '"v1"']);
  });

  test('the legacy catalog is revalidated too and sends updatedSince', async () => {
    const body = { storeId: STORE, products: [{ id: 'mug', name: 'Mug', price: 1250, currency: 'GHS', updatedAt: '2026-01-01T00:00:00.000Z' }] };
    reset((req, nth) => (nth === 1 ? { status: 200, headers: { etag: 'W/"l1"' }, body } : req.headers['if-none-match'] === 'W/"l1"' ? { status: 304 } : { status: 500 }));
    const c = client();
    assert.deepEqual(await c.catalog.legacy({ updatedSince: '2026-01-01T00:00:00.000Z' }), body);
    assert.deepEqual(await c.catalog.legacy({ updatedSince: '2026-01-01T00:00:00.000Z' }), body);
    assert.equal(server.requests[0].path, '/integrationProducts');
    assert.equal(server.requests[0].query.get('updatedSince'), '2026-01-01T00:00:00.000Z');
  });

  test('an error answer that is not JSON (a proxy page) becomes http-<status> with the request id header', async () => {
    reset(() => ({ status: 404, headers: { 'content-type': 'text/html', 'x-service-request-id': 'req_html' }, body: '<h1>Not here</h1>' }));
    const error = (await client().catalog.get().catch((e: unknown) => e)) as StoreApiError;
    assert.equal(error.code, 'http-404');
    assert.equal(error.message, 'HTTP 404');
    assert.equal(error.requestId, 'req_html');
  });

  test('the key never appears in an error, a log line, toString() or an inspected or serialised client, even when echoed back', async () => {
    reset((_req, nth) =>
      nth === 1
        ? { status: 503, body: errorBody('internal-error', `upstream said ${KEY}`) }
        : { status: 401, body: errorBody('invalid-api-key', `The key ${KEY} is not valid for ${STORE}.`, { details: [{ field: KEY, message: `bad ${KEY}` }] }) },
    );
    const c = client();
    const error = (await c.catalog.get().catch((e: unknown) => e)) as StoreApiError;
    assert.equal(error.code, 'invalid-api-key');
    for (const text of [error.message, String(error), error.toString(), JSON.stringify(error), inspect(error, { depth: 5 }), error.stack ?? '', JSON.stringify(logs), String(c), JSON.stringify(c), inspect(c, { depth: 5 })]) {
      assert.ok(!text.includes(KEY), `the key leaked into: ${text}`);
    }
    assert.match(error.message, /The key \[redacted\] is not valid/);
    assert.match(String(c), /StoreClient\(acme at http:\/\/127\.0\.0\.1:\d+\)/);
  });

  test('resources shape answers: promo and orders unwrapped, gallery filtered, services by the website rule, customers and top sellers with their parameters', async () => {
    const catalog = {
      ok: true, storeId: STORE, count: 3, publicProducts: [], publicServices: [],
      products: [{ id: 'mug', itemType: 'product', type: 'PRODUCT' }, { id: 'cut', itemType: 'SERVICE', type: 'x' }, { id: 'nail', itemType: 'x', type: 'Service' }],
    };
    reset((req) => {
      switch (req.path) {
        case '/v1IntegrationProducts': return { status: 200, body: catalog };
        case '/v1IntegrationPromo': return { status: 200, body: { ok: true, storeId: STORE, promo: { id: 'p1', title: 'Hello' } } };
        case '/integrationGallery': return { status: 200, body: { ok: true, storeId: STORE, gallery: [{ id: 'a', url: 'https://x/a.jpg', isPublished: true }, { id: 'b', url: ' ', isPublished: true }, { id: 'c', url: 'https://x/c.jpg', isPublished: false }, { id: 'd', url: 'https://x/d.jpg' }] } };
        case '/v1IntegrationOrderStatus': return { status: 200, body: { ok: true, storeId: STORE, order: { reference: req.query.get('reference'), status: 'paid' } } };
        default: return { status: 200, body: { ok: true, storeId: STORE, path: req.path } };
      }
    });
    const c = client();
    assert.deepEqual((await c.catalog.services()).map((s) => s.id), ['cut', 'nail']);
    assert.deepEqual(await c.promo.get(), { id: 'p1', title: 'Hello' });
    assert.deepEqual((await c.gallery.list()).map((g) => g.id), ['a', 'd']);
    assert.deepEqual(await c.orders.status('ORD-9'), { reference: 'ORD-9', status: 'paid' });
    await c.customers.list('ama');
    await c.customers.list({ q: 'kofi', limit: 5, cursor: 'abc' });
    await c.topSelling({ days: 7, limit: 3 });
    const [customers1, customers2, top] = server.requests.slice(-3);
    assert.equal(customers1.path, '/integrationCustomers');
    assert.equal(customers1.query.get('q'), 'ama');
    assert.deepEqual(Object.fromEntries(customers2.query), { storeId: STORE, q: 'kofi', limit: '5', cursor: 'abc' });
    assert.deepEqual(Object.fromEntries(top.query), { storeId: STORE, days: '7', limit: '3' });
    assert.equal(top.path, '/integrationTopSelling');
  });

  test('createStoreClient refuses to start without baseUrl, storeId or apiKey', () => {
    assert.throws(() => createStoreClient({ baseUrl: '', storeId: STORE, apiKey: KEY }), /baseUrl/);
    assert.throws(() => createStoreClient({ baseUrl: server.baseUrl, storeId: '', apiKey: KEY }), /storeId/);
    assert.throws(() => createStoreClient({ baseUrl: server.baseUrl, storeId: STORE, apiKey: '' }), /apiKey/);
  });
});

describe('retry timing rules', () => {
  test('backoff grows by doubling from 500 ms up to 8 s, with jitter in the upper half of each step', () => {
    for (let retry = 0; retry < 8; retry++) {
      const step = Math.min(8000, 500 * 2 ** retry);
      for (let i = 0; i < 50; i++) {
        const d = backoffDelay(retry);
        assert.ok(d >= step / 2 && d <= step, `retry ${retry}: ${d}`);
      }
    }
  });

  test('Retry-After is read as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    assert.equal(parseRetryAfter('2', now), 2000);
    assert.equal(parseRetryAfter('0', now), 0);
    assert.equal(parseRetryAfter('Mon, 23 Nov 2026 10:00:03 GMT', now), 3000);
    assert.equal(parseRetryAfter('Mon, 23 Nov 2026 09:00:00 GMT', now), 0);
    assert.equal(parseRetryAfter('soon', now), null);
    assert.equal(parseRetryAfter(null, now), null);
  });
});
