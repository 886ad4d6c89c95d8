// The front desk in Chromium, through the UI, on both engines, for a braiding salon in Accra: a walk-in
// booked by tapping an empty time on Today's day grid; a phone booking for a customer stored as
// +233207654321 found by typing 0207654321; an owner booking a full time anyway (after the form said
// a time just taken was not free); a visit recorded after the fact; a no-show marked once the start
// has passed; a booking moved twice and completed, never waiting for approval; a service switched to
// the store's opening hours. Every new screen is checked with axe and photographed at 390 and 1280 px.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { TestStore } from '../../test/helpers/app.ts';
import { waitFor } from '../../test/helpers/smtp.ts';
import { describeConsole, dismissNotices, inspect, inviteMember, signInThroughUi, PAGE_TIMEOUT_MS } from './harness.ts';
import { dayIn } from './booking-helpers.ts';

const ZONE = 'Africa/Accra';
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const dayName = (date: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
/** The wall clock in Accra `minutesAgo` minutes ago: its date and HH:MM. */
function accraAgo(minutesAgo: number) {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return { date, time };
}

describeConsole('console front desk', (c) => {
  let store: TestStore;
  let braidsId = '';
  let cornrowsId = '';
  let amaId = '';
  const tomorrow = dayIn(ZONE, 1);

  before(async () => {
    store = await c.env.createStore({ name: 'Ama Braids', timezone: ZONE, currency: 'GHS' });
    // The store opens 09:00–18:00 every day: the day grid's rows.
    const hours = await c.env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}`, headers: c.env.staffHeaders(store), payload: { hours: WEEK.map((day) => ({ day, start: '09:00', end: '18:00' })) } });
    assert.equal(hours.statusCode, 200, hours.body);
    const service = (name: string, start: string, end: string) =>
      c.env.createItem(store, { itemType: 'service', name, price: 150, schedule: { durationMinutes: 60, capacity: 1, maxAdvanceDays: 60, weeklyHours: WEEK.map((day) => ({ day, start, end })) } });
    braidsId = (await service('Knotless braids', '08:00', '20:00')).id;
    cornrowsId = (await service('Cornrows', '09:00', '12:00')).id;
    const ama = await c.env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/customers`, headers: c.env.staffHeaders(store), payload: { name: 'Ama Mensah', phone: '+233207654321', email: 'ama@example.test' } });
    assert.equal(ama.statusCode, 201, ama.body);
    amaId = ama.data.customer.id;
  });

  /**
   * c.newPage() without the console's service worker (offline.test.ts is about it): every load here
   * comes from the service, as the build it started with serves it.
   */
  async function newPage(width = 1280) {
    const context = await c.browser.newContext({ viewport: { width, height: 900 }, baseURL: c.base, locale: 'en-GB', timezoneId: 'UTC', serviceWorkers: 'block' });
    const page = await context.newPage();
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    return { context, page };
  }

  async function signIn(width = 1280) {
    const { context, page } = await newPage(width);
    await signInThroughUi(page, store.email, store.password);
    await page.waitForURL(/\/today/);
    return { context, page };
  }

  /** inspect() from the phone width, reached first and given time for the shell's navigation to slide away. */
  async function look(page: Page, name: string) {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.waitForTimeout(400);
    await inspect(page, name, c.env.dialect.name);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    c.env.inject({ method, url: `/api/stores/${store.storeId}${url}`, headers: c.env.staffHeaders(store), ...(payload ? { payload } : {}) });
  const bookingApi = async (bookingId: string) => (await api('GET', `/bookings/${bookingId}`)).data.booking;
  const notice = (page: Page, text: RegExp | string) => page.locator('.mantine-Notification-root').getByText(text);

  async function pickService(page: Page, name: string) {
    await page.getByLabel('Service').and(page.locator('input')).click();
    await page.getByRole('option', { name }).click();
  }

  const source = (page: Page, name: string) => page.getByRole('region', { name: 'Where it came from' }).getByText(name, { exact: true }).click();

  const bookingIdOf = (page: Page) => /\/bookings\/(bkg_[^/?#]+)/.exec(page.url())![1];

  test('a walk-in is booked by tapping an empty time on Today\'s day grid, and shows on the grid', async () => {
    const { context, page } = await signIn(390);
    try {
      const agenda = page.getByRole('region', { name: 'Day agenda' });
      await agenda.waitFor();
      // Rows follow the store's hours (09:00–18:00), every 30 minutes.
      await agenda.getByText('09:00', { exact: true }).waitFor();
      await agenda.getByText('17:30', { exact: true }).waitFor();
      assert.equal(await agenda.getByText('08:30', { exact: true }).count(), 0);
      await agenda.getByRole('button', { name: 'Next day' }).click();
      await agenda.getByText(dayName(tomorrow)).waitFor();
      await look(page, 'front-desk-today-grid');

      await agenda.getByRole('button', { name: `Book 10:00, ${dayName(tomorrow)}` }).click();
      await page.waitForURL(new RegExp(`/bookings/new\\?date=${tomorrow}&time=10:00`));
      await page.getByRole('heading', { level: 1, name: 'New booking' }).waitFor();
      await pickService(page, 'Knotless braids');
      const times = page.getByRole('radiogroup', { name: `Free times on ${dayName(tomorrow)}` });
      // The tapped time is picked; the service's free times of the day are offered (08:00–19:00 starts).
      await times.getByRole('radio', { name: '10:00' }).waitFor({ state: 'attached' });
      assert.equal(await times.getByRole('radio', { name: '10:00' }).isChecked(), true);
      assert.equal(await times.getByRole('radio').count(), 23);
      assert.equal(await page.getByRole('radio', { name: 'Walk-in' }).isChecked(), true);
      await page.getByText('New customer', { exact: true }).click();
      await page.getByRole('textbox', { name: /^Name/ }).fill('Kofi Boateng');
      await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('024 111 2223');
      await look(page, 'front-desk-new-booking');

      await page.getByRole('button', { name: 'Book', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Kofi Boateng' }).waitFor();
      // No email given: no confirmation mail is promised.
      await notice(page, `Booked for Kofi Boateng at 10:00 on ${dayName(tomorrow)}`).waitFor();
      const booking = await bookingApi(bookingIdOf(page));
      assert.deepEqual([booking.status, booking.sourceChannel, booking.bookingDate, booking.bookingTime, booking.overbooked], ['confirmed', 'walk_in', tomorrow, '10:00', false]);
      await page.getByText('Walk-in', { exact: true }).waitFor();

      await page.goto(`/console/s/${store.storeId}/today?day=${tomorrow}`);
      const placed = page.getByRole('region', { name: 'Day agenda' }).getByRole('link', { name: 'Kofi Boateng' });
      await placed.waitFor();
      // Its hour is taken on the grid (capacity 1 lane): no empty 10:00 or 10:30 to tap.
      assert.equal(await page.getByRole('button', { name: `Book 10:00, ${dayName(tomorrow)}` }).count(), 0);
      assert.equal(await page.getByRole('button', { name: `Book 10:30, ${dayName(tomorrow)}` }).count(), 0);
      await page.getByRole('button', { name: `Book 11:00, ${dayName(tomorrow)}` }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('a phone booking finds the customer stored as +233207654321 by typing 0207654321', async () => {
    const { context, page } = await signIn();
    try {
      await page.getByRole('link', { name: 'New booking' }).click();
      await page.getByRole('heading', { level: 1, name: 'New booking' }).waitFor();
      await page.goto(`/console/s/${store.storeId}/bookings/new?date=${tomorrow}`);
      await pickService(page, 'Knotless braids');
      await page.getByRole('radiogroup', { name: `Free times on ${dayName(tomorrow)}` }).getByText('12:00', { exact: true }).click();
      await source(page, 'Phone');
      await page.getByLabel('Search customers').fill('0207654321');
      const found = page.getByRole('list', { name: 'Customers found' });
      await found.getByRole('button', { name: /Ama Mensah/ }).waitFor();
      assert.match(await found.innerText(), /\+233207654321/);
      await look(page, 'front-desk-customer-search');
      await found.getByRole('button', { name: /Ama Mensah/ }).click();
      await page.getByLabel('Chosen customer').getByText('Ama Mensah').waitFor();
      await page.getByRole('textbox', { name: /^Notes/ }).fill('Waist length, brings her own extensions');
      await page.getByRole('button', { name: 'Book', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Ama Mensah' }).waitFor();
      await notice(page, `Booked for Ama Mensah at 12:00 on ${dayName(tomorrow)}; confirmation sent to ama@example.test`).waitFor();
      const booking = await bookingApi(bookingIdOf(page));
      assert.equal(booking.customerId, amaId);
      assert.equal(booking.sourceChannel, 'phone');
      assert.equal(booking.notes, 'Waist length, brings her own extensions');
    } finally {
      await context.close();
    }
  });

  test('an owner books a full time anyway after being told a time just taken is not free; staff are not offered it', async () => {
    const { context, page } = await signIn();
    try {
      await page.goto(`/console/s/${store.storeId}/bookings/new?date=${tomorrow}`);
      await pickService(page, 'Knotless braids');
      const times = page.getByRole('radiogroup', { name: `Free times on ${dayName(tomorrow)}` });
      await times.getByText('14:00', { exact: true }).click();
      await source(page, 'WhatsApp');
      await page.getByText('New customer', { exact: true }).click();
      await page.getByRole('textbox', { name: /^Name/ }).fill('Esi Owusu');
      await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('0551234567');
      // Someone else takes 14:00 meanwhile.
      const taken = await api('POST', '/bookings', { serviceId: braidsId, date: tomorrow, time: '14:00', source: 'phone', customer: { name: 'Yaw Mensah', phone: '0249998887' } });
      assert.equal(taken.statusCode, 201, taken.body);
      await page.getByRole('button', { name: 'Book', exact: true }).click();
      const refused = page.getByRole('alert').filter({ hasText: 'Not booked' });
      await refused.waitFor();
      assert.match(await refused.innerText(), /14:00 on .* is not free for Knotless braids/);
      await waitFor('14:00 no longer offered', async () => (await times.getByRole('radio', { name: '14:00' }).count()) === 0);
      await look(page, 'front-desk-slot-taken');

      // From the grid: 10:00 is Kofi's (full). The form says so and offers "Book anyway".
      await page.goto(`/console/s/${store.storeId}/bookings/new?date=${tomorrow}&time=10:00`);
      await pickService(page, 'Knotless braids');
      await page.getByText('10:00 is not free for Knotless braids').waitFor();
      await page.getByRole('button', { name: 'Book anyway at 10:00' }).click();
      await source(page, 'WhatsApp');
      const warning = page.getByText(/even if the time is already full/);
      await warning.waitFor();
      assert.equal(await page.getByLabel('Time', { exact: true }).inputValue(), '10:00');
      await page.getByText('New customer', { exact: true }).click();
      await page.getByRole('textbox', { name: /^Name/ }).fill('Esi Owusu');
      await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('0551234567');
      await look(page, 'front-desk-book-anyway');
      await page.getByRole('button', { name: 'Book anyway', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Esi Owusu' }).waitFor();
      await notice(page, /Booked for Esi Owusu at 10:00 .*\(overbooked\)/).waitFor();
      await page.getByText('Overbooked', { exact: true }).first().waitFor();
      const booking = await bookingApi(bookingIdOf(page));
      assert.deepEqual([booking.overbooked, booking.status, booking.sourceChannel], [true, 'confirmed', 'whatsapp']);

      // The grid shows both at 10:00, the overbooked one marked.
      await page.goto(`/console/s/${store.storeId}/today?day=${tomorrow}`);
      const agenda = page.getByRole('region', { name: 'Day agenda' });
      await agenda.getByRole('link', { name: 'Esi Owusu' }).waitFor();
      await agenda.getByRole('link', { name: 'Kofi Boateng' }).waitFor();
      await agenda.getByText('Overbooked', { exact: true }).waitFor();
      await look(page, 'front-desk-grid-overbooked');
    } finally {
      await context.close();
    }

    // A staff member sees free times only: no "Book anyway", no past visits.
    const email = `staff-${randomBytes(3).toString('hex')}@example.test`;
    const password = await inviteMember(c.env, store, { email, name: 'Abena Staff', role: 'staff' });
    const staff = await newPage();
    try {
      await signInThroughUi(staff.page, email, password);
      await staff.page.waitForURL(/\/today/);
      await staff.page.goto(`/console/s/${store.storeId}/bookings/new?date=${tomorrow}&time=10:00`);
      await pickService(staff.page, 'Knotless braids');
      await staff.page.getByText('10:00 is not free for Knotless braids').waitFor();
      assert.equal(await staff.page.getByRole('button', { name: /Book anyway|Record a past visit/ }).count(), 0);
    } finally {
      await staff.context.close();
    }
  });

  test('an owner records a visit made earlier today: completed, the customer came', async (t) => {
    const earlier = accraAgo(60);
    if (earlier.date !== dayIn(ZONE)) return t.skip('less than an hour of today has passed in Accra');
    const { context, page } = await signIn();
    try {
      await page.goto(`/console/s/${store.storeId}/bookings/new`);
      await pickService(page, 'Knotless braids');
      await page.getByRole('button', { name: 'Record a past visit' }).click();
      await page.getByLabel('Time of the visit').fill(earlier.time);
      await page.getByText('New customer', { exact: true }).click();
      await page.getByRole('textbox', { name: /^Name/ }).fill('Adwoa Sarpong');
      await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('0277776655');
      await look(page, 'front-desk-past-visit');
      await page.getByRole('button', { name: 'Record visit' }).click();
      await page.getByRole('heading', { level: 1, name: 'Adwoa Sarpong' }).waitFor();
      await notice(page, `Visit recorded for Adwoa Sarpong at ${earlier.time}`).waitFor();
      await page.getByText('Came', { exact: true }).first().waitFor();
      const visit = await bookingApi(bookingIdOf(page));
      assert.deepEqual([visit.status, visit.attendance, visit.bookingTime, visit.sourceChannel], ['completed', 'attended', earlier.time, 'walk_in']);
    } finally {
      await context.close();
    }
  });

  test('a no-show is marked once the start has passed; before it, the action is not offered', async () => {
    // A visit two hours ago recorded by the owner, then set back to confirmed, as a booking made before its day would be.
    const earlier = accraAgo(120);
    const visit = await api('POST', '/bookings', { serviceId: braidsId, date: earlier.date, time: earlier.time, source: 'phone', customer: { customerId: amaId } });
    assert.equal(visit.statusCode, 201, visit.body);
    const bookingId = visit.data.booking.bookingId as string;
    await c.env.db.updateTable('bookings').set({ status: 'confirmed', attendance: null }).where('id', '=', bookingId).execute();
    const kofi = (await api('GET', `/bookings?from=${tomorrow}&to=${tomorrow}`)).data.bookings.find((b: { customer: { name: string } }) => b.customer.name === 'Kofi Boateng');

    const { context, page } = await signIn();
    try {
      await page.goto(`/console/s/${store.storeId}/bookings/${kofi.bookingId}`);
      await page.getByRole('button', { name: 'Mark completed' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Mark no-show' }).count(), 0);

      await page.goto(`/console/s/${store.storeId}/bookings/${bookingId}`);
      await page.getByRole('heading', { level: 1, name: 'Ama Mensah' }).waitFor();
      await page.getByRole('button', { name: 'Mark no-show' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mark as a no-show?' });
      await dialog.waitFor();
      await look(page, 'front-desk-no-show-confirm');
      await dialog.getByRole('button', { name: 'Mark no-show' }).click();
      await notice(page, 'Marked as a no-show').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('No-show', { exact: true }).first().waitFor();
      await page.getByText(/The customer did not come: marked a no-show by the store/).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Mark no-show' }).count(), 0);
      await dismissNotices(page);
      await look(page, 'front-desk-no-show');
      const marked = await bookingApi(bookingId);
      assert.deepEqual([marked.status, marked.attendance, marked.cancellation.reason], ['cancelled', 'no_show', 'no_show']);
      assert.equal((await api('GET', `/customers/${amaId}`)).data.customer.noShowCount, 1);
    } finally {
      await context.close();
    }
  });

  test('a booking moved twice offers what a confirmed one does, never waits for approval, and is completed (came)', async () => {
    const made = await api('POST', '/bookings', { serviceId: cornrowsId, date: tomorrow, time: '09:00', source: 'other', customer: { name: 'Akosua Darko', phone: '0203334445' } });
    assert.equal(made.statusCode, 201, made.body);
    const bookingId = made.data.booking.bookingId as string;
    const { context, page } = await signIn();
    try {
      for (const [button, to] of [['Reschedule', '10:00'], ['Move again', '11:00']]) {
        await page.goto(`/console/s/${store.storeId}/bookings/${bookingId}`);
        await page.getByRole('button', { name: button, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Reschedule booking' });
        await dialog.getByRole('button', { name: dayName(tomorrow), exact: true }).click();
        await dialog.getByRole('group', { name: `Free times on ${dayName(tomorrow)}` }).getByText(to).click();
        await dialog.getByRole('button', { name: /^Move to/ }).click();
        await notice(page, 'Booking rescheduled').waitFor();
        await dialog.waitFor({ state: 'detached' });
        assert.equal((await bookingApi(bookingId)).bookingTime, to);
      }
      // Confirmed at its new time: move, complete, cancel; nothing to confirm; no no-show before its start.
      for (const name of ['Move again', 'Mark completed', 'Cancel booking']) await page.getByRole('button', { name, exact: true }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Confirm', exact: true }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Mark no-show' }).count(), 0);
      assert.equal((await bookingApi(bookingId)).status, 'rescheduled');

      // Not waiting for approval anywhere: Today's attention and the list's "Pending approval" filter.
      await page.goto(`/console/s/${store.storeId}/today`);
      await page.getByRole('region', { name: 'Needs attention' }).getByText('Nothing needs your attention.').waitFor();
      await page.goto(`/console/s/${store.storeId}/bookings?view=list&status=pending`);
      await page.getByText('No bookings match these filters').waitFor();

      await page.goto(`/console/s/${store.storeId}/bookings/${bookingId}`);
      await page.getByRole('button', { name: 'Mark completed' }).click();
      await notice(page, 'Booking marked completed').waitFor();
      await page.getByText('Came', { exact: true }).first().waitFor();
      await dismissNotices(page);
      await look(page, 'front-desk-completed');
      const done = await bookingApi(bookingId);
      assert.deepEqual([done.status, done.attendance, done.bookingTime], ['completed', 'attended', '11:00']);
    } finally {
      await context.close();
    }
  });

  test('a service switched to the store\'s hours hides its own week and is bookable whenever the store is open', async () => {
    const { context, page } = await signIn();
    try {
      await page.goto(`/console/s/${store.storeId}/catalog/${cornrowsId}`);
      const storeHours = page.getByRole('switch', { name: /Open during the store's hours/ });
      await storeHours.waitFor();
      await page.getByRole('group', { name: 'Monday', exact: true }).waitFor();
      await storeHours.check();
      await page.getByRole('group', { name: 'Monday', exact: true }).waitFor({ state: 'detached' });
      const listed = page.getByLabel("The store's opening hours");
      assert.match(await listed.innerText(), /Monday\s*09:00–18:00/);
      await page.getByRole('link', { name: 'Settings › Store' }).waitFor();
      await look(page, 'front-desk-service-store-hours');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await waitFor('the schedule saved', async () => (await api('GET', `/items/${cornrowsId}`)).data.item?.schedule?.useStoreHours === true);
      // Open until 18:00 now, not 12:00: a 16:00 start exists tomorrow.
      const slots = (await api('GET', `/items/${cornrowsId}/availability?from=${tomorrow}&to=${tomorrow}`)).data.slots as { time: string }[];
      assert.ok(slots.some((s) => s.time === '16:00'), JSON.stringify(slots.map((s) => s.time)));
      await page.reload();
      assert.equal(await page.getByRole('switch', { name: /Open during the store's hours/ }).isChecked(), true);
    } finally {
      await context.close();
    }
  });
});
