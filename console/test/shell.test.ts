// The console's frame in Chromium: served at /console/ (a browser at / is sent there), sign up, sign
// in and out, deep links survive a reload, pages a role may not use are not offered, assets are
// compressed and cached for good while the page itself is not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describeConsole, inspect, signInThroughUi, signUpThroughUi } from './harness.ts';

describeConsole('console shell', (c) => {
  const password = 'correct horse battery';
  const email = `owner-${randomBytes(3).toString('hex')}@example.test`;
  let storeId = '';

  test('a browser at / is sent to the console; JSON clients still get the JSON 404', async () => {
    const html = await fetch(`${c.base}/`, { headers: { accept: 'text/html' }, redirect: 'manual' });
    assert.equal(html.status, 302);
    assert.equal(html.headers.get('location'), '/console/');
    const json = await fetch(`${c.base}/`, { headers: { accept: 'application/json' } });
    assert.equal(json.status, 404);
    assert.equal((await json.json()).error, 'not-found');
  });

  test('the page is never cached; hashed assets are compressed and cached for a year', async () => {
    const page = await fetch(`${c.base}/console/s/abc/today`);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('cache-control'), 'no-cache');
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    const html = await page.text();
    const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    assert.ok(script, html);
    const asset = await fetch(`${c.base}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(asset.status, 200);
    assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.match(asset.headers.get('content-encoding') ?? '', /^(br|gzip)$/);
    const missing = await fetch(`${c.base}/console/assets/nope-123.js`);
    assert.equal(missing.status, 404);
  });

  test('sign up creates the store and opens its Today page', async () => {
    const { context, page } = await c.newPage(390);
    try {
      await page.goto('/console/');
      await page.waitForURL(/\/console\/login/);
      await inspect(page, 'login', c.env.dialect.name);
      await page.getByRole('link', { name: 'Create a store' }).click();
      await page.waitForURL(/\/console\/signup/);
      await inspect(page, 'signup', c.env.dialect.name);
      storeId = await signUpThroughUi(page, { name: 'Adwoa Owner', email, password, storeName: 'Adwoa Hair Studio', timezone: 'Africa/Accra' });
      await page.getByRole('heading', { name: 'Today', exact: true }).waitFor();
      await page.getByRole('button', { name: /Open navigation/ }).waitFor();
      await inspect(page, 'today-empty', c.env.dialect.name);
      const store = await c.env.inject({ method: 'GET', url: `/api/stores/${storeId}`, headers: { cookie: (await context.cookies()).map((x) => `${x.name}=${x.value}`).join('; ') } });
      assert.equal(store.data.store.name, 'Adwoa Hair Studio');
      assert.equal(store.data.store.timezone, 'Africa/Accra');
    } finally {
      await context.close();
    }
  });

  test('a sign-up with bad input keeps what was typed and says what is wrong next to the field', async () => {
    const { context, page } = await c.newPage();
    try {
      await page.goto('/console/signup');
      await page.getByLabel('Your name').fill('Second Owner');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel(/^Password/).fill(password);
      await page.getByLabel('Store name').fill('Another Store');
      await page.getByRole('button', { name: 'Create store' }).click();
      await page.getByRole('alert').waitFor();
      // The service's detail for the email field is shown under that field.
      const emailError = await page.getByLabel(/^Email/).getAttribute('aria-describedby');
      assert.ok(emailError, 'the email input points at its error');
      assert.match(await page.locator(`[id="${emailError!.split(' ').find((id) => id.includes('error'))}"]`).innerText(), /already|taken|exists|registered/i);
      assert.equal(await page.getByLabel('Store name').inputValue(), 'Another Store');
      assert.equal(await page.getByLabel('Your name').inputValue(), 'Second Owner');
    } finally {
      await context.close();
    }
  });

  test('sign in goes back to the page that asked for it; a wrong password says so; sign out ends the session', async () => {
    const { context, page } = await c.newPage();
    try {
      await page.goto(`/console/s/${storeId}/today`);
      await page.waitForURL(/\/console\/login\?next=/);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel(/^Password/).fill('wrong password!');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').waitFor();
      await page.getByLabel(/^Password/).fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(new RegExp(`/console/s/${storeId}/today`));
      // A deep link survives a reload (the server answers every /console/ path with the app).
      await page.reload();
      await page.getByRole('heading', { name: 'Today', exact: true }).waitFor();
      await page.getByRole('button', { name: /^Account:/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.waitForURL(/\/console\/login/);
      await page.goto(`/console/s/${storeId}/today`);
      await page.waitForURL(/\/console\/login/);
    } finally {
      await context.close();
    }
  });

  test('a member of one store cannot open another store in the console', async () => {
    const other = await c.env.createStore({ name: 'Someone Else' });
    const { context, page } = await c.newPage();
    try {
      await signInThroughUi(page, email, password);
      await page.waitForURL(/\/today/);
      await page.goto(`/console/s/${other.storeId}/today`);
      await page.waitForURL(new RegExp(`/console/s/${storeId}/today`));
    } finally {
      await context.close();
    }
  });
});
