// Trying webhooks on one's own machine (docs/integration.md "Webhooks to your own machine"): the
// refusals name the setting that lifts them, the demo credentials file says how to reach the
// developer routes, and with the setting on the documented loop delivers a test event.
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { seedDemo } from '../../src/seed/demo.ts';
import { describeEachDb, expectError, type TestStore } from '../helpers/app.ts';
import { Receiver } from '../events/receiver.ts';

describeEachDb('local webhook receivers without WEBHOOK_ALLOW_PRIVATE_TARGETS', (env) => {
  let store: TestStore;
  before(async () => {
    store = await env.createStore();
  });

  test('an http:// or a loopback URL is refused with a message that names WEBHOOK_ALLOW_PRIVATE_TARGETS', async () => {
    for (const [url, reason] of [
      ['http://127.0.0.1:4000/hooks', /must be an https URL; http:\/\/ is accepted only when the service runs with WEBHOOK_ALLOW_PRIVATE_TARGETS=true/],
      ['https://127.0.0.1:4000/hooks', /resolves to a loopback address, which webhooks may not target unless the service runs with WEBHOOK_ALLOW_PRIVATE_TARGETS=true/],
      ['https://192.168.1.20/hooks', /resolves to a private address[^]*WEBHOOK_ALLOW_PRIVATE_TARGETS=true/],
    ] as const) {
      const res = await env.inject({ method: 'POST', url: `/developer/webhooks?storeId=${store.storeId}`, headers: env.staffHeaders(store), payload: { url } });
      expectError(res, 400, 'validation-failed');
      assert.equal(res.data.details[0].field, 'url');
      assert.match(res.data.details[0].message, reason, url);
    }
  });
}, { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' } });

describeEachDb('the local webhook loop with WEBHOOK_ALLOW_PRIVATE_TARGETS=true', (env) => {
  const receiver = new Receiver();
  before(() => receiver.start());
  after(() => receiver.stop());

  test('the demo credentials explain the missing developer scope; staff login, register http://127.0.0.1, test event arrives', async () => {
    const seeded = await seedDemo(env.app.ctx, { onlyIfEmpty: false });
    const creds = JSON.parse(readFileSync(seeded.credentialsPath, 'utf8'));
    assert.ok(!creds.integrationKeyScopes.includes('developer'));
    assert.match(creds.developerAccess, /not "developer"/);
    assert.match(creds.developerAccess, /POST \/api\/auth\/login/);
    assert.match(creds.developerAccess, /keys create --store demo-store --scopes developer/);

    const withKey = await env.inject({ method: 'GET', url: `/developer/webhooks?storeId=${creds.storeId}`, headers: { 'x-api-key': creds.integrationKey } });
    expectError(withKey, 403, 'forbidden');

    const login = await env.inject({ method: 'POST', url: '/api/auth/login', payload: creds.staff });
    assert.equal(login.statusCode, 200, login.body);
    const auth = { authorization: `Bearer ${login.data.token}` };
    const created = await env.inject({ method: 'POST', url: `/developer/webhooks?storeId=${creds.storeId}`, headers: auth, payload: { url: `${receiver.baseUrl}/store-webhooks` } });
    assert.equal(created.statusCode, 201, created.body);
    const sent = await env.inject({ method: 'POST', url: `/developer/webhooks/${created.data.endpoint.endpointId}/test?storeId=${creds.storeId}`, headers: auth });
    assert.equal(sent.statusCode, 200, sent.body);
    assert.equal(sent.data.status, 'succeeded');
    const [delivered] = receiver.at('/store-webhooks');
    assert.equal(JSON.parse(delivered.body).type, 'webhook.test');
  });
});
