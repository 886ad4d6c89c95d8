// The JSON examples in docs/*.md against the running service. Every ```json block carries a marker
// comment on the line before it:
//   <!-- checked: <example id> -->    compared with what the service sends (EXAMPLES below)
//   <!-- not checked: <reason> -->    e.g. a request body
// A checked example must have the same field names as the real JSON, recursively, and values of
// the same JSON type (a documented `null` or "…" accepts any value; a real `null` matches any
// documented value, for nullable fields). An object with a "…" (or "...") key is abridged: its
// other keys must exist, more may. Arrays compare their first elements. A documented id or
// reference (`evt_…`, `ORD-…`) must have the real one's prefix.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDeliveryWorker } from '../../src/modules/events/workers.ts';
import { seedDemo } from '../../src/seed/demo.ts';
import { CONTRACT_VERSION, describeEachDb, type Response, type TestEnv } from '../helpers/app.ts';
import { eventually, Receiver } from '../events/receiver.ts';

const DOCS = join(import.meta.dirname, '../../docs');

export interface DocExample {
  file: string;
  line: number;
  /** The example id of a `checked` marker; null for `not checked`. */
  id: string | null;
  json: unknown;
}

/** Every ```json block of the docs with its marker; throws on a block without one. */
export function docExamples(dir = DOCS): DocExample[] {
  const found: DocExample[] = [];
  const unmarked: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.md')).sort()) {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n');
    lines.forEach((text, i) => {
      if (text.trim() !== '```json') return;
      const end = lines.indexOf('```', i + 1);
      const marker = /^<!-- (?:checked: ([\w.-]+)|not checked: .+) -->$/.exec(lines[i - 1]?.trim() ?? '');
      if (!marker) unmarked.push(`${file}:${i + 1}`);
      else found.push({ file, line: i + 1, id: marker[1] ?? null, json: JSON.parse(lines.slice(i + 1, end).join('\n')) });
    });
  }
  if (unmarked.length) throw new Error(`JSON examples without a <!-- checked: id --> or <!-- not checked: reason --> line before them: ${unmarked.join(', ')}`);
  return found;
}

const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const ELLIPSIS = new Set(['…', '...']);

/** Where the documented example and the real JSON differ in field names or JSON types. */
export function shapeDifferences(doc: unknown, real: unknown, path = '$'): string[] {
  if (doc === null || (typeof doc === 'string' && ELLIPSIS.has(doc)) || real === null) return [];
  if (kind(doc) !== kind(real)) return [`${path}: documented ${kind(doc)}, service sends ${kind(real)}`];
  if (Array.isArray(doc)) {
    const items = real as unknown[];
    if (doc.length === 0 || items.length === 0) return [];
    return shapeDifferences(doc[0], items[0], `${path}[0]`);
  }
  if (typeof doc === 'string') {
    // Identifiers and references keep their documented prefix (`evt_…`, `ORD-…`, `IB-…`).
    const prefix = /^(?:[A-Z]{2,}-|(?:evt|bkg|ord|cus|whe|dlv|syr|req|key|post|isk|whsec|sst)_)/.exec(doc)?.[0];
    return prefix && !(real as string).startsWith(prefix) ? [`${path}: documented "${doc}", service sends "${real}"`] : [];
  }
  if (kind(doc) !== 'object') return [];
  const documented = doc as Record<string, unknown>;
  const sent = real as Record<string, unknown>;
  const abridged = Object.keys(documented).some((k) => ELLIPSIS.has(k));
  const out: string[] = [];
  for (const key of Object.keys(documented)) {
    if (ELLIPSIS.has(key)) continue;
    if (!(key in sent)) out.push(`${path}.${key}: documented, not sent`);
    else out.push(...shapeDifferences(documented[key], sent[key], `${path}.${key}`));
  }
  if (!abridged) for (const key of Object.keys(sent)) if (!(key in documented)) out.push(`${path}.${key}: sent, not documented`);
  return out;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The real JSON for every example id: responses of the documented requests, and webhook bodies. */
async function collectExamples(env: TestEnv, receiver: Receiver): Promise<Record<string, unknown>> {
  const seeded = await seedDemo(env.app.ctx, { onlyIfEmpty: false });
  const creds = JSON.parse(readFileSync(seeded.credentialsPath, 'utf8'));
  const storeId: string = creds.storeId;
  const key = { 'x-api-key': creds.integrationKey, 'x-service-contract-version': CONTRACT_VERSION };
  const login = await env.inject({ method: 'POST', url: '/api/auth/login', payload: creds.staff });
  const staff = { authorization: `Bearer ${login.data.token}` };
  const customersKey = await env.inject({ method: 'POST', url: `/developer/keys?storeId=${storeId}`, headers: staff, payload: { name: 'docs', scopes: ['customers:read'] } });
  const ok = (res: Response, status = 200) => {
    assert.equal(res.statusCode, status, `${res.statusCode} ${res.body}`);
    return res.data;
  };
  const get = (url: string, headers: Record<string, string> = key) => env.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: unknown, headers: Record<string, string> = key) => env.inject({ method: 'POST', url, headers, payload: payload as any });

  const endpoint = ok(await post(`/developer/webhooks?storeId=${storeId}`, { url: `${receiver.baseUrl}/docs-hooks` }, staff), 201).endpoint;
  const examples: Record<string, unknown> = {};

  examples['availability'] = ok(await get(`/v1IntegrationAvailability?storeId=${storeId}&serviceId=skin-consultation&from=${day(2)}T00:00:00Z&to=${day(9)}T00:00:00Z`));
  // A slot nobody has booked yet (the demo seed books some): taking all its seats makes the next booking a 409.
  const slot = (examples['availability'] as any).slots.find((s: any) => s.remaining === s.capacity);
  const booking = {
    serviceId: 'skin-consultation', serviceName: 'Skin Consultation', bookingDate: slot.date, bookingTime: slot.time, quantity: slot.capacity, notes: 'First visit',
    customer: { name: 'Ama Mensah', phone: '+233 24 123 4567', email: 'ama@example.com' },
    paymentMethod: 'cash', paymentAmount: 80, sourceChannel: 'client_website', attributes: { source: 'website' },
  };
  examples['booking-created'] = ok(await post(`/v1IntegrationBookings?storeId=${storeId}`, booking), 201);
  // A service that asks a deposit (20%): the answer carries the payment to make.
  const deposit = ok(
    await post(
      `/api/stores/${storeId}/items`,
      { name: 'Knotless braids', itemType: 'service', price: 400, schedule: { durationMinutes: 60, weeklyHours: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => ({ day: d, start: '09:00', end: '17:00' })), deposit: { percent: 20 } } },
      staff,
    ),
    201,
  ).item;
  examples['booking-created-deposit'] = ok(await post(`/v1IntegrationBookings?storeId=${storeId}`, { ...booking, serviceId: deposit.id, serviceName: undefined, bookingTime: '10:00', quantity: 1 }), 201);
  examples['error-body'] = (await post(`/v1IntegrationBookings?storeId=${storeId}`, booking)).data;
  assert.equal((examples['error-body'] as any).error, 'slot-unavailable');

  const order = ok(await post('/integrationCheckoutCreate', {
    storeId, clientOrderId: 'web-1042', currency: 'GHS', sourceChannel: 'client_website',
    items: [{ type: 'PRODUCT', item_type: 'product', item_id: 'shea-body-cream', qty: 2 }],
    customer: { name: 'Kofi Mensah', email: 'kofi@example.com', phone: '+233 24 123 4567' },
    returnUrl: 'https://shop.example/checkout/success', cancelUrl: 'https://shop.example/checkout/cancel',
  }), 201);
  examples['checkout-created'] = order;
  const page = await get(`/pay/${order.reference}`, {});
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  assert.equal((await env.inject({ method: 'POST', url: `/pay/${order.reference}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `action=pay&token=${token}` })).statusCode, 303);

  examples['promo'] = ok(await get(`/v1IntegrationPromo?storeId=${storeId}`));
  examples['gallery'] = ok(await get(`/integrationGallery?storeId=${storeId}`));
  examples['videos'] = ok(await get(`/integrationVideos?storeId=${storeId}`));
  examples['customers'] = ok(await get(`/integrationCustomers?storeId=${storeId}&limit=50&q=ama`, { 'x-api-key': customersKey.data.secret }));

  const syncUrl = `/developer/sync-runs?storeId=${storeId}`;
  const feed = [
    { id: 'soap', name: 'Black Soap', itemType: 'product', price: 12.5, stockCount: 40 },
    { id: 'braids', name: 'Box Braids', itemType: 'service', priceMinor: 15000, schedule: { durationMinutes: 90, weeklyHours: [{ day: 'sat', start: '09:00', end: '17:00' }] } },
  ];
  examples['sync-dry-run'] = ok(await post(syncUrl, { mode: 'upsert', items: feed, dryRun: true }, staff));
  examples['sync-run'] = ok(await post(syncUrl, { mode: 'upsert', items: feed }, staff), 201);
  examples['sync-failed'] = (await post(syncUrl, { mode: 'upsert', items: [...feed, { id: 'bad', name: 'Bad', itemType: 'product', price: -1 }] }, staff)).data;
  assert.equal((examples['sync-failed'] as any).error, 'validation-failed');

  ok(await post(`/api/stores/${storeId}/blog/posts`, { title: 'New braiding styles', excerpt: 'Three new styles.', contentHtml: '<p>Three new styles.</p>', status: 'published' }, staff), 201);
  ok(await env.inject({ method: 'POST', url: `/developer/webhooks/${endpoint.endpointId}/test?storeId=${storeId}`, headers: staff }));
  ok(await post(`/api/stores/${storeId}/items`, { id: 'black-soap', name: 'Black soap', itemType: 'product', price: 12.5, stockCount: 40, category: 'Body' }, staff), 201);
  ok(await post(`/api/stores/${storeId}/customers`, { name: 'Esi Owusu', email: 'esi@example.com', phone: '024 111 2222' }, staff), 201);
  ok(await post(`/api/stores/${storeId}/orders/${order.orderId}/refund`, {}, staff));

  // Every event above reaches the receiver through the delivery worker.
  const worker = createDeliveryWorker(env.app.ctx, { pollMs: 50 });
  worker.start();
  try {
    const wanted = ['booking.created', 'order.paid', 'blog.post.published', 'catalog.sync.succeeded', 'webhook.test', 'catalog.item.created', 'customer.created', 'order.refunded'];
    const events = await eventually(async () => {
      const bodies = receiver.at('/docs-hooks').map((r) => JSON.parse(r.body));
      return wanted.every((t) => bodies.some((b) => b.type === t)) ? bodies : null;
    });
    for (const type of wanted) examples[`event-${type}`] = events.find((b) => b.type === type);
  } finally {
    await worker.stop();
  }
  const deliveries = ok(await get(`/developer/webhooks/${endpoint.endpointId}/deliveries?storeId=${storeId}`, staff));
  examples['delivery'] = deliveries.deliveries[0];
  return examples;
}

test('every JSON example in the docs is marked as checked or not', () => {
  const all = docExamples();
  assert.ok(all.filter((e) => e.id).length >= 15, 'the response examples are checked');
});

test('the shape comparison catches renamed, missing and mistyped fields, and honours "…"', () => {
  assert.deepEqual(shapeDifferences({ a: 1, b: { c: 'x' } }, { a: 2, b: { c: 'y' } }), []);
  assert.deepEqual(shapeDifferences({ a: 1, b: 2 }, { a: 1, c: 2 }), ['$.b: documented, not sent', '$.c: sent, not documented']);
  assert.deepEqual(shapeDifferences({ a: '1' }, { a: 1 }), ['$.a: documented string, service sends number']);
  assert.deepEqual(shapeDifferences({ a: [{ b: 1 }] }, { a: [{ b: 1, c: 2 }] }), ['$.a[0].c: sent, not documented']);
  assert.deepEqual(shapeDifferences({ a: 1, '…': 'more' }, { a: 1, c: 2 }), []);
  assert.deepEqual(shapeDifferences({ a: null, b: '…' }, { a: { x: 1 }, b: [1] }), []);
  assert.deepEqual(shapeDifferences({ reference: 'SIS-…', id: 'evt_…' }, { reference: 'ORD-7K2M9Q4XH3PB', id: 'evt_0mw' }), ['$.reference: documented "SIS-…", service sends "ORD-7K2M9Q4XH3PB"']);
});

describeEachDb('docs JSON examples against the service', (env) => {
  const receiver = new Receiver();
  let real: Record<string, unknown>;
  before(async () => {
    await receiver.start();
    real = await collectExamples(env, receiver);
  });
  after(() => receiver.stop());

  for (const example of docExamples().filter((e) => e.id)) {
    test(`${example.file}:${example.line} (${example.id}) has the service's field names and types`, () => {
      assert.ok(example.id! in real, `no request for example id "${example.id}" in test/docs/examples.test.ts`);
      assert.deepEqual(shapeDifferences(example.json, real[example.id!]), [], JSON.stringify(real[example.id!], null, 1));
    });
  }
});
