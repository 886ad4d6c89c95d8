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

  test('20 invites at once of one new email: one creates the account with a temporary password, the rest 409, no email in the logs', async () => {
    const store = await env.createStore();
    const email = 'raced-invite@example.test';
    logLines.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/members`, headers: env.staffHeaders(store), payload: { email, role: 'staff' } })),
    );
    const created = answers.filter((r) => r.statusCode === 201);
    assert.equal(created.length, 1, answers.map((r) => `${r.statusCode} ${r.body}`).join('\n'));
    for (const lost of answers.filter((r) => r.statusCode !== 201)) expectError(lost, 409, 'conflict');
    const login = await env.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: created[0].data.temporaryPassword } });
    assert.equal(login.statusCode, 200, login.body);
    assert.deepEqual(login.data.stores.map((s: any) => s.id), [store.storeId]);
    assert.deepEqual(logLines.filter((l) => l.includes(email) || /"level":50/.test(l)), []);
  });

  test('one new email invited by several stores at once: every store gets the member, one temporary password', async () => {
    const stores = await Promise.all(Array.from({ length: 6 }, () => env.createStore()));
    const email = 'many-stores@example.test';
    const answers = await Promise.all(
      stores.map((s) => env.inject({ method: 'POST', url: `/api/stores/${s.storeId}/members`, headers: env.staffHeaders(s), payload: { email, role: 'admin' } })),
    );
    assert.deepEqual(answers.map((r) => r.statusCode), stores.map(() => 201), answers.map((r) => r.body).join('\n'));
    const passwords = answers.map((r) => r.data.temporaryPassword).filter(Boolean);
    assert.equal(passwords.length, 1);
    const login = await env.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: passwords[0] } });
    assert.equal(login.data.stores.length, stores.length);
  });
}, { deps: { logger: { level: 'info', stream: logStream } } });
