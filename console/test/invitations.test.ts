// Accepting a staff invitation in Chromium, through the UI, on both engines (no SMTP: the links come
// from the invitation's answer, as the inviter would pass them on). Someone new opens the link on a
// phone: the token leaves the address bar and the history entry, they see the store and the role,
// choose a name and password and land on the store's Today, signed in; the used link then says it was
// accepted. Someone with an account is told so when they try to make another, signs in and comes back
// to the page (the token kept), accepts and lands in the new store. Someone signed in as another
// account is told which address the invitation is for, and can sign out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { TestStore } from '../../test/helpers/app.ts';
import { describeConsole, inspect as inspectPage, signInThroughUi } from './harness.ts';

/** inspect() with the pointer off every control: a hovered button or link shows its hover colours. */
async function inspect(page: Page, name: string, engine: string) {
  await page.mouse.move(0, 899);
  await inspectPage(page, name, engine);
}

const PASSWORD = 'my own passphrase';

describeConsole('console invitations', (c) => {
  /** An invitation made over the API; its link as a path to open in the browser. */
  async function invite(store: TestStore, email: string, role: 'owner' | 'admin' | 'staff') {
    const res = await c.env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/members`, headers: c.env.staffHeaders(store), payload: { email, role } });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.mailed, false);
    const url = new URL(res.data.inviteUrl);
    assert.equal(url.origin, c.base);
    return { path: `${url.pathname}${url.search}`, token: url.searchParams.get('token')! };
  }
  const storedToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('console.invitation-token'));

  test('someone new opens the link on a phone, chooses a name and password and lands in the store signed in; the link then says it was accepted', async () => {
    const store = await c.env.createStore({ name: 'Adom Braids' });
    const email = `efua-${randomBytes(3).toString('hex')}@example.test`;
    const link = await invite(store, email, 'staff');
    const { context, page } = await c.newPage(390);
    try {
      const entriesBefore = await page.evaluate(() => history.length);
      await page.goto(link.path);
      await page.getByRole('heading', { level: 1, name: 'Join Adom Braids' }).waitFor();
      // The token leaves the address bar and the history entry as soon as the page has read it.
      await page.waitForURL((url) => url.pathname === '/console/accept-invite' && url.search === '');
      assert.equal(await page.evaluate(() => history.length), entriesBefore + 1, 'the entry with the token was replaced, not kept behind a new one');
      assert.ok(!(await page.evaluate(() => location.href)).includes('inv_'));
      assert.equal(await storedToken(page), link.token, 'kept for a sign-in round trip in this tab');
      const details = page.getByRole('main');
      await details.getByText(/invited you to help run Adom Braids as staff/).waitFor();
      await details.getByText(/^Staff: sees and handles bookings .*adjusts the stock count of products when goods arrive.*Cannot change prices, create or delete catalog items/).waitFor();
      await details.getByText(email, { exact: true }).first().waitFor();
      await details.getByText(/^Owner \d+$/).waitFor();
      await inspect(page, 'accept-invite', c.env.dialect.name);

      await page.getByLabel(/^Your name/).fill('Efua Mensah');
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByLabel(/^Repeat the password/).fill('not the same passphrase');
      await page.getByRole('button', { name: 'Create account and join' }).click();
      await page.getByText('The two passwords differ').waitFor();
      await page.getByLabel(/^Repeat the password/).fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account and join' }).click();
      await page.waitForURL(new RegExp(`/console/s/${store.storeId}/today$`));
      await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
      await page.getByText('You joined Adom Braids as staff.').waitFor();
      await page.getByRole('button', { name: /^Account:/ }).waitFor();
      assert.equal(await storedToken(page), null, 'forgotten once accepted');

      // The account exists with the invited address and the chosen password, as staff of the store.
      const login = await c.env.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
      assert.equal(login.statusCode, 200, login.body);
      assert.equal(login.data.user.name, 'Efua Mensah');
      assert.deepEqual(login.data.stores.map((s: { id: string; role: string }) => [s.id, s.role]), [[store.storeId, 'staff']]);

      // The link works once.
      await page.goto(link.path);
      await page.getByRole('alert').filter({ hasText: /already accepted/ }).waitFor();
      await page.waitForURL((url) => url.search === '');
      await page.getByRole('link', { name: 'Go to your stores' }).waitFor();
      await inspect(page, 'accept-invite-used', c.env.dialect.name);
    } finally {
      await context.close();
    }
  });

  test('someone with an account is sent to sign in, comes back with the invitation still known, accepts and lands in the new store', async () => {
    const store = await c.env.createStore({ name: 'Kofi Barbers' });
    const existing = await c.env.createStore({ name: 'Yaw Shoes' });
    const link = await invite(store, existing.email, 'admin');
    const { context, page } = await c.newPage();
    try {
      await page.goto(link.path);
      await page.getByRole('heading', { level: 1, name: 'Join Kofi Barbers' }).waitFor();
      await page.waitForURL((url) => url.search === '');

      // Trying to make a second account with the address says so, and offers to sign in instead.
      await page.getByLabel(/^Your name/).fill('Someone Again');
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByLabel(/^Repeat the password/).fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account and join' }).click();
      await page.getByRole('alert').filter({ hasText: `An account with ${existing.email} exists already` }).waitFor();
      await inspect(page, 'accept-invite-email-taken', c.env.dialect.name);
      await page.getByRole('link', { name: 'Sign in to accept' }).click();

      await page.waitForURL((url) => url.pathname === '/console/login' && url.searchParams.get('next') === '/accept-invite');
      assert.equal(await page.getByLabel('Email').inputValue(), existing.email);
      await page.getByLabel(/^Password/).fill(existing.password);
      await page.getByRole('button', { name: 'Sign in' }).click();

      await page.waitForURL((url) => url.pathname === '/console/accept-invite' && url.search === '');
      await page.getByRole('heading', { level: 1, name: 'Join Kofi Barbers' }).waitFor();
      const accept = page.getByRole('button', { name: 'Accept invitation' });
      await accept.waitFor();
      await page.getByText(/as an admin/).waitFor();
      await inspect(page, 'accept-invite-signed-in', c.env.dialect.name);
      await accept.click();
      await page.waitForURL(new RegExp(`/console/s/${store.storeId}/today$`));
      await page.getByText('You joined Kofi Barbers as an admin.').waitFor();
      await page.getByRole('button', { name: /^Store: Kofi Barbers/ }).waitFor();
      assert.equal(await storedToken(page), null);

      const me = await c.env.inject({ method: 'GET', url: '/api/auth/me', headers: c.env.staffHeaders(existing) });
      assert.deepEqual(me.data.stores.map((s: { id: string; role: string }) => [s.id, s.role]).sort(), [[existing.storeId, 'owner'], [store.storeId, 'admin']].sort());
    } finally {
      await context.close();
    }
  });

  test('signed in as another account: the page says which address the invitation is for, and signing out offers the new account', async () => {
    const store = await c.env.createStore({ name: 'Ama Tailoring' });
    const someoneElse = await c.env.createStore({ name: 'Other Shop' });
    const email = `kwesi-${randomBytes(3).toString('hex')}@example.test`;
    const link = await invite(store, email, 'staff');
    const { context, page } = await c.newPage(390);
    try {
      await signInThroughUi(page, someoneElse.email, someoneElse.password);
      await page.waitForURL(/\/today/);
      await page.goto(link.path);
      await page.getByRole('heading', { level: 1, name: 'Join Ama Tailoring' }).waitFor();
      const warning = page.getByRole('status').filter({ hasText: 'You are signed in with another account' });
      await warning.getByText(`This invitation is for ${email}, and you are signed in as ${someoneElse.email}`).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Accept invitation' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Create account and join' }).count(), 0);
      await inspect(page, 'accept-invite-other-account', c.env.dialect.name);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('button', { name: 'Create account and join' }).waitFor();
      await page.getByRole('link', { name: 'Sign in to accept' }).waitFor();
      assert.equal((await c.env.inject({ method: 'POST', url: '/api/auth/invitation', payload: { token: link.token } })).statusCode, 200, 'still open');
    } finally {
      await context.close();
    }
  });
});
