// Developers in Chromium, through the UI, on both engines: a key is created (its secret shown once,
// it works against the integration API), then revoked (refused); a webhook on a loopback receiver
// gets a signed test event, shows in the delivery inspector, has its secret rotated (both secrets
// sign for 24 hours), and a failed delivery is redelivered
// once the receiver is fixed; a CSV feed is checked by a dry run, applied, and rolled back; the
// Connect page creates a working key and shows the first call; staff are not offered any of it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createStoreClient } from '@store-integration/client';
import type { TestStore } from '../../test/helpers/app.ts';
import { createDeliveryWorker } from '../../src/modules/events/workers.ts';
import { eventually, Receiver, verify } from '../../test/events/receiver.ts';
import { describeConsole, dismissNotices, inspect as inspectPage, inviteMember, signInThroughUi } from './harness.ts';

const KEY = /^isk_[0-9A-Za-z]{40}$/;

/** Checks and photographs the page with the pointer away from the button it last clicked (a hover colour is the theme's concern). */
async function inspect(page: Page, name: string, engine: string) {
  await page.mouse.move(1, 899);
  await inspectPage(page, name, engine);
}

describeConsole(
  'console developers',
  (c) => {
    const receiver = new Receiver();
    let store: TestStore;

    before(async () => {
      await receiver.start();
      store = await c.env.createStore({ name: 'Adinkra Crafts', currency: 'GHS', timezone: 'Africa/Accra' });
      // The delivery worker, as `npm start` runs it (tests start the app without workers).
      const worker = createDeliveryWorker(c.env.app.ctx, { pollMs: 50 });
      worker.start();
      c.env.app.ctx.onClose.push(() => worker.stop());
    });
    after(() => receiver.stop());

    async function signIn(email = store.email, password = store.password) {
      const { context, page } = await c.newPage();
      await signInThroughUi(page, email, password);
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
      return { context, page };
    }

    const catalog = (key: string) =>
      fetch(`${c.base}/v1IntegrationProducts?storeId=${store.storeId}`, { headers: { 'x-api-key': key, 'x-service-contract-version': '2026-04-13' } });

    async function items() {
      const res = await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/items`, headers: c.env.staffHeaders(store) });
      assert.equal(res.statusCode, 200, res.body);
      return new Map<string, any>(res.data.items.map((i: any) => [i.id, i]));
    }

    /** The secret in the open "shown once" dialog. */
    async function secretIn(page: Page, title: string | RegExp) {
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      await dialog.getByText('Store it now; it will not be shown again').waitFor();
      return { dialog, secret: (await dialog.getByLabel('Secret', { exact: true }).innerText()).trim() };
    }

    test('a key is created with the website scopes, its secret shown once works against the catalog; revoked, it is refused', async () => {
      const { context, page } = await signIn();
      try {
        await page.getByRole('link', { name: 'Developers', exact: true }).click();
        await page.waitForURL(/\/developers\/keys$/);
        await page.getByRole('heading', { level: 1, name: 'Developers' }).waitFor();
        await page.getByText('No keys yet').waitFor();
        await inspect(page, 'developers-keys-empty', c.env.dialect.name);

        await page.getByRole('button', { name: 'Create key' }).click();
        const form = page.getByRole('dialog', { name: 'Create an integration key' });
        for (const scope of ['catalog:read', 'content:read', 'availability:read', 'bookings:read', 'bookings:write', 'checkout:write', 'orders:read']) {
          assert.equal(await form.getByRole('checkbox', { name: scope }).isChecked(), true, scope);
        }
        for (const scope of ['customers:read', 'reports:read', 'developer']) assert.equal(await form.getByRole('checkbox', { name: scope }).isChecked(), false, scope);
        await form.getByText('Read products, services and courses with their prices and stock').waitFor();
        // A nameless key is refused next to the field and the dialog stays.
        await form.getByRole('button', { name: 'Create key' }).click();
        await form.getByText('Give the key a name').waitFor();
        await inspect(page, 'developers-key-create', c.env.dialect.name);
        await form.getByLabel(/^Name/).fill('Main website');
        await form.getByRole('button', { name: 'Create key' }).click();

        const { dialog, secret } = await secretIn(page, 'Key “Main website” created');
        assert.match(secret, KEY);
        await inspect(page, 'developers-key-secret', c.env.dialect.name);
        const ok = await catalog(secret);
        assert.equal(ok.status, 200, await ok.text());
        await dialog.getByRole('button', { name: 'I have stored it' }).click();
        await dialog.waitFor({ state: 'detached' });

        // Shown once: gone from the page, listed by its prefix and last four characters only.
        const row = page.getByRole('row', { name: /Main website/ });
        await row.waitFor();
        assert.ok(!(await page.content()).includes(secret), 'the secret is no longer on the page');
        assert.match(await row.innerText(), new RegExp(`…${secret.slice(-4)}`));
        assert.match(await row.innerText(), /Website set/);
        // The first use is recorded (in the background): the list says so after a reload.
        await eventually(async () => {
          const res = await c.env.inject({ method: 'GET', url: `/developer/keys?storeId=${store.storeId}`, headers: c.env.staffHeaders(store) });
          return res.data.keys.some((k: any) => k.name === 'Main website' && k.lastUsedAt);
        });
        await page.reload();
        const cells = await page.getByRole('row', { name: /Main website/ }).getByRole('cell').allInnerTexts();
        assert.notEqual(cells[4], 'Never', 'last used is shown');
        await inspect(page, 'developers-keys', c.env.dialect.name);

        await page.getByRole('button', { name: 'Revoke Main website' }).click();
        const confirm = page.getByRole('dialog', { name: 'Revoke “Main website”?' });
        await confirm.getByText(/refused within a second/).waitFor();
        await inspect(page, 'developers-key-revoke', c.env.dialect.name);
        await confirm.getByRole('button', { name: 'Revoke key' }).click();
        await confirm.waitFor({ state: 'detached' });
        await page.getByRole('row', { name: /Main website/ }).getByText('Revoked', { exact: true }).waitFor();
        assert.equal(await page.getByRole('button', { name: 'Revoke Main website' }).count(), 0);
        // Revocation reaches every instance within a second (the key cache's lifetime).
        await new Promise((r) => setTimeout(r, 1100));
        const refused = await catalog(secret);
        assert.equal(refused.status, 401);
        assert.equal((await refused.json()).error, 'invalid-api-key');
      } finally {
        await context.close();
      }
    });

    test('a webhook endpoint gets a signed test event, its delivery shows in the inspector; edit, disable, rotate and delete', async () => {
      const { context, page } = await signIn();
      try {
        await page.goto(`/console/s/${store.storeId}/developers/keys`);
        await page.getByRole('tab', { name: 'Webhooks' }).click();
        await page.waitForURL(/\/developers\/webhooks$/);
        await page.getByText('No webhook endpoints').waitFor();
        await inspect(page, 'developers-webhooks-empty', c.env.dialect.name);

        await page.getByRole('button', { name: 'Add endpoint' }).click();
        const form = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
        await form.getByLabel(/^Endpoint URL/).fill(`${receiver.baseUrl}/hooks`);
        await form.getByLabel('Description').fill('Main website');
        assert.equal(await form.getByRole('checkbox', { name: 'All events' }).isChecked(), true);
        await inspect(page, 'developers-webhook-create', c.env.dialect.name);
        await form.getByRole('button', { name: 'Add endpoint' }).click();
        const created = await secretIn(page, 'Endpoint added: its signing secret');
        assert.match(created.secret, /^whsec_/);
        await created.dialog.getByRole('button', { name: 'I have stored it' }).click();

        const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${receiver.baseUrl}/hooks` }) });
        await card.getByText('Main website').waitFor();
        await card.getByText('All events').waitFor();
        await card.getByRole('button', { name: 'Send test event' }).click();
        await card.getByRole('status').filter({ hasText: 'Test event delivered' }).getByText(/HTTP 200 in \d+ ms/).waitFor();
        const [received] = await receiver.waitFor('/hooks', 1);
        assert.equal(verify(created.secret, received).type, 'webhook.test');
        await inspect(page, 'developers-webhooks', c.env.dialect.name);

        await card.getByRole('link', { name: 'Deliveries' }).click();
        await page.waitForURL(/\/developers\/webhooks\/whe_/);
        await page.getByRole('heading', { level: 2, name: 'Deliveries' }).waitFor();
        const delivery = page.getByRole('button', { name: /^Succeeded\s*webhook\.test/ });
        await delivery.click();
        const attempts = page.getByRole('table', { name: /^Attempts of delivery/ });
        await attempts.getByRole('row', { name: /HTTP 200/ }).waitFor();
        await page.getByText(/Attempt 1: at once · made/).waitFor();
        await page.getByRole('button', { name: 'Redeliver' }).waitFor();
        await inspect(page, 'developers-deliveries', c.env.dialect.name);
        await page.getByRole('link', { name: '‹ Webhook endpoints' }).click();

        // Edit keeps the form as it was and saves the change.
        await card.getByRole('button', { name: 'Edit' }).click();
        const edit = page.getByRole('dialog', { name: 'Edit endpoint' });
        assert.equal(await edit.getByLabel(/^Endpoint URL/).inputValue(), `${receiver.baseUrl}/hooks`);
        await edit.getByLabel('Description').fill('Main website, orders only');
        await edit.getByRole('checkbox', { name: 'All events' }).uncheck();
        await edit.getByRole('checkbox', { name: 'order.paid' }).check();
        await edit.getByRole('checkbox', { name: 'webhook.test' }).check();
        await edit.getByRole('button', { name: 'Save' }).click();
        await edit.waitFor({ state: 'detached' });
        await card.getByText('order.paid, webhook.test').waitFor();
        await card.getByText('Main website, orders only').waitFor();

        await card.getByRole('button', { name: 'Disable' }).click();
        await card.getByText('Disabled', { exact: true }).waitFor();
        assert.equal(await card.getByRole('button', { name: 'Send test event' }).isDisabled(), true);
        await card.getByRole('button', { name: 'Enable' }).click();
        await card.getByText('Enabled', { exact: true }).waitFor();

        // Rotate: confirm, then the new secret shown once with a copy button; for 24 hours the
        // service signs with both secrets (POST …/rotate-secret).
        await dismissNotices(page);
        await card.getByRole('button', { name: 'Rotate secret' }).click();
        const rotate = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
        await rotate.getByText(/for 24 hours, with the current one too/).waitFor();
        await inspect(page, 'developers-webhook-rotate', c.env.dialect.name);
        // Keeping the current secret changes nothing.
        await rotate.getByRole('button', { name: 'Keep the current secret' }).click();
        await rotate.waitFor({ state: 'detached' });
        await card.getByRole('button', { name: 'Rotate secret' }).click();
        await page.getByRole('dialog', { name: 'Rotate the signing secret?' }).getByRole('button', { name: 'Rotate secret' }).click();
        const rotated = await secretIn(page, 'New signing secret');
        assert.match(rotated.secret, /^whsec_/);
        assert.notEqual(rotated.secret, created.secret);
        await rotated.dialog.getByText('The previous secret keeps signing beside it for 24 hours').waitFor();
        await rotated.dialog.getByRole('button', { name: 'Copy the secret' }).waitFor();
        await inspect(page, 'developers-webhook-rotated-secret', c.env.dialect.name);
        await rotated.dialog.getByRole('button', { name: 'I have stored it' }).click();
        await rotated.dialog.waitFor({ state: 'detached' });
        assert.ok(!(await page.content()).includes(rotated.secret), 'the new secret is shown only once');
        await card.getByText(/^Secret rotated: the previous secret also signs until/).waitFor();
        await inspect(page, 'developers-webhooks-rotated', c.env.dialect.name);
        await card.getByRole('button', { name: 'Send test event' }).click();
        const [, again] = await receiver.waitFor('/hooks', 2);
        assert.equal(String(again.headers['webhook-signature']).split(' ').length, 2, 'signed with both secrets');
        assert.equal(verify(rotated.secret, again).type, 'webhook.test');
        assert.equal(verify(created.secret, again).type, 'webhook.test', 'the previous secret still verifies during the overlap');
        assert.throws(() => verify(`whsec_${Buffer.alloc(32, 9).toString('base64')}`, again));

        await card.getByRole('button', { name: 'Delete' }).click();
        const remove = page.getByRole('dialog', { name: 'Delete this endpoint?' });
        await remove.waitFor();
        await inspect(page, 'developers-webhook-delete', c.env.dialect.name);
        await remove.getByRole('button', { name: 'Delete endpoint' }).click();
        await page.getByText('No webhook endpoints').waitFor();
      } finally {
        await context.close();
      }
    });

    test('a delivery that failed is redelivered once the receiver is fixed and shows succeeded', async () => {
      let fixed = false;
      receiver.on('/failing', () => (fixed ? { status: 200, body: 'thanks' } : { status: 500, body: 'database unavailable' }));
      const { context, page } = await signIn();
      try {
        await page.goto(`/console/s/${store.storeId}/developers/webhooks`);
        await page.getByRole('button', { name: 'Add endpoint' }).click();
        const form = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
        await form.getByLabel(/^Endpoint URL/).fill(`${receiver.baseUrl}/failing`);
        await form.getByRole('checkbox', { name: 'All events' }).uncheck();
        await form.getByRole('checkbox', { name: 'catalog.sync.succeeded' }).check();
        await form.getByRole('button', { name: 'Add endpoint' }).click();
        await (await secretIn(page, 'Endpoint added: its signing secret')).dialog.getByRole('button', { name: 'I have stored it' }).click();

        // A real event: a feed applied over the API is delivered by the worker, retried on the
        // schedule (two attempts here) and then given up.
        const feed = await c.env.inject({
          method: 'POST',
          url: `/developer/sync-runs?storeId=${store.storeId}`,
          headers: c.env.staffHeaders(store),
          payload: { mode: 'upsert', items: [{ id: 'kente-scarf', name: 'Kente scarf', itemType: 'product', price: 80 }] },
        });
        assert.equal(feed.statusCode, 201, feed.body);
        await receiver.waitFor('/failing', 2);

        const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${receiver.baseUrl}/failing` }) });
        await card.getByRole('link', { name: 'Deliveries' }).click();
        const failed = page.getByRole('button', { name: /^Failed\s*catalog\.sync\.succeeded.*2 attempts/ });
        await failed.waitFor({ timeout: 20_000 });
        await failed.click();
        await page.getByRole('status').filter({ hasText: 'Gave up' }).getByText(/gave up after 2 attempts; last: HTTP 500/).waitFor();
        const attempts = page.getByRole('table', { name: /^Attempts of delivery/ });
        assert.equal(await attempts.getByRole('row', { name: /HTTP 500.*database unavailable/ }).count(), 2);
        await inspect(page, 'developers-delivery-failed', c.env.dialect.name);

        fixed = true;
        await page.getByRole('button', { name: 'Redeliver' }).click();
        await page.getByRole('button', { name: /^Succeeded\s*catalog\.sync\.succeeded.*3 attempts/ }).waitFor({ timeout: 20_000 });
        await attempts.getByRole('row', { name: /HTTP 200.*thanks/ }).waitFor();
        await page.getByText(/sent again 1 time/).waitFor();
        assert.equal(receiver.at('/failing').length, 3);
        assert.equal(new Set(receiver.at('/failing').map((r) => r.headers['webhook-id'])).size, 1, 'the same event each time');
        await inspect(page, 'developers-delivery-redelivered', c.env.dialect.name);
      } finally {
        await context.close();
      }
    });

    test('a CSV feed: the dry run lists what would change and changes nothing; applied, the catalog changes; rolled back, it is restored', async () => {
      const soap = await c.env.createItem(store, { name: 'Black soap', price: 12.5, stockCount: 40 });
      const comb = await c.env.createItem(store, { name: 'Wooden comb', price: 8, stockCount: 15 });
      const before = await items();
      const { context, page } = await signIn();
      try {
        await page.goto(`/console/s/${store.storeId}/developers`);
        await page.getByRole('tab', { name: 'Catalog sync' }).click();
        await page.waitForURL(/\/developers\/sync$/);
        await page.getByRole('table', { name: 'Sync runs' }).or(page.getByText('No runs yet')).first().waitFor();
        await inspect(page, 'developers-sync', c.env.dialect.name);

        const upload = (name: string, csv: string) => page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });

        // A row that fails: listed by its spreadsheet row, nothing to apply.
        await upload('broken.csv', `id,name,itemType,price\nshea,Shea butter,product,20\nbad,Bad row,product,lots\n`);
        await page.getByRole('button', { name: 'Check feed (dry run)' }).click();
        const rows = page.getByRole('table', { name: 'Rows that fail' });
        await rows.getByRole('row', { name: /^3\s+bad\s+price/ }).waitFor();
        assert.equal(await page.getByRole('button', { name: 'Apply feed' }).count(), 0);
        await inspect(page, 'developers-sync-dry-run-failed', c.env.dialect.name);

        // A full feed: soap's price changes, shea is new, the scarf stays as it is, comb is left out (deleted).
        const full = [
          'id,name,itemType,price,stockCount',
          `${soap.id},Black soap,product,15,40`,
          'kente-scarf,Kente scarf,product,80,',
          'shea,Shea butter,product,20,10',
        ].join('\n');
        await upload('catalog.csv', full);
        await page.getByLabel('Full', { exact: true }).check();
        await page.getByRole('button', { name: 'Check feed (dry run)' }).click();
        const changes = page.getByRole('table', { name: 'What the feed would change' });
        await changes.waitFor();
        await changes.getByRole('row', { name: new RegExp(`^${soap.id}\\s+Update\\s+Changes: price$`) }).waitFor();
        await changes.getByRole('row', { name: /^shea\s+Create\s+name, itemType, price, stockCount/ }).waitFor();
        await changes.getByRole('row', { name: new RegExp(`^${comb.id}\\s+Delete`) }).waitFor();
        await page.getByRole('status').filter({ hasText: 'Dry run: nothing has changed yet' }).getByText('1 created, 1 updated, 1 deleted, 1 unchanged').waitFor();
        await inspect(page, 'developers-sync-dry-run', c.env.dialect.name);
        // Nothing changed yet.
        assert.deepEqual([...(await items()).keys()].sort(), [...before.keys()].sort());
        assert.equal((await items()).get(soap.id).priceMinor, 1250);

        await page.getByRole('button', { name: 'Apply feed' }).click();
        await page.getByRole('status').filter({ hasText: 'Feed applied' }).waitFor();
        const applied = await items();
        assert.equal(applied.get(soap.id).priceMinor, 1500);
        assert.equal(applied.get('shea').name, 'Shea butter');
        assert.equal(applied.has(comb.id), false);
        const run = page.getByRole('row', { name: /Full feed \(CSV\)\s+Succeeded\s+1\s+1\s+1\s+1\s+0/ });
        await run.waitFor();
        await inspect(page, 'developers-sync-applied', c.env.dialect.name);

        await run.getByRole('button', { name: /^Roll back the run/ }).click();
        const confirm = page.getByRole('dialog', { name: 'Roll back this run?' });
        await confirm.getByText(/items it created are removed, items it deleted come back/).waitFor();
        await inspect(page, 'developers-sync-rollback', c.env.dialect.name);
        await confirm.getByRole('button', { name: 'Roll back' }).click();
        await confirm.waitFor({ state: 'detached' });
        await page.getByRole('row', { name: /^.*Rollback\s+Succeeded/ }).waitFor();
        await page.getByRole('row', { name: /Full feed \(CSV\)\s+Rolled back/ }).waitFor();
        const restored = await items();
        assert.deepEqual([...restored.keys()].sort(), [...before.keys()].sort());
        assert.equal(restored.get(soap.id).priceMinor, 1250);
        assert.equal(restored.get(comb.id).stockCount, 15);
      } finally {
        await context.close();
      }
    });

    test('Connect your website: the store id, the base URL, a key made there and a first call that works', async () => {
      const { context, page } = await signIn();
      try {
        await page.goto(`/console/s/${store.storeId}/developers/keys`);
        await page.getByRole('link', { name: 'Connect your website' }).click();
        await page.waitForURL(/\/connect$/);
        await page.getByRole('heading', { level: 1, name: 'Connect your website' }).waitFor();
        const details = page.getByRole('region', { name: '1. Your store' });
        await details.getByText(store.storeId, { exact: true }).waitFor();
        await details.getByText(c.base, { exact: true }).waitFor();
        await page.getByText('isk_your_key_here', { exact: false }).first().waitFor();
        await inspect(page, 'connect', c.env.dialect.name);

        await page.getByRole('button', { name: 'Create website key' }).click();
        const { dialog, secret } = await secretIn(page, 'Your website’s key');
        assert.match(secret, KEY);
        await dialog.getByRole('button', { name: 'I have stored it' }).click();
        const snippet = page.getByRole('region', { name: '3. The first call' });
        // The SDK snippet first, with this store's values and the new key; what it does works.
        const sdk = await snippet.locator('pre').innerText();
        assert.ok(sdk.includes("import { createStoreClient } from '@store-integration/client';"), sdk);
        assert.ok(sdk.includes(`baseUrl: '${c.base}'`) && sdk.includes(`storeId: '${store.storeId}'`) && sdk.includes(`'${secret}'`), sdk);
        assert.ok(sdk.includes('await store.catalog.get()'), sdk);
        const client = createStoreClient({ baseUrl: c.base, storeId: store.storeId, apiKey: secret });
        assert.equal((await client.catalog.get()).storeId, store.storeId);

        await snippet.getByRole('tab', { name: 'curl' }).click();
        const curl = await snippet.locator('pre').innerText();
        assert.ok(curl.includes(`${c.base}/v1IntegrationProducts?storeId=${store.storeId}`), curl);
        assert.ok(curl.includes(`x-api-key: ${secret}`), curl);
        assert.ok(curl.includes('X-Service-Contract-Version: 2026-04-13'), curl);
        await snippet.getByRole('tab', { name: 'fetch' }).click();
        assert.match(await snippet.locator('pre').innerText(), /'Authorization': `Bearer \$\{STORE_KEY\}`/);
        const res = await catalog(secret);
        assert.equal(res.status, 200);
        assert.equal((await res.json()).storeId, store.storeId);
        await snippet.getByRole('tab', { name: 'SDK' }).click();
        await inspect(page, 'connect-key-created', c.env.dialect.name);
      } finally {
        await context.close();
      }
    });

    test('a staff member is not offered Developers and the pages say who may use them', async () => {
      const email = `desk-${Date.now()}@example.test`;
      const password = await inviteMember(c.env, store, { email, name: 'Front Desk', role: 'staff' });
      const { context, page } = await signIn(email, password);
      try {
        await page.getByRole('link', { name: 'Orders', exact: true }).waitFor();
        assert.equal(await page.getByRole('link', { name: 'Developers', exact: true }).count(), 0);
        for (const path of ['developers/keys', 'developers/webhooks', 'developers/sync', 'connect']) {
          await page.goto(`/console/s/${store.storeId}/${path}`);
          await page.getByText('Developer settings are for the store’s owners and admins').waitFor();
          assert.equal(await page.getByRole('button', { name: /Create key|Add endpoint|Check feed|Create website key/ }).count(), 0, path);
        }
        await inspect(page, 'developers-staff', c.env.dialect.name);
      } finally {
        await context.close();
      }
    });
  },
  // Two attempts 0.2 s apart, so a failing delivery gives up within the test; a 2 s timeout, as the
  // service's own redelivery tests use.
  { env: { WEBHOOK_RETRY_SCHEDULE: '0,0.2', WEBHOOK_TIMEOUT_MS: '2000' } },
);
