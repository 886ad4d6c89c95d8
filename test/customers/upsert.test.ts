// upsertFromContact is what bookings and checkout call inside their transactions.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, type TestStore } from '../helpers/app.ts';

describeEachDb('customers.upsertFromContact', (env) => {
  let store: TestStore;
  const svc = () => env.app.ctx.services.customers;
  const row = (id: string) => env.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const countIn = async (storeId: string) => Number((await env.db.selectFrom('customers').select((eb) => eb.fn.countAll().as('n')).where('store_id', '=', storeId).executeTakeFirstOrThrow()).n);

  before(async () => {
    store = await env.createStore();
  });

  test('creates a customer with normalised email and phone and the given counters', async () => {
    const id = await svc().upsertFromContact(env.db, store.storeId, 'GH', { name: ' Ama Mensah ', email: ' Ama@Example.TEST ', phone: '+233 24 000 0001' }, { bookings: 1 });
    const r = await row(id);
    assert.equal(r.name, 'Ama Mensah');
    assert.equal(r.email, 'ama@example.test');
    assert.equal(r.phone, '+233 24 000 0001', 'the number as entered, for display');
    assert.equal(r.phone_key, '+233240000001', 'matched in E.164 form');
    assert.equal(Number(r.bookings_count), 1);
    assert.equal(Number(r.orders_count), 0);
  });

  test('lifetime spend grows past 2^31 minor units without overflow', async () => {
    const id = await svc().upsertFromContact(env.db, store.storeId, 'GH', { name: 'Big Spender', email: 'big@example.test' }, { orders: 1 });
    await svc().addSpent(env.db, store.storeId, id, 2_000_000_000);
    await svc().addSpent(env.db, store.storeId, id, 2_000_000_000);
    assert.equal(Number((await row(id)).total_spent_minor), 4_000_000_000);
  });

  test('matches by email (any case) and adds to the counters; the sent phone replaces the stored one', async () => {
    const id = await svc().upsertFromContact(env.db, store.storeId, 'GH', { name: 'Kofi', email: 'kofi@example.test', phone: '0240000002' }, { bookings: 1 });
    const again = await svc().upsertFromContact(env.db, store.storeId, 'GH', { name: 'Kofi Boateng', email: 'KOFI@example.test', phone: '0550000002' }, { orders: 1 });
    assert.equal(again, id);
    const r = await row(id);
    assert.equal(r.name, 'Kofi Boateng');
    assert.equal(r.phone, '0550000002');
    assert.equal(Number(r.bookings_count), 1);
    assert.equal(Number(r.orders_count), 1);
  });

  test('without an email match, matches by phone (formatting ignored) and fills in a missing email', async () => {
    const id = await svc().upsertFromContact(env.db, store.storeId, 'GH', { name: 'Esi', phone: '+233 20 000 0003' }, { bookings: 1 });
    assert.equal((await row(id)).email, null);
    const again = await svc().upsertFromContact(env.db, store.storeId, 'GH', { name: 'Esi', email: 'esi@example.test', phone: '+233200000003' }, { bookings: 1 });
    assert.equal(again, id);
    const r = await row(id);
    assert.equal(r.email, 'esi@example.test');
    assert.equal(Number(r.bookings_count), 2);
    // Now found by that email even without a phone.
    assert.equal(await svc().upsertFromContact(env.db, store.storeId, 'GH', { name: 'Esi', email: 'esi@example.test' }), id);
  });

  test('email wins over phone when they point at different customers', async () => {
    const byEmail = await svc().upsertFromContact(env.db, store.storeId, 'GH', { name: 'Yaw', email: 'yaw@example.test' });
    const byPhone = await svc().upsertFromContact(env.db, store.storeId, 'GH', { name: 'Other', phone: '0240000004' });
    const matched = await svc().upsertFromContact(env.db, store.storeId, 'GH', { name: 'Yaw', email: 'yaw@example.test', phone: '0240000004' }, { bookings: 1 });
    assert.equal(matched, byEmail);
    assert.notEqual(matched, byPhone);
    assert.equal(Number((await row(byPhone)).bookings_count), 0);
  });

  test('a phone match never replaces a different email already on the record', async () => {
    const id = await svc().upsertFromContact(env.db, store.storeId, 'GH', { name: 'Abena', email: 'abena@example.test', phone: '0240000005' });
    const matched = await svc().upsertFromContact(env.db, store.storeId, 'GH', { name: 'Abena', email: 'abena.new@example.test', phone: '024 000 0005' }, { bookings: 1 });
    assert.equal(matched, id);
    const r = await row(id);
    assert.equal(r.email, 'abena@example.test');
    assert.equal(Number(r.bookings_count), 1);
  });

  test('a blank name keeps the stored one; a contact with neither email nor phone always creates a new customer', async () => {
    const id = await svc().upsertFromContact(env.db, store.storeId, 'GH', { name: 'Kwame', email: 'kwame@example.test' });
    await svc().upsertFromContact(env.db, store.storeId, 'GH', { name: '  ', email: 'kwame@example.test' });
    assert.equal((await row(id)).name, 'Kwame');
    const a = await svc().upsertFromContact(env.db, store.storeId, 'GH', { name: 'Walk-in' });
    const b = await svc().upsertFromContact(env.db, store.storeId, 'GH', { name: 'Walk-in' });
    assert.notEqual(a, b);
  });

  test('the same email in another store is another customer', async () => {
    const other = await env.createStore();
    const here = await svc().upsertFromContact(env.db, store.storeId, 'GH', { name: 'Shared', email: 'shared@example.test' });
    const there = await svc().upsertFromContact(env.db, other.storeId, 'GH', { name: 'Shared', email: 'shared@example.test' });
    assert.notEqual(here, there);
    assert.equal((await row(there)).store_id, other.storeId);
  });

  test('runs inside the caller transaction: a rollback leaves no customer behind', async () => {
    const s = await env.createStore();
    await assert.rejects(
      env.db.transaction().execute(async (trx) => {
        await svc().upsertFromContact(trx, s.storeId, 'GH', { name: 'Ghost', email: 'ghost@example.test' }, { bookings: 1 });
        throw new Error('booking failed');
      }),
      /booking failed/,
    );
    assert.equal(await countIn(s.storeId), 0);
  });

  test('concurrent transactions with the same new email create one customer and lose no counter', async () => {
    const s = await env.createStore();
    const n = 12;
    const ids = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        env.db.transaction().execute((trx) => svc().upsertFromContact(trx, s.storeId, 'GH', { name: `Racer ${i}`, email: 'race@example.test', phone: '0240000099' }, { bookings: 1 })),
      ),
    );
    assert.equal(new Set(ids).size, 1);
    assert.equal(await countIn(s.storeId), 1);
    assert.equal(Number((await row(ids[0])).bookings_count), n);
  });

  test("a phone in any format of the store's country is the same customer: 0207654321, 020 765 4321, 233207654321, +233207654321", async () => {
    const s = await env.createStore();
    const id = await svc().upsertFromContact(env.db, s.storeId, 'GH', { name: 'Akosua', phone: '+233207654321' }, { bookings: 1 });
    for (const phone of ['0207654321', '020 765 4321', '233207654321']) {
      assert.equal(await svc().upsertFromContact(env.db, s.storeId, 'GH', { name: 'Akosua', phone }, { bookings: 1 }), id, phone);
    }
    const r = await env.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal(Number(r.bookings_count), 4);
    assert.equal(r.phone, '+233207654321', 'matched by phone, the stored number is kept');
    // A British store reads 0207654321 as a London number: another customer.
    const uk = await env.createStore();
    const london = await svc().upsertFromContact(env.db, uk.storeId, 'GB', { name: 'Londoner', phone: '020 7654 321' });
    assert.equal((await env.db.selectFrom('customers').select('phone_key').where('id', '=', london).executeTakeFirstOrThrow()).phone_key, '+44207654321');
  });

  test('the contact lookup finds the email match and the oldest phone match, in one statement on both engines', async () => {
    // PostgreSQL runs this lookup only after losing a race (its first try is one upsert statement),
    // so it is called directly here: a syntax only SQLite accepted once passed every other test.
    const s = await env.createStore();
    const byEmail = await svc().upsertFromContact(env.db, s.storeId, 'GH', { name: 'Esi', email: 'esi@example.test', phone: '0240000111' });
    const oldest = await svc().upsertFromContact(env.db, s.storeId, 'GH', { name: 'Yaw', phone: '0240000222' });
    await svc().upsertFromContact(env.db, s.storeId, 'GH', { name: 'Yaw too', email: 'yaw2@example.test', phone: '0240000333' });
    const { findByContact } = await import('../../src/modules/customers/repository.ts');
    const both = await findByContact(env.db, s.storeId, 'esi@example.test', '+233240000222');
    assert.equal(both.byEmail?.id, byEmail);
    assert.equal(both.byPhone?.id, oldest);
    const phoneOnly = await findByContact(env.db, s.storeId, null, '+233240000222');
    assert.equal(phoneOnly.byEmail, undefined);
    assert.equal(phoneOnly.byPhone?.id, oldest);
    const none = await findByContact(env.db, s.storeId, 'nobody@example.test', null);
    assert.deepEqual(none, { byEmail: undefined, byPhone: undefined });
    // Another store's customers are not found.
    const other = await env.createStore();
    assert.deepEqual(await findByContact(env.db, other.storeId, 'esi@example.test', '+233240000222'), { byEmail: undefined, byPhone: undefined });
  });

  test('addSpent adds payments and subtracts refunds', async () => {
    const id = await svc().upsertFromContact(env.db, store.storeId, 'GH', { name: 'Payer', email: 'payer@example.test' }, { orders: 1 });
    await svc().addSpent(env.db, store.storeId, id, 12_550);
    await svc().addSpent(env.db, store.storeId, id, -2_550);
    const customer = await svc().getCustomer(store.storeId, id);
    assert.equal(customer.totalSpentMinor, 10_000);
    assert.equal(customer.totalSpent, 100);
    // Another store's id is not touched.
    const other = await env.createStore();
    await svc().addSpent(env.db, other.storeId, id, 99_999);
    assert.equal((await svc().getCustomer(store.storeId, id)).totalSpentMinor, 10_000);
  });
});
