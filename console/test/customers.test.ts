// Customers in Chromium, through the UI, on both engines: search by name, email or phone digits;
// one customer with their bookings and orders (each a link to its page); an edit the service refuses
// shows its reason next to the field and keeps what was typed, a good one saves; delete asks first,
// and a customer with bookings or orders is kept with the reason in plain words.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TestStore } from '../../test/helpers/app.ts';
import { describeConsole, inspect, inviteMember, signInThroughUi } from './harness.ts';

const ZONE = 'Africa/Accra';
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** Two days from now in the store's zone (Accra is UTC all year). */
const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

describeConsole('console customers', (c) => {
  let store: TestStore;
  let booking = { bookingId: '', reference: '' };
  let order = { orderId: '', reference: '' };
  let customerId = '';

  before(async () => {
    store = await c.env.createStore({ name: 'Adom Salon', currency: 'GHS', timezone: ZONE });
    const key = await c.env.createKey(store);
    const serviceId = (
      await c.env.createItem(store, { itemType: 'service', name: 'Braids', price: 40, schedule: { durationMinutes: 60, maxAdvanceDays: 90, weeklyHours: WEEK.map((day) => ({ day, start: '09:00', end: '17:00' })) } })
    ).id;
    const oil = await c.env.createItem(store, { name: 'Hair oil', price: 30, stockCount: 20 });
    // Esi books and orders over the integration API (a partner's website): one customer record.
    const booked = await c.env.inject({
      method: 'POST',
      url: `/v1IntegrationBookings?storeId=${store.storeId}`,
      headers: c.env.keyHeaders(key),
      payload: { serviceId, bookingDate: inTwoDays(), bookingTime: '10:00', customer: { name: 'Esi Mensah', phone: '0241112223', email: 'esi@example.test' } },
    });
    assert.equal(booked.statusCode, 201, booked.body);
    booking = booked.data.booking;
    const res = await c.env.inject({
      method: 'POST',
      url: '/integrationCheckoutCreate',
      headers: c.env.keyHeaders(key),
      payload: {
        storeId: store.storeId,
        merchantId: store.storeId,
        clientOrderId: `web-${Date.now()}`,
        paymentMethod: 'cash',
        items: [{ type: 'PRODUCT', item_type: 'product', item_id: oil.id, qty: 2 }],
        customer: { name: 'Esi Mensah', email: 'esi@example.test', phone: '024 111 2223' },
      },
    });
    assert.equal(res.statusCode, 201, res.body);
    order = res.data;
    await c.env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/orders/${order.orderId}/mark-paid`, headers: c.env.staffHeaders(store), payload: { method: 'cash' } });
    customerId = res.data.customerId ?? (await staffGet(`/orders/${order.orderId}`)).order.customerId;
    for (const name of ['Kojo Asante', 'Yaw Owusu']) {
      const made = await c.env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/customers`, headers: c.env.staffHeaders(store), payload: { name, email: `${name.split(' ')[0].toLowerCase()}@example.test` } });
      assert.equal(made.statusCode, 201, made.body);
    }
  });

  async function staffGet(path: string) {
    return (await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}${path}`, headers: c.env.staffHeaders(store) })).data;
  }

  async function signIn() {
    const { context, page } = await c.newPage();
    await signInThroughUi(page, store.email, store.password);
    await page.waitForURL(/\/today/);
    return { context, page };
  }

  /** The error text an input points at (aria-describedby), or ''. */
  async function fieldError(page: Page, label: string) {
    const described = (await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby')) ?? '';
    const id = described.split(' ').find((x) => x.includes('error'));
    return id ? page.locator(`[id="${id}"]`).innerText() : '';
  }

  test('search by name, email or phone digits; the list shows counts and total spent', async () => {
    const { context, page } = await signIn();
    try {
      await page.getByRole('link', { name: 'Customers', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
      // The pointer leaves the navigation (a hovered active link is the shell's, not this page's, concern).
      await page.mouse.move(600, 800);
      const esi = page.getByRole('row', { name: /Esi Mensah/ });
      await esi.waitFor();
      const cells = await esi.getByRole('cell').allInnerTexts();
      // Chromium's Intl writes cedis as "GH₵60.00" or "GHS 60.00" depending on its ICU version.
      assert.deepEqual(cells.slice(1, 6).map((x) => x.replace(/^GHS\s?/, 'GH₵')), ['esi@example.test', '0241112223', '1', '1', 'GH₵60.00']);
      assert.equal(await page.getByRole('row').count(), 4);
      await inspect(page, 'customers', c.env.dialect.name);

      const search = page.getByRole('searchbox', { name: 'Search' });
      await search.fill('kojo');
      await page.getByRole('row', { name: /Esi Mensah/ }).waitFor({ state: 'detached' });
      await page.getByRole('row', { name: /Kojo Asante/ }).waitFor();
      assert.match(page.url(), /\?q=kojo/);
      await search.fill('111 222');
      await page.getByRole('row', { name: /Esi Mensah/ }).waitFor();
      assert.equal(await page.getByRole('row', { name: /Kojo Asante/ }).count(), 0);
      await search.fill('nobody-here');
      await page.getByText('No customer matches “nobody-here”').waitFor();
      // The search survives a reload (it is in the address).
      await page.reload();
      assert.equal(await page.getByRole('searchbox', { name: 'Search' }).inputValue(), 'nobody-here');
      await page.getByText('No customer matches “nobody-here”').waitFor();
    } finally {
      await context.close();
    }
  });

  test('one customer shows their bookings and orders, each a link to its page', async () => {
    const { context, page } = await signIn();
    try {
      await page.goto(`/console/s/${store.storeId}/customers`);
      await page.getByRole('row', { name: /Esi Mensah/ }).getByRole('link', { name: 'Esi Mensah' }).click();
      await page.getByRole('heading', { level: 1, name: 'Esi Mensah' }).waitFor();
      const summary = page.getByRole('region', { name: 'Summary' });
      await summary.getByText(/(GH₵|GHS)\s?60\.00/).waitFor();
      const orders = page.getByRole('list', { name: 'Orders of this customer' });
      await orders.getByRole('link', { name: order.reference }).waitFor();
      const bookings = page.getByRole('list', { name: 'Bookings of this customer' });
      await bookings.getByText(booking.reference).waitFor();
      assert.equal(await orders.getByRole('listitem').count(), 1);
      assert.equal(await bookings.getByRole('listitem').count(), 1);
      await inspect(page, 'customer', c.env.dialect.name);

      await orders.getByRole('link', { name: order.reference }).click();
      await page.getByRole('heading', { level: 1, name: `Order ${order.reference}` }).waitFor();
      await page.goBack();
      await bookings.getByRole('link', { name: 'Braids' }).click();
      await page.waitForURL(new RegExp(`/bookings/${booking.bookingId}$`));
    } finally {
      await context.close();
    }
  });

  test('an edit the service refuses shows the reason next to the field and keeps the form; a good edit saves', async () => {
    const { context, page } = await signIn();
    try {
      await page.goto(`/console/s/${store.storeId}/customers/${customerId}`);
      await page.getByRole('heading', { level: 1, name: 'Esi Mensah' }).waitFor();
      await page.getByLabel(/^Name/).fill('Esi Mensah-Owusu');
      await page.getByLabel('Email', { exact: true }).fill('esi at example');
      await page.getByLabel('Phone', { exact: true }).fill('12');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('region', { name: 'Details' }).getByRole('alert').waitFor();
      assert.match(await fieldError(page, 'Email'), /email/i);
      assert.match(await fieldError(page, 'Phone'), /digits/i);
      assert.equal(await page.getByLabel(/^Name/).inputValue(), 'Esi Mensah-Owusu');
      assert.equal(await page.getByLabel('Email', { exact: true }).inputValue(), 'esi at example');
      await inspect(page, 'customer-edit-refused', c.env.dialect.name);
      assert.equal((await staffGet(`/customers/${customerId}`)).customer.name, 'Esi Mensah');

      // An email another customer has: the service's 409 names the field too.
      await page.getByLabel('Email', { exact: true }).fill('kojo@example.test');
      await page.getByLabel('Phone', { exact: true }).fill('024 111 2223');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForFunction(() => document.body.innerText.includes('already used by another customer'));
      assert.match(await fieldError(page, 'Email'), /already used/);

      await page.getByLabel('Email', { exact: true }).fill('esi.owusu@example.test');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Customer saved').waitFor();
      await page.getByRole('heading', { level: 1, name: 'Esi Mensah-Owusu' }).waitFor();
      const saved = (await staffGet(`/customers/${customerId}`)).customer;
      assert.equal(saved.name, 'Esi Mensah-Owusu');
      assert.equal(saved.email, 'esi.owusu@example.test');
      assert.equal(await page.getByRole('button', { name: 'Save' }).isDisabled(), true);
    } finally {
      await context.close();
    }
  });

  test('delete asks first; a customer with bookings and orders is kept and the reason is said in plain words; one without goes', async () => {
    const { context, page } = await signIn();
    try {
      await page.goto(`/console/s/${store.storeId}/customers/${customerId}`);
      await page.getByRole('button', { name: 'Delete customer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this customer?' });
      await dialog.getByRole('button', { name: 'Delete customer' }).click();
      const alert = dialog.getByRole('alert');
      await alert.waitFor();
      assert.match(await alert.innerText(), /has 1 booking and 1 order in this store[\s\S]*cannot be deleted while they exist/);
      assert.equal(await dialog.getByRole('button', { name: 'Delete customer' }).count(), 0);
      await inspect(page, 'customer-delete-refused', c.env.dialect.name);
      await dialog.getByRole('button', { name: 'Back to the customer' }).click();
      assert.equal((await staffGet(`/customers/${customerId}`)).customer.id, customerId);

      const yaw = (await staffGet('/customers?q=yaw')).customers[0];
      await page.goto(`/console/s/${store.storeId}/customers/${yaw.id}`);
      await page.getByRole('heading', { level: 1, name: 'Yaw Owusu' }).waitFor();
      await page.getByRole('list', { name: 'Orders of this customer' }).or(page.getByText('No orders')).first().waitFor();
      await page.getByRole('button', { name: 'Delete customer' }).click();
      await dialog.getByRole('button', { name: 'Delete customer' }).click();
      await page.waitForURL(new RegExp(`/customers$`));
      await page.getByRole('row', { name: /Esi Mensah/ }).waitFor();
      assert.equal(await page.getByRole('row', { name: /Yaw Owusu/ }).count(), 0);
      const gone = await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/customers/${yaw.id}`, headers: c.env.staffHeaders(store) });
      assert.equal(gone.statusCode, 404);
    } finally {
      await context.close();
    }
  });

  test('a staff member may edit customers but is not offered Delete', async () => {
    const email = `desk-${Date.now()}@example.test`;
    const password = await inviteMember(c.env, store, { email, name: 'Front Desk', role: 'staff' });
    const { context, page } = await c.newPage();
    try {
      await signInThroughUi(page, email, password);
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
      await page.goto(`/console/s/${store.storeId}/customers/${customerId}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Save' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Delete customer' }).count(), 0);
    } finally {
      await context.close();
    }
  });
});
