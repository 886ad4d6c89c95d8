// The front desk on a phone (issue 31), in Chromium at 390 px, through the UI, on both engines: the
// order page lists its items with whole names and keeps its reference on one line; the order tabs
// stay on one line; a booking is titled with its customer's name, says where it came from in words
// and keeps the website's own fields behind "Details"; a free service says "Free"; Today's rows show
// names whole and counts in the right number; every page names itself in the browser tab; and the
// pages pass axe in dark mode, which follows the phone's setting.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { TestStore } from '../../test/helpers/app.ts';
import { checkA11y, describeConsole, inspect, signInThroughUi } from './harness.ts';
import { dayIn } from './booking-helpers.ts';

const ZONE = 'Africa/Accra';
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const LONG_ITEM = 'Unrefined shea butter moisturising cream';
const LONG_NAME = 'Akosua Agyeiwaa Mensah-Bonsu';

/**
 * Whether the text of `element` breaks only between words: the element is at least as wide as its
 * longest word, measured in the same font.
 */
async function wrapsBetweenWords(element: Locator): Promise<{ ok: boolean; width: number; longest: number }> {
  return element.evaluate((el) => {
    const words = (el.textContent ?? '').split(/\s+/).filter(Boolean);
    const probe = document.createElement('span');
    probe.style.whiteSpace = 'nowrap';
    probe.style.position = 'absolute';
    probe.style.visibility = 'hidden';
    el.appendChild(probe);
    let longest = 0;
    for (const word of words) {
      probe.textContent = word;
      longest = Math.max(longest, probe.getBoundingClientRect().width);
    }
    probe.remove();
    const width = el.getBoundingClientRect().width;
    return { ok: width + 0.5 >= longest, width, longest };
  });
}

/** One line of text: its box is no taller than one and a half of its lines. */
async function onOneLine(element: Locator) {
  return element.evaluate((el) => el.getBoundingClientRect().height <= parseFloat(getComputedStyle(el).lineHeight || '20') * 1.5);
}

describeConsole('console on a phone', (c) => {
  let store: TestStore;
  let key = '';
  let order = { orderId: '', reference: '' };
  let website = { bookingId: '', reference: '' };
  let free = { bookingId: '', reference: '' };
  let customerId = '';
  const day = dayIn(ZONE, 1);

  before(async () => {
    store = await c.env.createStore({ name: 'Adom Salon', currency: 'GHS', timezone: ZONE });
    key = await c.env.createKey(store);
    const schedule = { durationMinutes: 60, capacity: 3, weeklyHours: WEEK.map((d) => ({ day: d, start: '09:00', end: '17:00' })) };
    const braids = await c.env.createItem(store, { itemType: 'service', name: 'Braids', price: 40, schedule });
    const consultation = await c.env.createItem(store, { itemType: 'service', name: 'Consultation', price: 0, schedule });
    const cream = await c.env.createItem(store, { itemType: 'product', name: LONG_ITEM, price: 25, stockCount: 10 });

    const book = async (payload: Record<string, unknown>) => {
      const res = await c.env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${store.storeId}`, headers: c.env.keyHeaders(key), payload });
      assert.equal(res.statusCode, 201, res.body);
      return res.data.booking as { bookingId: string; reference: string; customerId: string };
    };
    const booked = await book({
      serviceId: braids.id,
      bookingDate: day,
      bookingTime: '10:00',
      customer: { name: LONG_NAME, phone: '0241112223', email: 'akosua@example.test' },
      paymentMethod: 'cash',
      sourceChannel: 'client_website',
      attributes: { hairLength: 'long', sourceLabel: 'Adom website', pageUrl: 'https://adom.example.test/book/braids' },
    });
    website = booked;
    customerId = booked.customerId;
    free = await book({ serviceId: consultation.id, bookingDate: day, bookingTime: '11:00', customer: { name: 'Yaw Boateng', phone: '0241112224' }, paymentMethod: 'cash', paymentAmount: 0, sourceChannel: 'walk_in' });
    // Confirmed: one booking is left waiting for approval.
    const confirmed = await c.env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/bookings/${free.bookingId}`, headers: c.env.staffHeaders(store), payload: { status: 'confirmed' } });
    assert.equal(confirmed.statusCode, 200, confirmed.body);

    const placed = await c.env.inject({
      method: 'POST',
      url: '/integrationCheckoutCreate',
      headers: c.env.keyHeaders(key),
      payload: {
        storeId: store.storeId,
        merchantId: store.storeId,
        clientOrderId: `web-${Date.now()}`,
        sourceChannel: 'client_website',
        sourceLabel: 'Adom website',
        items: [{ type: 'PRODUCT', item_type: 'product', item_id: cream.id, qty: 2 }],
        customer: { name: LONG_NAME, phone: '0241112223' },
        paymentMethod: 'cash',
      },
    });
    assert.equal(placed.statusCode, 201, placed.body);
    order = placed.data;
  });

  async function phone(options: { dark?: boolean } = {}) {
    const { context, page } = await c.newPage(390);
    if (options.dark) await page.emulateMedia({ colorScheme: 'dark' });
    await signInThroughUi(page, store.email, store.password);
    await page.waitForURL(/\/today/);
    return { context, page };
  }

  const title = (page: Page, expected: string) => page.waitForFunction((t) => document.title === t, expected);

  test('the order page lists items with whole names, keeps its reference on one line and names the tab', async () => {
    const { context, page } = await phone();
    try {
      await page.goto(`/console/s/${store.storeId}/orders/${order.orderId}`);
      const heading = page.getByRole('heading', { level: 1, name: `Order ${order.reference}` });
      await heading.waitFor();
      assert.ok(await onOneLine(heading.getByText(order.reference)), 'the reference does not wrap');
      await title(page, `Order ${order.reference} · Adom Salon`);

      const items = page.getByRole('list', { name: 'Items' });
      const name = items.getByText(LONG_ITEM);
      await name.waitFor();
      const measured = await wrapsBetweenWords(name);
      assert.ok(measured.ok, `the item name is ${measured.width}px wide, its longest word ${measured.longest}px`);
      assert.ok(measured.width > 250, 'the name has the width of the card');
      assert.match(await items.innerText(), /2 × (GH₵|GHS)\s?25\.00[\s\S]*(GH₵|GHS)\s?50\.00/);
      // Where it came from in words; the website's own fields folded away.
      const timeline = page.getByRole('region', { name: 'Timeline' });
      await timeline.getByText('From your website').waitFor();
      assert.equal(await timeline.getByText('Adom website').isVisible(), false);
      await timeline.getByText('Details', { exact: true }).click();
      await timeline.getByText('Adom website').waitFor();
      await inspect(page, 'phone-order', c.env.dialect.name);
    } finally {
      await context.close();
    }
  });

  test('the order tabs stay on one line and scroll; the orders list shows cards with whole names', async () => {
    const { context, page } = await phone();
    try {
      await page.goto(`/console/s/${store.storeId}/orders`);
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
      await title(page, 'Orders · Adom Salon');
      const tabs = page.getByRole('tablist', { name: 'Orders by stage' }).getByRole('tab');
      const tops = await tabs.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
      assert.equal(tops.length, 5);
      assert.equal(new Set(tops).size, 1, `the tabs are on one line (tops ${tops.join(', ')})`);
      await page.getByRole('tab', { name: 'All' }).click();
      await page.waitForURL(/status=all/);
      const card = page.getByRole('list', { name: 'Orders' }).getByRole('link', { name: LONG_NAME });
      await card.waitFor();
      assert.ok((await wrapsBetweenWords(card)).ok);
      await inspect(page, 'phone-orders', c.env.dialect.name);
    } finally {
      await context.close();
    }
  });

  test('a booking is titled with the customer\'s name, says where it came from, keeps developer fields in Details, and a free service says Free', async () => {
    const { context, page } = await phone();
    try {
      await page.goto(`/console/s/${store.storeId}/bookings/${website.bookingId}`);
      await page.getByRole('heading', { level: 1, name: LONG_NAME }).waitFor();
      await page.getByText(`Booking ${website.reference}`).waitFor();
      await title(page, `Booking: ${LONG_NAME} · Adom Salon`);
      const appointment = page.getByRole('region', { name: 'Appointment' });
      await appointment.getByText('From your website').waitFor();
      assert.doesNotMatch(await page.locator('main').innerText(), /client_website|via /, 'no raw channel in sight');
      // What the customer answered shows; the website's fields wait behind Details.
      await page.getByText('Hair length').waitFor();
      const pageUrl = page.getByText('https://adom.example.test/book/braids');
      assert.equal(await pageUrl.isVisible(), false, 'pageUrl hidden until Details opens');
      assert.equal(await page.getByText('sourceLabel', { exact: true }).isVisible(), false);
      await inspect(page, 'phone-booking', c.env.dialect.name);
      await appointment.getByText('Details', { exact: true }).click();
      await pageUrl.waitFor();
      await page.getByText('sourceLabel', { exact: true }).waitFor();
      await checkA11y(page, 'booking details open');

      await page.goto(`/console/s/${store.storeId}/bookings/${free.bookingId}`);
      await page.getByRole('heading', { level: 1, name: 'Yaw Boateng' }).waitFor();
      await page.getByRole('region', { name: 'Appointment' }).getByText('Walk-in').waitFor();
      const payment = page.getByRole('region', { name: 'Payment' });
      await payment.getByText('Free', { exact: true }).waitFor();
      assert.doesNotMatch(await payment.innerText(), /0\.00/);

      await page.goto(`/console/s/${store.storeId}/bookings?view=list`);
      await title(page, 'Bookings · Adom Salon');
      const list = page.getByRole('list', { name: 'Bookings' });
      const name = list.getByText(LONG_NAME);
      await name.waitFor();
      assert.ok((await wrapsBetweenWords(name)).ok);
      assert.equal(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), true, 'the name is not cut off');
      await list.getByText(/Consultation[\s\S]*Free/).waitFor();
      await inspect(page, 'phone-bookings', c.env.dialect.name);
    } finally {
      await context.close();
    }
  });

  test('Today shows names whole, counts in the right number, and each page names the tab', async () => {
    const { context, page } = await phone();
    try {
      await title(page, 'Today · Adom Salon');
      const coming = page.getByRole('region', { name: /^Coming up/ });
      const link = coming.getByRole('link', { name: LONG_NAME });
      await link.waitFor();
      const row = coming.getByRole('listitem').filter({ has: page.getByRole('link', { name: LONG_NAME }) });
      const text = row.locator('p').first();
      assert.equal(await text.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && getComputedStyle(el).textOverflow !== 'ellipsis'), true, 'not cut off');
      assert.ok((await wrapsBetweenWords(link)).ok);
      await page.getByRole('region', { name: 'Needs attention' }).getByRole('link', { name: /^1\s*booking waiting for approval$/ }).waitFor();
      await inspect(page, 'phone-today', c.env.dialect.name);

      await page.goto(`/console/s/${store.storeId}/customers`);
      await title(page, 'Customers · Adom Salon');
      const card = page.getByRole('list', { name: 'Customers' }).getByRole('listitem').filter({ hasText: LONG_NAME });
      await card.getByText(/1 booking · 1 order/).waitFor();
      await inspect(page, 'phone-customers', c.env.dialect.name);

      await page.goto(`/console/s/${store.storeId}/customers/${customerId}`);
      await page.getByRole('heading', { level: 1, name: LONG_NAME }).waitFor();
      await title(page, `${LONG_NAME} · Adom Salon`);
      await page.getByRole('list', { name: 'Bookings of this customer' }).getByRole('listitem').first().waitFor();
      await inspect(page, 'phone-customer', c.env.dialect.name);
    } finally {
      await context.close();
    }
  });

  test('dark mode follows the phone\'s setting and the pages pass axe in it', async () => {
    const { context, page } = await phone({ dark: true });
    try {
      assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')), 'dark');
      await page.getByRole('region', { name: /^Coming up/ }).getByRole('link', { name: LONG_NAME }).waitFor();
      await checkA11y(page, 'today, dark');
      const pages: [string, () => Promise<unknown>][] = [
        [`orders?status=all`, () => page.getByRole('list', { name: 'Orders' }).getByRole('listitem').first().waitFor()],
        [`orders/${order.orderId}`, () => page.getByRole('heading', { level: 1, name: `Order ${order.reference}` }).waitFor()],
        [`bookings?view=list`, () => page.getByRole('list', { name: 'Bookings' }).getByRole('listitem').first().waitFor()],
        [`bookings/${website.bookingId}`, () => page.getByRole('heading', { level: 1, name: LONG_NAME }).waitFor()],
        [`customers`, () => page.getByRole('list', { name: 'Customers' }).getByRole('listitem').first().waitFor()],
        [`customers/${customerId}`, () => page.getByRole('list', { name: 'Bookings of this customer' }).getByRole('listitem').first().waitFor()],
      ];
      for (const [path, ready] of pages) {
        await page.goto(`/console/s/${store.storeId}/${path}`);
        await ready();
        await checkA11y(page, `${path}, dark`);
      }
      await inspect(page, 'phone-customer-dark', c.env.dialect.name);
    } finally {
      await context.close();
    }
  });
});
