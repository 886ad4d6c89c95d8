// The reference storefront end to end, once per database engine: the real service (listening on
// loopback, its delivery worker running) and the storefront in front of it, driven by headless
// Chromium. A visitor sees each store's hours, contact and latest posts, reads a post, picks a time
// among the store's local days (a closed day shown as such), books a slot, buys from two stores in one cart (two checkouts on the sandbox
// payment page: one paid, one declined) and sees each order's status; the storefront receives the
// signed webhooks; no response the browser receives carries an integration key.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeEachDb, type TestStore } from '../../../test/helpers/app.ts';
import { freePort, launchChromium, OUTPUT } from '../../../test/helpers/browser.ts';
import { checkA11y } from '../../../console/test/harness.ts';
import { createDeliveryWorker } from '../../../src/modules/events/workers.ts';
import { createStorefront, type ReceivedEvent } from '../src/app.ts';

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const SERVICE_PORT = await freePort();
const SERVICE = `http://127.0.0.1:${SERVICE_PORT}`;

let browser: Browser;
before(async () => {
  browser = await launchChromium();
});
after(() => browser?.close());

const SHOTS = join(OUTPUT, 'storefront');

/** axe-core on the page, then photographs at 390 and 1280 px (test-output/storefront/), nothing wider than a 390 px phone. */
async function inspect(page: Page, name: string, engine: string) {
  await checkA11y(page, `storefront ${name}`);
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    if (width === 390) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `${name}: the page is ${overflow}px wider than a 390 px screen`);
    }
    await page.screenshot({ path: join(SHOTS, `${name}-${width}-${engine}.png`), fullPage: true });
  }
}

async function eventually<T>(what: string, check: () => T | undefined | null | false, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeEachDb(
  'the reference storefront',
  (env) => {
    let salon: TestStore;
    let shea: TestStore;
    const keys: string[] = [];
    let events: ReceivedEvent[];
    let stopStorefront: () => Promise<void>;
    let site: string;
    let context: BrowserContext;
    let page: Page;
    /** Every response the browser received, read in full once the test is done. */
    const responses: Promise<{ url: string; text: string }>[] = [];
    let bookingReference = '';

    before(async () => {
      await env.app.listen({ host: '127.0.0.1', port: SERVICE_PORT });
      const worker = createDeliveryWorker(env.app.ctx, { pollMs: 50 });
      worker.start();
      env.app.ctx.onClose.push(() => worker.stop());

      salon = await env.createStore({ name: 'Ama Salon', currency: 'GHS', timezone: 'Africa/Accra' });
      shea = await env.createStore({ name: 'Beta Shea', currency: 'GHS' });
      keys.push(await env.createKey(salon), await env.createKey(shea));
      await env.createItem(salon, { name: 'Clay mug', price: 12.5, stockCount: 10, description: 'Hand-thrown, 300 ml' });
      await env.createItem(salon, {
        name: 'Haircut',
        itemType: 'service',
        price: 40,
        // Closed on Sundays: the week of local days shows that day without times.
        schedule: { durationMinutes: 60, capacity: 1, maxAdvanceDays: 30, weeklyHours: WEEK.filter((day) => day !== 'sun').map((day) => ({ day, start: '00:00', end: '24:00' })) },
      });
      await env.createItem(salon, { name: 'Braiding course', itemType: 'course', price: 300, schedule: { durationMinutes: 120, capacity: 6, weeklyHours: [{ day: 'sat', start: '10:00', end: '12:00' }] } });
      // Braids are booked per stylist: Efua works mornings, Kojo afternoons.
      const braids = await env.createItem(salon, { name: 'Braids', itemType: 'service', price: 150, schedule: { durationMinutes: 60, capacity: 1, slotIntervalMinutes: 60, maxAdvanceDays: 30, weeklyHours: WEEK.map((day) => ({ day, start: '08:00', end: '20:00' })) } });
      for (const [displayName, start, end] of [['Efua', '09:00', '12:00'], ['Kojo', '13:00', '18:00']]) {
        const res = await env.inject({ method: 'POST', url: `/api/stores/${salon.storeId}/staff`, headers: env.staffHeaders(salon), payload: { displayName, weeklyHours: WEEK.map((day) => ({ day, start, end })), serviceIds: [braids.id] } });
        assert.equal(res.statusCode, 201, res.body);
      }
      const patched = await env.inject({
        method: 'PATCH',
        url: `/api/stores/${salon.storeId}`,
        headers: env.staffHeaders(salon),
        payload: { contact: { phone: '+233 30 222 1111', email: 'hello@amasalon.example', address: '12 Oxford Street, Osu, Accra' }, hours: ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day, start: '09:00', end: '18:00' })) },
      });
      assert.equal(patched.statusCode, 200, patched.body);
      for (const title of ['Caring for braids in the rainy season', 'Our new Saturday course']) {
        const res = await env.inject({ method: 'POST', url: `/api/stores/${salon.storeId}/blog/posts`, headers: env.staffHeaders(salon), payload: { title, excerpt: `${title}: what to know.`, contentHtml: `<h2>${title}</h2><p>Read on for <strong>tips</strong>.</p>`, status: 'published' } });
        assert.equal(res.statusCode, 201, res.body);
      }
      await env.createItem(shea, { name: 'Shea butter', price: 30, stockCount: 5 });

      const sitePort = await freePort();
      site = `http://127.0.0.1:${sitePort}`;
      const secrets: string[] = [];
      for (const store of [salon, shea]) {
        const res = await env.inject({
          method: 'POST',
          url: `/developer/webhooks?storeId=${store.storeId}`,
          headers: env.staffHeaders(store),
          payload: { url: `${site}/webhooks/${store.storeId}`, events: ['booking.created', 'order.paid', 'order.payment_failed'] },
        });
        assert.equal(res.statusCode, 201, res.body);
        secrets.push(res.data.secret);
      }
      const storefront = createStorefront({
        serviceUrl: SERVICE,
        publicUrl: site,
        host: '127.0.0.1',
        port: sitePort,
        siteName: 'Corner Market',
        cookieSecret: 'test-cookie-secret',
        stores: [
          { storeId: salon.storeId, apiKey: keys[0], name: 'Ama Salon', webhookSecret: secrets[0] },
          { storeId: shea.storeId, apiKey: keys[1], name: 'Beta Shea', webhookSecret: secrets[1] },
        ],
      });
      events = storefront.events;
      await new Promise<void>((resolve) => storefront.server.listen(sitePort, '127.0.0.1', resolve));
      assert.equal((storefront.server.address() as AddressInfo).port, sitePort);
      stopStorefront = () => {
        storefront.server.closeAllConnections();
        return new Promise((resolve) => storefront.server.close(() => resolve()));
      };

      context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB', timezoneId: 'UTC' });
      page = await context.newPage();
      page.setDefaultTimeout(15_000);
      page.on('response', (response) => {
        responses.push(
          (async () => {
            const headers = JSON.stringify(await response.allHeaders());
            const body = await response.body().catch(() => Buffer.alloc(0)); // redirects have none
            return { url: response.url(), text: headers + body.toString('utf8') };
          })(),
        );
      });
    });
    after(async () => {
      await context?.close();
      await stopStorefront?.();
    });

    test('the home page lists both stores with their products, services and courses, the store\'s hours and contact, and its latest posts', async () => {
      await page.goto(site);
      await assert.doesNotReject(page.getByRole('heading', { name: 'Ama Salon' }).waitFor());
      await page.getByRole('heading', { name: 'Beta Shea' }).waitFor();
      await page.getByRole('heading', { name: 'Clay mug' }).waitFor();
      await page.getByRole('heading', { name: 'Shea butter' }).waitFor();
      await page.getByRole('link', { name: 'Book Haircut' }).waitFor();
      await page.getByRole('link', { name: 'Book Braiding course' }).waitFor();
      const salonSection = page.getByRole('region', { name: 'Ama Salon' });
      assert.deepEqual(await salonSection.locator('.hours li').allTextContents(), ['Mon 09:00–18:00', 'Tue 09:00–18:00', 'Wed 09:00–18:00', 'Thu 09:00–18:00', 'Fri 09:00–18:00']);
      await salonSection.getByRole('link', { name: '+233 30 222 1111' }).waitFor();
      await salonSection.getByText('12 Oxford Street, Osu, Accra').waitFor();
      assert.deepEqual((await salonSection.locator('.posts a').allTextContents()).sort(), ['Caring for braids in the rainy season', 'Our new Saturday course']);
      assert.equal(await salonSection.getByRole('link', { name: /^RSS feed/ }).getAttribute('href'), `${SERVICE}/api/public/blog/rss?storeSlug=${salon.slug}`);
      await inspect(page, 'home', env.dialect.name);
    });

    test('a post of the store blog opens on the site with its sanitized content', async () => {
      await page.getByRole('link', { name: 'Our new Saturday course' }).click();
      await page.getByRole('heading', { level: 1, name: 'Our new Saturday course' }).waitFor();
      assert.equal(await page.locator('article strong').textContent(), 'tips');
      await inspect(page, 'post', env.dialect.name);
      await page.goto(`${site}/blog/${salon.storeId}/no-such-post`);
      await page.getByText('There is no such post.').waitFor();
      await page.goto(site);
    });

    test('a visitor picks a free slot of a service and books it', async () => {
      await page.getByRole('link', { name: 'Book Haircut' }).click();
      await page.getByRole('heading', { name: 'Haircut' }).waitFor();
      // Seven local days of the store, Sunday among them without times.
      const days = page.locator('.day');
      assert.equal(await days.count(), 7);
      const sunday = days.filter({ has: page.locator('.date', { hasText: /^Sun / }) });
      await sunday.getByText('No free times').waitFor();
      assert.equal(await sunday.getByRole('radio').count(), 0);
      await inspect(page, 'service', env.dialect.name);
      await page.getByRole('radio').first().check();
      await page.getByLabel('Name').fill('Ama Mensah');
      await page.getByLabel('Phone').fill('+233 20 123 4567');
      await page.getByLabel(/^Email/).fill('ama@example.com');
      await page.getByRole('button', { name: 'Book' }).click();
      await page.getByRole('heading', { name: 'Booking received' }).waitFor();
      bookingReference = (await page.locator('dd').first().textContent())!.trim();
      assert.match(bookingReference, /^IB-[0-9A-Z]{8}$/);
      await inspect(page, 'booked', env.dialect.name);
      const res = await env.inject({ method: 'GET', url: `/v1IntegrationBookings?storeId=${salon.storeId}&reference=${bookingReference}`, headers: env.keyHeaders(keys[0]) });
      assert.equal(res.data.bookings[0]?.customer.name, 'Ama Mensah');
    });

    test('a visitor chooses a stylist: only that stylist\'s times are offered, and the booking is theirs', async () => {
      await page.goto(site);
      await page.getByRole('link', { name: 'Book Braids' }).click();
      await page.getByRole('heading', { name: 'Braids' }).waitFor();
      const who = page.getByRole('navigation', { name: 'Who' });
      assert.deepEqual(await who.getByRole('link').allTextContents(), ['Anyone free', 'Efua', 'Kojo']);
      assert.equal(await who.getByRole('link', { name: 'Anyone free' }).getAttribute('aria-current'), 'page');
      // Anyone: mornings and afternoons on an open day (the store opens 09:00–18:00, Monday to Friday).
      const anyTimes = await page.getByRole('radio').evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value.slice(11)));
      assert.ok(anyTimes.includes('09:00') && anyTimes.includes('13:00'), anyTimes.join());
      await who.getByRole('link', { name: 'Kojo' }).click();
      await page.getByText(/Choose a time with Kojo/).waitFor();
      const kojoTimes = await page.getByRole('radio').evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value.slice(11)));
      assert.ok(kojoTimes.length > 0 && kojoTimes.every((t) => t >= '13:00' && t <= '17:00'), kojoTimes.join());
      await inspect(page, 'service-stylist', env.dialect.name);
      await page.getByRole('radio').first().check();
      await page.getByLabel('Name').fill('Abena Owusu');
      await page.getByLabel('Phone').fill('024 555 0101');
      await page.getByRole('button', { name: 'Book' }).click();
      await page.getByRole('heading', { name: 'Booking received' }).waitFor();
      await page.getByText('Kojo', { exact: true }).waitFor();
      const reference = (await page.locator('dd').first().textContent())!.trim();
      const res = await env.inject({ method: 'GET', url: `/v1IntegrationBookings?storeId=${salon.storeId}&reference=${reference}`, headers: env.keyHeaders(keys[0]) });
      assert.equal(res.data.bookings[0]?.staffName, 'Kojo');
    });

    test('two products of two stores in one cart become two checkouts: one paid, one declined', async () => {
      await page.goto(site);
      await page.getByRole('button', { name: /^Add to cart\W+Clay mug$/ }).click();
      await page.waitForURL(`${site}/cart`);
      await page.goto(site);
      await page.getByRole('button', { name: /^Add to cart\W+Shea butter$/ }).click();
      await page.waitForURL(`${site}/cart`);
      await page.getByRole('heading', { name: 'Ama Salon' }).waitFor();
      await page.getByRole('heading', { name: 'Beta Shea' }).waitFor();
      await page.getByText('items from 2 stores').waitFor();
      await inspect(page, 'cart', env.dialect.name);

      // A phone the website's check refuses (9 to 15 digits) is sent back with the form kept.
      await page.getByLabel('Name').fill('Kofi Boateng');
      await page.getByLabel('Email').fill('kofi@example.com');
      await page.getByLabel('Phone').fill('12345');
      await page.getByRole('button', { name: 'Checkout' }).click();
      await page.getByRole('alert').filter({ hasText: '9 to 15 digits' }).waitFor();
      assert.equal(await page.getByLabel('Name').inputValue(), 'Kofi Boateng');

      await page.getByLabel('Phone').fill('020 123 4567');
      await page.getByRole('button', { name: 'Checkout' }).click();
      // The first store's hosted payment page.
      await page.waitForURL(new RegExp(`^${SERVICE}/pay/ORD-`));
      await page.getByText('Ama Salon').first().waitFor();
      await page.getByRole('button', { name: /^Pay/ }).click();
      await page.waitForURL(new RegExp(`^${site}/orders\\?`));
      // The return URL says whose order came back.
      assert.equal(new URL(page.url()).searchParams.get('merchantId'), salon.storeId);
      await page.getByRole('status').filter({ hasText: 'Ama Salon: Confirmed' }).waitFor();
      const sheaRow = page.getByRole('row').filter({ hasText: 'Beta Shea' });
      assert.equal((await sheaRow.locator('td.status').textContent())?.trim(), 'Syncing');
      await inspect(page, 'orders-after-paying', env.dialect.name);

      // The second store's checkout, from the orders page, declined this time.
      await sheaRow.getByRole('link', { name: 'Pay at Beta Shea' }).click();
      await page.waitForURL(new RegExp(`^${SERVICE}/pay/ORD-`));
      await page.getByText('Beta Shea').first().waitFor();
      await page.getByRole('button', { name: 'Decline' }).click();
      await page.waitForURL(new RegExp(`^${site}/orders\\?`));
      await page.getByRole('status').filter({ hasText: 'Beta Shea: Payment failed' }).waitFor();
      const statuses = await page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [r.children[0].textContent?.trim(), r.querySelector('td.status')?.textContent?.trim()]));
      assert.deepEqual(statuses.sort(), [['Ama Salon', 'Confirmed'], ['Beta Shea', 'Payment failed']]);
      await inspect(page, 'orders-after-declining', env.dialect.name);

      await page.goto(`${site}/cart`);
      await page.getByText('Your cart is empty').waitFor();
    });

    test('the storefront received and verified the webhooks of both stores', async () => {
      const has = (storeId: string, type: string) => events.find((e) => e.storeId === storeId && e.event.type === type);
      await eventually('booking.created', () => has(salon.storeId, 'booking.created'));
      const paid = await eventually('order.paid', () => has(salon.storeId, 'order.paid'));
      const failed = await eventually('order.payment_failed', () => has(shea.storeId, 'order.payment_failed'));
      assert.equal(paid.event.storeId, salon.storeId);
      assert.equal(failed.event.storeId, shea.storeId);
      if (paid.event.type === 'order.paid') assert.equal(paid.event.data.status, 'paid');
      const booked = has(salon.storeId, 'booking.created')!;
      if (booked.event.type === 'booking.created') assert.equal(booked.event.data.reference, bookingReference);
    });

    test('no response the browser received, nor any cookie it holds, contains an integration key', async () => {
      const seen = await Promise.all(responses);
      assert.ok(seen.length >= 15, `only ${seen.length} responses were seen`);
      assert.ok(seen.some((r) => r.url.startsWith(`${SERVICE}/pay/`)), 'the payment pages were seen too');
      for (const r of seen) for (const key of keys) assert.ok(!r.text.includes(key), `${r.url} carried an integration key`);
      // The cookies' values are base64url JSON: read them decoded as well.
      const cookies = await context.cookies();
      const cookieText = JSON.stringify(cookies) + cookies.map((c) => Buffer.from(c.value.split('.')[0], 'base64url').toString('utf8')).join('');
      assert.ok(cookieText.includes('merchantId') || cookieText.includes('reference'), 'the cookies were decoded');
      for (const key of keys) assert.ok(!cookieText.includes(key));
    });
  },
  { env: { PUBLIC_BASE_URL: SERVICE } },
);
