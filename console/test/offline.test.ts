// The console offline, in Chromium on both engines (issue 31): it is installable (a valid web app
// manifest, a service worker at /console/sw.js that registers), and once Today and the bookings have
// been seen they open again after a reload with the browser offline, marked as not current with the
// time they were loaded; a change tried offline says it was not sent (nothing is queued); when the
// network returns the notice goes and the data refreshes by itself, without a reload. What the device
// keeps is only Today's, the bookings lists', the session's and the store settings', and is dropped on
// sign-out.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TestStore } from '../../test/helpers/app.ts';
import { checkA11y, describeConsole, shoot, signInThroughUi } from './harness.ts';
import { createService, dayIn, partnerBooks } from './booking-helpers.ts';

const ZONE = 'Africa/Accra';

/** The pictures first (390 and 1280 px), then axe: a failure still leaves the page to look at. */
async function inspect(page: Page, name: string, engine: string) {
  await shoot(page, name, engine);
  await checkA11y(page, name);
}
const PERSIST_KEY = 'store-console:queries';

/** The calendar's next week: pressed, and shown once the address names it (a press made while the page
 * was still settling could otherwise be lost, and the week never come). */
async function nextWeek(page: Page) {
  const before = page.url();
  await page.getByRole('button', { name: 'Next week' }).click();
  await page.waitForURL((url) => url.href !== before && url.searchParams.has('date'));
}

describeConsole('console offline', (c) => {
  let store: TestStore;
  let key = '';
  let serviceId = '';
  let esi = { bookingId: '', reference: '' };
  const tomorrow = dayIn(ZONE, 1);
  // The calendar opens on this week (Monday first): tomorrow is in the next one when it is a Monday.
  // Decided from the date, not from what the page shows (it may not have loaded yet).
  const tomorrowIsNextWeek = new Date(`${tomorrow}T12:00:00Z`).getUTCDay() === 1;

  before(async () => {
    store = await c.env.createStore({ name: 'Offline Salon', timezone: ZONE });
    key = await c.env.createKey(store);
    serviceId = (await createService(c.env, store, { name: 'Braids', start: '09:00', end: '17:00', capacity: 1 })).id;
    esi = await partnerBooks(c.env, store, key, { serviceId, date: tomorrow, time: '09:00', name: 'Esi Mensah', email: 'esi@example.test' });
  });

  test('the manifest is served and valid, the service worker is served fresh and the CSP allows both', async () => {
    const manifest = await fetch(`${c.base}/console/manifest.webmanifest`);
    assert.equal(manifest.status, 200);
    assert.match(manifest.headers.get('content-type') ?? '', /application\/manifest\+json/);
    const body = await manifest.json();
    assert.equal(body.name, 'Store console');
    assert.ok(body.short_name);
    assert.equal(body.start_url, '/console/');
    assert.equal(body.scope, '/console/');
    assert.equal(body.display, 'standalone');
    const sizes = (purpose: string) => body.icons.filter((i: { purpose?: string }) => (i.purpose ?? 'any') === purpose).map((i: { sizes: string }) => i.sizes);
    assert.ok(sizes('any').includes('192x192') && sizes('any').includes('512x512'), JSON.stringify(body.icons));
    assert.ok(sizes('maskable').length > 0, 'a maskable icon');
    for (const icon of body.icons) {
      const png = await fetch(new URL(icon.src, `${c.base}/console/manifest.webmanifest`));
      assert.equal(png.status, 200, icon.src);
      assert.equal(png.headers.get('content-type'), 'image/png');
      const bytes = new Uint8Array(await png.arrayBuffer());
      // A PNG whose header says the size the manifest says.
      const view = new DataView(bytes.buffer);
      assert.equal(`${view.getUint32(16)}x${view.getUint32(20)}`, icon.sizes, icon.src);
    }

    const sw = await fetch(`${c.base}/console/sw.js`);
    assert.equal(sw.status, 200);
    assert.match(sw.headers.get('content-type') ?? '', /javascript/);
    assert.equal(sw.headers.get('cache-control'), 'no-cache');
    // Nothing of the API is cached by the worker: its routes are the console's own files.
    assert.doesNotMatch(await sw.text(), /\/api\//);

    const index = await fetch(`${c.base}/console/s/${store.storeId}/today`, { headers: { accept: 'text/html' } });
    const csp = index.headers.get('content-security-policy') ?? '';
    assert.match(csp, /worker-src 'self'/);
    assert.match(csp, /manifest-src 'self'/);
    assert.match(await index.text(), /<link rel="manifest" href="\/console\/manifest\.webmanifest"/);
  });

  /** The device's kept queries, by key. */
  const keptKeys = (page: Page) =>
    page.evaluate((name) => {
      const raw = localStorage.getItem(name);
      return raw ? (JSON.parse(raw).clientState.queries as { queryKey: unknown[] }[]).map((q) => q.queryKey) : [];
    }, PERSIST_KEY);

  test('seen online, Today and the bookings open offline marked not current; a change is not sent; back online they refresh by themselves', async () => {
    const { context, page } = await c.newPage();
    try {
      await signInThroughUi(page, store.email, store.password);
      await page.waitForURL(/\/today/);
      await page.getByRole('region', { name: /Coming up/ }).getByText('Esi Mensah').waitFor();
      // The service worker registers once a store's page has shown, and takes the page over.
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      assert.equal(scope, `${c.base}/console/`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      assert.equal(await page.getByTestId('offline-banner').count(), 0);

      await page.getByRole('link', { name: 'Bookings', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor();
      const inWeek = page.getByRole('link', { name: /Esi Mensah/ });
      if (tomorrowIsNextWeek) await nextWeek(page);
      await inWeek.first().waitFor();
      await page.getByRole('link', { name: 'Today', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
      // Kept on the device: Today's, the calendar's, the session and the store's settings; nothing else.
      // (Saved at most every half second: wait for the week with tomorrow in it, not just any week, or
      // the next page could come before it is kept.)
      await page.waitForFunction(
        ({ name, day }) => {
          const raw = localStorage.getItem(name);
          const keys = raw ? (JSON.parse(raw).clientState.queries as { queryKey: unknown[] }[]).map((q) => q.queryKey) : [];
          return keys.some((k) => k[2] === 'overview') && keys.some((k) => k[3] === 'range' && String(k[4]) <= day && day <= String(k[5]));
        },
        { name: PERSIST_KEY, day: tomorrow },
      );
      for (const queryKey of await keptKeys(page)) {
        assert.ok(queryKey[0] === 'session' || (queryKey[1] === store.storeId && ['overview', 'settings', 'bookings'].includes(String(queryKey[2]))), JSON.stringify(queryKey));
      }
      const loadedAt = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, timeStyle: 'short' }).format(new Date());

      // A change tried offline fails at once and says it was not sent.
      await page.goto(`/console/s/${store.storeId}/bookings/${esi.bookingId}`);
      await page.getByRole('heading', { level: 1, name: 'Esi Mensah' }).waitFor();
      await context.setOffline(true);
      await page.getByTestId('offline-banner').waitFor();
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await page.getByText(/You are offline: this was not sent/).waitFor();
      const booking = await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings/${esi.bookingId}`, headers: c.env.staffHeaders(store) });
      assert.equal(booking.data.booking.status, 'pending', 'nothing reached the service');
      await inspect(page, 'offline-write', c.env.dialect.name);

      // A reload offline: the shell and the last Today, from the service worker and the device.
      await page.goto(`/console/s/${store.storeId}/today`);
      await page.getByRole('region', { name: /Coming up/ }).getByText('Esi Mensah').waitFor();
      const banner = page.getByTestId('offline-banner');
      await banner.waitFor();
      assert.match(await banner.innerText(), /You are offline/);
      await banner.getByText(/Showing what was loaded at/).waitFor();
      const said = /Showing what was loaded at (\d\d:\d\d) — not current/.exec(await banner.innerText());
      assert.ok(said, await banner.innerText());
      // Loaded within the last minutes (the test's clock and the page's agree on the zone).
      const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
      assert.ok(Math.abs(minutes(said[1]!) - minutes(loadedAt)) <= 3 || Math.abs(minutes(said[1]!) - minutes(loadedAt)) >= 1437, `${said[1]} vs ${loadedAt}`);
      await page.getByRole('navigation').getByRole('link', { name: 'Bookings' }).waitFor({ state: 'attached' });
      await inspect(page, 'offline-today', c.env.dialect.name);
      await page.reload();
      await page.getByRole('region', { name: /Coming up/ }).getByText('Esi Mensah').waitFor();
      await page.getByTestId('offline-banner').waitFor();

      // The bookings calendar, as last seen.
      await page.getByRole('link', { name: 'Bookings', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor();
      if (tomorrowIsNextWeek) await nextWeek(page);
      await inWeek.first().waitFor();
      await page.getByTestId('offline-banner').waitFor();
      await inspect(page, 'offline-bookings', c.env.dialect.name);

      // Meanwhile a new booking arrives; back online the notice goes and it shows without a reload.
      await partnerBooks(c.env, store, key, { serviceId, date: tomorrow, time: '11:00', name: 'Ama Owusu' });
      await page.getByRole('link', { name: 'Today', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
      assert.equal(await page.getByText('Ama Owusu').count(), 0);
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
      await context.setOffline(false);
      await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
      await page.getByRole('region', { name: /Coming up/ }).getByText('Ama Owusu').waitFor();
      assert.deepEqual(navigations, [], 'no reload');

      // Signing out leaves nothing of the store on the device.
      await page.getByRole('button', { name: /^Account:/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.waitForURL(/\/login/);
      await page.waitForFunction((name) => !/"stores"/.test(localStorage.getItem(name) ?? ''), PERSIST_KEY);
      assert.deepEqual((await keptKeys(page)).filter((k) => k[0] !== 'session'), []);
    } finally {
      await context.close();
    }
  });

  test('offline with nothing seen yet, a page says so instead of loading for ever', async () => {
    const { context, page } = await c.newPage(390);
    try {
      await signInThroughUi(page, store.email, store.password);
      await page.waitForURL(/\/today/);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await context.setOffline(true);
      // Customers were never opened: its data is not on the device (its code may be).
      await page.getByRole('link', { name: 'Customers', exact: true }).click().catch(async () => {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await page.getByRole('link', { name: 'Customers', exact: true }).click();
      });
      // Its data (or its code) was never loaded here: said plainly, not a spinner for ever.
      await page.getByText(/has not been (opened|loaded) on this device yet/).first().waitFor();
      await page.getByTestId('offline-banner').waitFor();
      await inspect(page, 'offline-not-loaded', c.env.dialect.name);
    } finally {
      await context.close();
    }
  });
});
