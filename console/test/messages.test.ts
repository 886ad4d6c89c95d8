// The store's messages in Chromium, through the UI, on both engines, on a server without mail (no
// SMTP_URL): Settings → Messages says mail is off and how many messages wait, turns customer
// messages off and on, previews every message kind (subject, sender, the mail in a sandboxed frame,
// its text version); each member chooses their own alerts (staff too), and staff read the profile. A
// booking's page shows the customer's private page with Copy link and the messages sent about it
// (waiting, as mail is off), which follow each change; a cancellation with a reason shows who
// cancelled, why and when.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { TestStore } from '../../test/helpers/app.ts';
import { SHOTS, describeConsole, dismissNotices, inspect as inspectPage, signInThroughUi } from './harness.ts';
import { createService, dayIn, partnerBooks } from './booking-helpers.ts';

const ZONE = 'Africa/Accra';
const CUSTOMER_KINDS = [
  ['booking.received', 'Booking received'],
  ['booking.confirmed', 'Booking confirmed'],
  ['booking.rescheduled', 'Moved'],
  ['booking.cancelled', 'Cancelled'],
  ['booking.reminder', 'Reminder'],
  ['order.received', 'Order received (how to pay)'],
  ['order.paid', 'Receipt'],
  ['order.refunded', 'Refund'],
] as const;
const STAFF_KINDS = [
  ['alert.booking.new', 'New booking'],
  ['alert.booking.changed', 'Customer cancelled or moved'],
  ['alert.order.new', 'New order'],
  ['alert.order.paid', 'Order paid'],
] as const;

/** inspect() with the pointer off every control: a hovered button or link shows the shell's hover colours. */
async function inspect(page: Page, name: string, engine: string) {
  await page.mouse.move(0, 899);
  await inspectPage(page, name, engine);
}

/**
 * The preview frame photographed on its own at 390 and 1280 px: Chromium paints a sandboxed frame only
 * while it is on screen, so the full-page pictures show it blank below the fold.
 */
async function shootFrame(page: Page, title: string, name: string, engine: string) {
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  const frame = page.locator(`iframe[title="${title}"]`);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await frame.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await frame.screenshot({ path: join(SHOTS, `${name}-${width}-${engine}.png`) });
  }
  await page.setViewportSize(original);
}

describeConsole('console messages', (c) => {
  let store: TestStore;
  let key = '';
  let serviceId = '';

  before(async () => {
    store = await c.env.createStore({ name: 'Adom Braids', timezone: ZONE });
    key = await c.env.createKey(store);
    serviceId = (await createService(c.env, store, { name: 'Knotless braids', start: '09:00', end: '17:00', capacity: 3 })).id;
  });

  const storeApi = async () => (await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}`, headers: c.env.staffHeaders(store) })).data.store;
  const alertsApi = async (headers: Record<string, string>) =>
    (await c.env.inject({ method: 'GET', url: '/api/me/notifications', headers })).data.stores.find((s: { storeId: string }) => s.storeId === store.storeId).notifications;
  const bookingApi = async (bookingId: string) =>
    (await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings/${bookingId}`, headers: c.env.staffHeaders(store) })).data.booking;

  async function openMessages(email: string, password: string, width = 1280) {
    const { context, page } = await c.newPage(width);
    await signInThroughUi(page, email, password);
    await page.waitForURL(/\/today/);
    await page.goto(`/console/s/${store.storeId}/settings/messages`);
    await page.getByRole('tab', { name: 'Messages', selected: true }).waitFor();
    return { context, page };
  }

  test('Settings → Messages: mail is off and messages wait; customer messages switch; every message previewed with its subject, as mail and as text', async () => {
    // One message waits in the outbox: a booking's received mail (and the owner's alert).
    await partnerBooks(c.env, store, key, { serviceId, date: dayIn(ZONE, 3), time: '09:00', name: 'Ama Mensah', email: 'ama@example.test' });
    const state = (await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/messages/state`, headers: c.env.staffHeaders(store) })).data;
    assert.equal(state.mailEnabled, false);
    assert.ok(state.pending >= 1);

    const { context, page } = await openMessages(store.email, store.password, 390);
    try {
      const notice = page.getByRole('status').filter({ hasText: 'This server does not send email' });
      await notice.getByText(new RegExp(`SMTP_URL[\\s\\S]*kept in the outbox[\\s\\S]*${state.pending} messages are waiting now`)).waitFor();

      // The first preview shows at once: a booking confirmation with its calendar invitation.
      const frame = page.frameLocator('iframe[title="Preview of Booking confirmed"]');
      await frame.getByText('Your booking is confirmed').waitFor();
      await page.getByText(/calendar invitation is attached/).waitFor();
      await inspect(page, 'messages', c.env.dialect.name);
      await shootFrame(page, 'Preview of Booking confirmed', 'messages-preview-booking', c.env.dialect.name);

      for (const [kind, label] of [...CUSTOMER_KINDS, ...STAFF_KINDS]) {
        const expected = (await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/messages/preview?kind=${kind}`, headers: c.env.staffHeaders(store) })).data;
        await page.getByRole('radiogroup').getByText(label, { exact: true }).click();
        await page.getByRole('heading', { level: 3, name: label, exact: true }).waitFor();
        await page.getByText(expected.subject, { exact: true }).waitFor();
        const iframe = page.locator(`iframe[title="Preview of ${label}"]`);
        await iframe.waitFor();
        assert.equal(await iframe.getAttribute('sandbox'), '', `${label}: the mail runs no script`);
        assert.equal(await page.getByText(/calendar invitation is attached/).count(), expected.calendar ? 1 : 0, `${label}: the calendar note`);
        if (kind === 'order.received' || kind === 'alert.booking.new') await shootFrame(page, `Preview of ${label}`, `messages-preview-${kind.replaceAll('.', '-')}`, c.env.dialect.name);
      }

      // The text version of a reminder, wrapped to the phone's width.
      await page.getByRole('radiogroup').getByText('Reminder', { exact: true }).click();
      await page.locator('iframe[title="Preview of Reminder"]').waitFor();
      await page.getByText('Text version').click();
      const text = page.locator('pre');
      await text.waitFor();
      assert.match(await text.innerText(), /Hello Ama Mensah/);
      assert.equal(await page.locator('iframe').count(), 0);
      await inspect(page, 'messages-text', c.env.dialect.name);
      await page.getByText('Email', { exact: true }).click();
      await page.locator('iframe[title="Preview of Reminder"]').waitFor();

      // Customer messages off, then on again: saved at once.
      const customers = page.getByRole('switch', { name: 'Send messages to customers' });
      assert.equal(await customers.isChecked(), true);
      await customers.uncheck({ force: true });
      await page.getByText('Customers no longer get messages').waitFor();
      assert.equal((await storeApi()).notificationsEnabled, false);
      await customers.check({ force: true });
      await page.getByText('Customers get messages again').waitFor();
      assert.equal((await storeApi()).notificationsEnabled, true);
    } finally {
      await context.close();
    }
  });

  test('your alerts: the owner and a staff member each choose their own, saved on each switch', async () => {
    const staff = await c.env.addMember(store, { role: 'staff', name: 'Kojo Staff' });
    const owner = await openMessages(store.email, store.password);
    try {
      const alerts = owner.page.getByRole('region', { name: 'Your alerts' });
      // An owner gets every alert until they choose.
      for (const name of ['New booking', 'Customer cancelled or moved', 'New order', 'Order paid']) assert.equal(await alerts.getByRole('switch', { name }).isChecked(), true);
      await alerts.getByText('A customer cancels or moves a booking with their link.').waitFor();
      await alerts.getByRole('switch', { name: 'Order paid' }).uncheck({ force: true });
      await owner.page.getByText('No more emails to you: Order paid').waitFor();
      assert.deepEqual(await alertsApi(c.env.staffHeaders(store)), { newBooking: true, bookingChanged: true, newOrder: true, orderPaid: false });
      await owner.page.reload();
      await alerts.getByRole('switch', { name: 'Order paid' }).waitFor();
      assert.equal(await alerts.getByRole('switch', { name: 'Order paid' }).isChecked(), false);
    } finally {
      await owner.context.close();
    }

    const member = await openMessages(staff.email, staff.password, 390);
    try {
      const { page } = member;
      const alerts = page.getByRole('region', { name: 'Your alerts' });
      // Staff get none until they choose; the store's switch is not theirs to change.
      await alerts.getByRole('switch', { name: 'New booking' }).waitFor();
      assert.equal(await alerts.getByRole('switch', { name: 'New booking' }).isChecked(), false);
      assert.equal(await page.getByRole('switch', { name: 'Send messages to customers' }).isDisabled(), true);
      await page.getByText('Only owners and admins turn this on or off.').waitFor();
      await alerts.getByRole('switch', { name: 'New booking' }).check({ force: true });
      await page.getByText('You will be emailed: New booking').waitFor();
      await inspect(page, 'messages-staff', c.env.dialect.name);
      assert.deepEqual(await alertsApi(staff.headers), { newBooking: true, bookingChanged: false, newOrder: false, orderPaid: false });
      assert.equal((await alertsApi(c.env.staffHeaders(store))).orderPaid, false, 'the owner\'s choice is the owner\'s');

      // The store's profile is the owners' and admins' to change: staff read it.
      await page.getByRole('tab', { name: 'Profile and hours' }).click();
      const hours = page.getByRole('region', { name: 'Opening hours and rules' });
      await hours.getByText(/Customers can move or cancel until 2 hours before the appointment starts/).waitFor();
      await hours.getByText('1 day before', { exact: true }).waitFor();
      assert.equal(await page.getByRole('textbox').count(), 0, 'nothing to edit');
      assert.equal(await page.getByRole('button', { name: 'Save profile' }).count(), 0);
      await inspect(page, 'settings-profile-staff', c.env.dialect.name);
    } finally {
      await member.context.close();
    }
  });

  test('a booking\'s page: the customer\'s private page with Copy link, its messages (waiting without mail) after each change, and a cancellation with its reason', async () => {
    const esi = await partnerBooks(c.env, store, key, { serviceId, date: dayIn(ZONE, 4), time: '10:00', name: 'Esi Owusu', email: 'esi@example.test' });
    const manageUrl = (await bookingApi(esi.bookingId)).manageUrl as string;
    const { context, page } = await c.newPage(390);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: c.base });
    try {
      await signInThroughUi(page, store.email, store.password);
      await page.waitForURL(/\/today/);
      await page.goto(`/console/s/${store.storeId}/bookings/${esi.bookingId}`);
      // Titled with the customer's name, the reference under it.
      await page.getByRole('heading', { level: 1, name: 'Esi Owusu' }).waitFor();
      await page.getByText(`Booking ${esi.reference}`).waitFor();

      const customer = page.getByRole('region', { name: 'Customer' });
      await customer.getByRole('link', { name: manageUrl }).waitFor();
      await customer.getByText(/Private to the customer/).waitFor();
      await customer.getByRole('button', { name: 'Copy link' }).click();
      await customer.getByRole('button', { name: 'Copied' }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), manageUrl);

      const messages = page.getByRole('list', { name: 'Messages' });
      const row = (label: string) => messages.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
      await row('Booking received').getByText('Waiting').waitFor();
      assert.match(await row('Booking received').innerText(), /mail is off on this server[\s\S]*To esi@example\.test/);
      await inspect(page, 'booking-messages', c.env.dialect.name);

      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await page.getByText('Booking confirmed', { exact: true }).first().waitFor();
      await row('Booking confirmed').getByText('Waiting').waitFor();
      // Newest first.
      assert.match(await messages.innerText(), /Booking confirmed[\s\S]*Booking received/);

      await dismissNotices(page);
      await page.getByRole('button', { name: 'Cancel booking' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
      await dialog.getByLabel(/^Reason \(told to the customer\)/).fill('The stylist is ill today. Sorry!');
      await inspect(page, 'booking-cancel-reason', c.env.dialect.name);
      await dialog.getByRole('button', { name: 'Cancel booking' }).click();
      await page.getByText('Booking cancelled').waitFor();
      const cancelled = page.getByText(/^Cancelled by the store on /);
      await cancelled.waitFor();
      await page.getByText('Reason: The stylist is ill today. Sorry!').waitFor();
      await row('Cancelled').getByText('Waiting').waitFor();
      const saved = await bookingApi(esi.bookingId);
      assert.equal(saved.status, 'cancelled');
      assert.deepEqual({ by: saved.cancellation.by, reason: saved.cancellation.reason }, { by: 'store', reason: 'The stylist is ill today. Sorry!' });
      await inspect(page, 'booking-cancelled', c.env.dialect.name);
    } finally {
      await context.close();
    }
  });
});
