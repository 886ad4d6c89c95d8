import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type TestEnv, type TestStore } from '../helpers/app.ts';
import { integrationAuthMatrix } from '../helpers/integration-auth-matrix.ts';

const WEBSITE_SCOPES = ['catalog:read', 'content:read', 'availability:read', 'bookings:read', 'bookings:write', 'checkout:write', 'orders:read'];

async function addCustomer(env: TestEnv, store: TestStore, payload: Record<string, unknown>) {
  const res = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/customers`, headers: env.staffHeaders(store), payload });
  assert.equal(res.statusCode, 201, res.body);
  return res.data.customer;
}

describeEachDb('GET /integrationCustomers', (env) => {
  let store: TestStore;
  let key: string;
  const list = (query = '', k = key, s = store) => env.inject({ method: 'GET', url: `/integrationCustomers?storeId=${s.storeId}${query}`, headers: env.keyHeaders(k) });

  before(async () => {
    store = await env.createStore({ currency: 'GHS' });
    key = await env.createKey(store, ['customers:read']);
  });

  test('a default website key is 403 forbidden: customers:read must be granted explicitly', async () => {
    const websiteKey = await env.createKey(store);
    const res = await list('', websiteKey);
    expectError(res, 403, 'forbidden');
    assert.match(res.data.message, /customers:read/);
  });

  test('an empty store answers an empty page', async () => {
    const s = await env.createStore();
    const res = await list('', await env.createKey(s, ['customers:read']), s);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.data, { ok: true, storeId: s.storeId, count: 0, customers: [], nextCursor: null });
  });

  test('returns every CONTRACT §4 field, never cached', async () => {
    const s = await env.createStore({ currency: 'GHS' });
    const k = await env.createKey(s, ['customers:read', 'catalog:read']);
    const id = await env.app.ctx.services.customers.upsertFromContact(env.db, s.storeId, 'GH', { name: 'Ama', email: 'ama@example.test', phone: '+233 24 000 0000' }, { bookings: 2, orders: 1 });
    await env.app.ctx.services.customers.addSpent(env.db, s.storeId, id, 4550);
    const res = await list('', k, s);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.data.count, 1);
    const c = res.data.customers[0];
    assert.deepEqual(Object.keys(c).sort(), ['bookingsCount', 'createdAt', 'email', 'id', 'name', 'noShowCount', 'notes', 'ordersCount', 'phone', 'phoneE164', 'tags', 'totalSpent', 'totalSpentMinor', 'updatedAt']);
    assert.equal(c.id, id);
    assert.equal(c.email, 'ama@example.test');
    assert.equal(c.phone, '+233 24 000 0000', 'as entered');
    assert.equal(c.phoneE164, '+233240000000');
    assert.deepEqual([c.notes, c.tags, c.noShowCount], [null, [], 0]);
    assert.equal(c.bookingsCount, 2);
    assert.equal(c.ordersCount, 1);
    assert.equal(c.totalSpentMinor, 4550);
    assert.equal(c.totalSpent, 45.5);
  });

  test('pages newest first with a cursor (default 20), stable while customers are added between pages', async () => {
    const s = await env.createStore();
    const k = await env.createKey(s, ['customers:read']);
    for (let i = 0; i < 25; i++) await addCustomer(env, s, { name: `Customer ${i}`, email: `c${i}@example.test` });
    const first = await list('', k, s);
    assert.equal(first.data.count, 20);
    assert.equal(first.data.customers.length, 20);
    assert.equal(typeof first.data.nextCursor, 'string');

    await addCustomer(env, s, { name: 'Late arrival', email: 'late@example.test' });
    const second = await list(`&cursor=${encodeURIComponent(first.data.nextCursor)}`, k, s);
    assert.equal(second.statusCode, 200, second.body);
    assert.equal(second.data.count, 5);
    assert.equal(second.data.nextCursor, null);

    const seen = [...first.data.customers, ...second.data.customers];
    assert.equal(new Set(seen.map((c: any) => c.id)).size, 25, 'no duplicates, no gaps');
    assert.ok(!seen.some((c: any) => c.name === 'Late arrival'));
    const keys = seen.map((c: any) => `${c.createdAt}|${c.id}`);
    assert.deepEqual(keys, [...keys].sort().reverse(), 'newest first');

    const small: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await list(`&limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, k, s);
      assert.ok(page.data.count <= 7);
      small.push(...page.data.customers.map((c: any) => c.id));
      cursor = page.data.nextCursor;
    } while (cursor);
    assert.equal(small.length, 26);
    assert.equal(new Set(small).size, 26);
    assert.equal((await list('&limit=100', k, s)).data.count, 26);
  });

  test('q matches name (any case), email or phone digits; LIKE wildcards are literal', async () => {
    const s = await env.createStore();
    const k = await env.createKey(s, ['customers:read']);
    await addCustomer(env, s, { name: 'Adwoa Owusu', email: 'adwoa@shop.example', phone: '+233 24 111 2222' });
    await addCustomer(env, s, { name: 'Kojo Asante', email: 'kojo@mail.example', phone: '0207773333' });
    await addCustomer(env, s, { name: '100% Cotton Ltd', email: 'cotton@mail.example' });
    await addCustomer(env, s, { name: 'Under_score', email: 'under@mail.example' });
    const names = async (q: string) => (await list(`&q=${encodeURIComponent(q)}`, k, s)).data.customers.map((c: any) => c.name).sort();
    assert.deepEqual(await names('adwoa'), ['Adwoa Owusu']);
    assert.deepEqual(await names('ASANTE'), ['Kojo Asante']);
    assert.deepEqual(await names('mail.example'), ['100% Cotton Ltd', 'Kojo Asante', 'Under_score']);
    assert.deepEqual(await names('Shop.Example'), ['Adwoa Owusu']);
    assert.deepEqual(await names('111 2222'), ['Adwoa Owusu']);
    assert.deepEqual(await names('+233241'), ['Adwoa Owusu']);
    assert.deepEqual(await names('777'), ['Kojo Asante']);
    assert.deepEqual(await names('%'), ['100% Cotton Ltd']);
    assert.deepEqual(await names('_'), ['Under_score']);
    assert.deepEqual(await names("'; drop table customers; --"), []);
    assert.deepEqual(await names('nobody'), []);
    const paged = await list('&q=mail.example&limit=2', k, s);
    assert.equal(paged.data.count, 2);
    const rest = await list(`&q=mail.example&limit=2&cursor=${encodeURIComponent(paged.data.nextCursor)}`, k, s);
    assert.equal(rest.data.count, 1);
    assert.equal(rest.data.nextCursor, null);
  });

  test('limit outside 1–100, a non-integer limit, a forged cursor or an overlong q is 400 validation-failed', async () => {
    for (const query of ['&limit=0', '&limit=101', '&limit=-5', '&limit=abc', '&limit=1.5', '&cursor=not-a-cursor', `&cursor=${Buffer.from('[1]').toString('base64url')}`, `&q=${'x'.repeat(201)}`]) {
      const res = await list(query);
      expectError(res, 400, 'validation-failed');
      assert.ok(res.data.details?.length, query);
    }
  });

  test('credentials and scope are checked before the query: bad limit without a key is 401, with a website key 403', async () => {
    expectError(await env.inject({ method: 'GET', url: `/integrationCustomers?storeId=${store.storeId}&limit=0` }), 401, 'unauthorized');
    expectError(await list('&limit=0', await env.createKey(store)), 403, 'forbidden');
  });

  test("never lists another store's customers", async () => {
    const other = await env.createStore();
    await addCustomer(env, other, { name: 'Secret Other', email: 'secret@other.example' });
    const res = await list('&limit=100&q=secret');
    assert.equal(res.data.count, 0);
  });
});

describeEachDb('GET /integrationCustomers auth matrix', (env) => {
  integrationAuthMatrix(env, { path: '/integrationCustomers', scope: 'customers:read', scopesWithoutIt: WEBSITE_SCOPES });
});
