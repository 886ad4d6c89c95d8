// Settings and members in Chromium, through the UI, on both engines: the owner saves the store's
// settings (a time zone found by searching, customer emails, fees with a worked example); a refused
// save keeps the form with the reason under the field; leaving unsaved changes asks first; a new
// slug is announced before saving and moves the public blog; members are invited (an existing
// account keeps its password, a new one's temporary password is shown once and copied), removed
// after confirmation, and the last owner's removal is refused with the reason in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { TestStore } from '../../test/helpers/app.ts';
import { describeConsole, inspect as inspectPage, signInThroughUi } from './harness.ts';

/** inspect() with the pointer off every control: a hovered button or link shows the shell's hover colours. */
async function inspect(page: Page, name: string, engine: string) {
  await page.mouse.move(0, 899);
  await inspectPage(page, name, engine);
}

describeConsole('console settings and members', (c) => {
  const storeApi = async (store: TestStore) => (await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}`, headers: c.env.staffHeaders(store) })).data.store;

  async function openSettings(store: TestStore) {
    const { context, page } = await c.newPage();
    await signInThroughUi(page, store.email, store.password);
    await page.waitForURL(/\/today/);
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    return { context, page };
  }

  /** The error text an input points at (aria-describedby), or ''. */
  async function fieldError(page: Page, label: RegExp) {
    const ids = ((await page.getByLabel(label).first().getAttribute('aria-describedby')) ?? '').split(' ');
    const id = ids.find((x) => x.includes('error'));
    return id ? page.locator(`[id="${id}"]`).innerText() : '';
  }

  test('the owner saves name, a searched time zone, customer emails and fees; the fee example follows the figures', async () => {
    const store = await c.env.createStore({ name: 'Adom Salon', timezone: 'Africa/Accra' });
    const { context, page } = await openSettings(store);
    try {
      await page.getByText('GHS 100.00').or(page.getByText(/GH₵\s?100\.00/)).first().waitFor();
      await inspect(page, 'settings', c.env.dialect.name);
      assert.equal(await page.getByRole('button', { name: 'Save settings' }).isDisabled(), true, 'nothing to save yet');

      await page.getByLabel(/^Store name/).fill('Adom Hair Studio');
      await page.getByLabel(/^Time zone/).and(page.locator('input')).fill('tokyo');
      await page.getByRole('option', { name: 'Asia/Tokyo', exact: true }).click();
      await page.getByLabel(/^Email customers about their bookings/).uncheck();
      await page.getByLabel(/^Platform fee/).fill('2.5');
      await page.getByLabel(/^Fixed fee/).fill('1');
      await page.getByLabel(/^The customer: it is added/).check();
      // 2.5 % of 100.00 plus 1.00, added to what the customer pays.
      await page.getByText(/the fee is [^;\d]*3\.50; the customer pays [^;\d]*103\.50 and the store receives [^;\d]*100\.00/).waitFor();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Settings saved', { exact: true }).waitFor();

      const saved = await storeApi(store);
      assert.equal(saved.name, 'Adom Hair Studio');
      assert.equal(saved.timezone, 'Asia/Tokyo');
      assert.equal(saved.notificationsEnabled, false);
      assert.deepEqual(saved.settings, { platformFeeBps: 250, platformFeeFixedMinor: 100, feeBearer: 'customer' });
      assert.equal(saved.slug, store.slug, 'the slug was not touched');

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      assert.equal(await page.getByLabel(/^Time zone/).and(page.locator('input')).inputValue(), 'Asia/Tokyo');
      assert.equal(await page.getByLabel(/^Platform fee/).inputValue(), '2.5 %');
      assert.equal(await page.getByLabel(/^Email customers about their bookings/).isChecked(), false);
      await page.getByRole('button', { name: /^Store: Adom Hair Studio/ }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('a refused save keeps what was typed with the reason under the field; leaving unsaved changes asks first', async () => {
    const store = await c.env.createStore({ name: 'Efua Kitchen' });
    const other = await c.env.createStore({ name: 'Someone Else' });
    const { context, page } = await openSettings(store);
    try {
      await page.getByLabel(/^Store name/).fill('Efua’s Kitchen');
      await page.getByLabel(/^Slug/).fill(other.slug);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByRole('alert').waitFor();
      assert.match(await fieldError(page, /^Slug/), /already used by another store/);
      assert.equal(await page.getByLabel(/^Store name/).inputValue(), 'Efua’s Kitchen');
      assert.equal(await page.getByLabel(/^Slug/).inputValue(), other.slug);
      await inspect(page, 'settings-refused', c.env.dialect.name);
      assert.equal((await storeApi(store)).name, 'Efua Kitchen', 'nothing was saved');

      await page.getByRole('link', { name: 'Today', exact: true }).click();
      const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
      await leave.waitFor();
      await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
      assert.match(page.url(), /\/settings$/);
      assert.equal(await page.getByLabel(/^Store name/).inputValue(), 'Efua’s Kitchen');

      await page.getByRole('link', { name: 'Today', exact: true }).click();
      await leave.getByRole('button', { name: 'Leave and discard' }).click();
      await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('a new slug is announced before saving and moves the public blog; the old address is gone', async () => {
    const store = await c.env.createStore({ name: 'Kofi Barbers' });
    const slug = `kofi-cuts-${randomBytes(2).toString('hex')}`;
    assert.equal((await fetch(`${c.base}/s/${store.slug}/blog`)).status, 200);
    const { context, page } = await openSettings(store);
    try {
      await page.getByLabel(/^Slug/).fill('Not A Slug');
      await page.getByRole('button', { name: 'Save settings' }).click();
      assert.match(await fieldError(page, /^Slug/), /Lowercase letters and digits/);

      await page.getByLabel(/^Slug/).fill(slug);
      const warning = page.getByRole('status').filter({ hasText: 'Public blog addresses will change' });
      await warning.waitFor();
      assert.match(await warning.innerText(), new RegExp(`/s/${store.slug}/blog[\\s\\S]*/s/${slug}/blog[\\s\\S]*stop working`));
      await inspect(page, 'settings-slug', c.env.dialect.name);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText(`Settings saved. Your blog is now at ${c.base}/s/${slug}/blog`).waitFor();
      assert.equal(await warning.count(), 0);
      assert.equal((await storeApi(store)).slug, slug);
      assert.equal((await fetch(`${c.base}/s/${slug}/blog`)).status, 200);
      assert.equal((await fetch(`${c.base}/s/${store.slug}/blog`)).status, 404);
    } finally {
      await context.close();
    }
  });

  test('members: an existing account joins with its own password, a new one gets a temporary password shown once; removal asks first; the last owner stays', async () => {
    const store = await c.env.createStore({ name: 'Ama Tailoring' });
    const existing = await c.env.createStore({ name: 'Yaw Shoes' });
    const staffEmail = `kwame-${randomBytes(3).toString('hex')}@example.test`;
    const { context, page } = await openSettings(store);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: c.base });
    try {
      const members = page.getByRole('list', { name: 'Members of the store' });
      await members.getByText(/\(you\)/).waitFor();

      await page.getByRole('button', { name: 'Invite a member' }).click();
      let dialog = page.getByRole('dialog', { name: 'Invite a member' });
      await dialog.getByLabel(/^Email/).fill(existing.email);
      await dialog.getByLabel(/^Role/).and(page.locator('input')).click();
      await page.getByRole('option', { name: 'Admin', exact: true }).click();
      await dialog.getByText(/Everything but owners/).waitFor();
      await inspect(page, 'settings-invite', c.env.dialect.name);
      await dialog.getByRole('button', { name: 'Invite' }).click();
      await page.getByText(/already had an account: they sign in with their own password/).waitFor();
      await members.getByText(existing.email, { exact: false }).waitFor();

      // The same person again: the API's conflict is said in the dialog, which keeps the form.
      await page.getByRole('button', { name: 'Invite a member' }).click();
      dialog = page.getByRole('dialog', { name: 'Invite a member' });
      await dialog.getByLabel(/^Email/).fill(existing.email);
      await dialog.getByRole('button', { name: 'Invite' }).click();
      await dialog.getByRole('alert').filter({ hasText: /already a member/ }).waitFor();
      await dialog.getByLabel(/^Email/).fill(staffEmail);
      await dialog.getByLabel(/^Name/).fill('Kwame Staff');
      await dialog.getByRole('button', { name: 'Invite' }).click();
      const shown = page.getByRole('dialog', { name: 'Share the temporary password' });
      await shown.waitFor();
      const temporary = (await shown.getByLabel('Temporary password').innerText()).trim();
      await shown.getByText(/Give it to them safely/).waitFor();
      await shown.getByRole('button', { name: 'Copy password' }).click();
      await shown.getByRole('button', { name: 'Copied' }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), temporary);
      await inspect(page, 'settings-temporary-password', c.env.dialect.name);
      await shown.getByRole('button', { name: 'Done' }).click();
      await members.getByText('Kwame Staff').waitFor();
      const login = await c.env.inject({ method: 'POST', url: '/api/auth/login', payload: { email: staffEmail, password: temporary } });
      assert.equal(login.statusCode, 200, login.body);
      assert.equal(login.data.user.mustChangePassword, true);

      await page.getByRole('button', { name: 'Remove Kwame Staff' }).click();
      const remove = page.getByRole('dialog', { name: 'Remove Kwame Staff?' });
      await remove.getByText(/will no longer be able to open Ama Tailoring/).waitFor();
      await inspect(page, 'settings-remove', c.env.dialect.name);
      await remove.getByRole('button', { name: 'Remove member' }).click();
      await page.getByText('Kwame Staff removed from Ama Tailoring').waitFor();
      await members.getByText('Kwame Staff').waitFor({ state: 'detached' });

      // The owner is the only owner: the API refuses, and the dialog says why and what to do.
      const me = (await c.env.inject({ method: 'GET', url: '/api/auth/me', headers: c.env.staffHeaders(store) })).data.user;
      await page.getByRole('button', { name: `Remove ${me.name}` }).click();
      const leave = page.getByRole('dialog', { name: 'Leave Ama Tailoring?' });
      await leave.getByRole('button', { name: 'Leave store' }).click();
      await leave.getByRole('alert').filter({ hasText: /You are the store’s only owner, and a store always keeps at least one owner/ }).waitFor();
      assert.equal(await leave.getByRole('button', { name: 'Leave store' }).count(), 0);
      await inspect(page, 'settings-last-owner', c.env.dialect.name);
      await leave.getByRole('button', { name: 'Close', exact: true }).last().click();
      const list = await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/members`, headers: c.env.staffHeaders(store) });
      assert.deepEqual(list.data.members.map((m: { role: string }) => m.role).sort(), ['admin', 'owner']);
    } finally {
      await context.close();
    }
  });
});
