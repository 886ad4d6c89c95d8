// The Today page in Chromium, through the UI, on both engines: a new owner is greeted with next
// steps; a partner's booking for today shows and opens; orders waiting for payment show and, once
// paid, move the sales figures; what needs attention links to where it is handled; a staff member
// sees the day but no developer items. A booking or an order arriving while the console is open is
// announced within a poll (15 s, run at once by the page's clock) with a link to it, Today is
// refreshed, and the window's title counts what was not looked at yet.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { TestStore } from '../../test/helpers/app.ts';
import { freePort } from '../../test/helpers/browser.ts';
import { describeConsole, inspect, inviteMember, signInThroughUi, signUpThroughUi } from './harness.ts';
import { dayIn, partnerBooks } from './booking-helpers.ts';

/**
 * A zone where it is not yet 20:00, so a slot later today, at least an hour ahead, can still be booked
 * whenever the test runs (the next full hour could pass while the test starts: seen at 20:59 UTC).
 */
function zoneWithTimeLeftToday(): { zone: string; nextHour: string } {
  for (const zone of ['Europe/London', 'Asia/Tokyo', 'America/New_York', 'Pacific/Honolulu', 'Pacific/Kiritimati']) {
    const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
    if (hour <= 19) return { zone, nextHour: `${String(hour + 2).padStart(2, '0')}:00` };
  }
  throw new Error('no zone with time left today');
}

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

describeConsole('console Today', (c) => {
  const { zone, nextHour } = zoneWithTimeLeftToday();
  let store: TestStore;
  let key = '';
  let ama = { bookingId: '', reference: '' };
  let orderId = '';
  let orderReference = '';
  let serviceId = '';
  let productId = '';

  before(async () => {
    store = await c.env.createStore({ name: 'Adom Salon', timezone: zone, currency: 'GHS' });
    key = await c.env.createKey(store);
    const service = await c.env.createItem(store, {
      itemType: 'service',
      name: 'Braids',
      price: 40,
      schedule: { durationMinutes: 60, capacity: 5, maxAdvanceDays: 30, weeklyHours: WEEK.map((day) => ({ day, start: '00:00', end: '24:00' })) },
    });
    const product = await c.env.createItem(store, { itemType: 'product', name: 'Hair oil', price: 25, stockCount: 10 });
    serviceId = service.id;
    productId = product.id;
    ama = await partnerBooks(c.env, store, key, { serviceId: service.id, date: dayIn(zone), time: nextHour, name: 'Ama Owusu', email: 'ama@example.test' });
    await partnerBooks(c.env, store, key, { serviceId: service.id, date: dayIn(zone, 1), time: '10:00', name: 'Yaw Boateng' });
    const order = await c.env.inject({
      method: 'POST',
      url: `/integrationCheckoutCreate?storeId=${store.storeId}`,
      headers: c.env.keyHeaders(key),
      payload: { storeId: store.storeId, items: [{ item_id: product.id, qty: 2 }], customer: { name: 'Kofi Mensah', phone: '0241112224' }, paymentMethod: 'cash' },
    });
    assert.equal(order.statusCode, 201, order.body);
    orderId = order.data.orderId;
    orderReference = order.data.reference;

    // A webhook endpoint nobody answers, tested once: a failed delivery. A feed with a bad row: a failed sync run.
    const endpoint = await c.env.inject({ method: 'POST', url: `/developer/webhooks?storeId=${store.storeId}`, headers: c.env.staffHeaders(store), payload: { url: `http://127.0.0.1:${await freePort()}/hook` } });
    assert.equal(endpoint.statusCode, 201, endpoint.body);
    const sent = await c.env.inject({ method: 'POST', url: `/developer/webhooks/${endpoint.data.endpoint.endpointId}/test?storeId=${store.storeId}`, headers: c.env.staffHeaders(store) });
    assert.equal(sent.data.status, 'failed', sent.body);
    const feed = await c.env.inject({ method: 'POST', url: `/developer/sync-runs?storeId=${store.storeId}`, headers: c.env.staffHeaders(store), payload: { mode: 'upsert', items: [{ id: 'bad', name: 'Bad row', itemType: 'product', price: -1 }] } });
    assert.equal(feed.statusCode, 400, feed.body);
  });

  /** inspect() from the phone width, reached first and given time for the shell's navigation to slide away. */
  async function look(page: Page, name: string) {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.waitForTimeout(400);
    await inspect(page, name, c.env.dialect.name);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  const section = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

  test('a new owner is greeted with the next steps, which stay until done or dismissed (remembered for the store)', async () => {
    const { context, page } = await c.newPage();
    try {
      const storeId = await signUpThroughUi(page, { name: 'Efua Owner', email: `efua-${randomBytes(3).toString('hex')}@example.test`, password: 'correct horse battery', storeName: 'Efua Bakes' });
      const hint = page.getByRole('alert').filter({ hasText: 'next steps' });
      await hint.waitFor();
      for (const name of ['Add a service', 'Invite your staff', 'Connect your website']) await hint.getByRole('link', { name }).waitFor();
      assert.match(await hint.innerText(), /3 of 3 left/);
      await section(page, 'Needs attention').getByText('Nothing needs your attention.').waitFor();
      await look(page, 'today-welcome');

      // Not only on the first visit: Today shows them again, and a step taken shows as done.
      await page.goto(`/console/s/${storeId}/settings`);
      await page.getByRole('button', { name: 'Invite a member' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite a member' });
      await dialog.getByLabel(/^Email/).fill(`kojo-${randomBytes(3).toString('hex')}@example.test`);
      await dialog.getByRole('button', { name: 'Invite' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.goto(`/console/s/${storeId}/today`);
      await hint.waitFor();
      assert.match(await hint.innerText(), /2 of 3 left/);
      assert.match(await hint.innerText(), /Done: Invite your staff/);

      await page.getByRole('button', { name: 'Dismiss the next steps' }).click();
      await hint.waitFor({ state: 'hidden' });
      assert.doesNotMatch(page.url(), /welcome/);
      // Dismissed for this store in this browser: gone after a reload too.
      await page.reload();
      await section(page, 'Needs attention').waitFor();
      await page.waitForTimeout(500);
      assert.equal(await hint.count(), 0);
    } finally {
      await context.close();
    }
  });

  test('the owner sees today\'s and coming bookings, waiting orders, sales and what needs attention, each a link', async () => {
    const { context, page } = await c.newPage();
    try {
      await signInThroughUi(page, store.email, store.password);
      await page.waitForURL(/\/today/);
      const today = section(page, /^Bookings today/);
      await today.getByRole('link', { name: 'Ama Owusu' }).waitFor();
      assert.match(await today.innerText(), new RegExp(`${nextHour}[\\s\\S]*Ama Owusu[\\s\\S]*Braids[\\s\\S]*Pending`));
      await section(page, /^Coming up/).getByRole('link', { name: 'Yaw Boateng' }).waitFor();
      const payment = section(page, /^Waiting for payment/);
      await payment.getByRole('link', { name: orderReference }).waitFor();
      assert.match(await payment.innerText(), /Kofi Mensah[\s\S]*GH₵\s?50\.00|Kofi Mensah[\s\S]*GHS\s?50\.00/);

      const attention = section(page, 'Needs attention');
      await attention.getByRole('link', { name: /2\s*bookings waiting for approval/ }).waitFor();
      // Counts say their noun in the right number.
      await attention.getByRole('link', { name: /^1\s*failed webhook delivery$/ }).waitFor();
      await attention.getByRole('link', { name: /^1\s*failed catalog sync run$/ }).waitFor();
      const sales = section(page, 'Sales, last 30 days');
      await sales.getByText(/from 0 paid orders/).waitFor();
      await sales.getByRole('list', { name: 'Sales by day' }).waitFor();
      await look(page, 'today-owner');

      // The cash is collected: the order leaves the list and the sales figures move.
      const paid = await c.env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/orders/${orderId}/mark-paid`, headers: c.env.staffHeaders(store), payload: { method: 'cash' } });
      assert.equal(paid.statusCode, 200, paid.body);
      await page.reload();
      await sales.getByText(/from 1 paid order$/).waitFor();
      assert.match(await sales.innerText(), /GH₵\s?50\.00|GHS\s?50\.00/);
      await page.getByText('Sales by day as a table').click();
      // The table's code comes when it is first opened.
      await sales.locator('tbody tr').nth(29).waitFor();
      assert.equal(await sales.locator('tbody tr').count(), 30);
      await sales.getByRole('columnheader', { name: 'Paid orders' }).waitFor();
      await look(page, 'today-sales-table');

      // Each item leads to where it is handled.
      await attention.getByRole('link', { name: /bookings waiting for approval/ }).click();
      await page.waitForURL(/\/bookings\?view=list&status=pending/);
      await page.getByRole('table', { name: 'Bookings' }).locator('tbody tr').nth(1).waitFor();
      await page.goBack();
      await section(page, /^Bookings today/).getByRole('link', { name: 'Ama Owusu' }).click();
      await page.getByRole('heading', { level: 1, name: 'Ama Owusu' }).waitFor();
      await page.getByText(`Booking ${ama.reference}`).waitFor();
    } finally {
      await context.close();
    }
  });

  test('a first visit to Today asks for its data with the page (named in it) and each once; the header menus come once it is on screen', async () => {
    const { context, page } = await c.newPage(390);
    try {
      // Signed in already (a cookie from an earlier visit), opening Today's address afresh.
      await context.addCookies([{ name: 'sis_session', value: store.token, url: c.base }]);
      const asked = new Map<string, number>();
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) asked.set(url.pathname + url.search, (asked.get(url.pathname + url.search) ?? 0) + 1);
      });
      const response = await page.goto(`/console/s/${store.storeId}/today`);
      const named = [...(await response!.text()).matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
      assert.equal(named.length, 5, 'the page names its first five calls');
      await section(page, /^Bookings today/).getByRole('link', { name: 'Ama Owusu' }).waitFor();
      // Once on screen the header's menus work (their code loaded then).
      await page.getByRole('button', { name: /^Account: / }).click();
      await page.getByRole('menuitem', { name: 'Change password' }).waitFor();
      await page.keyboard.press('Escape');
      for (const url of named) assert.equal(asked.get(url), 1, `${url} asked for once (the page's preload taken): ${JSON.stringify([...asked])}`);
    } finally {
      await context.close();
    }
  });

  test("when the header menus' code cannot be fetched, Today still shows with its buttons", async (t) => {
    if (c.env.dialect.name !== 'sqlite') return t.skip('the same in the browser on either engine');
    const { context, page } = await c.newPage(390);
    try {
      await context.addCookies([{ name: 'sis_session', value: store.token, url: c.base }]);
      // The network fails for the code that comes once the page is on screen.
      await page.route(/\/console\/assets\/(HeaderMenus|NoticeCorner|later|login)-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
      const failed = page.waitForEvent('requestfailed', (request) => /HeaderMenus-/.test(request.url()));
      await page.goto(`/console/s/${store.storeId}/today`);
      await failed;
      await section(page, /^Bookings today/).getByRole('link', { name: 'Ama Owusu' }).waitFor();
      await page.getByRole('button', { name: /^Account: / }).click();
      await page.getByRole('heading', { name: 'Today', exact: true }).waitFor();
      assert.equal(await page.getByRole('menuitem').count(), 0);
    } finally {
      await context.close();
    }
  });

  test('a staff member sees the day but no developer items', async () => {
    const email = `staff-${randomBytes(3).toString('hex')}@example.test`;
    const password = await inviteMember(c.env, store, { email, name: 'Abena Staff', role: 'staff' });

    const { context, page } = await c.newPage();
    try {
      await signInThroughUi(page, email, password);
      await page.waitForURL(/\/today/);
      await section(page, /^Bookings today/).getByRole('link', { name: 'Ama Owusu' }).waitFor();
      const attention = section(page, 'Needs attention');
      await attention.getByRole('link', { name: /bookings waiting for approval/ }).waitFor();
      assert.equal(await page.getByText(/webhook/i).count(), 0);
      assert.equal(await page.getByText(/sync run/i).count(), 0);
      await look(page, 'today-staff');
    } finally {
      await context.close();
    }
  });

  test('a booking and an order made while Today is open are announced with a link, Today is refreshed, and the title counts them until looked at', async () => {
    const { context, page } = await c.newPage();
    // The console asks every 15 s; the page's clock runs those 15 s at once.
    await page.clock.install();
    try {
      const polled = (what: string) => page.waitForResponse((r) => r.url().includes(`/api/stores/${store.storeId}/${what}?limit=`) && r.ok());
      const firstPolls = Promise.all([polled('bookings'), polled('orders')]);
      await signInThroughUi(page, store.email, store.password);
      await page.waitForURL(/\/today/);
      await firstPolls;
      await section(page, /^Coming up/).getByRole('link', { name: 'Yaw Boateng' }).waitFor();
      await page.waitForFunction(() => document.title === 'Today · Adom Salon');

      const tomorrow = dayIn(zone, 1);
      await partnerBooks(c.env, store, key, { serviceId, date: tomorrow, time: '11:00', name: 'Esi Owusu', email: 'esi@example.test' });
      await page.clock.fastForward('00:16');
      const day = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${tomorrow}T00:00:00Z`));
      const bookingNotice = page.getByRole('link', { name: `New booking: Esi Owusu, Braids, ${day} 11:00` });
      await bookingNotice.waitFor();
      await page.waitForFunction(() => document.title === '(1) Today · Adom Salon');
      // What existed when the console opened is not announced.
      assert.equal(await page.getByRole('link', { name: /^New (booking|order):/ }).count(), 1);
      await section(page, /^Coming up/).getByRole('link', { name: 'Esi Owusu' }).waitFor();
      await look(page, 'today-new-booking');

      const order = await c.env.inject({
        method: 'POST',
        url: `/integrationCheckoutCreate?storeId=${store.storeId}`,
        headers: c.env.keyHeaders(key),
        payload: { storeId: store.storeId, items: [{ item_id: productId, qty: 1 }], customer: { name: 'Abena Owusu', phone: '0241112225' }, paymentMethod: 'cash' },
      });
      assert.equal(order.statusCode, 201, order.body);
      await page.clock.fastForward('00:16');
      const orderNotice = page.getByRole('link', { name: /^New order: Abena Owusu, (GH₵|GHS)\s?25\.00$/ });
      await orderNotice.waitFor();
      await page.waitForFunction(() => document.title === '(2) Today · Adom Salon');
      await section(page, /^Waiting for payment/).getByRole('link', { name: order.data.reference }).waitFor();

      // Opening the order from its notice is looking at it; opening Today is looking at everything.
      await orderNotice.click();
      await page.getByRole('heading', { level: 1, name: new RegExp(order.data.reference) }).waitFor();
      // The order's own title, still counting the booking not looked at.
      await page.waitForFunction((reference) => document.title === `(1) Order ${reference} · Adom Salon`, order.data.reference);
      await page.getByRole('link', { name: 'Today', exact: true }).click();
      await page.waitForFunction(() => document.title === 'Today · Adom Salon');
    } finally {
      await context.close();
    }
  });
});
