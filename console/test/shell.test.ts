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

  test("the other sections' code is fetched ahead on a fast link only: not on slow 4G, not with Save-Data", async (t) => {
    // What the browser says of its link decides it, not the database: once, on the SQLite leg.
    if (c.env.dialect.name !== 'sqlite') return t.skip('the same in the browser on either engine');
    const sectionCode = (url: string) => /\/console\/assets\/(BookingsPage|OrdersPage|SettingsPage)-[\w-]+\.js$/.test(url);
    /** Opens Today as `link` says and reports whether any other section's code was asked for once the page was idle. */
    const prefetched = async (link: 'fast' | 'slow' | 'save-data') => {
      const { context, page } = await c.newPage(390);
      try {
        if (link === 'slow') {
          // Lighthouse's phone: 150 ms, 1.6 Mbit/s (Chromium then reports a downlink under 5 Mbit/s).
          const cdp = await context.newCDPSession(page);
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
        }
        // Headless Chromium measures no link of its own (it says 4g at 1.6 Mbit/s): a fast one, and
        // Save-Data on one, are what the Network Information API would say on such a phone.
        if (link !== 'slow') {
          await page.addInitScript((saveData) => Object.defineProperty(navigator, 'connection', { value: { saveData, effectiveType: '4g', downlink: 10 } }), link === 'save-data');
        }
        let asked = false;
        page.on('request', (request) => {
          if (sectionCode(request.url())) asked = true;
        });
        await signInThroughUi(page, email, password);
        await page.waitForURL(/\/today/);
        await page.getByRole('heading', { name: 'Today', exact: true }).waitFor();
        if (link === 'fast') {
          await page.waitForRequest((request) => sectionCode(request.url()), { timeout: 10_000 }).catch(() => undefined);
          return asked;
        }
        // The prefetch would be set up in an idle moment after the page is drawn: two more idle
        // moments later (idle callbacks run in the order asked), it would have been asked for.
        await page.evaluate(() => new Promise<void>((done) => requestIdleCallback(() => requestIdleCallback(() => done(), { timeout: 5000 }), { timeout: 5000 })));
        await page.evaluate(() => new Promise<void>((done) => requestIdleCallback(() => done(), { timeout: 5000 })));
        return asked;
      } finally {
        await context.close();
      }
    };
    assert.equal(await prefetched('fast'), true, 'fetched ahead on a fast link');
    assert.equal(await prefetched('slow'), false, 'not on slow 4G');
    assert.equal(await prefetched('save-data'), false, 'not with Save-Data');
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
