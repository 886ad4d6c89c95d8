// A record page opened with an id the store does not have (deleted, mistyped, another store's)
// says so in words, with the way back to its list; it never shows another store's record.
import { test } from 'node:test';
import { describeConsole, checkA11y, inspect, signInThroughUi } from './harness.ts';

describeConsole('console record pages that find nothing', (c) => {
  test('a missing order, booking, customer, item or post is "not found", with a link back to its list', async () => {
    const store = await c.env.createStore({ name: 'Adom Salon' });
    const other = await c.env.createStore({ name: 'Kente Corner' });
    const theirs = await c.env.createItem(other, { name: 'Their item', price: 10 });
    const { context, page } = await c.newPage();
    try {
      await signInThroughUi(page, store.email, store.password);
      await page.waitForURL(/\/today/);
      const base = `/console/s/${store.storeId}`;
      for (const [path, noun] of [
        ['orders/ord_doesnotexist', 'Order'],
        ['bookings/bkg_doesnotexist', 'Booking'],
        ['customers/cus_doesnotexist', 'Customer'],
        [`catalog/${theirs.id}`, 'Item'],
        ['blog/pst_doesnotexist', 'Post'],
      ]) {
        await page.goto(`${base}/${path}`);
        await page.getByRole('heading', { level: 1, name: `${noun} not found` }).waitFor();
        await page.getByRole('main').getByRole('link').first().waitFor();
        if (noun === 'Order') await inspect(page, 'order-not-found', c.env.dialect.name);
        else await checkA11y(page, `${noun} not found`);
      }
    } finally {
      await context.close();
    }
  });
});
