// The calls added for Client 1.0 against the real service (buildApp listening on loopback), on both
// database engines: the public blog, bookables (services and courses), availability by the store's
// local days across daylight-saving changes (the service's clock set with node:test's mock timers),
// error codes typed from the service's own list, checkoutCart's per-merchant return URLs, and its
// allOrNothing mode (a failed merchant cancels the checkouts already made).
import { before, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { describeEachDb, type TestStore } from '../../test/helpers/app.ts';
import { ERROR_CODES, type ErrorCode } from '../../src/shared/error-codes.ts';
import { checkoutCart, createStoreClient, StoreApiError, type ServiceErrorCode, type StoreApiErrorCode, type StoreClient } from '../src/index.ts';

const WEBSITE_SCOPES = ['catalog:read', 'content:read', 'availability:read', 'bookings:read', 'bookings:write', 'checkout:write', 'orders:read'];
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

// Compile-time: the generated union is exactly the service's list (npx tsc --noEmit -p sdk checks this file).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const generatedIsTheServiceList: Same<ServiceErrorCode, ErrorCode> = true;
// A code a newer service may add still type-checks, and known codes stay narrowable.
const future: StoreApiErrorCode = 'some-future-code';

describeEachDb('@store-integration/client 1.0 calls against the service', (env) => {
  let base: string;
  let store: TestStore;
  let key: string;
  let client: StoreClient;
  let haircut: { id: string };
  let course: { id: string };
  let allDay: { id: string };
  /** Paths the client asked for (fetch is observed, not replaced). */
  const paths: string[] = [];
  const observingFetch: typeof fetch = async (input, init) => {
    paths.push(new URL(String(input)).pathname);
    return fetch(input, init);
  };

  const staff = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) =>
    env.inject({ method, url, headers: env.staffHeaders(store), payload }).then((res) => {
      assert.ok(res.statusCode < 300, `${url}: ${res.statusCode} ${res.body}`);
      return res.data;
    });

  before(async () => {
    await env.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}`;
    store = await env.createStore({ name: 'Thames School', currency: 'GBP', timezone: 'Europe/London' });
    key = await env.createKey(store, WEBSITE_SCOPES);
    const schedule = (days: string[], start: string, end: string) => ({ durationMinutes: 60, slotIntervalMinutes: 60, capacity: 1, maxAdvanceDays: 730, weeklyHours: days.map((day) => ({ day, start, end })) });
    await env.createItem(store, { name: 'Notebook', price: 3, stockCount: 10 });
    // Closed on Tuesdays: a day without slots still appears.
    haircut = await env.createItem(store, { name: 'Haircut', itemType: 'service', price: 20, schedule: schedule(WEEK.filter((d) => d !== 'tue'), '09:00', '12:00') });
    course = await env.createItem(store, { name: 'Pottery course', itemType: 'course', price: 120, schedule: schedule(WEEK, '18:00', '20:00') });
    allDay = await env.createItem(store, { name: 'Studio hire', itemType: 'service', price: 15, schedule: schedule(WEEK, '00:00', '24:00') });
    client = createStoreClient({ baseUrl: base, storeId: store.storeId, apiKey: key, fetch: observingFetch });
  });

  test('catalog.bookables returns services and courses; catalog.services still returns services only', async () => {
    assert.deepEqual((await client.catalog.bookables()).map((i) => i.name).sort(), ['Haircut', 'Pottery course', 'Studio hire']);
    assert.deepEqual((await client.catalog.services()).map((i) => i.name).sort(), ['Haircut', 'Studio hire']);
  });

  test('availability.days: "today" is the store\'s local date, every day is listed (a closed Tuesday too), and slot instants follow the October clock change', async () => {
    // 23:30 UTC on Wednesday 27 October 2027 is 00:30 on Thursday 28 October in London (BST);
    // the clocks go back at 01:00 UTC on Sunday 31 October.
    mock.timers.enable({ apis: ['Date'], now: Date.parse('2027-10-27T23:30:00Z') });
    try {
      paths.length = 0;
      const week = await client.availability.days({ serviceId: `${store.storeId}_${haircut.id}`, days: 7 });
      assert.equal(week.timezone, 'Europe/London');
      assert.equal(week.serviceId, haircut.id);
      assert.deepEqual(week.days.map((d) => [d.date, d.weekday]), [
        ['2027-10-28', 'thu'], ['2027-10-29', 'fri'], ['2027-10-30', 'sat'], ['2027-10-31', 'sun'], ['2027-11-01', 'mon'], ['2027-11-02', 'tue'], ['2027-11-03', 'wed'],
      ]);
      for (const day of week.days) {
        assert.deepEqual(day.slots.map((s) => s.time), day.weekday === 'tue' ? [] : ['09:00', '10:00', '11:00'], day.date);
        assert.ok(day.slots.every((s) => s.date === day.date));
        // 09:00 is 08:00 UTC under summer time, 09:00 UTC once the clocks went back.
        if (day.slots.length) assert.equal(day.slots[0].start, `${day.date}T${day.date < '2027-10-31' ? '08' : '09'}:00:00.000Z`);
      }
      // The time zone came from one store.get(); a second call reuses it.
      await client.availability.days({ serviceId: haircut.id, days: 1 });
      assert.deepEqual(paths, ['/v1IntegrationStore', '/v1IntegrationAvailability', '/v1IntegrationAvailability']);
    } finally {
      mock.timers.reset();
    }
  });

  test('availability.days over the March clock change: a 23-hour day, and each day runs from its own local midnight', async () => {
    mock.timers.enable({ apis: ['Date'], now: Date.parse('2028-03-20T12:00:00Z') });
    try {
      // The clocks go forward at 01:00 UTC on Sunday 26 March 2028.
      const { days } = await client.availability.days({ serviceId: allDay.id, from: '2028-03-25', days: 3 });
      assert.deepEqual(days.map((d) => d.date), ['2028-03-25', '2028-03-26', '2028-03-27']);
      const [sat, sun, mon] = days;
      assert.equal(sat.slots.length, 24);
      assert.deepEqual([sat.slots[0].start, sat.slots.at(-1)!.start], ['2028-03-25T00:00:00.000Z', '2028-03-25T23:00:00.000Z']);
      // 01:00 does not exist that Sunday: 23 hours, the last one at 23:00 BST = 22:00 UTC.
      assert.ok(!sun.slots.some((s) => s.time === '01:00'));
      assert.equal(sun.slots.at(-1)!.time, '23:00');
      assert.deepEqual([sun.slots[0].start, sun.slots.at(-1)!.start], ['2028-03-26T00:00:00.000Z', '2028-03-26T22:00:00.000Z']);
      // Monday starts at its local midnight, 23:00 UTC on Sunday, and ends before Tuesday's.
      assert.equal(mon.slots.length, 24);
      assert.deepEqual([mon.slots[0].time, mon.slots[0].start], ['00:00', '2028-03-26T23:00:00.000Z']);
      assert.deepEqual([mon.slots.at(-1)!.time, mon.slots.at(-1)!.start], ['23:00', '2028-03-27T22:00:00.000Z']);
      // A course is booked the same way.
      const evenings = await client.availability.days({ serviceId: course.id, from: new Date('2028-03-26T23:30:00Z'), days: 1 });
      assert.deepEqual(evenings.days.map((d) => [d.date, d.slots.map((s) => s.time)]), [['2028-03-27', ['18:00', '19:00']]]);
    } finally {
      mock.timers.reset();
    }
  });

  test('availability.days refuses a bad days or from before sending', async () => {
    const codeOf = (p: Promise<unknown>) => p.then(() => 'none', (e: StoreApiError) => `${e.status} ${e.code} ${e.details[0]?.field}`);
    assert.equal(await codeOf(client.availability.days({ serviceId: haircut.id, days: 0 })), '0 validation-failed days');
    assert.equal(await codeOf(client.availability.days({ serviceId: haircut.id, days: 61 })), '0 validation-failed days');
    assert.equal(await codeOf(client.availability.days({ serviceId: haircut.id, from: 'next week' })), '0 validation-failed from');
  });

  test('blog: list pages with a cursor, listAll, get by slug (drafts are 404 post-not-found) and the RSS feed URL', async () => {
    const titles = ['Kiln opening hours', 'New glazes this term', 'Meet the teachers'];
    for (const title of titles) await staff('POST', `/api/stores/${store.storeId}/blog/posts`, { title, contentHtml: `<p>${title}</p>`, excerpt: `About ${title}`, status: 'published' });
    const draft = (await staff('POST', `/api/stores/${store.storeId}/blog/posts`, { title: 'Not ready yet', contentHtml: '<p>draft</p>' })).post;

    const first = await client.blog.list({ limit: 2 });
    assert.equal(first.items.length, 2);
    assert.ok(first.nextCursor);
    const second = await client.blog.list({ limit: 2, cursor: first.nextCursor! });
    assert.equal(second.items.length, 1);
    assert.equal(second.nextCursor, null);
    const all: string[] = [];
    for await (const post of client.blog.listAll({ limit: 1 })) all.push(post.slug);
    assert.deepEqual(all, [...first.items, ...second.items].map((p) => p.slug));
    assert.deepEqual(all.length, 3);

    const post = await client.blog.get('new-glazes-this-term');
    assert.equal(post.title, 'New glazes this term');
    assert.equal(post.contentHtml, '<p>New glazes this term</p>');
    const missing = (await client.blog.get(draft.slug).catch((e: unknown) => e)) as StoreApiError;
    assert.deepEqual([missing.status, missing.code], [404, 'post-not-found']);
    if (missing.code === 'post-not-found') assert.match(missing.requestId ?? '', /\S/);

    // The feed is addressed on the service's public address (PUBLIC_BASE_URL), where readers reach it.
    const feedUrl = await client.blog.feedUrl();
    assert.equal(feedUrl, `http://localhost:3000/api/public/blog/rss?storeSlug=${store.slug}`);
    const feed = await fetch(base + new URL(feedUrl).pathname + new URL(feedUrl).search);
    assert.match(feed.headers.get('content-type') ?? '', /^application\/rss\+xml/);
    assert.match(await feed.text(), /Meet the teachers/);
  });

  test("the error codes in /openapi.json and in the SDK's generated types are the service's list", async () => {
    assert.equal(generatedIsTheServiceList, true);
    assert.equal(typeof future, 'string');
    const document = (await env.inject({ method: 'GET', url: '/openapi.json' })).data;
    assert.deepEqual(document.components.schemas.ErrorBody.properties.error.enum, [...ERROR_CODES]);
    const generated = readFileSync(new URL('../src/generated/schema.d.ts', import.meta.url), 'utf8');
    const union = /ErrorBody: \{[\s\S]*?\n\s+error: ([^;]+);/.exec(generated)?.[1] ?? '';
    assert.deepEqual(union.split(' | ').map((code) => JSON.parse(code)), [...ERROR_CODES]);
  });

  test("checkoutCart adds each merchant's id to its returnUrl and cancelUrl: the payment page sends the customer back with it", async () => {
    const mug = await env.createItem(store, { name: 'Mug', price: 8, stockCount: 5 });
    const result = await checkoutCart([{ merchantId: store.storeId, productId: mug.id, productName: 'Mug' }], {
      baseUrl: base,
      keys: { [store.storeId]: key },
      customer: { name: 'Kofi', phone: '0201234567' },
      returnUrl: 'https://shop.example/orders?lang=en#summary',
      cancelUrl: 'https://shop.example/cart',
    });
    assert.equal(result.ok, true);
    const { reference } = result.merchantCheckouts[0];
    const page = await fetch(`${base}/pay/${reference}`, { headers: { accept: 'text/html' } });
    const token = /name="token" value="([^"]+)"/.exec(await page.text())?.[1];
    assert.ok(token, 'the sandbox payment page has its form token');
    const paid = await fetch(`${base}/pay/${reference}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }, body: new URLSearchParams({ action: 'pay', token }) });
    assert.equal(paid.status, 303);
    const back = new URL(paid.headers.get('location')!);
    assert.equal(back.origin + back.pathname, 'https://shop.example/orders');
    assert.equal(back.searchParams.get('merchantId'), store.storeId);
    assert.equal(back.searchParams.get('lang'), 'en');
    assert.equal(back.searchParams.get('reference'), reference);
    assert.equal(back.hash, '#summary');
  });
  test('checkoutCart with allOrNothing: one store out of stock cancels the checkout made at the other (its stock back); without it the other stays open', async () => {
    const second = await env.createStore({ name: 'Second shop' });
    const secondKey = await env.createKey(second, WEBSITE_SCOPES);
    const oil = await env.createItem(store, { name: 'Oil', price: 5, stockCount: 4 });
    const comb = await env.createItem(second, { name: 'Comb', price: 2, stockCount: 1 });
    const cart = [
      { merchantId: store.storeId, productId: oil.id, productName: 'Oil', quantity: 2 },
      { merchantId: second.storeId, productId: comb.id, productName: 'Comb', quantity: 3 },
    ];
    const options = { baseUrl: base, keys: { [store.storeId]: key, [second.storeId]: secondKey }, customer: { name: 'Kofi', phone: '0201234567' }, returnUrl: 'https://shop.example/back', cancelUrl: 'https://shop.example/cart' };
    const stockOfOil = async () => (await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/items/${oil.id}`, headers: env.staffHeaders(store) })).data.item.stockCount;

    const strict = await checkoutCart(cart, { ...options, allOrNothing: true });
    assert.equal(strict.ok, false);
    assert.deepEqual(strict.failures.map((f) => [f.merchantId, f.error.code]), [[second.storeId, 'out-of-stock']]);
    assert.equal(strict.merchantCheckouts.length, 0);
    assert.equal(strict.cancelled?.length, 1);
    assert.deepEqual(strict.cancelFailures, []);
    const status = await createStoreClient({ baseUrl: base, storeId: store.storeId, apiKey: key }).orders.status(strict.cancelled![0].reference);
    assert.equal(status.status, 'cancelled');
    assert.equal(await stockOfOil(), 4, 'the cancelled checkout gave its stock back');

    const lenient = await checkoutCart(cart, options);
    assert.equal(lenient.ok, false);
    assert.equal(lenient.merchantCheckouts.length, 1);
    assert.equal(lenient.cancelled, undefined);
    assert.equal(await stockOfOil(), 2, 'held until it is paid or expires');
  });
});
