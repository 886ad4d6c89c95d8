// A member who still has a temporary password (users.must_change_password) may only read who they
// are, choose a new password and log out; every other staff call is 403 password-change-required.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type Response } from '../helpers/app.ts';

const NEW_PASSWORD = 'a passphrase of my own';

describeEachDb('a temporary password must be changed before the staff API opens', (env) => {
  test('403 password-change-required on store, member and developer routes (session or cookie); /me, the password change and logout work; after the change everything does', async () => {
    const store = await env.createStore();
    await env.db.updateTable('users').set({ must_change_password: 1 }).where('email', '=', store.email).execute();
    const bearer = { authorization: `Bearer ${store.token}` };
    const refused = (res: Response) => {
      expectError(res, 403, 'password-change-required');
      assert.match(res.data.message, /temporary password/);
      assert.match(res.data.message, /POST \/api\/auth\/password/);
    };
    const calls = [
      { method: 'GET' as const, url: `/api/stores/${store.storeId}` },
      { method: 'GET' as const, url: `/api/stores/${store.storeId}/items` },
      { method: 'POST' as const, url: `/api/stores/${store.storeId}/items`, payload: { name: 'Before the change', itemType: 'product', price: 1 } },
      { method: 'GET' as const, url: `/api/stores/${store.storeId}/members` },
      { method: 'GET' as const, url: `/developer/keys?storeId=${store.storeId}` },
      { method: 'GET' as const, url: `/developer/webhooks?storeId=${store.storeId}` },
      { method: 'POST' as const, url: `/developer/keys?storeId=${store.storeId}`, payload: { name: 'before the change' } },
    ];
    // Refused before the change; after it they answer on their merits (a bad upload, an unknown link).
    const alsoRefused = [
      { method: 'POST' as const, url: `/api/uploads?storeId=${store.storeId}`, payload: { not: 'multipart' } },
      { method: 'POST' as const, url: '/api/auth/invitation/accept', payload: { token: 'inv_whatever' } },
    ];
    for (const call of [...calls, ...alsoRefused]) {
      refused(await env.inject({ ...call, headers: bearer }));
      refused(await env.inject({ ...call, cookies: { sis_session: store.token }, headers: { origin: 'http://localhost:3000' } }));
    }
    assert.equal((await env.db.selectFrom('api_keys').select('id').where('store_id', '=', store.storeId).execute()).length, 0, 'no key was made');

    const me = await env.inject({ method: 'GET', url: '/api/auth/me', headers: bearer });
    assert.equal(me.statusCode, 200, me.body);
    assert.equal(me.data.user.mustChangePassword, true);

    const changed = await env.inject({ method: 'POST', url: '/api/auth/password', headers: bearer, payload: { currentPassword: store.password, newPassword: NEW_PASSWORD } });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.equal(changed.data.user.mustChangePassword, false);
    for (const call of calls) {
      const res = await env.inject({ ...call, headers: bearer });
      assert.ok(res.statusCode === 200 || res.statusCode === 201, `${call.method} ${call.url}: ${res.statusCode} ${res.body}`);
    }
  });

  test('logout works with a temporary password', async () => {
    const store = await env.createStore();
    await env.db.updateTable('users').set({ must_change_password: 1 }).where('email', '=', store.email).execute();
    const bearer = { authorization: `Bearer ${store.token}` };
    const out = await env.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer });
    assert.equal(out.statusCode, 200, out.body);
    expectError(await env.inject({ method: 'GET', url: '/api/auth/me', headers: bearer }), 401, 'unauthorized');
  });
});
