// Deposits and refunds in the console, in Chromium through the UI, on both engines (issue 33): the
// owner asks a 20% deposit on a service in its editor and sets how long an unpaid deposit holds the
// time; a partner's website books it (integration API), the booking shows "Deposit due" with its
// order; the customer pays on the sandbox page (on a phone), the booking shows "Deposit paid" and the
// list badges it; cancelling says the deposit will be refunded, and then shows it refunded, its order
// linking back to the booking. A product sale is refunded in part ("Partly refunded"), a part larger
// than what is left is refused (by the dialog, and by the service when the order changed meanwhile),
// then the rest with restock ("Refunded"), every refund listed.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TestStore } from '../../test/helpers/app.ts';
import { dayIn } from './booking-helpers.ts';
import { describeConsole, dismissNotices, inspect as inspectPage, signInThroughUi } from './harness.ts';

const ZONE = 'Africa/Accra';
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** An amount in cedis as Chromium's Intl writes it ("GH₵25.00" or "GHS 25.00", by ICU version). */
const cedis = (amount: string) => `(?:GH₵|GHS)\\s?${amount.replace('.', '\\.')}`;

/** inspect() with the pointer off every control: a hovered button shows the shell's hover colours. */
async function inspect(page: Page, name: string, engine: string) {
  await page.mouse.move(0, 899);
  await inspectPage(page, name, engine);
}

describeConsole('console: deposits and refunds', (c) => {
  let store: TestStore;
  let key = '';
  let braids: { id: string };
  let gel: { id: string };

  before(async () => {
    store = await c.env.createStore({ name: 'Ama Braids', currency: 'GHS', timezone: ZONE });
    key = await c.env.createKey(store);
    braids = await c.env.createItem(store, {
      itemType: 'service',
      name: 'Knotless braids',
      price: 400,
      schedule: { durationMinutes: 60, maxAdvanceDays: 90, weeklyHours: WEEK.map((day) => ({ day, start: '08:00', end: '18:00' })) },
    });
    gel = await c.env.createItem(store, { name: 'Braid gel', price: 25, stockCount: 10 });
  });

  const api = async (path: string) => {
    const res = await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}${path}`, headers: c.env.staffHeaders(store) });
    assert.equal(res.statusCode, 200, res.body);
    return res.data;
  };

  async function signIn(width = 1280) {
    const { context, page } = await c.newPage(width);
    await signInThroughUi(page, store.email, store.password);
    await page.waitForURL(/\/today/);
    return { context, page };
  }

  test('the owner asks a 20% deposit on a service in its editor, and sets how long an unpaid deposit holds the time', async () => {
    const { context, page } = await signIn();
    try {
      await page.goto(`/console/s/${store.storeId}/catalog/${braids.id}`);
      await page.getByRole('heading', { level: 1, name: 'Knotless braids' }).waitFor();
      const deposit = page.getByRole('region', { name: 'Deposit', exact: true });
      assert.equal(await deposit.getByRole('radio', { name: 'None' }).isChecked(), true, 'no deposit at first');

      // A fixed amount left empty is refused before anything is sent.
      await deposit.getByRole('radio', { name: 'Fixed amount' }).check();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await deposit.getByText('Enter the amount of the deposit').waitFor();
      assert.equal((await api(`/items/${braids.id}`)).item.schedule.deposit ?? null, null);

      await deposit.getByRole('radio', { name: 'Percentage' }).check();
      await deposit.getByLabel('Percentage of the price').fill('20');
      await deposit.getByText(new RegExp(`A customer pays ${cedis('80.00')} per place when booking online`)).waitFor();
      await deposit.getByText(/holds the time for 30 minutes/).waitFor();
      await inspect(page, 'deposit-service-editor', c.env.dialect.name);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('“Knotless braids” saved').waitFor();
      const saved = (await api(`/items/${braids.id}`)).item;
      assert.deepEqual(saved.schedule.deposit, { percent: 20 });
      assert.equal(saved.schedule.weeklyHours.length, 7, 'the rest of the schedule is sent whole and kept');

      // Settings › Profile and hours: the deposit hold, next to the online cut-off.
      await page.goto(`/console/s/${store.storeId}/settings/profile`);
      const form = page.getByRole('form', { name: 'Store profile' });
      const hold = form.getByRole('textbox', { name: 'Deposit hold (minutes)' });
      assert.equal(await hold.inputValue(), '30');
      await hold.fill('');
      await form.getByRole('button', { name: 'Save profile' }).click();
      await form.getByText('From 10 to 1440 minutes (a day)').waitFor();
      await hold.fill('45');
      await form.getByRole('button', { name: 'Save profile' }).click();
      await page.getByText('Profile saved', { exact: true }).waitFor();
      assert.equal((await api('')).store.depositHoldMinutes, 45);
      await dismissNotices(page);
      await form.getByRole('region', { name: 'Booking rules' }).scrollIntoViewIfNeeded();
      await inspect(page, 'deposit-hold-setting', c.env.dialect.name);
    } finally {
      await context.close();
    }
  });

  test('a deposit booked online shows due, then paid on the sandbox page; cancelling the booking says and does its refund', async () => {
    const item = (await api(`/items/${braids.id}`)).item;
    if (!item.schedule.deposit) {
      // This test alone (a filter on its name): the deposit the first test sets through the UI.
      const set = await c.env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/items/${braids.id}`, headers: c.env.staffHeaders(store), payload: { schedule: { ...item.schedule, deposit: { percent: 20 } } } });
      assert.equal(set.statusCode, 200, set.body);
    }
    const booked = await c.env.inject({
      method: 'POST',
      url: `/v1IntegrationBookings?storeId=${store.storeId}`,
      headers: c.env.keyHeaders(key),
      payload: { serviceId: braids.id, bookingDate: dayIn(ZONE, 3), bookingTime: '10:00', customer: { name: 'Esi Mensah', phone: '0241112223', email: 'esi@example.test' } },
    });
    assert.equal(booked.statusCode, 201, booked.body);
    const { booking, payment } = booked.data as { booking: { bookingId: string; reference: string }; payment: { reference: string; checkoutUrl: string; amountDueMinor: number } };
    assert.equal(payment.amountDueMinor, 8000, '20% of 400.00');
    const engine = c.env.dialect.name;

    const { context, page } = await signIn();
    try {
      // Due: the time is held; its order is linked.
      await page.goto(`/console/s/${store.storeId}/bookings/${booking.bookingId}`);
      await page.getByRole('heading', { level: 1, name: 'Esi Mensah' }).waitFor();
      const deposit = page.getByRole('region', { name: 'Deposit', exact: true });
      await deposit.getByText(/^Due — the time is held until the payment page expires/).waitFor();
      assert.match(await deposit.innerText(), new RegExp(`Amount\\s*${cedis('80.00')}`));
      await deposit.getByRole('link', { name: payment.reference }).waitFor();
      await page.getByText('Deposit due', { exact: true }).waitFor();
      await inspect(page, 'deposit-booking-due', engine);

      // The customer pays on the sandbox page, on their phone, and lands on their booking's page.
      const customer = await c.newPage(390);
      try {
        await customer.page.goto(payment.checkoutUrl);
        await customer.page.getByRole('button', { name: new RegExp(`^Pay ${cedis('80.00')}$`) }).click();
        await customer.page.waitForURL(/\/b\//);
      } finally {
        await customer.context.close();
      }
      assert.equal((await api(`/bookings/${booking.bookingId}`)).booking.deposit.state, 'paid');

      // Paid: on the booking's page and as a badge in the list.
      await page.reload();
      await deposit.getByText('Paid', { exact: true }).waitFor();
      assert.match(await deposit.innerText(), new RegExp(`Amount paid\\s*${cedis('80.00')}`));
      await page.getByText('Deposit paid', { exact: true }).waitFor();
      await inspect(page, 'deposit-booking-paid', engine);

      await page.goto(`/console/s/${store.storeId}/bookings?view=list`);
      const row = page.getByRole('row', { name: new RegExp(booking.reference) });
      await row.getByText('Deposit paid', { exact: true }).waitFor();
      await inspect(page, 'deposit-bookings-list', engine);
      await row.getByRole('link', { name: 'Esi Mensah' }).click();
      await page.getByRole('heading', { level: 1, name: 'Esi Mensah' }).waitFor();

      // Cancelling says the deposit goes back, then shows it refunded.
      await page.getByRole('button', { name: 'Cancel booking' }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancel this booking?' });
      await confirm.getByText(new RegExp(`^The deposit \\(${cedis('80.00')}\\) will be refunded to the customer\\.$`)).waitFor();
      await inspect(page, 'deposit-booking-cancel', engine);
      await confirm.getByRole('button', { name: 'Cancel booking' }).click();
      await confirm.waitFor({ state: 'detached' });
      await deposit.getByText('Refunded', { exact: true }).waitFor();
      await page.getByText('Deposit refunded', { exact: true }).waitFor();
      assert.match(await deposit.innerText(), new RegExp(`Amount paid\\s*${cedis('0.00')}`));
      assert.equal(await deposit.getByRole('alert').count(), 0, 'no "not refunded" warning');
      const after = (await api(`/bookings/${booking.bookingId}`)).booking;
      assert.equal(after.status, 'cancelled');
      assert.equal(after.deposit.state, 'refunded');
      await dismissNotices(page);
      await inspect(page, 'deposit-booking-refunded', engine);

      // Its order: a deposit for the booking (linked), refunded, the refund listed.
      await deposit.getByRole('link', { name: payment.reference }).click();
      await page.getByRole('heading', { level: 1, name: `Order ${payment.reference}` }).waitFor();
      const back = page.getByRole('main').getByRole('link', { name: booking.reference });
      await back.waitFor();
      assert.match((await back.locator('xpath=..').innerText()).trim(), new RegExp(`^Deposit for booking ${booking.reference}`));
      await page.getByRole('main').getByText('Refunded', { exact: true }).first().waitFor();
      const refunds = page.getByRole('list', { name: 'Refunds' });
      assert.equal(await refunds.getByRole('listitem').count(), 1);
      assert.match(await refunds.innerText(), new RegExp(`${cedis('80.00')}\\s*Refunded`));
      const order = (await api(`/orders/${payment.reference}`)).order;
      assert.equal(order.status, 'refunded');
      assert.equal(order.bookingId, booking.bookingId);
      await inspect(page, 'deposit-order-refunded', engine);
      await back.click();
      await page.getByRole('heading', { level: 1, name: 'Esi Mensah' }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('a sale is refunded in part, then the rest with restock; a part larger than what is left is refused', async () => {
    const sale = await c.env.inject({
      method: 'POST',
      url: `/api/stores/${store.storeId}/orders`,
      headers: c.env.staffHeaders(store),
      payload: { items: [{ itemId: gel.id, qty: 2 }], paymentMethod: 'cash', paid: true, customer: { name: 'Kofi Asante', phone: '0207654321' } },
    });
    assert.equal(sale.statusCode, 201, sale.body);
    const { orderId, reference } = sale.data.order as { orderId: string; reference: string };
    assert.equal((await api(`/items/${gel.id}`)).item.stockCount, 8);
    const engine = c.env.dialect.name;
    const badge = (page: Page, label: string) => page.getByRole('main').locator('.mantine-Badge-root', { hasText: new RegExp(`^${label}$`, 'i') });

    const { context, page } = await signIn();
    try {
      await page.goto(`/console/s/${store.storeId}/orders/${orderId}`);
      await page.getByRole('heading', { level: 1, name: `Order ${reference}` }).waitFor();

      // More than was paid: the dialog refuses it and says how much is left.
      await page.getByRole('button', { name: 'Refund', exact: true }).click();
      let dialog = page.getByRole('dialog', { name: 'Refund this order?' });
      await dialog.getByRole('radio', { name: new RegExp(`^Whole \\(${cedis('50.00')}\\)`) }).waitFor();
      await dialog.getByRole('radio', { name: 'Part' }).check();
      assert.equal(await dialog.getByRole('checkbox', { name: 'Put the items back in stock' }).count(), 0, 'restock is for a whole refund');
      await dialog.getByLabel('Amount to refund (GHS)').fill('60');
      await dialog.getByRole('button', { name: /^Refund/ }).click();
      await dialog.getByText(new RegExp(`That is more than is left: at most ${cedis('50.00')} can be refunded`)).waitFor();
      assert.equal((await api(`/orders/${orderId}`)).order.refundedMinor, 0);
      await inspect(page, 'refund-part-too-much', engine);

      // A part: Partly refunded, listed.
      await dialog.getByLabel('Amount to refund (GHS)').fill('20');
      await dialog.getByLabel('Reason (optional)').fill('One tub was opened');
      await dialog.getByRole('button', { name: new RegExp(`^Refund ${cedis('20.00')}$`) }).click();
      await dialog.waitFor({ state: 'detached' });
      await badge(page, 'Partly refunded').waitFor();
      const refunds = page.getByRole('list', { name: 'Refunds' });
      await refunds.waitFor();
      assert.equal(await refunds.getByRole('listitem').count(), 1);
      assert.match(await refunds.innerText(), new RegExp(`${cedis('20.00')}\\s*Refunded[\\s\\S]*Reason: One tub was opened`));
      assert.match(await page.getByRole('region', { name: 'Payment' }).innerText(), new RegExp(`Refunded\\s*${cedis('20.00')}`));
      let order = (await api(`/orders/${orderId}`)).order;
      assert.equal(order.status, 'partially_refunded');
      assert.equal(order.refundedMinor, 2000);
      await dismissNotices(page);
      await inspect(page, 'refund-partly-refunded', engine);

      // Meanwhile another refund is made elsewhere: what the page still shows as left is refused by the service, said in the dialog.
      await page.getByRole('button', { name: 'Refund', exact: true }).click();
      dialog = page.getByRole('dialog', { name: 'Refund this order?' });
      await dialog.getByText(new RegExp(`${cedis('30.00')} is left to refund`)).waitFor();
      const elsewhere = await c.env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/orders/${orderId}/refund`, headers: c.env.staffHeaders(store), payload: { amountMinor: 2500 } });
      assert.equal(elsewhere.statusCode, 200, elsewhere.body);
      await dialog.getByRole('radio', { name: 'Part' }).check();
      await dialog.getByLabel('Amount to refund (GHS)').fill('30');
      await dialog.getByRole('button', { name: new RegExp(`^Refund ${cedis('30.00')}$`) }).click();
      const refused = dialog.getByRole('alert').filter({ hasText: 'Nothing was refunded' });
      await refused.waitFor();
      assert.match(await refused.innerText(), new RegExp(`The service refused the refund: at most 500 \\(what is left of the payment\\)\\. ${cedis('5.00')} is left to refund now\\.\\s*$`));
      await dialog.getByText(new RegExp(`That is more than is left: at most ${cedis('5.00')} can be refunded`)).waitFor();
      await inspect(page, 'refund-refused-by-service', engine);

      // The rest, whole, with the items back in stock: Refunded, three refunds listed.
      await dialog.getByRole('radio', { name: new RegExp(`^Whole \\(${cedis('5.00')}\\)`) }).check();
      const restock = dialog.getByRole('checkbox', { name: 'Put the items back in stock' });
      assert.equal(await restock.isChecked(), true);
      await dialog.getByRole('button', { name: new RegExp(`^Refund ${cedis('5.00')}$`) }).click();
      await dialog.waitFor({ state: 'detached' });
      await badge(page, 'Refunded').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Refund', exact: true }).count(), 0, 'nothing left to refund');
      assert.equal(await refunds.getByRole('listitem').count(), 3);
      assert.deepEqual(
        (await refunds.getByRole('listitem').allInnerTexts()).map((t) => new RegExp(`^(${cedis('\\d+.00')})`).exec(t)?.[1].replace(/\s/g, '').replace(/^(GH₵|GHS)/, '')),
        ['20.00', '25.00', '5.00'],
      );
      order = (await api(`/orders/${orderId}`)).order;
      assert.equal(order.status, 'refunded');
      assert.equal(order.refundedMinor, 5000);
      assert.equal((await api(`/items/${gel.id}`)).item.stockCount, 10, 'the whole refund put the gel back');
      await dismissNotices(page);
      await inspect(page, 'refund-refunded-in-parts', engine);

      // Among the closed orders, partly or wholly refunded.
      await page.goto(`/console/s/${store.storeId}/orders?status=closed`);
      await page.getByRole('row', { name: new RegExp(reference) }).getByText('Refunded', { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});
