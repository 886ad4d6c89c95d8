// Catalog in Chromium, through the UI, on both engines: a new owner signs up and adds a service
// whose opening hours are set in the week grid (by keyboard too) while the preview shows its next
// open times, and a partner books it over the integration API; a product with tracked stock and an
// uploaded picture (checked in the browser first) reaches the integration catalog with its imageUrl;
// a value the service refuses shows its reason next to the field and keeps the form; leaving unsaved
// changes asks first; search, type filter, unpublish (gone from the integration catalog), duplicate
// and delete (explained when refused); a staff member sees the catalog read-only, as the API allows.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TestStore } from '../../test/helpers/app.ts';
import { checkA11y, describeConsole, inspect, signInThroughUi, signUpThroughUi } from './harness.ts';
import { png } from '../../test/helpers/png.ts';

const ZONE = 'Africa/Accra'; // UTC all year: dates in the test and in the store agree
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (date: string) => WEEK[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7];


/** The error text an input points at (aria-describedby), or ''. */
async function fieldError(page: Page, input: ReturnType<Page['getByLabel']>) {
  const described = (await input.getAttribute('aria-describedby')) ?? '';
  const id = described.split(' ').find((x) => x.includes('error'));
  return id ? page.locator(`[id="${id}"]`).innerText() : '';
}

const day = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

describeConsole('console catalog', (c) => {
  let store: TestStore;
  let key = '';

  before(async () => {
    store = await c.env.createStore({ name: 'Adom Salon', currency: 'GHS', timezone: ZONE });
    key = await c.env.createKey(store);
  });

  async function signIn(email = store.email, password = store.password) {
    const { context, page } = await c.newPage();
    await signInThroughUi(page, email, password);
    await page.waitForURL(/\/(today|account)/);
    return { context, page };
  }

  async function integrationCatalog(forStore = store, withKey = key) {
    const res = await c.env.inject({ method: 'GET', url: `/v1IntegrationProducts?storeId=${forStore.storeId}`, headers: c.env.keyHeaders(withKey) });
    assert.equal(res.statusCode, 200, res.body);
    return res.data.products as { id: string; name: string; imageUrl: string | null; imageAlt: string | null; priceMinor: number; stockCount: number | null }[];
  }

  test('a new owner adds a service with weekly hours in the week grid, the preview shows its open times, and a partner books it', async () => {
    const { context, page } = await c.newPage();
    try {
      const email = `ama-${Date.now()}@example.test`;
      const password = 'a long enough password';
      const storeId = await signUpThroughUi(page, { name: 'Ama Owusu', email, password, storeName: 'Ama Braids', timezone: ZONE });
      await page.getByRole('link', { name: 'Catalog', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Catalog' }).waitFor();
      await page.getByText('The catalog is empty').waitFor();
      await page.mouse.move(600, 800);
      await inspect(page, 'catalog-empty', c.env.dialect.name);

      await page.getByRole('link', { name: 'Add item' }).click();
      await page.getByRole('heading', { level: 1, name: 'New product' }).waitFor();
      await page.getByRole('radio', { name: /^Service/ }).check();
      await page.getByRole('heading', { level: 1, name: 'New service' }).waitFor();
      await page.getByLabel(/^Name/).fill('Braids');
      await page.getByLabel(/^Price \(GHS\)/).fill('50');
      // Lengths in hours and minutes; a new service offers a time every 30 minutes.
      const length = page.getByRole('group', { name: 'Length of a booking' });
      assert.equal(await length.getByLabel('Length of a booking, hours').inputValue(), '1');
      assert.equal(await length.getByLabel('Length of a booking, minutes').inputValue(), '0');
      await length.getByLabel('Length of a booking, minutes').fill('30');
      assert.equal(await page.getByLabel('A time every').inputValue(), '30');
      await page.getByRole('group', { name: 'Break after each booking' }).getByLabel('Break after each booking, minutes').fill('0');

      // Monday to Friday 09:00–17:00 is offered; Wednesday gets a lunch break, Saturday opens by keyboard.
      const wednesday = day(page, 'Wednesday');
      await wednesday.getByLabel('Closes').fill('12:00');
      await wednesday.getByRole('button', { name: 'Add hours on Wednesday' }).click();
      const afternoon = day(page, 'Wednesday, hours 2');
      await afternoon.getByLabel('Opens').fill('13:00');
      await afternoon.getByLabel('Closes').fill('17:00');
      const saturday = day(page, 'Saturday');
      await saturday.getByRole('switch', { name: 'Open', exact: true }).focus();
      await page.keyboard.press('Space');
      await saturday.getByLabel('Opens').fill('10:00');
      await saturday.getByLabel('Closes').fill('14:00');
      assert.equal(await day(page, 'Sunday').getByText('Closed').count(), 1);

      // A closed date picked in the calendar (nine days on, not a Sunday: a day that would be open).
      let closedDate = inDays(9);
      if (weekdayOf(closedDate) === 'sun') closedDate = inDays(10);
      await page.getByLabel('Closed dates', { exact: true }).click();
      const calendar = page.getByRole('dialog', { name: 'Closed dates' });
      await calendar.waitFor();
      await checkA11y(page, 'closed dates calendar');
      if (closedDate.slice(0, 7) !== inDays(0).slice(0, 7)) await calendar.getByRole('button', { name: 'Next month' }).click();
      const [y, m, d] = closedDate.split('-').map(Number);
      const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
      await calendar.getByRole('button', { name: new RegExp(`\\b${d},? ${monthName},? ${y}$`) }).click();
      await page.getByRole('list', { name: 'Closed dates chosen' }).getByRole('listitem').first().waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      assert.equal(await page.getByRole('list', { name: 'Closed dates chosen' }).getByRole('listitem').count(), 1);

      const preview = page.getByRole('list', { name: 'Next open times' });
      await preview.getByRole('listitem').first().waitFor();
      assert.match(await preview.innerText(), /\b(09|10):00\b/);
      await inspect(page, 'catalog-new-service', c.env.dialect.name);

      await page.getByRole('button', { name: 'Add service' }).click();
      await page.getByRole('heading', { level: 1, name: 'Braids' }).waitFor();
      const serviceId = decodeURIComponent(/\/catalog\/([^/?#]+)$/.exec(page.url())![1]);
      assert.match(serviceId, /^itm_/);

      // The partner's side: a key made over the API, the open times, a booking.
      const login = await c.env.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      assert.equal(login.statusCode, 200, login.body);
      const owner: TestStore = { storeId, slug: '', token: login.data.token, email, password };
      const partnerKey = await c.env.createKey(owner);
      const from = inDays(1);
      const to = inDays(8);
      const availability = await c.env.inject({
        method: 'GET',
        url: `/v1IntegrationAvailability?storeId=${storeId}&serviceId=${serviceId}&from=${from}T00:00:00Z&to=${to}T00:00:00Z`,
        headers: c.env.keyHeaders(partnerKey),
      });
      assert.equal(availability.statusCode, 200, availability.body);
      const slots = availability.data.slots as { date: string; time: string }[];
      const timesOn = (weekday: string) => [...new Set(slots.filter((s) => weekdayOf(s.date) === weekday).map((s) => s.time))].sort();
      // 1 h 30 min bookings starting every 30 minutes, each ending by the closing time.
      assert.deepEqual(timesOn('wed'), ['09:00', '09:30', '10:00', '10:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30']);
      assert.deepEqual(timesOn('sat'), ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30']);
      const saved = await c.env.inject({ method: 'GET', url: `/api/stores/${storeId}/items/${serviceId}`, headers: c.env.staffHeaders(owner) });
      assert.equal(saved.data.item.schedule.durationMinutes, 90);
      assert.equal(saved.data.item.schedule.slotIntervalMinutes, 30);
      assert.deepEqual(timesOn('sun'), []);
      const saturdaySlot = slots.find((s) => weekdayOf(s.date) === 'sat')!;
      const booked = await c.env.inject({
        method: 'POST',
        url: `/v1IntegrationBookings?storeId=${storeId}`,
        headers: c.env.keyHeaders(partnerKey),
        payload: { serviceId, bookingDate: saturdaySlot.date, bookingTime: saturdaySlot.time, customer: { name: 'Esi Mensah', phone: '0241112223', email: 'esi@example.test' } },
      });
      assert.equal(booked.statusCode, 201, booked.body);
      assert.match(booked.data.reference, /^IB-/);
      const closedDay = await c.env.inject({
        method: 'GET',
        url: `/v1IntegrationAvailability?storeId=${storeId}&serviceId=${serviceId}&from=${closedDate}T00:00:00Z&to=${inDays(11)}T00:00:00Z`,
        headers: c.env.keyHeaders(partnerKey),
      });
      const closedSlots = (closedDay.data.slots as { date: string }[]);
      assert.equal(closedSlots.filter((s) => s.date === closedDate).length, 0, 'nothing on the closed date');
      assert.ok(closedSlots.length > 0, 'the day after it is open');
    } finally {
      await context.close();
    }
  });

  test('on a phone, a service\'s next open times sit right under the numbers that change them', async () => {
    const { context, page } = await signIn();
    try {
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(`/console/s/${store.storeId}/catalog/new`);
      await page.getByRole('radio', { name: /^Service/ }).check();
      await page.getByRole('heading', { level: 1, name: 'New service' }).waitFor();
      const preview = page.getByRole('list', { name: 'Next open times' });
      await preview.getByRole('listitem').first().waitFor();
      assert.equal(await page.getByRole('region', { name: 'Next open times' }).count(), 1, 'one preview');
      const ahead = (await page.getByLabel('Bookable ahead').boundingBox())!;
      const shown = (await page.getByRole('region', { name: 'Next open times' }).boundingBox())!;
      const monday = (await day(page, 'Monday').boundingBox())!;
      assert.ok(shown.y > ahead.y && shown.y - (ahead.y + ahead.height) < 120, `the preview follows the numbers (${shown.y} after ${ahead.y})`);
      assert.ok(shown.y < monday.y, 'the preview comes before the week');
      // A change of length shows in it: from 09:00 to 17:00 every 30 minutes, 15 start times for 1 hour
      // (8 shown "and 7 more"), 13 for 2 hours ("and 5 more").
      const listed = () => page.evaluate(() => document.querySelector('[aria-label="Next open times"]')?.textContent ?? '');
      assert.match(await listed(), /and 7 more/);
      await page.getByLabel('Length of a booking, hours').fill('2');
      await page.waitForFunction(() => {
        const text = document.querySelector('[aria-label="Next open times"]')?.textContent ?? '';
        return /and 5 more/.test(text) && !/and 7 more/.test(text);
      });
      await inspect(page, 'catalog-service-phone', c.env.dialect.name);
      // Wide, it sits beside the opening hours instead.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.waitForTimeout(300);
      assert.equal(await page.getByRole('region', { name: 'Next open times' }).count(), 1, 'still one preview');
      const wide = (await page.getByRole('region', { name: 'Next open times' }).boundingBox())!;
      const mondayWide = (await day(page, 'Monday').boundingBox())!;
      assert.ok(wide.x > mondayWide.x + mondayWide.width - 5, 'beside the week');
    } finally {
      await context.close();
    }
  });

  test('a product with tracked stock and an uploaded picture reaches the integration catalog with its imageUrl; files that are not images or too big are refused first', async () => {
    const { context, page } = await signIn();
    try {
      await page.goto(`/console/s/${store.storeId}/catalog/new`);
      await page.getByRole('heading', { level: 1, name: 'New product' }).waitFor();
      await page.getByLabel(/^Name/).fill('Shea butter');
      await page.getByLabel(/^Price \(GHS\)/).fill('12.50');
      await page.getByRole('switch', { name: 'Track stock' }).focus();
      await page.keyboard.press('Space');
      await page.getByLabel('In stock').fill('8');

      const uploads: string[] = [];
      page.on('request', (r) => { if (r.url().includes('/api/uploads')) uploads.push(r.url()); });
      const file = page.locator('input[type="file"]');
      const picture = page.getByRole('button', { name: /^Picture/ });
      await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
      assert.match(await fieldError(page, picture), /“notes\.txt” is not an image/);
      await file.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
      assert.match(await fieldError(page, picture), /“huge\.png” is 5\.0 MB; pictures can be at most 5 MB/);
      assert.deepEqual(uploads, [], 'neither file was sent');

      await file.setInputFiles({ name: 'shea.png', mimeType: 'image/png', buffer: png(64, 48, [200, 150, 60]) });
      const shown = page.getByRole('img', { name: /The item’s picture/ });
      await shown.waitFor();
      assert.equal(uploads.length, 1);
      // A picture needs its description before the item is saved.
      await page.getByRole('button', { name: 'Add product' }).click();
      const alt = page.getByLabel(/^Picture description/);
      assert.match(await fieldError(page, alt), /Describe the picture/);
      await alt.fill('A jar of shea butter');
      await page.getByRole('img', { name: 'A jar of shea butter' }).waitFor();
      await page.getByRole('button', { name: 'Add product' }).click();
      await page.getByRole('heading', { level: 1, name: 'Shea butter' }).waitFor();
      await page.mouse.move(600, 10);
      await inspect(page, 'catalog-product', c.env.dialect.name);

      const product = (await integrationCatalog()).find((p) => p.name === 'Shea butter');
      assert.ok(product, 'listed for partners');
      assert.equal(product.priceMinor, 1250);
      assert.equal(product.stockCount, 8);
      assert.equal(product.imageAlt, 'A jar of shea butter');
      assert.match(product.imageUrl ?? '', new RegExp(`^${c.base}/uploads/${store.storeId}/`));
      const image = await c.env.inject({ method: 'GET', url: new URL(product.imageUrl!).pathname });
      assert.equal(image.statusCode, 200);
      assert.equal(image.headers['content-type'], 'image/png');
    } finally {
      await context.close();
    }
  });

  test('a value the service refuses shows its reason next to the field and keeps the form; leaving unsaved changes asks first', async () => {
    const item = await c.env.createItem(store, {
      itemType: 'service',
      name: 'Cornrows',
      price: 40,
      schedule: { durationMinutes: 60, weeklyHours: WEEK.slice(0, 5).map((d) => ({ day: d, start: '09:00', end: '17:00' })) },
    });
    const { context, page } = await signIn();
    try {
      await page.goto(`/console/s/${store.storeId}/catalog/${item.id}`);
      await page.getByRole('heading', { level: 1, name: 'Cornrows' }).waitFor();
      await page.getByLabel(/^Name/).fill('Cornrows deluxe');
      const tuesday = day(page, 'Tuesday');
      await tuesday.getByLabel('Closes').fill('08:00');
      // The preview says what is wrong before anything is saved.
      await page.getByText('The preview waits for valid hours').waitFor();
      await page.getByText(/Tuesday, hours 1, closes: must be after start/).waitFor();

      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('alert').filter({ hasText: 'Not saved' }).waitFor();
      assert.match(await fieldError(page, tuesday.getByLabel('Closes')), /Must be after start/);
      assert.equal(await page.getByLabel(/^Name/).inputValue(), 'Cornrows deluxe');
      assert.equal(await tuesday.getByLabel('Closes').inputValue(), '08:00');
      // Focus moves to the field to fix.
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
      await page.mouse.move(600, 10); // not hovering Save (its hover shade is the theme's)
      await inspect(page, 'catalog-item-refused', c.env.dialect.name);
      assert.equal((await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/items/${item.id}`, headers: c.env.staffHeaders(store) })).data.item.name, 'Cornrows');

      // Leaving now asks; staying keeps every value.
      await page.getByRole('link', { name: 'Orders', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Stay and keep editing' }).click();
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await page.getByLabel(/^Name/).inputValue(), 'Cornrows deluxe');

      await tuesday.getByLabel('Closes').fill('16:00');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('heading', { level: 1, name: 'Cornrows deluxe' }).waitFor();
      const saved = (await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/items/${item.id}`, headers: c.env.staffHeaders(store) })).data.item;
      assert.deepEqual(saved.schedule.weeklyHours.find((h: { day: string }) => h.day === 'tue'), { day: 'tue', start: '09:00', end: '16:00' });
      // Saved: nothing to lose, the navigation goes through.
      await page.getByRole('link', { name: 'Orders', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('search and the type filter narrow the list; unpublish hides an item from the integration catalog; delete asks first and explains a refusal', async () => {
    const shop = await c.env.createStore({ name: 'Kente Corner', currency: 'GHS', timezone: ZONE });
    const shopKey = await c.env.createKey(shop);
    const oil = await c.env.createItem(shop, { name: 'Hair oil', category: 'Oils', price: 30, stockCount: 0 });
    await c.env.createItem(shop, { name: 'Crème rinse', category: 'Hair', price: 18 });
    await c.env.createItem(shop, { itemType: 'service', name: 'Braids', price: 50, schedule: { weeklyHours: [{ day: 'mon', start: '09:00', end: '12:00' }] } });
    const pottery = await c.env.createItem(shop, { itemType: 'course', name: 'Pottery class', price: 80, schedule: { capacity: 8 } });
    const { context, page } = await signIn(shop.email, shop.password);
    try {
      await page.getByRole('link', { name: 'Catalog', exact: true }).click();
      const table = page.getByRole('table', { name: 'Catalog items' });
      await table.getByRole('row', { name: /Hair oil/ }).waitFor();
      assert.equal(await table.getByRole('row').count(), 5);
      await page.mouse.move(600, 800);
      await inspect(page, 'catalog', c.env.dialect.name);

      // The type filter by keyboard: All → Products → Services.
      await page.getByRole('radio', { name: 'All' }).focus();
      await page.keyboard.press('ArrowRight');
      await page.waitForURL(/type=product/);
      await page.keyboard.press('ArrowRight');
      await table.getByRole('row', { name: /Hair oil/ }).waitFor({ state: 'detached' });
      assert.equal(await table.getByRole('row').count(), 2);
      assert.match(page.url(), /type=service/);
      await page.keyboard.press('ArrowLeft');
      await page.waitForURL(/type=product/);
      await page.keyboard.press('ArrowLeft');
      await page.waitForURL((url) => !url.search.includes('type='));
      await page.getByRole('searchbox', { name: 'Search' }).fill('creme');
      // Every other item leaves (the list may pass through the unfiltered one on its way).
      for (const other of [/Braids/, /Hair oil/, /Pottery class/]) await table.getByRole('row', { name: other }).waitFor({ state: 'detached' });
      assert.deepEqual(await table.getByRole('row').allInnerTexts().then((rows) => rows.slice(1).map((r) => r.split('\n')[0].trim())), ['Crème rinse']);
      await page.getByRole('searchbox', { name: 'Search' }).fill('');
      await table.getByRole('row', { name: /Braids/ }).waitFor();

      // Unpublish: gone from the partners' catalog at once, kept (hidden) here.
      assert.ok((await integrationCatalog(shop, shopKey)).some((p) => p.id === oil.id));
      await table.getByRole('button', { name: 'Actions for Hair oil' }).click();
      await page.getByRole('menuitem', { name: 'Unpublish' }).click();
      await table.getByRole('row', { name: /Hair oil/ }).getByText('Hidden').waitFor();
      assert.ok(!(await integrationCatalog(shop, shopKey)).some((p) => p.id === oil.id));

      // Duplicate: a new service's form filled from Braids, named "Braids (copy)"; saved, it is an item
      // of its own with the same price and hours, and Braids is as it was.
      await page.getByRole('menu').waitFor({ state: 'detached' });
      await table.getByRole('button', { name: 'Actions for Braids' }).click();
      await page.getByRole('menuitem', { name: 'Duplicate' }).click();
      await page.waitForURL(/\/catalog\/new\?copy=/);
      assert.equal(await page.getByLabel(/^Name/).inputValue(), 'Braids (copy)');
      await page.getByRole('button', { name: 'Add service' }).click();
      await page.getByRole('heading', { level: 1, name: 'Braids (copy)' }).waitFor();
      const items = (await c.env.inject({ method: 'GET', url: `/api/stores/${shop.storeId}/items`, headers: c.env.staffHeaders(shop) })).data.items as { id: string; name: string; priceMinor: number; schedule: { weeklyHours: unknown[] } | null }[];
      const original = items.find((i) => i.name === 'Braids')!;
      const copied = items.find((i) => i.name === 'Braids (copy)')!;
      assert.notEqual(copied.id, original.id);
      assert.equal(copied.priceMinor, 5000);
      assert.deepEqual(copied.schedule?.weeklyHours, original.schedule?.weeklyHours);
      assert.deepEqual(original.schedule?.weeklyHours, [{ day: 'mon', start: '09:00', end: '12:00' }]);
      await page.getByRole('link', { name: 'Catalog', exact: true }).click();
      await table.getByRole('button', { name: 'Actions for Braids (copy)' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete this service?' }).getByRole('button', { name: 'Delete service' }).click();
      await table.getByRole('row', { name: /Braids \(copy\)/ }).waitFor({ state: 'detached' });

      // Delete asks first; an item someone else deleted meanwhile is explained, not an error code.
      await table.getByRole('button', { name: 'Actions for Pottery class' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this course?' });
      await dialog.waitFor();
      await page.getByRole('menu').waitFor({ state: 'detached' });
      await inspect(page, 'catalog-delete', c.env.dialect.name);
      await c.env.inject({ method: 'DELETE', url: `/api/stores/${shop.storeId}/items/${pottery.id}`, headers: c.env.staffHeaders(shop) });
      await dialog.getByRole('button', { name: 'Delete course' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'is no longer in the catalog' }).waitFor();
      await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

      await table.getByRole('button', { name: 'Actions for Braids' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete this service?' }).getByRole('button', { name: 'Delete service' }).click();
      await table.getByRole('row', { name: /Braids/ }).waitFor({ state: 'detached' });
      const left = (await c.env.inject({ method: 'GET', url: `/api/stores/${shop.storeId}/items`, headers: c.env.staffHeaders(shop) })).data.items.map((i: { name: string }) => i.name).sort();
      assert.deepEqual(left, ['Crème rinse', 'Hair oil']);
    } finally {
      await context.close();
    }
  });

  test('a staff member sees the catalog read-only, as the API allows', async () => {
    await c.env.createItem(store, { itemType: 'service', name: 'Twists', price: 35, schedule: { weeklyHours: [{ day: 'fri', start: '09:00', end: '13:00' }] } });
    const { email, password } = await c.env.addMember(store, { name: 'Kofi Clerk', role: 'staff' });
    const { context, page } = await signIn(email, password);
    try {
      await page.goto(`/console/s/${store.storeId}/catalog`);
      await page.getByRole('heading', { level: 1, name: 'Catalog' }).waitFor();
      await page.getByRole('row', { name: /Twists/ }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Add item' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: /^Actions for/ }).count(), 0);

      await page.getByRole('link', { name: 'Twists' }).click();
      await page.getByRole('heading', { level: 1, name: 'Twists' }).waitFor();
      await page.getByText('Only owners and admins can change the catalog').waitFor();
      assert.deepEqual(await page.getByRole('table', { name: 'Opening hours' }).getByRole('row', { name: /Friday/ }).getByRole('cell').allInnerTexts(), ['09:00–13:00']);
      assert.equal(await page.getByRole('textbox').count(), 0, 'nothing to type in');
      assert.equal(await page.getByRole('button', { name: /Save changes|Delete/ }).count(), 0);
      await page.getByRole('list', { name: 'Next open times' }).waitFor();
      await inspect(page, 'catalog-item-staff', c.env.dialect.name);

      await page.goto(`/console/s/${store.storeId}/catalog/new`);
      await page.getByText('Only owners and admins can add items to the catalog.').waitFor();
    } finally {
      await context.close();
    }
  });
});
