// Idempotency-Key records are written with the work they answer for, and an "in progress" claim is a
// short lease: a claim left behind by a process that died runs afresh once the lease lapses, never
// stuck for the 24 h replay window (CONTRACT §9). The crash itself is exercised in test/ops/crash.test.ts.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { describeEachDb, expectError, type TestEnv, type TestStore } from '../helpers/app.ts';
import { basicPayload, checkout, createShop, type Shop } from '../checkout/helpers.ts';

const everyDay = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, start: '09:00', end: '17:00' }));
const dayAhead = (days: number) => DateTime.now().setZone('UTC').plus({ days }).toISODate()!;

describeEachDb('Idempotency-Key leases and records written with the work', (env) => {
  let store: TestStore;
  let key: string;
  let service: any;
  let shop: Shop;
  let n = 0;

  before(async () => {
    store = await env.createStore({ timezone: 'UTC' });
    key = await env.createKey(store);
    service = await env.createItem(store, { itemType: 'service', price: 20, schedule: { durationMinutes: 60, capacity: 50, maxAdvanceDays: 365, weeklyHours: everyDay } });
    shop = await createShop(env);
  });

  const body = () => ({ serviceId: service.id, bookingDate: dayAhead(10), bookingTime: '10:00', notes: `run ${++n}`, customer: { name: 'Efua', phone: '+233 24 555 0101' } });
  const book = (payload: unknown, idem: string, s = store, k = key) =>
    env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${s.storeId}`, headers: { ...env.keyHeaders(k), 'idempotency-key': idem }, payload: payload as any });
  const bookingsCount = async () => Number((await env.db.selectFrom('bookings').select((eb) => eb.fn.countAll().as('n')).where('store_id', '=', store.storeId).executeTakeFirstOrThrow()).n);
  const recordOf = (storeId: string, scope: string, idem: string) =>
    env.db.selectFrom('idempotency_keys').selectAll().where('store_id', '=', storeId).where('scope', '=', scope).where('key', '=', idem).executeTakeFirst();

  /** The state a process leaves when it dies after claiming `idem` for `payload` and before its work committed. */
  async function leftByCrash(env: TestEnv, storeId: string, scope: string, idem: string, send: () => Promise<unknown>, lockedUntil: string | null) {
    // The claim's request hash is whatever the service computes for this request: take it from a
    // completed twin request, then write the claim as a crashed process would have left it.
    const twin = `${idem}-twin`;
    await send();
    const done = await recordOf(storeId, scope, twin);
    assert.ok(done, 'twin recorded');
    await env.db
      .insertInto('idempotency_keys')
      .values({ store_id: storeId, scope, key: idem, request_hash: done.request_hash, status_code: null, response_body: null, locked_until: lockedUntil, created_at: new Date().toISOString() })
      .execute();
  }

  test('a key past its 24 h replay window is free again, even before housekeeping deletes it; one inside it still replays', async () => {
    const first = await book(body(), 'k-window');
    assert.equal(first.statusCode, 201, first.body);
    const age = async (hours: number) =>
      env.db
        .updateTable('idempotency_keys')
        .set({ created_at: new Date(Date.now() - hours * 3600_000).toISOString() })
        .where('store_id', '=', store.storeId)
        .where('key', '=', 'k-window')
        .execute();
    await age(23);
    expectError(await book(body(), 'k-window'), 409, 'idempotency-key-reuse');
    await age(25);
    const before = await bookingsCount();
    const fresh = await book(body(), 'k-window');
    assert.equal(fresh.statusCode, 201, fresh.body);
    assert.equal(fresh.headers['idempotent-replayed'], undefined);
    assert.notEqual(fresh.data.reference, first.data.reference);
    assert.equal(await bookingsCount(), before + 1);
    // The record now answers for the new booking, for the next 24 h.
    const rec = await recordOf(store.storeId, 'bookings.create', 'k-window');
    assert.equal(JSON.parse(rec!.response_body!).reference, fresh.data.reference);
    assert.ok(Date.now() - Date.parse(rec!.created_at) < 60_000);
  });

  test('a successful booking stores its answer with the booking: no lease left, the replay is identical', async () => {
    const payload = body();
    const first = await book(payload, 'k-ok');
    assert.equal(first.statusCode, 201, first.body);
    const rec = await recordOf(store.storeId, 'bookings.create', 'k-ok');
    assert.equal(rec?.status_code, 201);
    assert.equal(rec?.locked_until, null);
    assert.equal(JSON.parse(rec!.response_body!).reference, first.data.reference);
    const again = await book(payload, 'k-ok');
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.data, first.data);
  });

  test('a claim whose lease lapsed without a commit (the process died) is run afresh by the retry', async () => {
    const payload = body();
    await leftByCrash(env, store.storeId, 'bookings.create', 'k-lapsed', () => book(payload, 'k-lapsed-twin'), new Date(Date.now() - 1000).toISOString());
    const before = await bookingsCount();
    const retry = await book(payload, 'k-lapsed');
    assert.equal(retry.statusCode, 201, retry.body);
    assert.equal(retry.headers['idempotent-replayed'], undefined);
    assert.equal(await bookingsCount(), before + 1);
    const replay = await book(payload, 'k-lapsed');
    assert.equal(replay.data.reference, retry.data.reference, 'from then on the new answer replays');
  });

  test('a claim written before leases existed (no lease) is not stuck either', async () => {
    const payload = body();
    await leftByCrash(env, store.storeId, 'bookings.create', 'k-legacy', () => book(payload, 'k-legacy-twin'), null);
    const retry = await book(payload, 'k-legacy');
    assert.equal(retry.statusCode, 201, retry.body);
  });

  test('while the lease is live a retry gets 409 conflict with Retry-After, and nothing is booked', async () => {
    const payload = body();
    await leftByCrash(env, store.storeId, 'bookings.create', 'k-live', () => book(payload, 'k-live-twin'), new Date(Date.now() + 20_000).toISOString());
    const before = await bookingsCount();
    const res = await book(payload, 'k-live');
    expectError(res, 409, 'conflict');
    const wait = Number(res.headers['retry-after']);
    assert.ok(wait >= 1 && wait <= 30, `Retry-After ${res.headers['retry-after']}`);
    assert.equal(await bookingsCount(), before);
  });

  test('retries racing for a lapsed claim book once: every answer is that booking or 409 in progress', async () => {
    const payload = body();
    await leftByCrash(env, store.storeId, 'bookings.create', 'k-race', () => book(payload, 'k-race-twin'), new Date(Date.now() - 1000).toISOString());
    const before = await bookingsCount();
    const answers = await Promise.all(Array.from({ length: 8 }, () => book(payload, 'k-race')));
    const created = answers.filter((a) => a.statusCode === 201);
    assert.ok(created.length >= 1, answers.map((a) => a.statusCode).join(','));
    assert.equal(new Set(created.map((a) => a.data.reference)).size, 1, 'one reference');
    for (const a of answers.filter((x) => x.statusCode !== 201)) expectError(a, 409, 'conflict');
    assert.equal(await bookingsCount(), before + 1);
  });

  test('a checkout claim left by a crash is run afresh once its lease lapses; the order and its answer commit together', async () => {
    const payload = basicPayload(shop, [{ id: shop.mug.id, qty: 1 }], { clientOrderId: undefined });
    await leftByCrash(env, shop.store.storeId, 'checkout.create', 'c-lapsed', () => checkout(env, shop.key, payload, { 'idempotency-key': 'c-lapsed-twin' }), new Date(Date.now() - 1000).toISOString());
    const res = await checkout(env, shop.key, payload, { 'idempotency-key': 'c-lapsed' });
    assert.equal(res.statusCode, 201, res.body);
    const rec = await recordOf(shop.store.storeId, 'checkout.create', 'c-lapsed');
    assert.equal(rec?.status_code, 201);
    assert.equal(JSON.parse(rec!.response_body!).reference, res.data.reference);
    assert.equal(JSON.parse(rec!.response_body!).checkoutUrl, res.data.checkoutUrl, 'the stored answer is complete');
  });

  test('a client error is stored and replayed; a request that failed validation leaves no claim in progress', async () => {
    const bad = { ...body(), bookingTime: '03:00' };
    const first = await book(bad, 'k-4xx');
    expectError(first, 409, 'slot-unavailable');
    const again = await book(bad, 'k-4xx');
    expectError(again, 409, 'slot-unavailable');
    assert.equal(again.headers['idempotent-replayed'], 'true');
  });
});
