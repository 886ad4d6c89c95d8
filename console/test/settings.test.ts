// Settings and members in Chromium, through the UI, on both engines: the owner saves the store's
// settings (a time zone found by searching, customer emails, fees with a worked example); a refused
// save keeps the form with the reason under the field; leaving unsaved changes asks first; a new
// slug is announced before saving and moves the public blog; members are invited by a link (without
// mail on the server the inviter is shown it to pass on, and copies it), invitations are listed until
// accepted, resent (the old link stops working) and withdrawn after confirmation; a member is removed
// after confirmation, and the last owner's removal is refused with the reason in words. On a phone,
// the owner fills in the store profile (contact, language, opening hours, online cut-off, reminders):
// a phone number the service refuses is said under its field, the rest is saved.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { TestStore } from '../../test/helpers/app.ts';
import { describeConsole, dismissNotices, inspect as inspectPage, signInThroughUi } from './harness.ts';

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
      const warning = page.getByRole('status').filter({ hasText: 'Public addresses will change' });
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

  test('members: invitations are links (shared by hand without mail), listed until accepted, an expired one resent with a new link and withdrawn after asking; removal asks first; the last owner stays', async () => {
    const store = await c.env.createStore({ name: 'Ama Tailoring' });
    const existing = await c.env.createStore({ name: 'Yaw Shoes' });
    const member = await c.env.addMember(store, { role: 'staff', name: 'Kwame Staff' });
    const newEmail = `esi-${randomBytes(3).toString('hex')}@example.test`;
    const preview = (token: string) => c.env.inject({ method: 'POST', url: '/api/auth/invitation', payload: { token } });
    const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
    const { context, page } = await openSettings(store);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: c.base });
    try {
      const members = page.getByRole('list', { name: 'Members of the store' });
      const invited = page.getByRole('list', { name: 'Invited, not yet joined' });
      await members.getByText(/\(you\)/).waitFor();
      await members.getByText('Kwame Staff').waitFor();
      // What each role may do, as the API allows it.
      const roles = await page.getByRole('list', { name: 'What each role may do' }).innerText();
      assert.match(roles, /Owner: Everything, including members and ownership/);
      assert.match(roles, /Admin: Everything except changing owners/);
      assert.match(roles, /Staff: Sees and handles bookings \(confirm, move, complete, cancel, mark no-show\) and orders \(mark paid, deliver, cancel\); adds and edits customers; adjusts the stock count of products when goods arrive/);
      assert.match(roles, /Cannot change prices, create or delete catalog items, refund orders, delete customers, or change content, settings, keys or members\./);

      // An existing account is invited like anyone else: the server has no mail, so the inviter gets the link.
      await page.getByRole('button', { name: 'Invite a member' }).click();
      let dialog = page.getByRole('dialog', { name: 'Invite a member' });
      await dialog.getByLabel(/^Email/).fill(existing.email);
      await dialog.getByLabel(/^Role/).and(page.locator('input')).click();
      await page.getByRole('option', { name: 'Admin', exact: true }).click();
      await dialog.getByText(/^Everything except changing owners/).waitFor();
      await dialog.getByText(/We email them an invitation link/).waitFor();
      assert.equal(await dialog.getByText(/temporary/i).count(), 0, 'no temporary password any more');
      await inspect(page, 'settings-invite', c.env.dialect.name);
      await dialog.getByRole('button', { name: 'Invite' }).click();
      const share = page.getByRole('dialog', { name: 'Share the invitation link' });
      await share.waitFor();
      const existingLink = (await share.getByLabel('Invitation link').innerText()).trim();
      assert.match(existingLink, new RegExp(`^${c.base}/console/accept-invite\\?token=inv_`));
      await share.getByText(/Mail is off on this server/).waitFor();
      await share.getByText(/privately: in person, or in a private message/).waitFor();
      await share.getByText(/It works once, until .* \(7 days\), and they choose their own password/).waitFor();
      await share.getByRole('button', { name: 'Copy link' }).click();
      await share.getByRole('button', { name: 'Copied' }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), existingLink);
      await inspect(page, 'settings-invite-link', c.env.dialect.name);
      await share.getByRole('button', { name: 'Done' }).click();
      await share.waitFor({ state: 'detached' });
      const existingRow = invited.getByRole('listitem').filter({ hasText: existing.email });
      await existingRow.getByText('Invited', { exact: true }).waitFor();
      await existingRow.getByText('Admin', { exact: true }).waitFor();
      await existingRow.getByText(/expires /).waitFor();
      assert.equal(await members.getByText(existing.email).count(), 0, 'not a member before accepting');
      assert.equal((await preview(tokenOf(existingLink))).statusCode, 200);

      // Someone new, with the name the inviter knows them by.
      await page.getByRole('button', { name: 'Invite a member' }).click();
      dialog = page.getByRole('dialog', { name: 'Invite a member' });
      await dialog.getByLabel(/^Email/).fill(newEmail);
      await dialog.getByLabel(/^Name/).fill('Esi New');
      await dialog.getByRole('button', { name: 'Invite' }).click();
      await share.waitFor();
      const firstLink = (await share.getByLabel('Invitation link').innerText()).trim();
      await share.getByText(/Esi New \(esi-.*\) is invited to Ama Tailoring as staff/).waitFor();
      await share.getByRole('button', { name: 'Done' }).click();
      await share.waitFor({ state: 'detached' });
      const esiRow = invited.getByRole('listitem').filter({ hasText: 'Esi New' });
      await esiRow.getByText(newEmail, { exact: false }).waitFor();
      await inspect(page, 'settings-invitations', c.env.dialect.name);

      // Seven days later the link has expired: the row says so, and resending makes a new one.
      await c.env.db.updateTable('invitations').set({ expires_at: new Date(Date.now() - 60_000).toISOString() }).where('email', '=', newEmail).execute();
      await page.reload();
      await esiRow.getByText('Expired', { exact: true }).waitFor();
      await esiRow.getByText(/the link expired .*: send it again to invite them/).waitFor();
      await existingRow.getByText('Invited', { exact: true }).waitFor();
      await inspect(page, 'settings-invitation-expired', c.env.dialect.name);

      // Resend: a new link; the old one stops working.
      await page.getByRole('button', { name: `Resend the invitation to ${newEmail}` }).click();
      await share.waitFor();
      const secondLink = (await share.getByLabel('Invitation link').innerText()).trim();
      assert.notEqual(secondLink, firstLink);
      await share.getByRole('button', { name: 'Done' }).click();
      const old = await preview(tokenOf(firstLink));
      assert.equal(old.statusCode, 400, old.body);
      assert.equal(old.data.error, 'invitation-withdrawn');
      assert.equal((await preview(tokenOf(secondLink))).statusCode, 200);
      await esiRow.getByText('Invited', { exact: true }).waitFor();

      // Withdraw asks first, then the row goes and the link stops working.
      await page.getByRole('button', { name: `Withdraw the invitation to ${newEmail}` }).click();
      const withdraw = page.getByRole('dialog', { name: 'Withdraw the invitation?' });
      await withdraw.getByText(`The link sent to ${newEmail} stops working`).waitFor();
      await inspect(page, 'settings-withdraw', c.env.dialect.name);
      await withdraw.getByRole('button', { name: 'Withdraw invitation' }).click();
      await page.getByText(`Invitation to ${newEmail} withdrawn`).waitFor();
      await esiRow.waitFor({ state: 'detached' });
      assert.equal((await preview(tokenOf(secondLink))).data.error, 'invitation-withdrawn');
      await existingRow.waitFor();

      // Someone already a member: the API's conflict is said in the dialog, which keeps the form.
      await dismissNotices(page);
      await page.getByRole('button', { name: 'Invite a member' }).click();
      dialog = page.getByRole('dialog', { name: 'Invite a member' });
      await dialog.getByLabel(/^Email/).fill(member.email);
      await dialog.getByRole('button', { name: 'Invite' }).click();
      await dialog.getByRole('alert').filter({ hasText: /already a member/ }).waitFor();
      assert.equal(await dialog.getByLabel(/^Email/).inputValue(), member.email);
      await inspect(page, 'settings-invite-conflict', c.env.dialect.name);
      await dialog.getByRole('button', { name: 'Cancel' }).click();

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

      // The existing account accepts (with its own session): it is a member, with the invited role.
      const accepted = await c.env.inject({ method: 'POST', url: '/api/auth/invitation/accept', headers: c.env.staffHeaders(existing), payload: { token: tokenOf(existingLink) } });
      assert.equal(accepted.statusCode, 200, accepted.body);
      const list = await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/members`, headers: c.env.staffHeaders(store) });
      assert.deepEqual(list.data.members.map((m: { role: string }) => m.role).sort(), ['admin', 'owner']);
      assert.deepEqual(list.data.invitations, []);
    } finally {
      await context.close();
    }
  });

  test('on a phone, the owner sets the store profile: contact, language, hours, the online cut-off and reminders; a bad phone is refused at its field', async () => {
    const store = await c.env.createStore({ name: 'Adom Braids', timezone: 'Africa/Accra' });
    const { context, page } = await c.newPage(390);
    try {
      await signInThroughUi(page, store.email, store.password);
      await page.waitForURL(/\/today/);
      await page.goto(`/console/s/${store.storeId}/settings/profile`);
      const form = page.getByRole('form', { name: 'Store profile' });
      await form.waitFor();
      await page.getByRole('tab', { name: 'Profile and hours', selected: true }).waitFor();
      // The defaults: Ghana from the time zone, reminders a day before, changes online until 2 hours before.
      assert.equal(await form.getByLabel(/^Country/).and(page.locator('input')).inputValue(), 'Ghana');
      await form.getByRole('list', { name: 'Reminders chosen' }).getByText('1 day before').waitFor();
      await form.getByText(/move or cancel a booking until 2 hours before the appointment starts/).waitFor();
      await inspect(page, 'settings-profile', c.env.dialect.name);

      // A number the service cannot read as a phone number in Ghana: its reason under the field, nothing saved.
      await form.getByLabel(/^Phone/).fill('12');
      await form.getByRole('button', { name: 'Save profile' }).click();
      await form.getByRole('alert').waitFor();
      assert.match(await fieldError(page, /^Phone/), /must be a phone number/);
      assert.equal((await storeApi(store)).contact.phone, null);
      await inspect(page, 'settings-profile-refused', c.env.dialect.name);

      await form.getByLabel(/^Phone/).fill('024 123 4567');
      await form.getByLabel(/^WhatsApp/).fill('+233 24 765 4321');
      await form.getByLabel(/^Email/).fill('hello@adom.example');
      await form.getByLabel(/^Address/).fill('12 Oxford Street, Osu, Accra');
      await form.getByLabel(/^Map link/).fill('https://maps.example/adom-braids');
      await form.getByLabel(/^Language and formats/).and(page.locator('input')).click();
      await page.getByRole('option', { name: /· en-GB$/ }).click();
      await form.getByText(/Tuesday,? 1 December 2026/).waitFor();

      // Monday to Friday 09:00–18:00 (a day switched on takes the hours of the day before), Saturday 10:00–16:00.
      await form.getByRole('switch', { name: 'Open on Monday' }).check({ force: true });
      await form.getByLabel('Monday closes').fill('18:00');
      for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) await form.getByRole('switch', { name: `Open on ${day}` }).check({ force: true });
      assert.equal(await form.getByLabel('Friday closes').inputValue(), '18:00');
      await form.getByLabel('Saturday opens').fill('10:00');
      await form.getByLabel('Saturday closes').fill('16:00');

      await form.getByRole('textbox', { name: 'Hours' }).fill('3');
      await form.getByRole('textbox', { name: 'Minutes', exact: true }).fill('30');
      await form.getByText(/until 3 h 30 min before the appointment starts/).waitFor();

      const reminders = form.getByRole('list', { name: 'Reminders chosen' });
      for (const choice of ['2 hours before', '15 minutes before']) {
        await form.getByRole('button', { name: 'Add a reminder' }).click();
        await page.getByRole('menuitem', { name: choice, exact: true }).click();
        await reminders.getByText(choice, { exact: true }).waitFor();
        await page.getByRole('menu').waitFor({ state: 'detached' });
      }
      await form.getByRole('button', { name: 'Remove the reminder 15 minutes before' }).click();
      await reminders.getByText('15 minutes before', { exact: true }).waitFor({ state: 'detached' });
      assert.deepEqual(await reminders.getByRole('listitem').allInnerTexts(), ['1 day before', '2 hours before']);
      await inspect(page, 'settings-profile-filled', c.env.dialect.name);

      // Leaving with unsaved changes asks first.
      await page.getByRole('tab', { name: 'Messages' }).click();
      const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
      await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
      await leave.waitFor({ state: 'detached' });

      await form.getByRole('button', { name: 'Save profile' }).click();
      await page.getByText('Profile saved', { exact: true }).waitFor();
      const saved = await storeApi(store);
      assert.deepEqual(saved.contact, { phone: '024 123 4567', whatsapp: '+233 24 765 4321', email: 'hello@adom.example', address: '12 Oxford Street, Osu, Accra', mapUrl: 'https://maps.example/adom-braids' });
      assert.equal(saved.country, 'GH');
      assert.equal(saved.locale, 'en-GB');
      assert.deepEqual(saved.hours, [
        ...['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day, start: '09:00', end: '18:00' })),
        { day: 'sat', start: '10:00', end: '16:00' },
      ]);
      assert.equal(saved.cancellationCutoffMinutes, 210);
      assert.deepEqual(saved.reminderMinutes, [1440, 120]);

      // After a reload the form shows what was saved; then no reminders at all.
      await page.reload();
      await form.waitFor();
      assert.equal(await form.getByLabel(/^Phone/).inputValue(), '024 123 4567');
      assert.equal(await form.getByRole('switch', { name: 'Open on Sunday' }).isChecked(), false);
      await form.getByRole('button', { name: 'No reminders' }).click();
      await form.getByText('No reminders: customers are not reminded.').waitFor();
      await form.getByRole('button', { name: 'Save profile' }).click();
      await page.getByText('Profile saved', { exact: true }).waitFor();
      assert.deepEqual((await storeApi(store)).reminderMinutes, []);
    } finally {
      await context.close();
    }
  });
});
