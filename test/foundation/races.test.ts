// Concurrent staff writes that race a unique constraint (store slug, user email, membership).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describeEachDb, expectError } from '../helpers/app.ts';

/** Every log line the app writes, to prove what never reaches it. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, callback) {
    logLines.push(String(chunk));
    callback();
  },
});

describeEachDb('staff writes racing a unique constraint', (env) => {
  test('signups at once with one store name each get the next free slug, none a 409', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        env.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: `same-name-${i}@example.test`, password: 'long enough pw', name: 'Owner', store: { name: 'Corner Bakery' } } }),
      ),
    );
    assert.deepEqual(answers.filter((r) => r.statusCode !== 201).map((r) => `${r.statusCode} ${r.body}`), []);
    const slugs = answers.map((r) => r.data.store.slug).sort();
    assert.deepEqual(slugs, ['corner-bakery', ...Array.from({ length: 11 }, (_, i) => `corner-bakery-${i + 2}`)].sort());
  });

  test('signups at once with one email: one account, the others 409 email-taken', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        env.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'twice@example.test', password: 'long enough pw', name: 'Owner', store: { name: `Shop ${i}` } } }),
      ),
    );
    assert.equal(answers.filter((r) => r.statusCode === 201).length, 1, answers.map((r) => r.body).join('\n'));
    for (const lost of answers.filter((r) => r.statusCode !== 201)) expectError(lost, 409, 'email-taken');
  });

  test('20 invites at once of one email: each answers 201, one invitation stays open, no account exists before it is accepted, no email in the logs', async () => {
    const store = await env.createStore();
    const email = 'raced-invite@example.test';
    logLines.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/members`, headers: env.staffHeaders(store), payload: { email, role: 'staff' } })),
    );
    assert.deepEqual(answers.map((r) => r.statusCode), answers.map(() => 201), answers.map((r) => `${r.statusCode} ${r.body}`).join('\n'));
    const list = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/members`, headers: env.staffHeaders(store) });
    assert.equal(list.data.invitations.filter((i: any) => i.email === email).length, 1, 'each invite replaced the one before');
    assert.equal(await env.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(), undefined);
    // Only the newest link works.
    const open = list.data.invitations[0].invitationId;
    const winner = answers.find((r) => r.data.invitation.invitationId === open)!;
    const token = (r: any) => new URL(r.data.inviteUrl).searchParams.get('token');
    const loser = answers.find((r) => r !== winner)!;
    expectError(await env.inject({ method: 'POST', url: '/api/auth/invitation/signup', payload: { token: token(loser), name: 'Raced', password: 'long enough password' } }), 400, 'invitation-withdrawn');
    const accepted = await env.inject({ method: 'POST', url: '/api/auth/invitation/signup', payload: { token: token(winner), name: 'Raced', password: 'long enough password' } });
    assert.equal(accepted.statusCode, 201, accepted.body);
    assert.deepEqual(accepted.data.store.id, store.storeId);
    assert.deepEqual(logLines.filter((l) => l.includes(email) || /"level":50/.test(l)), []);
  });

  test('one link accepted 10 times at once: one account and one membership, the rest 400 invitation-used', async () => {
    const store = await env.createStore();
    const email = 'raced-accept@example.test';
    const invited = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/members`, headers: env.staffHeaders(store), payload: { email, role: 'admin' } });
    const token = new URL(invited.data.inviteUrl).searchParams.get('token');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => env.inject({ method: 'POST', url: '/api/auth/invitation/signup', payload: { token, name: `Racer ${i}`, password: 'long enough password' } })),
    );
    assert.equal(answers.filter((r) => r.statusCode === 201).length, 1, answers.map((r) => `${r.statusCode} ${r.body}`).join('\n'));
    for (const lost of answers.filter((r) => r.statusCode !== 201)) assert.ok(['invitation-used', 'email-taken'].includes(lost.data.error), lost.body);
    assert.equal((await env.db.selectFrom('users').select('id').where('email', '=', email).execute()).length, 1);
    const members = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/members`, headers: env.staffHeaders(store) });
    assert.equal(members.data.members.filter((m: any) => m.email === email).length, 1);
  });

  test('one new email invited by several stores at once: the first link makes the account, the others are accepted with it', async () => {
    const stores = await Promise.all(Array.from({ length: 6 }, () => env.createStore()));
    const email = 'many-stores@example.test';
    const answers = await Promise.all(
      stores.map((s) => env.inject({ method: 'POST', url: `/api/stores/${s.storeId}/members`, headers: env.staffHeaders(s), payload: { email, role: 'admin' } })),
    );
    assert.deepEqual(answers.map((r) => r.statusCode), stores.map(() => 201), answers.map((r) => r.body).join('\n'));
    const tokens = answers.map((r) => new URL(r.data.inviteUrl).searchParams.get('token'));
    const created = await env.inject({ method: 'POST', url: '/api/auth/invitation/signup', payload: { token: tokens[0], name: 'Many', password: 'long enough password' } });
    assert.equal(created.statusCode, 201, created.body);
    expectError(await env.inject({ method: 'POST', url: '/api/auth/invitation/signup', payload: { token: tokens[1], name: 'Many', password: 'long enough password' } }), 409, 'email-taken');
    const accepts = await Promise.all(tokens.slice(1).map((token) => env.inject({ method: 'POST', url: '/api/auth/invitation/accept', headers: { authorization: `Bearer ${created.data.token}` }, payload: { token } })));
    assert.deepEqual(accepts.map((r) => r.statusCode), tokens.slice(1).map(() => 200), accepts.map((r) => r.body).join('\n'));
    const login = await env.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'long enough password' } });
    assert.equal(login.data.stores.length, stores.length);
  });
}, { deps: { logger: { level: 'info', stream: logStream } } });
