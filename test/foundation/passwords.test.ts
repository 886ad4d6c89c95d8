// Passwords (CONTRACT §9): change, reset by an emailed single-use link (a real SMTP peer receives
// it), and the temporary password of an invited member.
import { after, before, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type TestEnv } from '../helpers/app.ts';
import { startSmtpPeer, waitFor } from '../helpers/smtp.ts';
import { startMessageWorkers } from '../../src/modules/messages/worker.ts';
import { runHousekeeping } from '../../src/workers.ts';

const NEW_PASSWORD = 'a brand new passphrase';
const smtp = await startSmtpPeer();
after(() => smtp.stop());

const login = (env: TestEnv, email: string, password: string, ip = '127.0.0.1') =>
  env.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
const me = (env: TestEnv, token: string) => env.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
const changePassword = (env: TestEnv, token: string, payload: Record<string, unknown>) =>
  env.inject({ method: 'POST', url: '/api/auth/password', headers: { authorization: `Bearer ${token}` }, payload });
const requestReset = (env: TestEnv, email: string, ip = '127.0.0.1') => env.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress: ip });
const confirmReset = (env: TestEnv, token: string, newPassword = NEW_PASSWORD) =>
  env.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, newPassword } });

const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
const linkIn = (text: string) => /http:\/\/localhost:3000\/console\/reset-password\?token=(prt_[A-Za-z0-9_-]+)/.exec(text);

/** Asks for a reset of `asTyped` (any case) and returns the token of the link mailed to the account. */
async function resetLink(env: TestEnv, asTyped: string): Promise<string> {
  const email = asTyped.toLowerCase();
  const before = mailsTo(email).length;
  const res = await requestReset(env, asTyped);
  assert.equal(res.statusCode, 202, res.body);
  await waitFor(`reset mail to ${email}`, () => mailsTo(email).length > before);
  const match = linkIn(mailsTo(email).at(-1)!.text);
  assert.ok(match, 'the mail holds the link');
  return match[1];
}

describeEachDb(
  'passwords: change, reset by email, temporary passwords',
  (env) => {
    before(() => startMessageWorkers(env.app.ctx, { pollMs: 50 }));

    test('changing the password checks the current one, ends the other sessions and keeps this one', async () => {
      const store = await env.createStore();
      const other = await login(env, store.email, store.password);
      expectError(await changePassword(env, store.token, { currentPassword: 'not my password', newPassword: NEW_PASSWORD }), 400, 'wrong-password');
      const same = await changePassword(env, store.token, { currentPassword: store.password, newPassword: store.password });
      expectError(same, 400, 'validation-failed');
      assert.deepEqual(same.data.details, [{ field: 'newPassword', message: 'must differ from the current password' }]);
      expectError(await changePassword(env, store.token, { currentPassword: store.password, newPassword: 'short' }), 400, 'validation-failed');

      const res = await changePassword(env, store.token, { currentPassword: store.password, newPassword: NEW_PASSWORD });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.data.user.mustChangePassword, false);
      assert.equal((await me(env, store.token)).statusCode, 200, 'this session stays');
      expectError(await me(env, other.data.token), 401, 'unauthorized');
      expectError(await login(env, store.email, store.password), 401, 'unauthorized');
      assert.equal((await login(env, store.email, NEW_PASSWORD)).statusCode, 200);
    });

    test('guessing the current password through a session is throttled like logins (429)', async () => {
      const store = await env.createStore();
      for (let i = 0; i < 5; i++) expectError(await changePassword(env, store.token, { currentPassword: `guess number ${i}`, newPassword: NEW_PASSWORD }), 400, 'wrong-password');
      expectError(await changePassword(env, store.token, { currentPassword: store.password, newPassword: NEW_PASSWORD }), 429, 'rate-limited');
    });

    test('an account with a temporary password (made by invitations before they were links) has mustChangePassword at login and at /me until they choose their own', async () => {
      const store = await env.createStore();
      assert.equal((await me(env, store.token)).data.user.mustChangePassword, false, 'a signup chose their password');
      const member = await env.addMember(store);
      assert.equal((await me(env, member.token)).data.user.mustChangePassword, false, 'an invitee chose their password');
      await env.db.updateTable('users').set({ must_change_password: 1 }).where('email', '=', member.email).execute();
      const first = await login(env, member.email, member.password);
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(first.data.user.mustChangePassword, true);
      assert.equal((await me(env, first.data.token)).data.user.mustChangePassword, true);
      const changed = await changePassword(env, first.data.token, { currentPassword: member.password, newPassword: NEW_PASSWORD });
      assert.equal(changed.statusCode, 200, changed.body);
      assert.equal((await me(env, first.data.token)).data.user.mustChangePassword, false);
      assert.equal((await login(env, member.email, NEW_PASSWORD)).data.user.mustChangePassword, false);
    });

    test('a reset mail reaches the SMTP server; its link sets a new password once and ends every session', async () => {
      const store = await env.createStore();
      const token = await resetLink(env, store.email.toUpperCase());
      const mail = mailsTo(store.email).at(-1)!;
      assert.match(mail.raw, /Subject: Reset your password/);
      assert.match(mail.text, /within one hour/);

      const res = await confirmReset(env, token);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.data, { ok: true, email: store.email });
      expectError(await me(env, store.token), 401, 'unauthorized');
      assert.equal((await login(env, store.email, NEW_PASSWORD)).statusCode, 200);
      expectError(await login(env, store.email, store.password), 401, 'unauthorized');

      const again = await confirmReset(env, token, 'yet another passphrase');
      expectError(again, 400, 'reset-token-used');
      assert.equal((await login(env, store.email, NEW_PASSWORD)).statusCode, 200, 'the second use changed nothing');
    });

    test('the token is stored only as a hash, and the sent mail leaves no usable link in the outbox', async () => {
      const store = await env.createStore();
      const token = await resetLink(env, store.email);
      const resets = await env.db.selectFrom('password_resets').selectAll().execute();
      assert.ok(resets.length > 0);
      assert.ok(resets.every((r) => !JSON.stringify(r).includes(token)));
      await waitFor('mail marked sent', async () => (await env.db.selectFrom('mail_outbox').select('status').where('to_address', '=', store.email).executeTakeFirst())?.status === 'sent');
      const rows = await env.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', store.email).execute();
      assert.equal(rows.length, 1);
      assert.equal(rows[0].store_id, null);
      assert.doesNotMatch(rows[0].body_text, /prt_/);
      assert.match(rows[0].body_text, /\[link removed after sending\]/);
      assert.equal((await confirmReset(env, token)).statusCode, 200, 'the mailed link still works');
    });

    test('no account discovery: an unknown email gets the same 202 answer and no mail is sent', async () => {
      const store = await env.createStore();
      const unknown = `nobody-${Date.now()}@example.test`;
      const a = await requestReset(env, unknown);
      const b = await requestReset(env, store.email);
      assert.equal(a.statusCode, 202);
      assert.equal(b.statusCode, 202);
      assert.deepEqual(a.data, b.data);
      await waitFor('the known account\'s mail', () => mailsTo(store.email).length === 1);
      assert.equal(mailsTo(unknown).length, 0);
      assert.equal((await env.db.selectFrom('mail_outbox').select('id').where('to_address', '=', unknown).execute()).length, 0);
    });

    test('the answer does not wait for the account: a known account\'s 202 arrives while its lookup and mail are still to come (no timing tells)', async () => {
      const store = await env.createStore();
      // The mail step of the known account is held until the answer is in.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const messages = env.app.ctx.services.messages;
      const queueAccountMail = messages.queueAccountMail.bind(messages);
      const spy = mock.method(messages, 'queueAccountMail', async (...args: Parameters<typeof queueAccountMail>) => {
        await held;
        return queueAccountMail(...args);
      });
      try {
        const deadline = new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), 5_000).unref());
        const answer = await Promise.race([requestReset(env, store.email), deadline]);
        assert.notEqual(answer, 'held', 'the 202 waited for the account\'s mail step');
        if (answer === 'held') return;
        assert.equal(answer.statusCode, 202);
        const unknown = await requestReset(env, `nobody-${Date.now()}@example.test`);
        assert.deepEqual(answer.data, unknown.data);
        assert.deepEqual(Object.keys(answer.headers).sort(), Object.keys(unknown.headers).sort());
      } finally {
        release();
        await env.app.ctx.services.stores.passwordResetsIdle();
        spy.mock.restore();
      }
      assert.equal(spy.mock.callCount(), 1, 'the known account was mailed after the answer');
      await waitFor('the known account\'s mail', () => mailsTo(store.email).length === 1);
    });

    test('an expired link is 400 reset-token-expired, an unknown one 400 reset-token-invalid; neither changes the password', async () => {
      const store = await env.createStore();
      const token = await resetLink(env, store.email);
      await env.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('used_at', 'is', null).execute();
      expectError(await confirmReset(env, token), 400, 'reset-token-expired');
      expectError(await confirmReset(env, 'prt_made_up_token'), 400, 'reset-token-invalid');
      expectError(await confirmReset(env, ''), 400, 'validation-failed');
      assert.equal((await login(env, store.email, store.password)).statusCode, 200);
    });

    test('a link expires one hour after it was sent', async () => {
      const store = await env.createStore();
      const sentAt = Date.now();
      await resetLink(env, store.email);
      const user = await env.db.selectFrom('users').select('id').where('email', '=', store.email).executeTakeFirstOrThrow();
      const [row] = await env.db.selectFrom('password_resets').selectAll().where('user_id', '=', user.id).execute();
      const ttl = Date.parse(row.expires_at) - Date.parse(row.created_at);
      assert.equal(ttl, 3600_000);
      assert.ok(Date.parse(row.created_at) >= sentAt - 1000);
    });

    test('housekeeping deletes links a day after they expired, not before', async () => {
      const store = await env.createStore();
      const user = await env.db.selectFrom('users').select('id').where('email', '=', store.email).executeTakeFirstOrThrow();
      const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3600_000).toISOString();
      await env.db.insertInto('password_resets').values([
        { token_hash: `old-${user.id}`, user_id: user.id, created_at: at(26), expires_at: at(25), used_at: null },
        { token_hash: `recent-${user.id}`, user_id: user.id, created_at: at(3), expires_at: at(2), used_at: null },
      ]).execute();
      const deleted = await runHousekeeping(env.app.ctx);
      assert.ok(deleted.passwordResets >= 1);
      const left = await env.db.selectFrom('password_resets').select('token_hash').where('user_id', '=', user.id).execute();
      assert.deepEqual(left.map((r) => r.token_hash), [`recent-${user.id}`]);
    });

    test('of two uses of one link at once, one sets the password and the other is 400 reset-token-used', async () => {
      const store = await env.createStore();
      const token = await resetLink(env, store.email);
      const results = await Promise.all([confirmReset(env, token, 'first racing passphrase'), confirmReset(env, token, 'second racing passphrase')]);
      assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 400]);
      expectError(results.find((r) => r.statusCode === 400)!, 400, 'reset-token-used');
      const winner = results[0].statusCode === 200 ? 'first racing passphrase' : 'second racing passphrase';
      assert.equal((await login(env, store.email, winner)).statusCode, 200);
    });

    test('changing the password closes the links still open', async () => {
      const store = await env.createStore();
      const token = await resetLink(env, store.email);
      assert.equal((await changePassword(env, store.token, { currentPassword: store.password, newPassword: NEW_PASSWORD })).statusCode, 200);
      expectError(await confirmReset(env, token, 'an attacker passphrase'), 400, 'reset-token-used');
    });

    test('an account gets at most 3 reset mails an hour; further requests answer the same and send nothing', async () => {
      const store = await env.createStore();
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await requestReset(env, store.email, `10.9.0.${i}`));
      for (const res of answers) assert.deepEqual([res.statusCode, res.data], [202, answers[0].data]);
      await waitFor('three mails', () => mailsTo(store.email).length === 3);
      const user = await env.db.selectFrom('users').select('id').where('email', '=', store.email).executeTakeFirstOrThrow();
      assert.equal((await env.db.selectFrom('password_resets').select('token_hash').where('user_id', '=', user.id).execute()).length, 3);
    });
  },
  { env: { SMTP_URL: smtp.url } },
);

describeEachDb(
  'password reset requests without SMTP, and their per-address budget',
  (env) => {
    test('without SMTP_URL the answer is the same 202 and no link is made or stored', async () => {
      const store = await env.createStore();
      const res = await requestReset(env, store.email, '10.1.0.1');
      assert.equal(res.statusCode, 202, res.body);
      assert.equal((await env.db.selectFrom('password_resets').select('token_hash').execute()).length, 0);
      assert.equal((await env.db.selectFrom('mail_outbox').select('id').execute()).length, 0);
    });

    test('one address gets RATE_LIMIT_PASSWORD_RESET_PER_IP requests an hour, then 429 with Retry-After; another address is not affected', async () => {
      for (let i = 0; i < 3; i++) assert.equal((await requestReset(env, `someone${i}@example.test`, '10.2.0.1')).statusCode, 202);
      const over = await requestReset(env, 'someone@example.test', '10.2.0.1');
      expectError(over, 429, 'rate-limited');
      assert.ok(Number(over.headers['retry-after']) > 60);
      assert.equal((await requestReset(env, 'someone@example.test', '10.2.0.2')).statusCode, 202);
    });
  },
  { env: { RATE_LIMIT_PASSWORD_RESET_PER_IP: '3' } },
);
