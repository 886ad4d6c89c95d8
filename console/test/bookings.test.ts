// Bookings in Chromium, through the UI, on both engines: a partner books a service over the
// integration API; the owner finds it in the calendar (in the store's time zone, not the browser's),
// opens it and confirms it, and the customer's email arrives at a real SMTP server; a reschedule
// offers only free times, and a moved booking can move again, be completed or cancelled (it is confirmed at its new time);
// cancelling asks first; notes and payment are saved; the list filters. The booking's messages show
// as sent once the SMTP server has them.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { TestStore } from '../../test/helpers/app.ts';
import { startMessageWorkers } from '../../src/modules/messages/worker.ts';
import { describeConsole, inspect, signInThroughUi } from './harness.ts';
import { startSmtpPeer, waitFor } from '../../test/helpers/smtp.ts';
import { createService, dayIn, partnerBooks } from './booking-helpers.ts';

// Tokyo is never the browser's zone here (the harness runs Chromium in UTC): dates must follow the store.
const ZONE = 'Asia/Tokyo';
const smtp = await startSmtpPeer();
after(() => smtp.stop());
// The customer's mails (the owner's alerts name the booking too).
const mailsFor = (reference: string) => smtp.messages.filter((m) => m.raw.includes(reference) && !m.to.some((to) => to.startsWith('owner')));
const dayName = (date: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

describeConsole(
  'console bookings',
  (c) => {
    let store: TestStore;
    let key = '';
    let serviceId = '';
    let esi = { bookingId: '', reference: '' };
    let kojo = { bookingId: '', reference: '' };
    const day2 = dayIn(ZONE, 2);
    const day3 = dayIn(ZONE, 3);

    before(async () => {
      await startMessageWorkers(c.env.app.ctx, { pollMs: 50 });
      store = await c.env.createStore({ name: 'Adom Salon', timezone: ZONE });
      key = await c.env.createKey(store);
      serviceId = (await createService(c.env, store, { name: 'Braids', start: '09:00', end: '12:00', capacity: 1 })).id;
      esi = await partnerBooks(c.env, store, key, { serviceId, date: day2, time: '09:00', name: 'Esi Mensah', email: 'esi@example.test', notes: 'Please use the side door', attributes: { hairLength: 'long' } });
      // 10:00 on day 2 is taken by someone else (so a reschedule of Esi's booking must not offer it).
      kojo = await partnerBooks(c.env, store, key, { serviceId, date: day2, time: '10:00', name: 'Kojo Asante' });
    });

    async function signIn() {
      const { context, page } = await c.newPage();
      await signInThroughUi(page, store.email, store.password);
      await page.waitForURL(/\/today/);
      return { context, page };
    }

    /** The booking's page: titled with the customer's name, its reference just under the title. */
    async function openBooking(page: Page, bookingId: string) {
      await page.goto(`/console/s/${store.storeId}/bookings/${bookingId}`);
      await page.getByText(/Booking IB-/).first().waitFor();
      await page.getByRole('heading', { level: 1 }).waitFor();
    }

    /** The booking's Reschedule dialog, opened from its page. */
    async function openReschedule(page: Page, bookingId: string) {
      await openBooking(page, bookingId);
      await page.getByRole('button', { name: 'Reschedule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reschedule booking' });
      await dialog.waitFor();
      return dialog;
    }

    /** Picks `date` in the dialog's calendar: that day's group of free times, and their labels once shown. */
    async function pickDay(dialog: Locator, date: string) {
      await dialog.getByRole('button', { name: dayName(date), exact: true }).click();
      const times = dialog.getByRole('group', { name: `Free times on ${dayName(date)}` });
      await times.getByRole('radio').first().waitFor({ state: 'attached' });
      const labels = await times.getByRole('radio').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).labels?.[0]?.textContent?.trim()));
      return { times, labels };
    }

    /** inspect() from the phone width, reached first and given time for the shell's navigation to slide away. */
    async function look(page: Page, name: string) {
      await page.setViewportSize({ width: 390, height: 900 });
      await page.waitForTimeout(400);
      await inspect(page, name, c.env.dialect.name);
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    const bookingApi = async (bookingId: string) =>
      (await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings/${bookingId}`, headers: c.env.staffHeaders(store) })).data.booking;

    test('a partner\'s booking shows in the week and the day calendar on its date in the store\'s time zone', async () => {
      const { context, page } = await signIn();
      try {
        await page.getByRole('link', { name: 'Bookings', exact: true }).click();
        // The pointer stays off the navigation, whose hover colours are the shell's.
        await page.mouse.move(0, 800);
        await page.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor();
        await page.getByRole('tab', { name: 'Calendar', selected: true }).waitFor();
        // Day 2 may fall in next week.
        const day = page.getByRole('region', { name: dayName(day2) });
        if (!(await day.isVisible())) await page.getByRole('button', { name: 'Next week' }).click();
        await day.getByRole('link', { name: /Esi Mensah/ }).waitFor();
        assert.match(await day.getByRole('link', { name: /Esi Mensah/ }).innerText(), /09:00–10:00[\s\S]*Pending[\s\S]*Esi Mensah[\s\S]*Braids/);
        await look(page, 'bookings-week');

        await page.getByText('Day', { exact: true }).click();
        await page.getByRole('button', { name: 'Today' }).click();
        await page.getByRole('button', { name: 'Next day' }).click();
        await page.getByRole('button', { name: 'Next day' }).click();
        await page.getByRole('heading', { level: 2, name: new RegExp(dayName(day2).split(' ')[0]) }).waitFor();
        await page.getByRole('link', { name: /Esi Mensah/ }).waitFor();
        await look(page, 'bookings-day');
        await page.getByRole('button', { name: 'Next day' }).click();
        await page.getByText('No bookings').waitFor();
      } finally {
        await context.close();
      }
    });

    test('the owner opens the booking and confirms it; the customer\'s email arrives', async () => {
      const { context, page } = await signIn();
      try {
        await page.goto(`/console/s/${store.storeId}/bookings?range=day&date=${day2}`);
        await page.getByRole('link', { name: /Esi Mensah/ }).click();
        await page.getByRole('heading', { level: 1, name: 'Esi Mensah' }).waitFor();
        await page.getByText(`Booking ${esi.reference}`).waitFor();
        await page.getByText('Please use the side door').waitFor();
        // What the customer answered, in words.
        await page.getByText('Hair length').waitFor();
        await page.getByText(/emails the customer at esi@example\.test/).waitFor();
        // Only the changes a pending booking allows are offered.
        for (const name of ['Confirm', 'Reschedule', 'Cancel booking']) await page.getByRole('button', { name, exact: true }).waitFor();
        assert.equal(await page.getByRole('button', { name: 'Mark completed' }).count(), 0);
        await look(page, 'booking');

        await waitFor('the booking-received mail', () => mailsFor(esi.reference).length === 1);
        await page.getByRole('button', { name: 'Confirm', exact: true }).click();
        // The notice (the booking's Messages list names the confirmation mail too).
        await page.locator('.mantine-Notification-root').getByText('Booking confirmed').waitFor();
        await page.getByText('Confirmed', { exact: true }).first().waitFor();
        await page.getByRole('button', { name: 'Mark completed' }).waitFor();
        assert.equal(await page.getByRole('button', { name: 'Confirm', exact: true }).count(), 0);
        assert.equal((await bookingApi(esi.bookingId)).status, 'confirmed');

        await waitFor('the status mail', () => mailsFor(esi.reference).length === 2);
        const mail = mailsFor(esi.reference)[1];
        assert.deepEqual(mail.to, ['esi@example.test']);
        assert.match(mail.raw, /confirmed/);

        // The booking's messages: each sent, with its subject, newest first.
        await page.reload();
        const messages = page.getByRole('list', { name: 'Messages' });
        const confirmed = messages.getByRole('listitem').filter({ has: page.getByText('Booking confirmed', { exact: true }) });
        await confirmed.getByText('Sent', { exact: true }).waitFor();
        assert.match(await confirmed.innerText(), /To esi@example\.test[\s\S]*Confirmed:/);
        await messages.getByRole('listitem').filter({ has: page.getByText('Booking received', { exact: true }) }).getByText('Sent', { exact: true }).waitFor();
        assert.match(await messages.innerText(), /Booking confirmed[\s\S]*Booking received/);
      } finally {
        await context.close();
      }
    });

    test('reschedule offers only free times and moves the booking', async () => {
      // 10:00 on day 2 is Kojo's; 09:00 is Esi's own time.
      const { context, page } = await signIn();
      try {
        const dialog = await openReschedule(page, esi.bookingId);
        assert.deepEqual((await pickDay(dialog, day2)).labels, ['11:00']);

        // 09:00 to 12:00, one-hour bookings starting every 30 minutes (the API's default interval).
        const later = await pickDay(dialog, day3);
        assert.deepEqual(later.labels, ['09:00', '09:30', '10:00', '10:30', '11:00']);
        await later.times.getByText('10:00').click();
        await look(page, 'booking-reschedule');
        await dialog.getByRole('button', { name: /^Move to/ }).click();
        await page.getByText('Booking rescheduled').waitFor();
        await page.getByText('Rescheduled', { exact: true }).first().waitFor();
        const moved = await bookingApi(esi.bookingId);
        assert.equal(moved.status, 'rescheduled');
        assert.equal(moved.bookingDate, day3);
        assert.equal(moved.bookingTime, '10:00');
        await waitFor('the reschedule mail', () => mailsFor(esi.reference).length === 3);
        // A moved booking counts as confirmed at its new time: it can move again, be completed or
        // cancelled; there is nothing to confirm, and no no-show before its start.
        for (const name of ['Move again', 'Mark completed', 'Cancel booking']) await page.getByRole('button', { name, exact: true }).waitFor();
        assert.equal(await page.getByRole('button', { name: 'Reschedule', exact: true }).count(), 0);
        assert.equal(await page.getByRole('button', { name: 'Confirm', exact: true }).count(), 0);
        assert.equal(await page.getByRole('button', { name: 'Mark no-show' }).count(), 0);
      } finally {
        await context.close();
      }
    });

    test('on the last day of a month, the calendar offers the next month\'s first days it shows and moves the booking there', async () => {
      // The grid runs Monday to Sunday, so a month ending before Sunday shows the next month's first
      // days; those are offered when free. The first month end ahead that is not a Sunday:
      const tomorrow = dayIn(ZONE, 1);
      const [year, month] = tomorrow.split('-').map(Number);
      const lastDays = [0, 1, 2, 3].map((ahead) => new Date(Date.UTC(year, month + ahead, 0)).toISOString().slice(0, 10));
      const monthEnd = lastDays.find((d) => d >= tomorrow && new Date(`${d}T00:00:00Z`).getUTCDay() !== 0)!;
      const firstOfNext = new Date(Date.parse(`${monthEnd}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const late = await createService(c.env, store, { name: 'Late braids', start: '09:00', end: '11:00', maxAdvanceDays: 200 });
      const ama = await partnerBooks(c.env, store, key, { serviceId: late.id, date: monthEnd, time: '09:00', name: 'Ama Owusu' });
      const { context, page } = await signIn();
      try {
        const dialog = await openReschedule(page, ama.bookingId);
        const { times, labels } = await pickDay(dialog, firstOfNext);
        assert.deepEqual(labels, ['09:00', '09:30', '10:00']);
        await times.getByText('10:00').click();
        await dialog.getByRole('button', { name: /^Move to/ }).click();
        await page.getByText('Booking rescheduled').waitFor();
        const moved = await bookingApi(ama.bookingId);
        assert.equal(moved.bookingDate, firstOfNext);
        assert.equal(moved.bookingTime, '10:00');
      } finally {
        await context.close();
      }
    });

    test('cancelling asks first; staff notes and payment status are saved; no email without an address', async () => {
      const { context, page } = await signIn();
      try {
        await openBooking(page, kojo.bookingId);
        await page.getByText(/has no email address/).waitFor();
        await page.getByLabel('Notes for your team').fill('Regular customer, prefers the window seat');
        await page.getByRole('button', { name: 'Save notes' }).click();
        await page.getByText('Staff notes saved').waitFor();
        await page.getByLabel('Change payment status').and(page.locator('input')).click();
        await page.getByRole('option', { name: 'Paid' }).click();
        await page.getByRole('button', { name: 'Update payment' }).click();
        await page.getByText('Payment marked paid').waitFor();
        await page.reload();
        assert.equal(await page.getByLabel('Notes for your team').inputValue(), 'Regular customer, prefers the window seat');

        await page.getByRole('button', { name: 'Cancel booking' }).click();
        const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
        await dialog.waitFor();
        await look(page, 'booking-cancel');
        await dialog.getByRole('button', { name: 'Keep booking' }).click();
        await dialog.waitFor({ state: 'hidden' });
        assert.equal((await bookingApi(kojo.bookingId)).status, 'pending');

        await page.getByRole('button', { name: 'Cancel booking' }).click();
        await dialog.getByRole('button', { name: 'Cancel booking' }).click();
        await page.getByText('Booking cancelled').waitFor();
        await page.getByText(/cannot change any more/).waitFor();
        assert.equal(await page.getByRole('button', { name: 'Reschedule' }).count(), 0);
        const cancelled = await bookingApi(kojo.bookingId);
        assert.equal(cancelled.status, 'cancelled');
        assert.equal(cancelled.paymentStatus, 'paid');
        assert.equal(cancelled.staffNotes, 'Regular customer, prefers the window seat');
        assert.equal(mailsFor(kojo.reference).length, 0);
      } finally {
        await context.close();
      }
    });

    test('the list filters by status, service, date and reference, and loads more', async () => {
      const classId = (await createService(c.env, store, { name: 'Group class', capacity: 100 })).id;
      for (let i = 0; i < 26; i++) await partnerBooks(c.env, store, key, { serviceId: classId, date: day3, time: '14:00', name: `Student ${i + 1}` });
      const { context, page } = await signIn();
      try {
        await page.goto(`/console/s/${store.storeId}/bookings`);
        await page.getByRole('tab', { name: 'List' }).click();
        const table = page.getByRole('table', { name: 'Bookings' });
        await table.waitFor();
        const rows = table.locator('tbody tr');
        /** The rows once the list has loaded what the filters ask for. */
        const settled = async (count: number, text?: string) =>
          (await table.getAttribute('aria-busy')) === 'false' && (await rows.count()) === count && (!text || (await rows.first().innerText()).includes(text));
        // The address changes before the list does: until the class's own first page has come back, the
        // 25 rows in view may still be the unfiltered list's (its newest are the class too), and a click
        // on Load more would load more of that list.
        const classPage = page.waitForResponse((r) => /\/bookings\?/.test(r.url()) && r.url().includes('serviceId=') && !r.url().includes('cursor='));
        await page.getByLabel('Service').and(page.locator('input')).click();
        await page.getByRole('option', { name: 'Group class' }).click();
        await page.waitForURL(/serviceId=/);
        await classPage;
        await waitFor('one page of the class', () => settled(25));
        await page.getByRole('button', { name: 'Load more' }).click();
        await waitFor('the rest', () => settled(26));
        assert.equal(await page.getByRole('button', { name: 'Load more' }).count(), 0);

        await page.getByRole('button', { name: 'Clear filters' }).click();
        await page.getByLabel('Status').and(page.locator('input')).click();
        await page.getByRole('option', { name: 'Cancelled' }).click();
        await page.waitForURL(/status=cancelled/);
        await waitFor('the cancelled booking', () => settled(1, 'Kojo Asante'));
        await look(page, 'bookings-list');

        await page.getByRole('button', { name: 'Clear filters' }).click();
        await page.getByLabel('Reference').fill(esi.reference.toLowerCase());
        await page.waitForURL(new RegExp(`reference=${esi.reference}`));
        await waitFor('the booking with that reference', () => settled(1, 'Esi Mensah'));
        // Filters live in the address: a reload shows the same list.
        await page.reload();
        await waitFor('the same list after a reload', () => settled(1, 'Esi Mensah'));
        assert.equal(await page.getByLabel('Reference').inputValue(), esi.reference);
      } finally {
        await context.close();
      }
    });
  },
  { env: { SMTP_URL: smtp.url } },
);
