// Staff calendars in Chromium, through the UI, on both engines, for a salon in Accra with one service
// ("Braids", 08:00–18:00): two stylists set up on the Staff page with different hours (Akosua
// 08:00–14:00, Efua 10:00–18:00, Efua linked to a member who signs in); each booked by tapping an
// empty time in their own lane of the day grid (side by side at 1280 px, tabs at 390 px); a day off
// for Akosua over her booking refused with the booking listed; that booking given to Efua ("Change
// person", only people free then offered); the day off then saved; Efua's member seeing her own lane
// first and the Staff page read-only; removing Efua refused while she has bookings to come. The API's
// state is checked after each step; every new screen is checked with axe and photographed at 390 and
// 1280 px.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TestMember, TestStore } from '../../test/helpers/app.ts';
import { describeConsole, dismissNotices, inspect, signInThroughUi, PAGE_TIMEOUT_MS } from './harness.ts';
import { dayIn } from './booking-helpers.ts';

const ZONE = 'Africa/Accra';
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const dayName = (date: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

describeConsole('console staff calendars', (c) => {
  let store: TestStore;
  let efuaMember: TestMember;
  let braidsId = '';
  const tomorrow = dayIn(ZONE, 1);
  const ids: Record<'akosua' | 'efua', string> = { akosua: '', efua: '' };
  const bookings: Record<'kofi' | 'abena', { id: string; reference: string }> = { kofi: { id: '', reference: '' }, abena: { id: '', reference: '' } };

  before(async () => {
    store = await c.env.createStore({ name: 'Adom Salon', timezone: ZONE, currency: 'GHS' });
    const hours = await c.env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}`, headers: c.env.staffHeaders(store), payload: { hours: WEEK.map((day) => ({ day, start: '08:00', end: '18:00' })) } });
    assert.equal(hours.statusCode, 200, hours.body);
    braidsId = (await c.env.createItem(store, { itemType: 'service', name: 'Braids', price: 150, schedule: { durationMinutes: 60, capacity: 1, maxAdvanceDays: 60, weeklyHours: WEEK.map((day) => ({ day, start: '08:00', end: '18:00' })) } })).id;
    efuaMember = await c.env.addMember(store, { role: 'staff', name: 'Efua Owusu', email: `efua-${store.storeId}@example.test` });
  });

  // Without the console's service worker (offline.test.ts is about it): every load comes from the service.
  async function signIn(width: number, who: { email: string; password: string } = store) {
    const context = await c.browser.newContext({ viewport: { width, height: 900 }, baseURL: c.base, locale: 'en-GB', timezoneId: 'UTC', serviceWorkers: 'block' });
    const page = await context.newPage();
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    await signInThroughUi(page, who.email, who.password);
    await page.waitForURL(/\/today/);
    return { context, page };
  }

  /** inspect() from the phone width, reached first and given time for the shell's navigation to slide away. */
  async function look(page: Page, name: string) {
    const width = page.viewportSize()?.width ?? 1280;
    await page.setViewportSize({ width: 390, height: 900 });
    await page.waitForTimeout(400);
    await inspect(page, name, c.env.dialect.name);
    await page.setViewportSize({ width, height: 900 });
  }

  const api = async (url: string) => {
    const res = await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}${url}`, headers: c.env.staffHeaders(store) });
    assert.equal(res.statusCode, 200, res.body);
    return res.data;
  };
  const staffApi = async () => (await api('/staff')).staff as { id: string; displayName: string; memberId: string | null; weeklyHours: { day: string; start: string; end: string }[]; serviceIds: string[]; timeOff: { from: string; to: string; note: string | null }[] }[];
  const bookingApi = async (bookingId: string) => (await api(`/bookings/${bookingId}`)).booking;
  const notice = (page: Page, text: RegExp | string) => page.locator('.mantine-Notification-root').getByText(text);
  const bookingIdOf = (page: Page) => /\/bookings\/(bkg_[^/?#]+)/.exec(page.url())![1];

  /** Fills the Add/Edit form's hours: every day, from `start` to `end`. */
  async function everyDay(page: Page, start: string, end: string) {
    // Switched by a click on the switch itself (the form's sticky Save bar may lie over where it is).
    const switchOn = async (day: string) => {
      const on = page.getByRole('switch', { name: `Works on ${day}` });
      await on.dispatchEvent('click');
      assert.equal(await on.isChecked(), true, `${day} switched on`);
    };
    await switchOn('Monday');
    await page.getByLabel('Monday starts').fill(start);
    await page.getByLabel('Monday ends').fill(end);
    // A day switched on takes the hours of the nearest working day before it.
    for (const day of DAYS.slice(1)) await switchOn(day);
    assert.equal(await page.getByLabel('Sunday starts').inputValue(), start);
    assert.equal(await page.getByLabel('Sunday ends').inputValue(), end);
  }

  test('an owner adds two stylists with different hours on the Staff page', async () => {
    const { context, page } = await signIn(1280);
    try {
      await page.getByRole('link', { name: 'Staff', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
      await page.getByText('No staff yet').waitFor();

      await page.getByRole('link', { name: 'Add a person' }).click();
      await page.getByRole('heading', { level: 1, name: 'Add a person' }).waitFor();
      await page.getByRole('textbox', { name: /^Name/ }).fill('Akosua');
      await page.getByRole('checkbox', { name: 'Braids' }).check();
      await everyDay(page, '08:00', '14:00');
      await look(page, 'staff-add');
      await page.getByRole('button', { name: 'Add person' }).click();
      await notice(page, 'Akosua added to the staff').waitFor();
      await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
      let staff = await staffApi();
      assert.equal(staff.length, 1);
      ids.akosua = staff[0].id;
      assert.deepEqual(
        [staff[0].displayName, staff[0].memberId, staff[0].serviceIds, staff[0].weeklyHours],
        ['Akosua', null, [braidsId], WEEK.map((day) => ({ day, start: '08:00', end: '14:00' }))],
      );

      await dismissNotices(page);
      await page.getByRole('link', { name: 'Add a person' }).click();
      await page.getByRole('textbox', { name: /^Name/ }).fill('Efua');
      await page.getByLabel('Signs in as (optional)').and(page.locator('input')).click();
      await page.getByRole('option', { name: `Efua Owusu (${efuaMember.email})` }).click();
      await page.getByRole('checkbox', { name: 'Braids' }).check();
      await everyDay(page, '10:00', '18:00');
      await page.getByRole('button', { name: 'Add person' }).click();
      await notice(page, 'Efua added to the staff').waitFor();
      staff = await staffApi();
      assert.equal(staff.length, 2);
      ids.efua = staff.find((s) => s.displayName === 'Efua')!.id;
      const efua = staff.find((s) => s.id === ids.efua)!;
      assert.deepEqual([efua.memberId, efua.serviceIds, efua.weeklyHours[0]], [efuaMember.userId, [braidsId], { day: 'mon', start: '10:00', end: '18:00' }]);

      // The list: each with initials, hours in a line and the services.
      const list = page.getByRole('list', { name: 'Staff' });
      await list.getByRole('listitem', { name: 'Akosua' }).getByText('Mon–Sun 08:00–14:00').waitFor();
      await list.getByRole('listitem', { name: 'Efua' }).getByText('Mon–Sun 10:00–18:00').waitFor();
      await dismissNotices(page);
      await look(page, 'staff-list');
    } finally {
      await context.close();
    }
  });

  test('each stylist is booked from their own lane of the day grid', async () => {
    const { context, page } = await signIn(1280);
    try {
      await page.goto(`/console/s/${store.storeId}/today?day=${tomorrow}`);
      const agenda = page.getByRole('region', { name: 'Day agenda' });
      await agenda.getByText(dayName(tomorrow)).waitFor();
      // A lane each, with empty times only while that person works.
      await agenda.getByRole('button', { name: `Book 08:00, ${dayName(tomorrow)}, Akosua` }).waitFor();
      assert.equal(await agenda.getByRole('button', { name: `Book 09:00, ${dayName(tomorrow)}, Efua` }).count(), 0);
      assert.equal(await agenda.getByRole('button', { name: `Book 15:00, ${dayName(tomorrow)}, Akosua` }).count(), 0);
      await agenda.getByRole('button', { name: `Book 10:00, ${dayName(tomorrow)}, Akosua` }).click();
      await page.waitForURL(new RegExp(`/bookings/new\\?date=${tomorrow}&time=10:00&staffId=${ids.akosua}`));
      await page.getByLabel('Service').and(page.locator('input')).click();
      await page.getByRole('option', { name: 'Braids' }).click();
      const who = page.getByRole('radiogroup', { name: 'Who' });
      await who.getByRole('radio', { name: 'Akosua' }).waitFor({ state: 'attached' });
      assert.equal(await who.getByRole('radio', { name: 'Akosua' }).isChecked(), true);
      // Akosua's own free times: 08:00 to 13:00, every half hour.
      const times = page.getByRole('radiogroup', { name: `Free times on ${dayName(tomorrow)} with Akosua` });
      await times.getByRole('radio', { name: '10:00' }).waitFor({ state: 'attached' });
      assert.equal(await times.getByRole('radio', { name: '10:00' }).isChecked(), true);
      assert.equal(await times.getByRole('radio').count(), 11);
      // "Anyone free" offers every time someone works (08:00 to 17:00).
      await who.getByText('Anyone free').click();
      const anyone = page.getByRole('radiogroup', { name: `Free times on ${dayName(tomorrow)}` });
      await anyone.getByRole('radio', { name: /^17:00/ }).waitFor({ state: 'attached' });
      assert.equal(await anyone.getByRole('radio').count(), 19);
      await who.getByText('Akosua', { exact: true }).click();
      // The time tapped on the grid is picked again for her.
      await times.getByRole('radio', { name: '10:00', checked: true }).waitFor({ state: 'attached' });
      await page.getByText('New customer', { exact: true }).click();
      await page.getByRole('textbox', { name: /^Name/ }).fill('Kofi Boateng');
      await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('024 111 2223');
      await look(page, 'staff-new-booking');
      await page.getByRole('button', { name: 'Book', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Kofi Boateng' }).waitFor();
      bookings.kofi.id = bookingIdOf(page);
      const booking = await bookingApi(bookings.kofi.id);
      bookings.kofi.reference = booking.reference;
      assert.deepEqual([booking.staffId, booking.staffName, booking.bookingDate, booking.bookingTime], [ids.akosua, 'Akosua', tomorrow, '10:00']);
      await page.getByText('With Akosua').first().waitFor();
    } finally {
      await context.close();
    }

    // On a phone: one person at a time, picked by tabs.
    const phone = await signIn(390);
    try {
      const p = phone.page;
      await p.goto(`/console/s/${store.storeId}/today?day=${tomorrow}`);
      const agenda = p.getByRole('region', { name: 'Day agenda' });
      await agenda.getByRole('tab', { name: /Akosua/ }).waitFor();
      assert.equal(await agenda.getByRole('tab', { name: /Akosua/ }).getAttribute('aria-selected'), 'true');
      await agenda.getByRole('link', { name: 'Kofi Boateng' }).waitFor();
      await agenda.getByRole('tab', { name: /Efua/ }).click();
      assert.equal(await agenda.getByRole('link', { name: 'Kofi Boateng' }).count(), 0);
      await agenda.getByRole('button', { name: `Book 14:00, ${dayName(tomorrow)}, Efua` }).click();
      await p.waitForURL(new RegExp(`staffId=${ids.efua}`));
      await p.getByLabel('Service').and(p.locator('input')).click();
      await p.getByRole('option', { name: 'Braids' }).click();
      const times = p.getByRole('radiogroup', { name: `Free times on ${dayName(tomorrow)} with Efua` });
      await times.getByRole('radio', { name: '14:00' }).waitFor({ state: 'attached' });
      assert.equal(await times.getByRole('radio', { name: '14:00' }).isChecked(), true);
      assert.equal(await times.getByRole('radio').count(), 15);
      await p.getByText('New customer', { exact: true }).click();
      await p.getByRole('textbox', { name: /^Name/ }).fill('Abena Asante');
      await p.getByRole('textbox', { name: 'Phone', exact: true }).fill('020 555 1234');
      await p.getByRole('button', { name: 'Book', exact: true }).click();
      await p.getByRole('heading', { level: 1, name: 'Abena Asante' }).waitFor();
      bookings.abena.id = bookingIdOf(p);
      const booking = await bookingApi(bookings.abena.id);
      bookings.abena.reference = booking.reference;
      assert.deepEqual([booking.staffId, booking.staffName, booking.bookingTime], [ids.efua, 'Efua', '14:00']);

      await p.goto(`/console/s/${store.storeId}/today?day=${tomorrow}`);
      await agenda.getByRole('tab', { name: /Efua/ }).click();
      await agenda.getByRole('link', { name: 'Abena Asante' }).waitFor();
      await look(p, 'staff-day-grid');
    } finally {
      await phone.context.close();
    }
  });

  test('a day off over a booking lists it; the booking goes to the other stylist; the day off is then saved', async () => {
    const { context, page } = await signIn(1280);
    try {
      await page.goto(`/console/s/${store.storeId}/staff/${ids.akosua}`);
      await page.getByRole('heading', { level: 1, name: 'Akosua' }).waitFor();
      const add = page.getByRole('group', { name: 'Add time off' });
      await add.getByLabel('First day').fill(tomorrow);
      await add.getByLabel('Note (optional)').fill('Family visit');
      await add.getByRole('button', { name: /^Add / }).click();
      await page.getByRole('list', { name: 'Time off' }).getByText(/Family visit/).waitFor();
      await page.getByRole('button', { name: 'Save', exact: true }).click();

      // Refused: her booking that day is listed, as a link to it.
      const refusal = page.getByRole('alert').filter({ hasText: 'This time off covers bookings' });
      await refusal.waitFor();
      const link = refusal.getByRole('link', { name: new RegExp(`^${bookings.kofi.reference} ${tomorrow} 10:00 Braids \\(Kofi Boateng\\)`) });
      await link.waitFor();
      await page.waitForFunction((id) => [...document.querySelectorAll('a')].some((a) => a.getAttribute('href')?.endsWith(`/bookings/${id}`)), bookings.kofi.id);
      await refusal.getByRole('button', { name: 'Keep these bookings' }).waitFor();
      assert.deepEqual((await staffApi()).find((s) => s.id === ids.akosua)!.timeOff, []);
      await look(page, 'staff-time-off-conflict');

      await link.click();
      await page.getByRole('heading', { level: 1, name: 'Kofi Boateng' }).waitFor();
      await page.getByRole('button', { name: 'Change person' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change person' });
      // Efua works at 10:00 and is free then; Akosua has the booking.
      await dialog.getByRole('radio', { name: 'Efua' }).waitFor({ state: 'attached' });
      assert.equal(await dialog.getByRole('radio').count(), 1);
      await look(page, 'staff-change-person');
      await dialog.getByRole('radio', { name: 'Efua' }).check({ force: true });
      await dialog.getByRole('button', { name: 'Give to Efua' }).click();
      await notice(page, 'Booking moved to Efua').waitFor();
      await page.getByText('With Efua').first().waitFor();
      const moved = await bookingApi(bookings.kofi.id);
      assert.deepEqual([moved.staffId, moved.staffName, moved.bookingDate, moved.bookingTime], [ids.efua, 'Efua', tomorrow, '10:00']);

      // Now the day off goes through.
      await page.goto(`/console/s/${store.storeId}/staff/${ids.akosua}`);
      await page.getByRole('heading', { level: 1, name: 'Akosua' }).waitFor();
      await add.getByLabel('First day').fill(tomorrow);
      await add.getByLabel('Note (optional)').fill('Family visit');
      await add.getByRole('button', { name: /^Add / }).click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await notice(page, 'Akosua saved').waitFor();
      await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
      const akosua = (await staffApi()).find((s) => s.id === ids.akosua)!;
      // Accra is UTC all year: the whole day is midnight to midnight UTC.
      assert.deepEqual(akosua.timeOff, [{ from: `${tomorrow}T00:00:00.000Z`, to: `${dayIn(ZONE, 2)}T00:00:00.000Z`, note: 'Family visit' }]);
      await page.getByRole('list', { name: 'Staff' }).getByRole('listitem', { name: 'Akosua' }).getByText(/Family visit/).waitFor();

      // Her lane that day is off and offers nothing; both bookings are in Efua's.
      await page.goto(`/console/s/${store.storeId}/today?day=${tomorrow}`);
      const agenda = page.getByRole('region', { name: 'Day agenda' });
      await agenda.getByRole('link', { name: 'Kofi Boateng' }).waitFor();
      await agenda.getByText('(off)').waitFor();
      assert.equal(await agenda.getByRole('button', { name: new RegExp(`^Book .*, Akosua$`) }).count(), 0);
      assert.equal(await agenda.getByRole('button', { name: `Book 10:00, ${dayName(tomorrow)}, Efua` }).count(), 0);
      await agenda.getByRole('button', { name: `Book 11:00, ${dayName(tomorrow)}, Efua` }).waitFor();
      await page.goto(`/console/s/${store.storeId}/today?day=${dayIn(ZONE, 2)}`);
      await agenda.getByRole('button', { name: `Book 08:00, ${dayName(dayIn(ZONE, 2))}, Akosua` }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('the week calendar per person: choosing a stylist shows only their bookings, each card saying who', async () => {
    const { context, page } = await signIn(1280);
    try {
      await page.goto(`/console/s/${store.storeId}/bookings?date=${tomorrow}`);
      await page.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor();
      const day = page.getByRole('region', { name: dayName(tomorrow) });
      await day.getByRole('link', { name: /Kofi Boateng/ }).waitFor();
      assert.match(await day.getByRole('link', { name: /Kofi Boateng/ }).innerText(), /with Efua/);
      const choose = async (name: string) => {
        await page.getByLabel('Person').and(page.locator('input')).click();
        await page.getByRole('option', { name }).click();
      };
      await choose('Akosua');
      await page.getByRole('heading', { level: 2, name: /^Akosua: / }).waitFor();
      await day.getByText('No bookings').waitFor();
      assert.match(page.url(), new RegExp(`person=${ids.akosua}`));
      await choose('Efua');
      await page.getByRole('heading', { level: 2, name: /^Efua: / }).waitFor();
      await day.getByRole('link', { name: /Kofi Boateng/ }).waitFor();
      await day.getByRole('link', { name: /Abena Asante/ }).waitFor();
      await look(page, 'staff-week-person');
    } finally {
      await context.close();
    }
  });

  test('the member who is Efua sees her own lane first and reads the Staff page; removing her is refused while she has bookings', async () => {
    const member = await signIn(390, efuaMember);
    try {
      const p = member.page;
      await p.goto(`/console/s/${store.storeId}/today?day=${tomorrow}`);
      const first = p.getByRole('region', { name: 'Day agenda' }).getByRole('tab').first();
      await first.waitFor();
      assert.match(await first.innerText(), /^Efua/);
      assert.equal(await first.getAttribute('aria-selected'), 'true');
      await p.goto(`/console/s/${store.storeId}/staff`);
      await p.getByRole('list', { name: 'Staff' }).getByRole('listitem', { name: 'Efua' }).waitFor();
      assert.equal(await p.getByRole('link', { name: 'Add a person' }).count(), 0);
      assert.equal(await p.getByRole('link', { name: /^Edit / }).count(), 0);
    } finally {
      await member.context.close();
    }

    const { context, page } = await signIn(1280);
    try {
      await page.goto(`/console/s/${store.storeId}/staff/${ids.efua}`);
      await page.getByRole('heading', { level: 1, name: 'Efua' }).waitFor();
      await page.getByRole('button', { name: 'Remove', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove Efua?' });
      await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
      const refusal = dialog.getByRole('alert').filter({ hasText: 'They have bookings to come' });
      await refusal.getByRole('link', { name: new RegExp(`^${bookings.kofi.reference} `) }).waitFor();
      await refusal.getByRole('link', { name: new RegExp(`^${bookings.abena.reference} `) }).waitFor();
      assert.equal((await staffApi()).length, 2);
      await look(page, 'staff-remove-refused');
    } finally {
      await context.close();
    }
  });
});
