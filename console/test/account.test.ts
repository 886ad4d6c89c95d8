// Signing in and passwords in Chromium, through the UI, on both engines: a forgotten password is
// reset through the link mailed to a real SMTP server (the old password then fails, the link works
// once); a signed-in member changes their password (a wrong current one is said next to the field);
// a staff member invited by the owner through the UI signs in with the temporary password, must
// choose their own before anything else, and is not offered what only owners and admins may do.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { startSmtpPeer, waitFor } from '../../test/helpers/smtp.ts';
import { startMessageWorkers } from '../../src/modules/messages/worker.ts';
import { describeConsole, inspect as inspectPage, signInThroughUi } from './harness.ts';

/** inspect() with the pointer off every control: a hovered button or link shows the shell's hover colours. */
async function inspect(page: Page, name: string, engine: string) {
  await page.mouse.move(0, 899);
  await inspectPage(page, name, engine);
}

const smtp = await startSmtpPeer();
after(() => smtp.stop());
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
const NEW_PASSWORD = 'a brand new passphrase';

/** The sign-in form's answer: a store page, or the alert that says why not. */
async function signInAnswer(page: Page, email: string, password: string): Promise<'in' | 'refused'> {
  await signInThroughUi(page, email, password);
  const signedIn = () => /\/console\/s\//.test(page.url());
  await waitFor('the sign-in answer', async () => signedIn() || (await page.getByRole('alert').count()) > 0);
  return signedIn() ? 'in' : 'refused';
}

describeConsole(
  'console account and passwords',
  (c) => {
    before(() => startMessageWorkers(c.env.app.ctx, { pollMs: 50 }));

    test('a forgotten password is reset through the emailed link; the old one then fails and the link works once', async () => {
      const store = await c.env.createStore({ name: 'Adom Salon' });
      const { context, page } = await c.newPage(390);
      try {
        await page.goto('/console/login');
        await page.getByRole('link', { name: 'Forgot your password?' }).click();
        await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
        await inspect(page, 'forgot-password', c.env.dialect.name);

        // An email without an account gets the same answer, and no mail.
        await page.getByLabel('Email').fill('nobody-here@example.test');
        await page.getByRole('button', { name: 'Email me a link' }).click();
        await page.getByText(/If an account exists for nobody-here@example\.test, we sent it a link/).waitFor();
        await page.getByRole('button', { name: 'Ask again or use another email' }).click();

        await page.getByLabel('Email').fill(store.email.toUpperCase());
        await page.getByRole('button', { name: 'Email me a link' }).click();
        await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
        await inspect(page, 'forgot-password-sent', c.env.dialect.name);
        await waitFor('the reset mail', () => mailsTo(store.email).length === 1);
        assert.equal(mailsTo('nobody-here@example.test').length, 0);
        const link = /(http:\/\/[^\s]+\/console\/reset-password\?token=prt_[A-Za-z0-9_-]+)/.exec(mailsTo(store.email)[0].text)?.[1];
        assert.ok(link, mailsTo(store.email)[0].text);
        assert.ok(link.startsWith(`${c.base}/console/`), link);

        const entriesBefore = await page.evaluate(() => history.length);
        await page.goto(link);
        await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
        // The token leaves the address bar and the history entry as soon as the page has read it.
        await page.waitForURL((url) => url.pathname === '/console/reset-password' && url.search === '');
        assert.equal(await page.evaluate(() => history.length), entriesBefore + 1, 'the entry with the token was replaced, not kept behind a new one');
        assert.ok(!(await page.evaluate(() => location.href)).includes('prt_'));
        await inspect(page, 'reset-password', c.env.dialect.name);
        await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
        await page.getByLabel(/^Repeat the new password/).fill('not the same passphrase');
        await page.getByRole('button', { name: 'Set new password' }).click();
        await page.getByText('The two passwords differ').waitFor();
        await page.getByLabel(/^Repeat the new password/).fill(NEW_PASSWORD);
        await page.getByRole('button', { name: 'Set new password' }).click();
        await page.waitForURL(/\/console\/login\?reset=done/);
        await page.getByText('Your password was changed. Sign in with the new one.').waitFor();
        assert.equal(await page.getByLabel('Email').inputValue(), store.email);

        assert.equal(await signInAnswer(page, store.email, store.password), 'refused', 'the old password no longer works');
        assert.equal(await signInAnswer(page, store.email, NEW_PASSWORD), 'in');
        await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();

        // The link was used: opening it again explains why it cannot be used and how to get another.
        await page.goto(link);
        await page.getByLabel(/^New password/).fill('yet another passphrase');
        await page.getByLabel(/^Repeat the new password/).fill('yet another passphrase');
        await page.getByRole('button', { name: 'Set new password' }).click();
        await page.getByRole('alert').filter({ hasText: /already used/ }).waitFor();
        await inspect(page, 'reset-password-used', c.env.dialect.name);
        await page.getByRole('link', { name: 'Ask for a new link' }).click();
        await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
      } finally {
        await context.close();
      }
    });

    test('a member changes their password on the account page; a wrong current password is said next to the field', async () => {
      const store = await c.env.createStore();
      const { context, page } = await c.newPage();
      try {
        await signInThroughUi(page, store.email, store.password);
        await page.waitForURL(/\/today/);
        await page.getByRole('button', { name: /^Account:/ }).click();
        await page.getByRole('menuitem', { name: 'Change password' }).click();
        await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
        // The account menu may still be closing: look for the email on the page itself.
        await page.getByRole('main').getByText(store.email).waitFor();

        await page.getByLabel(/^Current password/).fill('not my password at all');
        await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
        await page.getByLabel(/^Repeat the new password/).fill(NEW_PASSWORD);
        await page.getByRole('button', { name: 'Change password' }).click();
        const current = page.getByLabel(/^Current password/);
        await page.getByRole('alert').waitFor();
        const describedBy = (await current.getAttribute('aria-describedby')) ?? '';
        const errorId = describedBy.split(' ').find((id) => id.includes('error'));
        assert.ok(errorId, 'the current-password input points at its error');
        assert.ok((await page.locator(`[id="${errorId}"]`).innerText()).length > 0);
        // The form keeps what was typed.
        assert.equal(await page.getByLabel(/^New password/).inputValue(), NEW_PASSWORD);
        await inspect(page, 'account-wrong-password', c.env.dialect.name);

        await current.fill(store.password);
        await page.getByRole('button', { name: 'Change password' }).click();
        await page.getByText(/Password changed/).waitFor();
        assert.equal(await current.inputValue(), '');

        await page.getByRole('button', { name: /^Account:/ }).click();
        await page.getByRole('menuitem', { name: 'Sign out' }).click();
        await page.waitForURL(/\/console\/login/);
        assert.equal(await signInAnswer(page, store.email, store.password), 'refused');
        assert.equal(await signInAnswer(page, store.email, NEW_PASSWORD), 'in');
      } finally {
        await context.close();
      }
    });

    test('a staff member invited through the UI gets the link by email, chooses their own password on it, and is not offered what only owners may do', async () => {
      const store = await c.env.createStore({ name: 'Adom Salon' });
      const staffEmail = `abena-${randomBytes(3).toString('hex')}@example.test`;
      const owner = await c.newPage();
      try {
        await signInThroughUi(owner.page, store.email, store.password);
        await owner.page.waitForURL(/\/today/);
        await owner.page.getByRole('link', { name: 'Settings', exact: true }).click();
        await owner.page.getByRole('button', { name: 'Invite a member' }).click();
        const invite = owner.page.getByRole('dialog', { name: 'Invite a member' });
        await invite.getByLabel(/^Email/).fill(staffEmail);
        await invite.getByLabel(/^Name/).fill('Abena Staff');
        // Staff is the default role.
        assert.equal(await invite.getByLabel(/^Role/).and(owner.page.locator('input')).inputValue(), 'Staff');
        await invite.getByRole('button', { name: 'Invite' }).click();
        // Mail is on: the link goes to the address only, and the inviter is told so.
        await owner.page.getByText(`Invitation sent to ${staffEmail}. The link works for 7 days.`).waitFor();
        assert.equal(await owner.page.getByRole('dialog', { name: 'Share the invitation link' }).count(), 0);
        const row = owner.page.getByRole('list', { name: 'Invited, not yet joined' }).getByRole('listitem').filter({ hasText: 'Abena Staff' });
        await row.getByText('Invited', { exact: true }).waitFor();
        await inspect(owner.page, 'settings-invitation-mailed', c.env.dialect.name);
      } finally {
        await owner.context.close();
      }
      await waitFor('the invitation mail', () => mailsTo(staffEmail).length === 1);
      const link = /(http:\/\/[^\s]+\/console\/accept-invite\?token=inv_[A-Za-z0-9_-]+)/.exec(mailsTo(staffEmail)[0].text)?.[1];
      assert.ok(link, mailsTo(staffEmail)[0].text);

      const { context, page } = await c.newPage(390);
      try {
        await page.goto(link);
        await page.getByRole('heading', { level: 1, name: 'Join Adom Salon' }).waitFor();
        await page.getByLabel(/^Your name/).fill('Abena Mensah');
        await page.getByLabel(/^Password/).fill('abena chooses her own');
        await page.getByLabel(/^Repeat the password/).fill('abena chooses her own');
        await page.getByRole('button', { name: 'Create account and join' }).click();
        await page.waitForURL(/\/today/);
        await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();

        // Staff: no Developers section, settings read-only, no invite or remove.
        await page.getByRole('button', { name: /Open navigation/ }).click();
        const nav = page.getByRole('navigation');
        await nav.getByRole('link', { name: 'Bookings' }).waitFor();
        assert.equal(await nav.getByRole('link', { name: 'Developers' }).count(), 0);
        await nav.getByRole('link', { name: 'Settings' }).click();
        await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
        await page.getByText('Only owners and admins can change these settings').waitFor();
        await page.getByRole('list', { name: 'Members of the store' }).getByText('Abena Mensah').waitFor();
        assert.equal(await page.getByRole('button', { name: 'Save settings' }).count(), 0);
        assert.equal(await page.getByRole('textbox').count(), 0, 'no settings field to edit');
        assert.equal(await page.getByRole('button', { name: 'Invite a member' }).count(), 0);
        assert.equal(await page.getByRole('button', { name: /^Remove / }).count(), 0);
        await inspect(page, 'settings-staff', c.env.dialect.name);

        // The chosen password works.
        const fresh = await c.newPage();
        try {
          assert.equal(await signInAnswer(fresh.page, staffEmail, 'abena chooses her own'), 'in');
          await fresh.page.waitForURL(/\/today/);
        } finally {
          await fresh.context.close();
        }
      } finally {
        await context.close();
      }
    });
  },
  { env: { SMTP_URL: smtp.url } },
);
