// Never loses work: a session that ends while a form is being edited (expired, or signed out
// elsewhere) asks to sign in again over the form, and the form is still there, as typed, to save.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeConsole, inspect, signInThroughUi } from './harness.ts';

describeConsole('console when the session ends mid-edit', (c) => {
  test('saving after the session ended asks to sign in again, keeps the typed form and then saves it', async () => {
    const store = await c.env.createStore({ name: 'Adom Salon' });
    const item = await c.env.createItem(store, { name: 'Shea butter', price: 25, stockCount: 4 });
    const { context, page } = await c.newPage();
    try {
      await signInThroughUi(page, store.email, store.password);
      await page.waitForURL(/\/today/);
      await page.goto(`/console/s/${store.storeId}/catalog/${item.id}`);
      await page.getByRole('heading', { level: 1, name: 'Shea butter' }).waitFor();
      await page.getByLabel(/^Name/).fill('Shea butter, whipped');

      // The session ends on the server (as when it expires): every session of this store's owner goes.
      await c.env.db.deleteFrom('sessions').execute();

      await page.getByRole('button', { name: 'Save changes' }).click();
      const relogin = page.getByRole('dialog', { name: 'Your session has ended' });
      await relogin.waitFor();
      await inspect(page, 'session-ended', c.env.dialect.name);
      await relogin.getByLabel(/^Password/).fill(store.password);
      await relogin.getByRole('button', { name: /Sign in/ }).click();
      await relogin.waitFor({ state: 'detached' });

      // Still the same form, as typed; saving now works.
      assert.equal(await page.getByLabel(/^Name/).inputValue(), 'Shea butter, whipped');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('heading', { level: 1, name: 'Shea butter, whipped' }).waitFor();
      const names = await c.env.db.selectFrom('items').select('name').where('store_id', '=', store.storeId).execute();
      assert.deepEqual(names.map((r) => r.name), ['Shea butter, whipped']);
    } finally {
      await context.close();
    }
  });
});
