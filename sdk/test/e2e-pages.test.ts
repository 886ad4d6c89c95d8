// Against the real service (buildApp listening on loopback), on both database engines: `for await`
// over bookings and customers walks every page the service answers, and the service's own 429 (its
// per-key rate limit, Retry-After up to a minute) longer than a call's budget fails at once, typed,
// instead of sleeping inside the call.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { describeEachDb, type TestStore } from '../../test/helpers/app.ts';
import { createStoreClient, StoreApiError } from '../src/index.ts';

const WEBSITE_SCOPES = ['catalog:read', 'content:read', 'availability:read', 'bookings:read', 'bookings:write', 'checkout:write', 'orders:read'];
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** Requests per key and minute in this file's service. */
const PER_KEY = 30;

describeEachDb(
  '@store-integration/client pages and rate limits against the service',
  (env) => {
    let base: string;
    let store: TestStore;
    /** Every URL the client asked for (fetch is observed, not replaced). */
    const urls: URL[] = [];
    const observingFetch: typeof fetch = async (input, init) => {
      urls.push(new URL(String(input)));
      return fetch(input, init);
    };

    before(async () => {
      await env.app.listen({ host: '127.0.0.1', port: 0 });
      base = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}`;
      store = await env.createStore({ name: 'Pages Salon', currency: 'GHS', timezone: 'Africa/Accra' });
    });

    test('bookings.listAll and customers.listAll fetch page after page until the service has no next cursor', async () => {
      const key = await env.createKey(store, [...WEBSITE_SCOPES, 'customers:read']);
      const client = createStoreClient({ baseUrl: base, storeId: store.storeId, apiKey: key, fetch: observingFetch });
      const haircut = await env.createItem(store, {
        name: 'Haircut',
        itemType: 'service',
        price: 40,
        schedule: { durationMinutes: 60, slotIntervalMinutes: 60, capacity: 1, maxAdvanceDays: 30, weeklyHours: WEEK.map((day) => ({ day, start: '00:00', end: '24:00' })) },
      });
      const now = new Date();
      const { slots } = await client.availability({ serviceId: haircut.id, from: now, to: new Date(now.getTime() + 2 * 86_400_000) });
      assert.ok(slots.length >= 5, `${slots.length} free slots`);
      const made: string[] = [];
      for (let i = 0; i < 5; i++) {
        const customer = { name: `Guest ${i}`, phone: `02012345${60 + i}`, email: `guest${i}@example.com` };
        made.push((await client.bookings.create({ serviceId: haircut.id, bookingDate: slots[i].date, bookingTime: slots[i].time, customer })).reference);
      }

      urls.length = 0;
      const listed: string[] = [];
      for await (const booking of client.bookings.listAll({ limit: 2 })) listed.push(booking.reference);
      assert.deepEqual([...listed].sort(), [...made].sort());
      const pages = urls.filter((u) => u.pathname === '/v1IntegrationBookings');
      assert.equal(pages.length, 3, 'three pages of two');
      assert.equal(pages[0].searchParams.get('cursor'), null);
      assert.ok(pages.slice(1).every((u) => u.searchParams.get('cursor') && u.searchParams.get('limit') === '2'));

      urls.length = 0;
      const emails: string[] = [];
      for await (const customer of client.customers.listAll({ limit: 2 })) emails.push(String(customer.email));
      assert.deepEqual([...emails].sort(), made.map((_, i) => `guest${i}@example.com`));
      assert.equal(urls.filter((u) => u.pathname === '/integrationCustomers').length, 3);

      // Leaving the loop early fetches no further page.
      urls.length = 0;
      for await (const booking of client.bookings.listAll({ limit: 2 })) if (booking) break;
      assert.equal(urls.length, 1);
    });

    test("the service's 429 asking for a longer wait than the call's budget fails at once with retryAfterMs, sending nothing more", async () => {
      const key = await env.createKey(store, WEBSITE_SCOPES);
      const client = createStoreClient({ baseUrl: base, storeId: store.storeId, apiKey: key, fetch: observingFetch });
      // This minute's budget of the key, spent.
      for (let i = 0; i < PER_KEY; i++) await client.promo.get({ maxRetries: 0 });
      urls.length = 0;
      const started = Date.now();
      const error = await client.promo.get({ maxRetryDurationMs: 10_000 }).catch((e: unknown) => e);
      assert.ok(error instanceof StoreApiError, String(error));
      assert.deepEqual([error.status, error.code, error.retryable], [429, 'rate-limited', true]);
      assert.ok(error.retryAfterMs !== null && error.retryAfterMs > 10_000 && error.retryAfterMs <= 60_000, `retryAfterMs ${error.retryAfterMs}`);
      assert.match(error.requestId ?? '', /\S/);
      assert.match(String(error), /^StoreApiError 429 rate-limited: .*\(retry after \d+ s\)/);
      assert.ok(Date.now() - started < 2_000, 'no wait was started');
      assert.equal(urls.length, 1, 'one attempt');
    });
  },
  { env: { RATE_LIMIT_PER_KEY: String(PER_KEY) } },
);
