// Share your booking link, in Chromium through the UI, on both engines. On a phone, the owner goes
// from Today's header to the Store page card in Settings: the card shows the store page's address,
// copies it, opens it in a new tab, sends it on WhatsApp with the store's name, draws its QR code
// (named for screen readers). Turned off, the change is saved and the card says the link answers
// "not found", with nothing to share; turned on again, it is back, and Print QR code prints a page of
// its own with the name, "Scan to book", the code and the link. A staff member sees whether the page
// is on and shares the link, but cannot turn it off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TestStore } from '../../test/helpers/app.ts';
import { describeConsole, dismissNotices, inspect as inspectPage, shoot, signInThroughUi } from './harness.ts';

/** inspect() with the pointer off every control: a hovered button shows the shell's hover colours. */
async function inspect(page: Page, name: string, engine: string) {
  await page.mouse.move(0, 899);
  await inspectPage(page, name, engine);
}

describeConsole('console: share your booking link', (c) => {
  const storeApi = async (store: TestStore) => (await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}`, headers: c.env.staffHeaders(store) })).data.store;

  test('from Today, the owner copies, opens, sends on WhatsApp and prints the store page link; turned off, it is saved and the card says the link answers not found', async () => {
    const store = await c.env.createStore({ name: 'Ama & Kofi Braids', timezone: 'Africa/Accra' });
    const link = `${c.base}/s/${store.slug}`;
    const engine = c.env.dialect.name;
    const { context, page } = await c.newPage(390);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: c.base });
    try {
      await signInThroughUi(page, store.email, store.password);
      await page.waitForURL(/\/today/);
      await page.getByRole('link', { name: 'Share your booking link' }).click();
      await page.waitForURL((url) => url.pathname === `/console/s/${store.storeId}/settings` && url.hash === '#store-page');

      // The card is brought into view below the fixed header.
      const card = page.getByRole('region', { name: 'Store page' });
      const toggle = card.getByRole('switch', { name: 'Customers can book on your store page' });
      await toggle.waitFor({ state: 'attached' });
      const top = await card.evaluate((el) => el.getBoundingClientRect().top);
      const header = await page.locator('header').first().evaluate((el) => el.getBoundingClientRect().bottom);
      assert.ok(top >= header && top < 900 / 2, `the card starts in view, below the header (top ${top}, header ${header})`);
      assert.equal(await toggle.isChecked(), true, 'on by default');

      await card.getByText(link, { exact: true }).waitFor();
      const qr = card.getByRole('img', { name: `QR code for ${link}` });
      await qr.waitFor();
      assert.equal(await qr.evaluate((el) => el.tagName.toLowerCase()), 'svg');
      const open = card.getByRole('link', { name: /^Open/ });
      assert.equal(await open.getAttribute('href'), link);
      assert.equal(await open.getAttribute('target'), '_blank');
      assert.match((await open.getAttribute('rel')) ?? '', /\bnoopener\b/);
      assert.equal(
        await card.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href'),
        `https://wa.me/?text=${encodeURIComponent(`Book with Ama & Kofi Braids: ${link}`)}`,
      );

      await card.getByRole('button', { name: 'Copy link' }).click();
      await card.getByRole('button', { name: 'Copied' }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
      await card.getByRole('button', { name: 'Copy link' }).waitFor();
      await inspect(page, 'store-page-card', engine);

      // Off: saved at once; the link answers "not found" and there is nothing to share.
      await toggle.uncheck();
      await page.getByText('Store page turned off: the link answers “not found”').waitFor();
      assert.equal((await storeApi(store)).storePageEnabled, false);
      const off = card.getByRole('status').filter({ hasText: 'Your store page is off' });
      await off.getByText(`${link} answers “not found”, and so does its booking page, until you turn it on again.`).waitFor();
      for (const name of ['Copy link', 'Print QR code']) assert.equal(await card.getByRole('button', { name }).count(), 0, `no ${name} while off`);
      assert.equal(await card.getByRole('link').count(), 0, 'no link to open or send while off');
      assert.equal(await qr.count(), 0);
      await inspect(page, 'store-page-off', engine);

      // On again: the link is shared again.
      await dismissNotices(page);
      await toggle.check();
      await page.getByText('Store page turned on: customers can book at your link').waitFor();
      await qr.waitFor();
      assert.equal((await storeApi(store)).storePageEnabled, true);

      // Print: the browser's print opens (recorded here instead), and on paper there is only the printable view.
      await page.evaluate(() => {
        window.print = () => {
          (window as unknown as { printed: number }).printed = ((window as unknown as { printed?: number }).printed ?? 0) + 1;
        };
      });
      await dismissNotices(page);
      await card.getByRole('button', { name: 'Print QR code' }).click();
      await page.waitForFunction(() => (window as unknown as { printed?: number }).printed === 1);
      await page.emulateMedia({ media: 'print' });
      const printed = page.locator('.store-page-print');
      assert.equal(await printed.isVisible(), true);
      assert.equal(await page.locator('#root').isVisible(), false, 'the console is not printed');
      assert.deepEqual((await printed.innerText()).split('\n').map((l) => l.trim()).filter(Boolean), ['Ama & Kofi Braids', 'Scan to book', link]);
      await printed.getByRole('img', { name: `QR code for ${link}` }).waitFor();
      // On paper as on a phone's or a computer's width: nothing spills over the side.
      await shoot(page, 'store-page-print', engine);
      await page.emulateMedia({ media: 'screen' });
      await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
      await printed.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  test('a staff member sees whether the store page is on and shares its link, but cannot turn it off', async () => {
    const store = await c.env.createStore({ name: 'Yaw Barbers' });
    const member = await c.env.addMember(store, { role: 'staff', name: 'Kwame Staff' });
    const link = `${c.base}/s/${store.slug}`;
    const { context, page } = await c.newPage();
    try {
      await signInThroughUi(page, member.email, member.password);
      await page.waitForURL(/\/today/);
      await page.goto(`/console/s/${store.storeId}/settings#store-page`);
      const card = page.getByRole('region', { name: 'Store page' });
      await card.getByText(/^On: customers can book on your store page\. Only owners and admins can turn it on or off\.$/).waitFor();
      assert.equal(await card.getByRole('switch').count(), 0, 'no switch for staff');
      await card.getByText(link, { exact: true }).waitFor();
      await card.getByRole('img', { name: `QR code for ${link}` }).waitFor();
      await card.getByRole('button', { name: 'Copy link' }).waitFor();
      await inspect(page, 'store-page-staff', c.env.dialect.name);
      // The API refuses the change too.
      const refused = await c.env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}`, headers: member.headers, payload: { storePageEnabled: false } });
      assert.equal(refused.statusCode, 403, refused.body);
      assert.equal((await storeApi(store)).storePageEnabled, true);
    } finally {
      await context.close();
    }
  });
});
