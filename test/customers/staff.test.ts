import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type Kysely } from 'kysely';
import { SCHEMA_CHANGE_LOCK } from '../../src/db/migrate.ts';
import { describeEachDb, expectError, type TestStore } from '../helpers/app.ts';

const HOSTILE = '<script>alert(document.cookie)</script>"\'; DROP TABLE customers; --';

describeEachDb('staff customer management', (env) => {
  let store: TestStore;
  let other: TestStore;
  const call = (method: string, path: string, payload?: unknown, s: TestStore = store, headers?: Record<string, string>) =>
    env.inject({
      method: method as any,
      url: `/api/stores/${s.storeId}/customers${path}`,
      headers: headers ?? env.staffHeaders(s),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  before(async () => {
    store = await env.createStore({ currency: 'USD' });
    other = await env.createStore();
  });

  test('create lowercases email and keeps the phone as entered (with its E.164 form); get, list, update and delete', async () => {
    const created = await call('POST', '', { name: '  Efua Sey ', email: ' Efua.Sey@Example.TEST ', phone: '+233 (24) 555-0101' });
    assert.equal(created.statusCode, 201, created.body);
    const c = created.data.customer;
    assert.match(c.id, /^cus_/);
    assert.equal(c.name, 'Efua Sey');
    assert.equal(c.email, 'efua.sey@example.test');
    assert.equal(c.phone, '+233 (24) 555-0101');
    assert.equal(c.phoneE164, '+233245550101');
    assert.equal(c.bookingsCount, 0);
    assert.equal(c.totalSpent, 0);

    const got = await call('GET', `/${c.id}`);
    assert.equal(got.statusCode, 200);
    assert.deepEqual(got.data.customer, c);
    assert.equal(got.headers['cache-control'], 'no-store');

    const listed = await call('GET', '?q=efua');
    assert.equal(listed.statusCode, 200);
    assert.deepEqual(listed.data, { ok: true, count: 1, customers: [c], nextCursor: null });

    const updated = await call('PATCH', `/${c.id}`, { phone: null, email: 'EFUA@new.example' });
    assert.equal(updated.statusCode, 200, updated.body);
    assert.equal(updated.data.customer.name, 'Efua Sey');
    assert.equal(updated.data.customer.phone, null);
    assert.equal(updated.data.customer.email, 'efua@new.example');
    assert.ok(updated.data.customer.updatedAt >= c.updatedAt);

    assert.deepEqual((await call('DELETE', `/${c.id}`)).data, { ok: true, deleted: c.id });
    expectError(await call('GET', `/${c.id}`), 404, 'not-found');
    expectError(await call('PATCH', `/${c.id}`, { name: 'x' }), 404, 'not-found');
    expectError(await call('DELETE', `/${c.id}`), 404, 'not-found');
  });

  /**
   * Table DDL on PostgreSQL under the lock migrations take: a migration in another test process reads
   * every schema's tables (Kysely's introspection), and a table dropped meanwhile failed it with
   * 'relation "….fk_probe" does not exist'.
   */
  const schemaChange = (change: (db: Kysely<any>) => Promise<unknown>) =>
    env.dialect.name !== 'postgres'
      ? change(env.db)
      : env.db.connection().execute(async (conn) => {
          await sql`select pg_advisory_lock(${SCHEMA_CHANGE_LOCK})`.execute(conn);
          try {
            await change(conn);
          } finally {
            await sql`select pg_advisory_unlock(${SCHEMA_CHANGE_LOCK})`.execute(conn);
          }
        });

  test('deleting a customer that other records still reference is 409 conflict and keeps the customer', async () => {
    // Stands in for a bookings or orders table with a foreign key to customers.
    await schemaChange((db) => db.schema.createTable('fk_probe').addColumn('id', 'text', (c) => c.primaryKey()).addColumn('customer_id', 'text', (c) => c.references('customers.id')).execute());
    try {
      const c = (await call('POST', '', { name: 'Referenced' })).data.customer;
      await sql`insert into fk_probe (id, customer_id) values (${'p1'}, ${c.id})`.execute(env.db);
      expectError(await call('DELETE', `/${c.id}`), 409, 'conflict');
      assert.equal((await call('GET', `/${c.id}`)).statusCode, 200);
      await sql`delete from fk_probe`.execute(env.db);
      assert.equal((await call('DELETE', `/${c.id}`)).statusCode, 200);
    } finally {
      await schemaChange((db) => db.schema.dropTable('fk_probe').execute());
    }
  });

  test('a customer needs only a name', async () => {
    const res = await call('POST', '', { name: 'Walk-in' });
    assert.equal(res.statusCode, 201);
    assert.equal(res.data.customer.email, null);
    assert.equal(res.data.customer.phone, null);
  });

  test('an email already used in the store is 409 conflict, in any case, on create and on update', async () => {
    await call('POST', '', { name: 'First', email: 'dup@example.test' });
    const dup = await call('POST', '', { name: 'Second', email: 'DUP@Example.test' });
    expectError(dup, 409, 'conflict');
    assert.equal(dup.data.details[0].field, 'email');
    const second = (await call('POST', '', { name: 'Second', email: 'second@example.test' })).data.customer;
    expectError(await call('PATCH', `/${second.id}`, { email: 'dup@example.test' }), 409, 'conflict');
    assert.equal((await call('GET', `/${second.id}`)).data.customer.email, 'second@example.test');
    // Other stores may have the same email.
    assert.equal((await call('POST', '', { name: 'Elsewhere', email: 'dup@example.test' }, other)).statusCode, 201);
  });

  test('a phone already a customer\'s, in any format of the store\'s country, is 409 conflict on create and on update', async () => {
    const a = (await call('POST', '', { name: 'Phone A', phone: '0240001111' })).data.customer;
    for (const phone of ['024 000 1111', '+233240001111', '233240001111', '+233 24 000 1111']) {
      const dup = await call('POST', '', { name: 'Phone B', phone });
      expectError(dup, 409, 'conflict');
      assert.equal(dup.data.details[0].field, 'phone');
      assert.match(dup.data.message, new RegExp(a.id));
    }
    const b = (await call('POST', '', { name: 'Phone B', phone: '0240002222' })).data.customer;
    expectError(await call('PATCH', `/${b.id}`, { phone: '+233 24 000 1111' }), 409, 'conflict');
    // Its own number again, or another field, is no conflict.
    assert.equal((await call('PATCH', `/${a.id}`, { phone: '+233240001111' })).statusCode, 200);
    assert.equal((await call('PATCH', `/${b.id}`, { name: 'Phone Bee' })).statusCode, 200);
    // Another store may have the same number.
    assert.equal((await call('POST', '', { name: 'Elsewhere', phone: '0240001111' }, other)).statusCode, 201);
  });

  test('search finds a customer by any format of the number: 0207654321 finds +233207654321 and the reverse', async () => {
    const stored = (await call('POST', '', { name: 'Stored International', phone: '+233207654321' })).data.customer;
    const local = (await call('POST', '', { name: 'Stored Local', phone: '0551234567' })).data.customer;
    const ids = async (q: string) => (await call('GET', `?q=${encodeURIComponent(q)}`)).data.customers.map((c: { id: string }) => c.id);
    for (const q of ['0207654321', '020 765 4321', '233207654321', '+233207654321', '0207 65', '765 4321']) assert.deepEqual(await ids(q), [stored.id], q);
    for (const q of ['+233551234567', '233 55 123 4567', '0551234567', '055 123']) assert.deepEqual(await ids(q), [local.id], q);
    // Another store's customers are never found.
    assert.deepEqual((await call('GET', '?q=0207654321', undefined, other)).data.customers, []);
  });

  test('notes and tags: set, searched by tag, cleared', async () => {
    const c = (await call('POST', '', { name: 'Tagged', notes: ' Prefers mornings ', tags: [' VIP ', 'braids', 'VIP'] })).data.customer;
    assert.equal(c.notes, 'Prefers mornings');
    assert.deepEqual(c.tags, ['VIP', 'braids']);
    assert.ok((await call('GET', '?q=vip')).data.customers.some((x: { id: string }) => x.id === c.id));
    const cleared = (await call('PATCH', `/${c.id}`, { notes: null, tags: [] })).data.customer;
    assert.deepEqual([cleared.notes, cleared.tags], [null, []]);
    expectError(await call('POST', '', { name: 'Bad', tags: ['x'.repeat(41)] }), 400, 'validation-failed');
    expectError(await call('POST', '', { name: 'Bad', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }), 400, 'validation-failed');
    expectError(await call('POST', '', { name: 'Bad', notes: 'x'.repeat(2001) }), 400, 'validation-failed');
    expectError(await call('POST', '', { name: 'Bad', tags: 'VIP' }), 400, 'validation-failed');
  });

  test('concurrent creates with the same email: exactly one 201, the rest 409 conflict', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => call('POST', '', { name: `Racer ${i}`, email: 'racer@example.test' })));
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [201, ...Array(9).fill(409)]);
    for (const r of results.filter((x) => x.statusCode === 409)) expectError(r, 409, 'conflict');
    const rows = await env.db.selectFrom('customers').select('id').where('store_id', '=', store.storeId).where('email', '=', 'racer@example.test').execute();
    assert.equal(rows.length, 1);
  });

  test('refuses missing, malformed, oversized and wrongly typed input with 400 validation-failed', async () => {
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'n'.repeat(201) }, 'name'],
      [{ name: { first: 'A' } }, 'name'],
      [{ name: 'A', email: 'not-an-email' }, 'email'],
      [{ name: 'A', email: 'a@b' }, 'email'],
      [{ name: 'A', email: `${'a'.repeat(250)}@example.test` }, 'email'],
      [{ name: 'A', email: '<script>@x.y' }, 'email'],
      [{ name: 'A', email: ['a@b.c', 'd@e.f'] }, 'email'],
      [{ name: 'A', phone: '12345' }, 'phone'],
      [{ name: 'A', phone: '1234567890123456' }, 'phone'],
      [{ name: 'A', phone: 'call me' }, 'phone'],
      [{ name: 'A', phone: `+233${' '.repeat(40)}240000000` }, 'phone'],
      [{ name: 'A', phone: { number: '0240000000' } }, 'phone'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '', payload);
      expectError(res, 400, 'validation-failed');
      assert.ok(res.data.details.some((d: any) => d.field === field), `${JSON.stringify(payload).slice(0, 80)} → ${res.body}`);
    }
    expectError(await call('POST', '', [{ name: 'A' }]), 400, 'validation-failed');
    const c = (await call('POST', '', { name: 'Patchable' })).data.customer;
    expectError(await call('PATCH', `/${c.id}`, {}), 400, 'validation-failed');
    expectError(await call('PATCH', `/${c.id}`, { name: null }), 400, 'validation-failed');
    expectError(await call('PATCH', `/${c.id}`, { email: 'broken' }), 400, 'validation-failed');
    assert.equal((await call('GET', `/${c.id}`)).data.customer.name, 'Patchable');
    const bad = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/customers`, headers: { ...env.staffHeaders(store), 'content-type': 'application/json' }, payload: '{"name":' });
    expectError(bad, 400, 'invalid-json');
    expectError(await call('POST', '', { name: 'x'.repeat(1024 * 1024 + 1) }), 413, 'payload-too-large');
    expectError(await call('GET', '?limit=0'), 400, 'validation-failed');
    expectError(await call('GET', '?limit=101'), 400, 'validation-failed');
    expectError(await call('GET', '?cursor=%%%'), 400, 'validation-failed');
  });

  test('hostile strings are stored and returned verbatim as JSON data', async () => {
    const res = await call('POST', '', { name: HOSTILE });
    assert.equal(res.statusCode, 201);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    const got = await call('GET', `/${res.data.customer.id}`);
    assert.equal(got.data.customer.name, HOSTILE);
    assert.ok((await call('GET', '?q=%3Cscript%3E')).data.customers.some((c: any) => c.id === res.data.customer.id));
  });

  test("store B's staff can neither read nor write store A's customers", async () => {
    const a = (await call('POST', '', { name: 'A only', email: 'a-only@example.test' })).data.customer;
    const asB = env.staffHeaders(other);
    for (const [method, path, payload] of [
      ['GET', ''],
      ['POST', '', { name: 'Injected' }],
      ['GET', `/${a.id}`],
      ['PATCH', `/${a.id}`, { name: 'pwned' }],
      ['DELETE', `/${a.id}`],
    ] as [string, string, unknown?][]) {
      expectError(await call(method, path, payload, store, asB), 403, 'forbidden');
    }
    // B on its own store naming A's customer id finds nothing.
    expectError(await call('GET', `/${a.id}`, undefined, other), 404, 'not-found');
    expectError(await call('PATCH', `/${a.id}`, { name: 'pwned' }, other), 404, 'not-found');
    expectError(await call('DELETE', `/${a.id}`, undefined, other), 404, 'not-found');
    assert.ok(!(await call('GET', '?limit=100', undefined, other)).data.customers.some((c: any) => c.id === a.id));
    const still = (await call('GET', `/${a.id}`)).data.customer;
    assert.equal(still.name, 'A only');
  });

  test('without a session (or with an integration key) staff customer routes are 401 unauthorized', async () => {
    const key = await env.createKey(store, ['customers:read']);
    for (const headers of [{}, env.keyHeaders(key), { authorization: 'Bearer sst_forged' }]) {
      expectError(await call('GET', '', undefined, store, headers), 401, 'unauthorized');
      expectError(await call('POST', '', { name: 'x' }, store, headers), 401, 'unauthorized');
    }
  });

  test('a staff-role member reads, adds and edits customers but cannot delete them', async () => {
    const member = (await env.addMember(store, { role: 'staff' })).headers;
    const c = await call('POST', '', { name: 'By member' }, store, member);
    assert.equal(c.statusCode, 201);
    assert.equal((await call('PATCH', `/${c.data.customer.id}`, { name: 'Edited by member' }, store, member)).statusCode, 200);
    assert.equal((await call('GET', '', undefined, store, member)).statusCode, 200);
    expectError(await call('DELETE', `/${c.data.customer.id}`, undefined, store, member), 403, 'forbidden');
  });

  test('every customer route is in the OpenAPI document', async () => {
    const doc = (await env.inject({ method: 'GET', url: '/openapi.json' })).data;
    for (const op of [
      'get /integrationCustomers',
      'get /api/stores/{storeId}/customers',
      'post /api/stores/{storeId}/customers',
      'get /api/stores/{storeId}/customers/{customerId}',
      'patch /api/stores/{storeId}/customers/{customerId}',
      'delete /api/stores/{storeId}/customers/{customerId}',
    ]) {
      const [method, path] = op.split(' ');
      assert.ok(doc.paths[path]?.[method]?.summary, `${op} is documented`);
    }
  });
});
