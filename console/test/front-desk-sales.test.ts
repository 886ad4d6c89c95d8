// The front desk in Chromium, through the UI, on both engines (issue 31: Ama runs her braiding salon,
// which also sells hair products, from her phone): a counter sale paid in cash takes the stock and
// shows in Orders (source "Counter") and in the Reports page's revenue and best sellers; a sale the
// stock cannot cover names the item and what is left; a staff member adjusts stock but has no price to
// change (the API refuses a price change with 403); a customer added by hand has call and WhatsApp
// buttons, and a second one with the same phone in another format is refused with a link to the
// first; the report's bookings by status lead to the bookings list filtered by status and dates.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TestStore } from '../../test/helpers/app.ts';
import { describeConsole, dismissNotices, inspect, signInThroughUi } from './harness.ts';

const ZONE = 'Africa/Accra'; // UTC all year, and Ghana's phone numbers
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** An amount in cedis as Chromium's Intl writes it ("GH₵25.00" or "GHS 25.00", by ICU version). */
const cedis = (amount: string) => new RegExp(`(?:GH₵|GHS)\\s?${amount.replace('.', '\\.')}`);
/** Picks an option of a segmented control (its radio is drawn by its label, the input itself hidden). */
const choose = (scope: Pick<Page, 'locator'>, option: string) => scope.locator('label.mantine-SegmentedControl-label', { hasText: new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).click();
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describeConsole('console front desk: counter sales, customers, stock and reports', (c) => {
  let store: TestStore;
  let gel: { id: string };
  let edge: { id: string };
  let esi: { id: string };

  before(async () => {
    store = await c.env.createStore({ name: 'Ama Braids', currency: 'GHS', timezone: ZONE });
    gel = await c.env.createItem(store, { name: 'Braid gel', category: 'Hair', price: 25, stockCount: 10 });
    edge = await c.env.createItem(store, { name: 'Edge control', category: 'Hair', price: 15, stockCount: 1 });
    const braids = await c.env.createItem(store, {
      itemType: 'service',
      name: 'Knotless braids',
      price: 120,
      schedule: { durationMinutes: 60, maxAdvanceDays: 90, weeklyHours: WEEK.map((day) => ({ day, start: '08:00', end: '18:00' })) },
    });
    const made = await c.env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/customers`, headers: c.env.staffHeaders(store), payload: { name: 'Esi Mensah', phone: '0207654321', tags: ['VIP'] } });
    assert.equal(made.statusCode, 201, made.body);
    esi = made.data.customer;
    // Esi came yesterday (a visit recorded after the fact: completed, attended).
    const visit = await c.env.inject({
      method: 'POST',
      url: `/api/stores/${store.storeId}/bookings`,
      headers: c.env.staffHeaders(store),
      payload: { serviceId: braids.id, date: yesterday(), time: '10:00', customer: { customerId: esi.id }, source: 'walk_in' },
    });
    assert.equal(visit.statusCode, 201, visit.body);
  });

  const api = async (path: string, headers = c.env.staffHeaders(store)) => (await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}${path}`, headers })).data;
  const stockOf = async (itemId: string) => (await api(`/items/${itemId}`)).item.stockCount as number;

  async function signIn(email = store.email, password = store.password) {
    const { context, page } = await c.newPage();
    await signInThroughUi(page, email, password);
    await page.waitForURL(/\/today/);
    return { context, page };
  }

  /** Moves through the navigation, as a person does (the console's own links, no reload). */
  async function section(page: Page, name: string) {
    await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
  }

  /** Reports, from the Orders page (also in the navigation), for the last 30 days. */
  async function openReports(page: Page) {
    await section(page, 'Orders');
    await page.getByRole('main').getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await page.getByLabel('Period', { exact: true }).selectOption('last-30');
    await page.waitForURL(/range=last-30/);
  }

  async function openNewSale(page: Page) {
    await section(page, 'Orders');
    await page.getByRole('link', { name: 'New sale' }).click();
    await page.getByRole('heading', { level: 1, name: 'New sale' }).waitFor();
    await page.getByRole('list', { name: 'Products to add' }).waitFor();
  }

  test('a counter sale paid in cash takes the stock, opens the order, shows in Orders as Counter and in the Reports', async () => {
    const { context, page } = await signIn();
    try {
      await openNewSale(page);
      // Only products are sold here; each shows its stock.
      const products = page.getByRole('list', { name: 'Products to add' });
      assert.equal(await products.getByText('Knotless braids').count(), 0, 'services are booked, not sold');
      assert.match(await products.innerText(), /Braid gel[\s\S]*10 left/);
      await page.getByLabel('Find a product').fill('gel');
      await products.getByText('Edge control').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Add Braid gel' }).click();
      await page.getByRole('button', { name: 'One more Braid gel' }).click();
      const sale = page.getByRole('list', { name: 'Products in this sale' });
      assert.equal(await sale.getByLabel('Quantity of Braid gel').innerText(), '2');
      await page.getByLabel(cedis('50.00')).first().waitFor();

      // Esi found by her number written the international way.
      await choose(page, 'Find');
      await page.getByLabel('Find a customer').fill('+233 20 765 4321');
      await page.getByRole('button', { name: /^Choose Esi Mensah/ }).click();
      await page.getByRole('button', { name: 'Change' }).waitFor();
      assert.equal(await page.getByRole('radio', { name: 'Cash' }).isChecked(), true);
      assert.equal(await page.getByRole('radio', { name: 'Paid now' }).isChecked(), true);
      await page.getByLabel('Note (optional)').fill('Paid in cash at the desk');
      await page.mouse.move(10, 10);
      await inspect(page, 'sale-new', c.env.dialect.name);

      await page.getByRole('button', { name: 'Save sale' }).click();
      await page.waitForURL(/\/orders\/ord_/);
      const orderId = /\/orders\/([^/?#]+)$/.exec(page.url())![1];
      const order = (await api(`/orders/${orderId}`)).order;
      await page.getByRole('heading', { level: 1, name: `Order ${order.reference}` }).waitFor();
      await page.getByText(`Sale ${order.reference} recorded`).waitFor();
      assert.equal(order.sourceChannel, 'counter');
      assert.equal(order.status, 'confirmed', 'handed over at the counter: complete');
      assert.equal(order.paymentStatus, 'paid');
      assert.equal(order.paymentMethod, 'cash');
      assert.equal(order.customerId, esi.id);
      assert.equal(order.totalMinor, 5000);
      assert.equal(await stockOf(gel.id), 8);
      assert.match(await page.getByRole('region', { name: 'Timeline' }).innerText(), /Counter/);
      await dismissNotices(page);

      // In Orders, among the done ones (nothing to deliver), marked Counter.
      await page.getByRole('link', { name: '‹ All orders' }).click();
      await page.getByRole('tab', { name: 'Done' }).click();
      const row = page.getByRole('row', { name: new RegExp(order.reference) });
      await row.waitFor();
      assert.match(await row.innerText(), /Counter/);
      assert.match(await row.innerText(), /Esi Mensah/);

      // The catalog shows the stock left.
      await section(page, 'Catalog');
      await page.getByRole('table', { name: 'Catalog items' }).getByRole('row', { name: /Braid gel/ }).getByText('8 in stock').waitFor();

      // Reports: the revenue and the best sellers count it.
      await openReports(page);
      const revenue = page.getByRole('link', { name: /^Revenue:/ });
      await revenue.waitFor();
      assert.match(await revenue.innerText(), cedis('50.00'));
      const byRevenue = page.getByRole('list', { name: 'Products by revenue' });
      assert.match(await byRevenue.getByRole('listitem').first().innerText(), new RegExp(`Braid gel[\\s\\S]*${cedis('50.00').source}`));
      assert.match(await page.getByRole('list', { name: 'Products by number sold' }).getByRole('listitem').first().innerText(), /Braid gel[\s\S]*2 sold/);
      // Thirty days read by week; by day on request.
      const byWeek = page.getByRole('list', { name: 'Revenue by week' });
      assert.match(await byWeek.innerText(), new RegExp(`${cedis('50.00').source} · 1 order`));
      await choose(page, 'Day');
      await page.waitForURL(/by=day/);
      assert.match(await page.getByRole('list', { name: 'Revenue by day' }).getByRole('listitem').last().innerText(), new RegExp(`${cedis('50.00').source} · 1 order`));
      await choose(page, 'Week');
      await byWeek.waitFor();
      await page.mouse.move(10, 10);
      await inspect(page, 'reports', c.env.dialect.name);
      // A best seller leads to the period's paid orders with it.
      await byRevenue.getByRole('link', { name: 'Braid gel' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/orders') && url.searchParams.get('itemId') === gel.id && url.searchParams.has('paidFrom'));
      await page.getByText(/^With Braid gel · Paid /).waitFor();
      const withGel = page.getByRole('table', { name: 'Orders' }).locator('tbody tr');
      await withGel.first().waitFor();
      assert.equal(await withGel.count(), 1);
      assert.match(await withGel.first().innerText(), new RegExp(order.reference));
      await inspect(page, 'orders-with-item', c.env.dialect.name);

      // The revenue taps through to the orders it counts: those paid in the report's period.
      await page.goBack();
      await revenue.click();
      await page.waitForURL(/\/orders\?status=all&paidFrom=\d{4}-\d{2}-\d{2}&paidTo=\d{4}-\d{2}-\d{2}$/);
      await page.getByText(/^Paid (on \d+ \w+ \d{4}|\d+ \w+ \d{4} – \d+ \w+ \d{4})$/).waitFor();
      const paidRows = page.getByRole('table', { name: 'Orders' }).locator('tbody tr');
      await paidRows.first().waitFor();
      assert.equal(await paidRows.count(), 1);
      assert.match(await paidRows.first().innerText(), new RegExp(`${order.reference}[\\s\\S]*${cedis('50.00').source}`));
      await inspect(page, 'orders-paid-in-period', c.env.dialect.name);
      // The tabs keep the days; "Show every order" drops them.
      await page.getByRole('tab', { name: 'Awaiting payment' }).click();
      await page.getByText('None of the orders listed above is at this stage.').waitFor();
      assert.match(page.url(), /paidFrom=/);
      await page.getByRole('link', { name: 'Show every order' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/orders') && !url.search.includes('paidFrom'));
    } finally {
      await context.close();
    }
  });

  test('a sale the stock cannot cover is refused, naming the product and how many are left', async () => {
    const { context, page } = await signIn();
    try {
      await openNewSale(page);
      await page.getByRole('button', { name: 'Add Edge control' }).click();
      // One left: the + stops there.
      assert.equal(await page.getByRole('button', { name: 'One more Edge control' }).isDisabled(), true);
      await choose(page, 'New');
      await page.getByLabel(/^Name/).fill('Walk-in client');
      await choose(page, 'MoMo');
      assert.equal(await page.getByRole('radio', { name: 'MoMo' }).isChecked(), true);
      // Meanwhile the last one is sold at the other till.
      const other = await c.env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/orders`, headers: c.env.staffHeaders(store), payload: { items: [{ itemId: edge.id, qty: 1 }], paymentMethod: 'cash', paid: true } });
      assert.equal(other.statusCode, 201, other.body);

      await page.getByRole('button', { name: 'Save sale' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Not enough stock' });
      await alert.waitFor();
      assert.match(await alert.innerText(), /Edge control: none left \(this sale has 1\)/);
      assert.match(page.url(), /\/orders\/new$/);
      assert.equal(await stockOf(edge.id), 0);
      await page.mouse.move(10, 10);
      await inspect(page, 'sale-out-of-stock', c.env.dialect.name);
    } finally {
      await context.close();
    }
  });

  test('a staff member adjusts stock but has no price to change; the API refuses a price change with 403', async () => {
    const staff = await c.env.addMember(store, { name: 'Kofi Desk', role: 'staff' });
    const { context, page } = await signIn(staff.email, staff.password);
    try {
      await section(page, 'Catalog');
      const table = page.getByRole('table', { name: 'Catalog items' });
      await table.getByRole('row', { name: /Braid gel/ }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Add item' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: /^Actions for/ }).count(), 0);
      const before = await stockOf(gel.id);

      await table.getByRole('button', { name: 'Adjust stock for Braid gel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Adjust stock: Braid gel' });
      await dialog.waitFor();
      assert.equal(await dialog.getByRole('radio', { name: '+ Received' }).isChecked(), true);
      await dialog.getByLabel('How many arrived').fill('5');
      await dialog.getByText(`After this: ${before + 5} in stock.`).waitFor();
      await inspect(page, 'stock-adjust', c.env.dialect.name);
      await dialog.getByRole('button', { name: 'Save stock' }).click();
      await dialog.waitFor({ state: 'detached' });
      await table.getByRole('row', { name: /Braid gel/ }).getByText(`${before + 5} in stock`).waitFor();
      assert.equal(await stockOf(gel.id), before + 5);

      // The item's page: read-only but for the stock.
      await table.getByRole('link', { name: 'Braid gel' }).click();
      await page.getByRole('heading', { level: 1, name: 'Braid gel' }).waitFor();
      assert.equal(await page.getByRole('textbox').count(), 0, 'no price or name to type in');
      assert.equal(await page.getByRole('spinbutton').count(), 0, 'no price field');
      assert.equal(await page.getByRole('button', { name: /Save changes|Delete|Duplicate/ }).count(), 0);
      await page.getByRole('button', { name: 'Adjust stock' }).click();
      await choose(dialog, '− Removed');
      await dialog.getByLabel('How many to take off').fill('3');
      await dialog.getByRole('button', { name: 'Save stock' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(`${before + 2} in stock`, { exact: true }).waitFor();
      await dismissNotices(page);
      await page.mouse.move(10, 10);
      await inspect(page, 'catalog-item-staff-stock', c.env.dialect.name);
      assert.equal(await stockOf(gel.id), before + 2);

      const price = await c.env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/items/${gel.id}`, headers: staff.headers, payload: { priceMinor: 100 } });
      assert.equal(price.statusCode, 403, price.body);
      assert.equal((await api(`/items/${gel.id}`)).item.priceMinor, 2500);
    } finally {
      await context.close();
    }
  });

  test('a customer added by hand gets call and WhatsApp buttons; the same phone in another format is refused with a link to them', async () => {
    const { context, page } = await signIn();
    try {
      await section(page, 'Customers');
      await page.getByRole('button', { name: 'Add customer' }).click();
      let dialog = page.getByRole('dialog', { name: 'Add customer' });
      await dialog.getByLabel(/^Name/).fill('Abena Ofori');
      await dialog.getByLabel('Phone').fill('024 555 0001');
      await dialog.getByLabel('Email').fill('abena@example.test');
      await dialog.getByLabel('Notes').fill('Likes knotless braids, shoulder length');
      await dialog.getByRole('combobox', { name: 'Tags' }).fill('VIP');
      await page.keyboard.press('Enter');
      await inspect(page, 'customer-add', c.env.dialect.name);
      await dialog.getByRole('button', { name: 'Add customer' }).click();
      await page.getByRole('heading', { level: 1, name: 'Abena Ofori' }).waitFor();
      const abenaId = /\/customers\/([^/?#]+)$/.exec(page.url())![1];
      const saved = (await api(`/customers/${abenaId}`)).customer;
      assert.equal(saved.phoneE164, '+233245550001');
      assert.deepEqual(saved.tags, ['VIP']);
      assert.equal(saved.notes, 'Likes knotless braids, shoulder length');

      const contact = page.getByRole('group', { name: 'Contact Abena Ofori' });
      assert.equal(await contact.getByRole('link', { name: 'Call' }).getAttribute('href'), 'tel:+233245550001');
      assert.equal(await contact.getByRole('link', { name: 'WhatsApp' }).getAttribute('href'), 'https://wa.me/233245550001');
      const summary = page.getByRole('region', { name: 'Summary' });
      assert.match(await summary.innerText(), /VIP/);
      assert.equal(await page.getByLabel('Notes').inputValue(), 'Likes knotless braids, shoulder length');
      await dismissNotices(page);
      await page.mouse.move(10, 10);
      await inspect(page, 'customer-front-desk', c.env.dialect.name);

      // The same number written the international way: refused, with the way to her record.
      await section(page, 'Customers');
      await page.getByRole('button', { name: 'Add customer' }).click();
      dialog = page.getByRole('dialog', { name: 'Add customer' });
      await dialog.getByLabel(/^Name/).fill('Abena O.');
      await dialog.getByLabel('Phone').fill('+233 24 555 0001');
      await dialog.getByRole('button', { name: 'Add customer' }).click();
      const already = dialog.getByRole('alert').filter({ hasText: 'Already a customer' });
      await already.waitFor();
      const link = already.getByRole('link', { name: 'Abena Ofori' });
      await link.waitFor();
      assert.equal(await link.getAttribute('href'), `/console/s/${store.storeId}/customers/${abenaId}`);
      await inspect(page, 'customer-add-duplicate', c.env.dialect.name);
      await link.click();
      await page.getByRole('heading', { level: 1, name: 'Abena Ofori' }).waitFor();
      assert.equal((await api('/customers?q=abena')).customers.length, 1);

      // Esi's page: her visit yesterday and her spend; a tag edited there.
      await section(page, 'Customers');
      await page.getByRole('link', { name: 'Esi Mensah' }).click();
      await page.getByRole('heading', { level: 1, name: 'Esi Mensah' }).waitFor();
      const esiContact = page.getByRole('group', { name: 'Contact Esi Mensah' });
      assert.equal(await esiContact.getByRole('link', { name: 'Call' }).getAttribute('href'), 'tel:+233207654321');
      assert.equal(await esiContact.getByRole('link', { name: 'WhatsApp' }).getAttribute('href'), 'https://wa.me/233207654321');
      const esiSummary = page.getByRole('region', { name: 'Summary' });
      await page.waitForFunction(() => /Visits\s*1/.test(document.querySelector('[aria-labelledby="customer-summary"]')?.textContent ?? ''));
      assert.match(await esiSummary.innerText(), /No-shows\s*0/);
      assert.match(await esiSummary.innerText(), cedis('50.00'));
      await page.getByRole('combobox', { name: 'Tags' }).fill('Braids monthly');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Customer saved').waitFor();
      assert.deepEqual((await api(`/customers/${esi.id}`)).customer.tags, ['VIP', 'Braids monthly']);
    } finally {
      await context.close();
    }
  });

  test('the report\'s bookings by status lead to the bookings list filtered by that status and the dates', async () => {
    const { context, page } = await signIn();
    try {
      await openReports(page);
      const byStatus = page.getByRole('list', { name: 'Bookings by status' });
      const completed = byStatus.getByRole('listitem').filter({ hasText: 'Completed' });
      await completed.waitFor();
      assert.match(await completed.innerText(), /Completed\s*1/);
      assert.match(await page.getByRole('list', { name: 'Services by bookings' }).innerText(), /Knotless braids[\s\S]*1 booking · 1 came/);
      await completed.getByRole('link', { name: 'Completed' }).click();
      await page.waitForURL(/\/bookings\?/);
      const url = new URL(page.url());
      assert.equal(url.searchParams.get('status'), 'completed');
      assert.equal(url.searchParams.get('view'), 'list');
      assert.equal(url.searchParams.get('to'), new Date().toISOString().slice(0, 10));
      assert.equal(url.searchParams.get('from'), new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10));
      await page.getByRole('row', { name: /Esi Mensah/ }).waitFor();

      // A custom range starts from the dates shown and keeps them in the address.
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
      await page.getByLabel('Period', { exact: true }).selectOption('custom');
      await page.waitForURL(/range=custom/);
      assert.equal(new URL(page.url()).searchParams.get('from'), url.searchParams.get('from'));
      assert.equal(new URL(page.url()).searchParams.get('to'), url.searchParams.get('to'));
      await page.getByRole('list', { name: /^Revenue by/ }).or(page.getByText('No paid orders in this period.')).first().waitFor();
    } finally {
      await context.close();
    }
  });
});
