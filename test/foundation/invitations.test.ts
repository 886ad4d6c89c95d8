// Staff invitations: an emailed single-use link valid 7 days. Nothing exists for the invitee (no
// account, no membership) until they accept; the inviter learns nothing about whether the address has
// an account; invitations are throttled per store and per inviter.
import { after, before, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type Response, type TestEnv, type TestStore } from '../helpers/app.ts';
import { startSmtpPeer, waitFor } from '../helpers/smtp.ts';
import { startMessageWorkers } from '../../src/modules/messages/worker.ts';

const PASSWORD = 'a password of my own';

const invite = (env: TestEnv, store: TestStore, payload: Record<string, unknown>, headers = env.staffHeaders(store)) =>
  env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/members`, headers, payload });
const tokenOf = (res: Response) => new URL(res.data.inviteUrl).searchParams.get('token')!;
const preview = (env: TestEnv, token: string) => env.inject({ method: 'POST', url: '/api/auth/invitation', payload: { token } });
const signup = (env: TestEnv, token: string, name = 'New Person', password = PASSWORD) =>
  env.inject({ method: 'POST', url: '/api/auth/invitation/signup', payload: { token, name, password } });
const accept = (env: TestEnv, token: string, sessionToken: string) =>
  env.inject({ method: 'POST', url: '/api/auth/invitation/accept', headers: { authorization: `Bearer ${sessionToken}` }, payload: { token } });
const members = async (env: TestEnv, store: TestStore) => (await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/members`, headers: env.staffHeaders(store) })).data;

/** The answer with what differs per invitation (ids, times, the address, the link's token) blanked. */
function shape(res: Response) {
  return JSON.parse(
    JSON.stringify(res.data)
      .replace(/inv_[A-Za-z0-9_-]+/g, 'inv_*')
      .replace(/"\d{4}-\d\d-\d\dT[^"]+"/g, '"<time>"')
      .replace(/[a-z0-9.-]+@example\.test/g, '<email>'),
  );
}

describeEachDb('staff invitations (no SMTP: the inviter is given the link)', (env) => {
  let store: TestStore;
  let other: TestStore;
  before(async () => {
    store = await env.createStore({ name: 'Adom Braids' });
    other = await env.createStore({ name: 'Another Shop' });
  });

  test('the answer is the same whether or not the address has an account, names no one, and creates nothing; the member has no access until they accept', async () => {
    // `other`'s owner has an account (display name "Owner n"); the second address has none.
    const existing = await invite(env, store, { email: other.email, role: 'staff' });
    const unknown = await invite(env, store, { email: `nobody-${Date.now()}@example.test`, role: 'staff' });
    assert.equal(existing.statusCode, 201, existing.body);
    assert.equal(unknown.statusCode, 201, unknown.body);
    assert.deepEqual(shape(existing), shape(unknown));
    assert.deepEqual(Object.keys(existing.data.invitation).sort(), ['createdAt', 'email', 'expiresAt', 'invitationId', 'invitedBy', 'name', 'role', 'status']);
    assert.equal(existing.data.mailed, false);
    assert.match(existing.data.inviteUrl, /^http:\/\/localhost:3000\/console\/accept-invite\?token=inv_[A-Za-z0-9_-]{40,}$/);
    const otherOwnerName = (await env.inject({ method: 'GET', url: '/api/auth/me', headers: env.staffHeaders(other) })).data.user.name;
    assert.ok(!existing.body.includes(otherOwnerName), 'the existing account\'s name is not disclosed');
    assert.equal(existing.data.invitation.invitedBy.name, 'Owner ' + /\d+/.exec((await env.inject({ method: 'GET', url: '/api/auth/me', headers: env.staffHeaders(store) })).data.user.name)![0]);
    // No account for the unknown address, no membership for the existing one.
    assert.equal(await env.db.selectFrom('users').select('id').where('email', '=', unknown.data.invitation.email).executeTakeFirst(), undefined);
    const list = await members(env, store);
    assert.ok(!list.members.some((m: any) => m.email === other.email), 'not a member before accepting');
    assert.deepEqual(list.invitations.map((i: any) => i.email).sort(), [other.email, unknown.data.invitation.email].sort());
    assert.ok(list.invitations.every((i: any) => i.status === 'pending'));
    expectError(await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}`, headers: env.staffHeaders(other) }), 403, 'forbidden');
  });

  test('a new person accepts with the name and password they choose: the account is made then, signed in, and a member; the link works once', async () => {
    const email = `ama-${Date.now()}@example.test`;
    const invited = await invite(env, store, { email: email.toUpperCase(), role: 'admin', name: 'Ama' });
    const token = tokenOf(invited);
    const seen = await preview(env, token);
    assert.equal(seen.statusCode, 200, seen.body);
    assert.deepEqual({ ...seen.data.invitation, expiresAt: undefined }, { storeName: 'Adom Braids', role: 'admin', email, invitedBy: seen.data.invitation.invitedBy, expiresAt: undefined });
    const joined = await signup(env, token, 'Ama Mensah');
    assert.equal(joined.statusCode, 201, joined.body);
    assert.equal(joined.data.user.email, email);
    assert.equal(joined.data.user.name, 'Ama Mensah');
    assert.deepEqual(joined.data.store, { id: store.storeId, slug: store.slug, name: 'Adom Braids', role: 'admin' });
    assert.match(String(joined.headers['set-cookie']), /sis_session=sst_/);
    assert.equal((await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}`, headers: { authorization: `Bearer ${joined.data.token}` } })).statusCode, 200);
    const login = await env.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
    assert.equal(login.statusCode, 200);
    assert.equal(login.data.user.mustChangePassword, false);
    expectError(await signup(env, token), 400, 'invitation-used');
    expectError(await preview(env, token), 400, 'invitation-used');
    assert.ok(!(await members(env, store)).invitations.some((i: any) => i.email === email), 'an accepted invitation leaves the list');
  });

  test('someone with an account signs in and accepts; another account cannot use their link; a new-account attempt is told to sign in', async () => {
    const invited = await invite(env, store, { email: other.email, role: 'staff' });
    const token = tokenOf(invited);
    expectError(await signup(env, token), 409, 'email-taken');
    const stranger = await env.createStore();
    const wrong = await accept(env, token, stranger.token);
    expectError(wrong, 403, 'invitation-other-account');
    const ok = await accept(env, token, other.token);
    assert.equal(ok.statusCode, 200, ok.body);
    assert.deepEqual(ok.data.store, { id: store.storeId, slug: store.slug, name: 'Adom Braids', role: 'staff' });
    assert.equal((await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/items`, headers: env.staffHeaders(other) })).statusCode, 200);
    expectError(await accept(env, token, other.token), 400, 'invitation-used');
    expectError(await env.inject({ method: 'POST', url: '/api/auth/invitation/accept', payload: { token } }), 401, 'unauthorized');
  });

  test('an address invited and never accepted can still sign up on its own (the invitation made no account)', async () => {
    const email = `signs-up-alone-${Date.now()}@example.test`;
    assert.equal((await invite(env, store, { email, role: 'staff' })).statusCode, 201);
    const own = await env.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: PASSWORD, name: 'Owner of it', store: { name: 'Own shop' } } });
    assert.equal(own.statusCode, 201, own.body);
  });

  test('resend makes a new link and the old one stops; withdraw stops it; expired after 7 days; unknown links are refused', async () => {
    const email = `resend-${Date.now()}@example.test`;
    const first = await invite(env, store, { email, role: 'staff' });
    const resent = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/invitations/${first.data.invitation.invitationId}/resend`, headers: env.staffHeaders(store) });
    assert.equal(resent.statusCode, 201, resent.body);
    assert.notEqual(tokenOf(resent), tokenOf(first));
    expectError(await preview(env, tokenOf(first)), 400, 'invitation-withdrawn');
    assert.equal((await preview(env, tokenOf(resent))).statusCode, 200);

    const gone = await env.inject({ method: 'DELETE', url: `/api/stores/${store.storeId}/invitations/${resent.data.invitation.invitationId}`, headers: env.staffHeaders(store) });
    assert.equal(gone.statusCode, 200, gone.body);
    expectError(await signup(env, tokenOf(resent)), 400, 'invitation-withdrawn');
    expectError(await env.inject({ method: 'DELETE', url: `/api/stores/${store.storeId}/invitations/${resent.data.invitation.invitationId}`, headers: env.staffHeaders(store) }), 404, 'invitation-not-found');

    const later = await invite(env, store, { email, role: 'staff' });
    mock.timers.enable({ apis: ['Date'], now: Date.now() + 7 * 24 * 3600_000 + 1000 });
    try {
      expectError(await preview(env, tokenOf(later)), 400, 'invitation-expired');
      expectError(await signup(env, tokenOf(later)), 400, 'invitation-expired');
      assert.equal((await members(env, store)).invitations.find((i: any) => i.email === email).status, 'expired');
      // An expired invitation can be sent again.
      const again = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/invitations/${later.data.invitation.invitationId}/resend`, headers: env.staffHeaders(store) });
      assert.equal(again.statusCode, 201, again.body);
      assert.equal((await signup(env, tokenOf(again))).statusCode, 201);
    } finally {
      mock.timers.reset();
    }
    expectError(await preview(env, 'inv_madeup'), 400, 'invitation-invalid');
    expectError(await env.inject({ method: 'POST', url: '/api/auth/invitation', payload: {} }), 400, 'validation-failed');
    expectError(await env.inject({ method: 'POST', url: '/api/auth/invitation/signup', payload: { token: 'inv_x', name: 'A', password: 'short' } }), 400, 'validation-failed');
  });

  test('tenant walls and roles: staff cannot invite; another store cannot list, resend or withdraw; only an owner invites an owner', async () => {
    const invited = await invite(env, store, { email: `walls-${Date.now()}@example.test`, role: 'staff' });
    const id = invited.data.invitation.invitationId;
    const staff = await env.addMember(store, { role: 'staff' });
    expectError(await invite(env, store, { email: 'x@example.test', role: 'staff' }, staff.headers), 403, 'forbidden');
    expectError(await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/invitations/${id}/resend`, headers: env.staffHeaders(other) }), 403, 'forbidden');
    expectError(await env.inject({ method: 'DELETE', url: `/api/stores/${store.storeId}/invitations/${id}`, headers: env.staffHeaders(other) }), 403, 'forbidden');
    expectError(await env.inject({ method: 'DELETE', url: `/api/stores/${other.storeId}/invitations/${id}`, headers: env.staffHeaders(other) }), 404, 'invitation-not-found');
    expectError(await env.inject({ method: 'POST', url: `/api/stores/${other.storeId}/invitations/${id}/resend`, headers: env.staffHeaders(other) }), 404, 'invitation-not-found');
    const admin = await env.addMember(store, { role: 'admin' });
    expectError(await invite(env, store, { email: 'owner-to-be@example.test', role: 'owner' }, admin.headers), 403, 'forbidden');
    assert.equal((await invite(env, store, { email: 'staff-by-admin@example.test', role: 'staff' }, admin.headers)).statusCode, 201);
    assert.equal((await preview(env, tokenOf(invited))).statusCode, 200, 'the invitation is untouched');
  });

  test('bad input: missing, malformed, oversized and unknown fields are 400 with details', async () => {
    for (const payload of [{}, { email: 'not-an-email', role: 'staff' }, { email: 'a@example.test', role: 'boss' }, { email: `${'a'.repeat(250)}@example.test`, role: 'staff' }, { email: 'a@example.test', role: 'staff', extra: 1 }]) {
      const res = await invite(env, store, payload);
      expectError(res, 400, 'validation-failed');
      assert.ok(res.data.details.length > 0);
    }
  });
});

describeEachDb('staff invitations are throttled per store and per inviter', (env) => {
  test('bursts of 60: the inviter\'s budget (3 an hour) then the store\'s (5 an hour) hold; the rest 429 with Retry-After, nothing made', async () => {
    const store = await env.createStore();
    const admin = await env.addMember(store, { role: 'admin' }); // the owner's first invitation, the store's first
    const burst = (headers: Record<string, string>, tag: string) =>
      Promise.all(Array.from({ length: 60 }, (_, i) => invite(env, store, { email: `burst-${tag}-${i}@example.test`, role: 'staff' }, headers)));
    const check = (answers: Response[], admitted: number, who: RegExp) => {
      const statuses = answers.map((r) => r.statusCode);
      assert.equal(statuses.filter((s) => s === 201).length, admitted, String(statuses));
      for (const refused of answers.filter((r) => r.statusCode !== 201)) {
        expectError(refused, 429, 'rate-limited');
        assert.equal(refused.data.reason, 'invitations-per-hour');
        assert.match(refused.data.message, who);
        assert.ok(Number(refused.headers['retry-after']) > 3000);
      }
    };
    check(await burst(env.staffHeaders(store), 'owner'), 2, /^You sent as many invitations as an hour allows/);
    check(await burst(admin.headers, 'admin'), 2, /^This store sent as many invitations as an hour allows/);
    assert.equal((await members(env, store)).invitations.length, 4);
    // An hour later the store may invite again.
    mock.timers.enable({ apis: ['Date'], now: Date.now() + 3600_000 + 1000 });
    try {
      assert.equal((await invite(env, store, { email: 'next-hour@example.test', role: 'staff' })).statusCode, 201);
    } finally {
      mock.timers.reset();
    }
  });

  test('one inviter over all their stores: 3 an hour', async () => {
    const owner = await env.createStore();
    // The same person owns a second store: invited as its owner, accepted.
    const second = await env.createStore();
    const invited = await invite(env, second, { email: owner.email, role: 'owner' });
    assert.equal((await accept(env, tokenOf(invited), owner.token)).statusCode, 200);
    const asOwner = { authorization: `Bearer ${owner.token}` };
    const answers = [];
    for (const [i, target] of [owner, second, owner, second].entries()) answers.push(await invite(env, target, { email: `per-inviter-${i}@example.test`, role: 'staff' }, asOwner));
    assert.deepEqual(answers.map((r) => r.statusCode), [201, 201, 201, 429]);
    assert.match(answers[3].data.message, /^You sent as many invitations as an hour allows/);
  });
}, { env: { INVITES_PER_STORE_PER_HOUR: '5', INVITES_PER_INVITER_PER_HOUR: '3' } });

const smtp = await startSmtpPeer();
after(() => smtp.stop());

describeEachDb('staff invitations by mail (a real SMTP server)', (env) => {
  before(() => startMessageWorkers(env.app.ctx, { pollMs: 50 }));

  test('the link goes to the address only: the answer has no link, the mail has it, and the outbox keeps none once sent', async () => {
    const store = await env.createStore({ name: 'Kente & Co' });
    const email = `mailed-${Date.now()}@example.test`;
    const invited = await invite(env, store, { email, role: 'staff' });
    assert.equal(invited.statusCode, 201, invited.body);
    assert.equal(invited.data.mailed, true);
    assert.equal(invited.data.inviteUrl, undefined);
    await waitFor('the invitation mail', () => smtp.messages.some((m) => m.to.includes(email)));
    const mail = smtp.messages.find((m) => m.to.includes(email))!;
    assert.match(mail.text, /Subject: Join Kente & Co/);
    const link = /(http:\/\/localhost:3000\/console\/accept-invite\?token=(inv_[A-Za-z0-9_-]+))/.exec(mail.text);
    assert.ok(link, mail.text);
    await waitFor('the outbox row marked sent', async () => (await env.db.selectFrom('mail_outbox').select('status').where('to_address', '=', email).executeTakeFirst())?.status === 'sent');
    const row = await env.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
    assert.doesNotMatch(row.body_text, /inv_/);
    const rows = await env.db.selectFrom('invitations').selectAll().where('email', '=', email).execute();
    assert.ok(rows.every((r) => !JSON.stringify(r).includes(link[2])), 'the token is stored only as a hash');
    assert.equal((await signup(env, link[2])).statusCode, 201);
  });
}, { env: { SMTP_URL: smtp.url } });
