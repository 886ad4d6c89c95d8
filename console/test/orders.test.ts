// Orders in Chromium, through the UI, on both engines: a cash order placed over the integration API
// waits under "Awaiting payment"; the owner marks it paid (it moves to "To fulfil" and the customer's
// total spent moves), moves it through delivery, and refunds it with restock (stock comes back);
// a staff member sees no Refund; a payment in manual review is flagged with its note and offers no
// Cancel, and a cancel that meets one is explained; an order is found by its reference.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TestStore } from '../../test/helpers/app.ts';
import { describeConsole, dismissNotices, inspect, inviteMember, signInThroughUi } from './harness.ts';

const ZONE = 'Africa/Accra';
/** An amount in cedis as Chromium's Intl writes it ("GH₵25.00" or "GHS 25.00", by ICU version). */
const cedis = (amount: string) => `(?:GH₵|GHS)\\s?${amount.replace('.', '\\.')}`;
const money = (amount: string) => new RegExp(cedis(amount));

describeConsole('console orders', (c) => {
  let store: TestStore;
  let key = '';
  let mug: { id: string };
  let counter = 0;

  before(async () => {
    store = await c.env.createStore({ name: 'Ama’s Shop', currency: 'GHS', timezone: ZONE });
    key = await c.env.createKey(store);
    mug = await c.env.createItem(store, { name: 'Clay mug', price: 12.5, stockCount: 100 });
  });

  /** A partner's server creates an order over the integration API (the step these tests are not about). */
  async function placeOrder(extra: Record<string, unknown> = {}, qty = 2) {
    const res = await c.env.inject({
      method: 'POST',
      url: '/integrationCheckoutCreate',
      headers: c.env.keyHeaders(key),
      payload: {
        storeId: store.storeId,
        merchantId: store.storeId,
        clientOrderId: `web-${++counter}-${Date.now()}`,
        items: [{ type: 'PRODUCT', item_type: 'product', item_id: mug.id, qty }],
        customer: { name: 'Ama Boateng', email: 'ama@example.test', phone: '+233 24 555 1234' },
        returnUrl: 'https://shop.example.test/done',
        cancelUrl: 'https://shop.example.test/cancelled',
        ...extra,
      },
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.data as { orderId: string; reference: string };
  }

  const orderApi = async (orderId: string) =>
    (await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/orders/${orderId}`, headers: c.env.staffHeaders(store) })).data.order;
  const stock = async () =>
    (await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/items/${mug.id}`, headers: c.env.staffHeaders(store) })).data.item.stockCount as number;

  async function signIn(email = store.email, password = store.password) {
    const { context, page } = await c.newPage();
    await signInThroughUi(page, email, password);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    return { context, page };
  }

  async function openOrder(page: Page, order: { orderId: string; reference: string }) {
    await page.goto(`/console/s/${store.storeId}/orders/${order.orderId}`);
    await page.getByRole('heading', { level: 1, name: `Order ${order.reference}` }).waitFor();
  }

  const statusBadge = (page: Page, label: string) => page.locator('.mantine-Badge-root', { hasText: new RegExp(`^${label}$`) }).first();

  test('a cash order waits under Awaiting payment; the owner marks it paid, it moves on and the customer\'s total spent moves', async () => {
    const order = await placeOrder({ paymentMethod: 'cash' });
    const { context, page } = await signIn();
    try {
      // The customer exists with nothing spent yet.
      await page.goto(`/console/s/${store.storeId}/customers`);
      const row = page.getByRole('row', { name: /Ama Boateng/ });
      await row.waitFor();
      assert.match(await row.innerText(), money('0.00'));

      await page.getByRole('link', { name: 'Orders', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
      // The pointer leaves the navigation (a hovered active link is the shell's, not this page's, concern).
      await page.mouse.move(600, 800);
      assert.equal(await page.getByRole('tab', { name: 'Awaiting payment' }).getAttribute('aria-selected'), 'true');
      const listed = page.getByRole('row', { name: new RegExp(order.reference) });
      await listed.waitFor();
      assert.match(await listed.innerText(), /Cash to collect/i);
      assert.match(await listed.innerText(), money('25.00'));
      await inspect(page, 'orders-awaiting', c.env.dialect.name);

      await listed.getByRole('link', { name: order.reference }).click();
      await page.getByRole('heading', { level: 1, name: `Order ${order.reference}` }).waitFor();
      // Only what a cash order waiting for its money allows.
      await page.getByRole('button', { name: 'Mark paid' }).waitFor();
      await page.getByRole('button', { name: 'Cancel order' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Refund' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: /delivered|delivery/i }).count(), 0);
      const payment = page.getByRole('region', { name: 'Payment' });
      assert.match(await payment.innerText(), /Cash/);
      assert.match(await page.getByRole('region', { name: 'Items' }).innerText(), new RegExp(`Clay mug[\\s\\S]*2[\\s\\S]*${cedis('12.50')}[\\s\\S]*${cedis('25.00')}`));
      await inspect(page, 'order-cash-pending', c.env.dialect.name);

      await page.getByRole('button', { name: 'Mark paid' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mark this order paid' });
      await dialog.waitFor();
      assert.equal(await dialog.getByLabel('How was it paid?').inputValue(), 'Cash');
      await dialog.getByLabel('Note (optional)').fill('Collected at the counter by Kofi');
      await inspect(page, 'order-mark-paid', c.env.dialect.name);
      await dialog.getByRole('button', { name: 'Mark paid' }).click();
      await dialog.waitFor({ state: 'detached' });
      await statusBadge(page, 'Paid').waitFor();
      await page.getByRole('button', { name: 'Out for delivery' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Mark paid' }).count(), 0);
      assert.match(await page.getByRole('region', { name: 'Note' }).innerText(), /Collected at the counter by Kofi/);
      assert.doesNotMatch(await page.getByRole('region', { name: 'Timeline' }).innerText(), /Not paid/);

      const saved = await orderApi(order.orderId);
      assert.equal(saved.status, 'paid');
      assert.equal(saved.paymentMethod, 'cash');

      // It left "Awaiting payment" and waits under "To fulfil".
      await page.getByRole('link', { name: '‹ All orders' }).click();
      await page.getByRole('tab', { name: 'Awaiting payment' }).waitFor();
      await page.getByText('No orders are waiting for payment').waitFor();
      await page.getByRole('tab', { name: 'To fulfil' }).click();
      await page.getByRole('row', { name: new RegExp(order.reference) }).waitFor();
      assert.match(page.url(), /status=fulfil/);

      // The customer's total spent moved (the order's customer link leads there).
      await openOrder(page, order);
      await page.getByRole('region', { name: 'Customer' }).getByRole('link', { name: 'Ama Boateng' }).click();
      await page.getByRole('heading', { level: 1, name: 'Ama Boateng' }).waitFor();
      await page.getByRole('region', { name: 'Summary' }).getByText(money('25.00')).waitFor();
    } finally {
      await context.close();
    }
  });

  test('fulfilment, then a refund with restock puts the stock back and takes the money off the customer', async () => {
    const before = await stock();
    const order = await placeOrder({ paymentMethod: 'momo' }, 3);
    assert.equal(await stock(), before - 3);
    const { context, page } = await signIn();
    try {
      await openOrder(page, order);
      await page.getByRole('button', { name: 'Mark paid' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mark this order paid' });
      assert.equal(await dialog.getByLabel('How was it paid?').inputValue(), 'Mobile money');
      await dialog.getByRole('button', { name: 'Mark paid' }).click();
      await dialog.waitFor({ state: 'detached' });
      // Each step's notice can sit over the next step's button (and the pointer on it keeps it open).
      await page.getByText(/marked paid$/).waitFor();
      await dismissNotices(page);

      await page.getByRole('button', { name: 'Out for delivery' }).click();
      await statusBadge(page, 'Out for delivery').waitFor();
      await page.getByText('Order marked out for delivery').waitFor();
      await dismissNotices(page);
      await page.getByRole('button', { name: 'Mark delivered' }).click();
      await statusBadge(page, 'Confirmed').waitFor();
      assert.equal((await orderApi(order.orderId)).status, 'confirmed');
      const spentBefore = (await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/customers?q=ama@example.test`, headers: c.env.staffHeaders(store) })).data.customers[0].totalSpentMinor;

      await dismissNotices(page);
      await page.getByRole('button', { name: 'Refund' }).click();
      const refund = page.getByRole('dialog', { name: 'Refund this order?' });
      await refund.waitFor();
      const restock = refund.getByRole('checkbox', { name: 'Put the items back in stock' });
      assert.equal(await restock.isChecked(), true);
      await refund.getByLabel('Reason (optional)').fill('Cracked in transit');
      await inspect(page, 'order-refund', c.env.dialect.name);
      await refund.getByRole('button', { name: new RegExp(`^Refund ${cedis('37.50')}$`) }).click();
      await refund.waitFor({ state: 'detached' });
      await statusBadge(page, 'Refunded').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Refund' }).count(), 0);
      await inspect(page, 'order-refunded', c.env.dialect.name);

      assert.equal(await stock(), before);
      const spentAfter = (await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/customers?q=ama@example.test`, headers: c.env.staffHeaders(store) })).data.customers[0].totalSpentMinor;
      assert.equal(spentAfter, spentBefore - 3750);

      await page.goto(`/console/s/${store.storeId}/orders?status=closed`);
      await page.getByRole('row', { name: new RegExp(order.reference) }).waitFor();
      await inspect(page, 'orders-closed', c.env.dialect.name);
    } finally {
      await context.close();
    }
  });

  test('a refund without restock leaves the stock as it is', async () => {
    const order = await placeOrder({ paymentMethod: 'cash' }, 1);
    await c.env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/orders/${order.orderId}/mark-paid`, headers: c.env.staffHeaders(store), payload: { method: 'cash' } });
    const before = await stock();
    const { context, page } = await signIn();
    try {
      await openOrder(page, order);
      await page.getByRole('button', { name: 'Refund' }).click();
      const refund = page.getByRole('dialog', { name: 'Refund this order?' });
      await refund.getByRole('checkbox', { name: 'Put the items back in stock' }).uncheck();
      await refund.getByRole('button', { name: /^Refund / }).click();
      await refund.waitFor({ state: 'detached' });
      await statusBadge(page, 'Refunded').waitFor();
      assert.equal(await stock(), before);
    } finally {
      await context.close();
    }
  });

  test('a staff member settles and fulfils orders but is not offered Refund', async () => {
    const order = await placeOrder({ paymentMethod: 'cash' }, 1);
    const email = `clerk-${Date.now()}@example.test`;
    const password = await inviteMember(c.env, store, { email, name: 'Kofi Clerk', role: 'staff' });
    const { context, page } = await signIn(email, password);
    try {
      await openOrder(page, order);
      await page.getByRole('button', { name: 'Mark paid' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mark this order paid' });
      await dialog.getByRole('button', { name: 'Mark paid' }).click();
      await dialog.waitFor({ state: 'detached' });
      await statusBadge(page, 'Paid').waitFor();
      await page.getByRole('button', { name: 'Out for delivery' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Refund' }).count(), 0);
      await inspect(page, 'order-paid-staff', c.env.dialect.name);
    } finally {
      await context.close();
    }
  });

  test('a payment in manual review is flagged with its note and offers no Cancel; a cancel that meets one is explained', async () => {
    const review = await placeOrder();
    await c.env.app.ctx.services.checkout.confirmPayment(review.reference, { amountMinor: 100, currency: 'GHS', via: 'test', by: 'status_check' });
    const stale = await placeOrder();
    const { context, page } = await signIn();
    try {
      await openOrder(page, review);
      const flag = page.getByRole('status').filter({ hasText: 'This payment needs a manual review' });
      await flag.waitFor();
      const note = (await orderApi(review.orderId)).note as string;
      assert.ok(note);
      assert.match(await flag.innerText(), new RegExp(note.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await statusBadge(page, 'Needs review').waitFor();
      await page.getByRole('button', { name: 'Mark paid' }).waitFor();
      await page.getByRole('button', { name: 'Refund' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Cancel order' }).count(), 0);
      // The timeline says how the money was learnt of: here, a status check (its callback never came).
      await page.getByText('Confirmed by a status check with the provider').waitFor();
      await inspect(page, 'order-manual-review', c.env.dialect.name);

      // The page still shows an open checkout when its money arrives wrong: the cancel is refused and said why.
      await openOrder(page, stale);
      await c.env.app.ctx.services.checkout.confirmPayment(stale.reference, { amountMinor: 999, currency: 'GHS', via: 'test' });
      await page.getByRole('button', { name: 'Cancel order' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
      await dialog.getByRole('button', { name: 'Cancel order' }).click();
      const alert = dialog.getByRole('alert');
      await alert.waitFor();
      assert.match(await alert.innerText(), /Money was received for this order, so it cannot be cancelled/);
      // The order no longer allows a cancel: the dialog only explains, and the page shows the review.
      assert.equal(await dialog.getByRole('button', { name: 'Cancel order' }).count(), 0);
      await inspect(page, 'order-cancel-refused', c.env.dialect.name);
      await dialog.getByRole('button', { name: 'Back to the order' }).click();
      assert.equal(await page.getByRole('button', { name: 'Cancel order' }).count(), 0);
      await page.getByRole('status').filter({ hasText: 'This payment needs a manual review' }).waitFor();
      assert.equal((await orderApi(stale.orderId)).status, 'pending_manual');
    } finally {
      await context.close();
    }
  });

  test('cancel asks first and closes the order unpaid, its stock back; an order is found by its reference', async () => {
    const before = await stock();
    const order = await placeOrder({ paymentMethod: 'manual' }, 2);
    const { context, page } = await signIn();
    try {
      await page.goto(`/console/s/${store.storeId}/orders`);
      const find = page.getByRole('search', { name: 'Order lookup' });
      await find.getByLabel('Find an order').fill('ORD-NOPE');
      await find.getByRole('button', { name: 'Find' }).click();
      await find.getByText('No order “ORD-NOPE”').waitFor();
      await find.getByLabel('Find an order').fill(order.reference.toLowerCase());
      await find.getByRole('button', { name: 'Find' }).click();
      await page.getByRole('heading', { level: 1, name: `Order ${order.reference}` }).waitFor();

      await page.getByRole('button', { name: 'Cancel order' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
      await dialog.waitFor();
      await inspect(page, 'order-cancel', c.env.dialect.name);
      await dialog.getByRole('button', { name: 'Keep order' }).click();
      await dialog.waitFor({ state: 'detached' });
      assert.equal((await orderApi(order.orderId)).status, 'pending_manual');
      await page.getByRole('button', { name: 'Cancel order' }).click();
      await dialog.getByRole('button', { name: 'Cancel order' }).click();
      await dialog.waitFor({ state: 'detached' });
      await statusBadge(page, 'Cancelled').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Mark paid' }).count(), 0);
      assert.equal(await stock(), before);
    } finally {
      await context.close();
    }
  });

  test('the list pages with Load more and works on a phone', async () => {
    for (let i = 0; i < 26; i++) await placeOrder({ paymentMethod: 'cash' }, 1);
    const { context, page } = await signIn();
    try {
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(`/console/s/${store.storeId}/orders`);
      const cards = page.getByRole('list', { name: 'Orders' }).getByRole('listitem');
      await cards.first().waitFor();
      assert.equal(await cards.count(), 25);
      await page.getByRole('button', { name: 'Load more' }).click();
      await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Orders"] > li').length > 25);
      await inspect(page, 'orders-phone', c.env.dialect.name);
    } finally {
      await context.close();
    }
  });
});
