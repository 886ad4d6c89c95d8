import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { describeEachDb, expectError, CONTRACT_VERSION } from '../helpers/app.ts';
import * as catalogRepo from '../../src/modules/catalog/repository.ts';
import * as checkoutRepo from '../../src/modules/checkout/repository.ts';
import { basicPayload, checkout, createOrder, createShop, eventsOf, preview, stockOf, type Shop } from './helpers.ts';

describeEachDb('POST /integrationCheckoutCreate and /v1IntegrationCheckoutPreview', (env) => {
  let shop: Shop;

  before(async () => {
    shop = await createShop(env);
  });

  /** PostgreSQL: returns once some session waits on a lock held by the session `pid`. */
  async function blockedBy(pid: number, failure: string) {
    for (let i = 0; ; i++) {
      const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))`.execute(env.db);
      if (waiting.rows[0]!.n > 0) return;
      assert.ok(i < 500, failure);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  test('order.created is queued to the store\'s enabled endpoints that want it; an out-of-stock checkout records neither event nor delivery', async () => {
    const mine = await createShop(env);
    const endpoint = (events: string[], enabled = true) => env.createWebhookEndpoint(mine.store, events, { enabled });
    const wants = await endpoint(['order.created']);
    const everything = await endpoint(['*']);
    await endpoint(['booking.created']);
    await endpoint(['order.created'], false);
    const order = await createOrder(env, mine, [{ id: mine.mug.id, qty: 1 }, { id: mine.sticker.id, qty: 2 }]);
    // (The order's new customer and the shop's items are events of their own: customer.created, catalog.item.created.)
    const events = await env.db.selectFrom('events').select(['id', 'payload']).where('store_id', '=', mine.store.storeId).where('type', '=', 'order.created').execute();
    assert.equal(events.length, 1);
    assert.equal(JSON.parse(events[0].payload).data.reference, order.reference);
    const queued = await env.db.selectFrom('webhook_deliveries').select(['endpoint_id', 'event_id', 'event_type']).where('store_id', '=', mine.store.storeId).where('event_type', '=', 'order.created').execute();
    assert.deepEqual(queued.map((d) => d.endpoint_id).sort(), [wants, everything].sort());
    assert.ok(queued.every((d) => d.event_id === events[0].id));
    const counts = async () => [
      (await env.db.selectFrom('events').select('id').where('store_id', '=', mine.store.storeId).execute()).length,
      (await env.db.selectFrom('webhook_deliveries').select('id').where('store_id', '=', mine.store.storeId).execute()).length,
    ];
    const before = await counts();
    const short = await checkout(env, mine.key, basicPayload(mine, [{ id: mine.mug.id, qty: 500 }]));
    expectError(short, 409, 'out-of-stock');
    assert.deepEqual(await counts(), before);
  });

  test('basic payload: 201 with catalog totals, hosted page URL, stock reserved, customer recorded, order.created emitted', async () => {
    const payload = basicPayload(shop, [{ id: shop.mug.id, qty: 2 }, { id: shop.sticker.id, qty: 3 }]);
    const before = await stockOf(env, shop, shop.mug.id);
    const res = await checkout(env, shop.key, payload);
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.headers['x-service-contract-version'], CONTRACT_VERSION);
    const d = res.data;
    for (const field of ['ok', 'storeId', 'orderId', 'reference', 'clientOrderId', 'checkoutUrl', 'authorizationUrl', 'status', 'paymentStatus', 'currency', 'items', 'subtotal', 'subtotalMinor', 'fees', 'feesMinor', 'total', 'totalMinor', 'split', 'expiresAt']) {
      assert.ok(field in d, `response has ${field}`);
    }
    assert.equal(d.ok, true);
    assert.equal(d.storeId, shop.store.storeId);
    assert.equal(d.clientOrderId, payload.clientOrderId);
    assert.match(d.reference, /^ORD-[0-9A-HJKMNP-TV-Z]{12}$/);
    assert.equal(d.checkoutUrl, `http://localhost:3000/pay/${d.reference}`);
    assert.equal(d.authorizationUrl, d.checkoutUrl);
    assert.equal(d.paymentReference, d.reference);
    assert.equal(d.payment_reference, d.reference);
    assert.equal(d.amountPaid, 0);
    assert.equal(d.status, 'pending_payment');
    assert.equal(d.paymentStatus, 'payment_pending');
    assert.equal(d.currency, 'GHS');
    assert.deepEqual(d.items, [
      { itemId: shop.mug.id, name: 'Mug', qty: 2, unitPrice: 12.5, unitPriceMinor: 1250, lineTotal: 25, lineTotalMinor: 2500 },
      { itemId: shop.sticker.id, name: 'Sticker', qty: 3, unitPrice: 3, unitPriceMinor: 300, lineTotal: 9, lineTotalMinor: 900 },
    ]);
    assert.equal(d.subtotalMinor, 3400);
    assert.equal(d.subtotal, 34);
    assert.equal(d.feesMinor, 0);
    assert.equal(d.totalMinor, 3400);
    assert.deepEqual(d.split, { storeMinor: 3400, platformMinor: 0 });
    const ttl = Date.parse(d.expiresAt) - Date.now();
    assert.ok(ttl > 29 * 60_000 && ttl <= 30 * 60_000, 'expires in 30 minutes');
    assert.equal(await stockOf(env, shop, shop.mug.id), before! - 2);

    const created = (await eventsOf(env, shop.store.storeId, 'order.created')).find((e) => e.data.reference === d.reference);
    assert.ok(created, 'order.created event written');
    assert.equal(created.data.totalMinor, 3400);

    const customers = await env.inject({ method: 'GET', url: `/api/stores/${shop.store.storeId}/customers?q=kofi`, headers: env.staffHeaders(shop.store) });
    assert.equal(customers.data.customers.length, 1);
    assert.equal(customers.data.customers[0].email, 'kofi@example.test');
    assert.equal(customers.data.customers[0].phone, '+233241234567');
    assert.ok(customers.data.customers[0].ordersCount >= 1);
  });

  test('extended payload (snake_case duplicates, cart, prefixed display ids): accepted, prefix removed and stored raw', async () => {
    const s = shop.store.storeId;
    const display = `${s}_${shop.mug.id}`;
    const payload = {
      store_id: s,
      merchant_id: s,
      storeId: s,
      merchantId: s,
      client_order_id: 'ext-1',
      clientOrderId: 'ext-1',
      source_channel: 'client_website',
      source_label: 'Ext site',
      orderType: 'product',
      currency: 'GHS',
      amount: 1,
      delivery: { location: 'East Legon', notes: 'Call on arrival' },
      syncStatus: 'pending',
      syncRequestedAt: new Date().toISOString(),
      cart: [{ productId: display, item_id: display, originalProductId: display, merchantId: s, merchant_id: s, storeId: s, store_id: s, quantity: 1, qty: 1, type: 'PRODUCT', item_type: 'product' }],
      items: [{ id: display, item_id: display, productId: display, originalProductId: display, name: 'Mug', unitPrice: 12.5, price: 12.5, qty: 1, quantity: 1, type: 'PRODUCT', item_type: 'product' }],
      customer: { name: 'Efua', email: 'efua@example.test', phone: '0244000000' },
      returnUrl: 'https://ext.example.test/ok',
      cancelUrl: 'https://ext.example.test/cancel',
    };
    const res = await checkout(env, shop.key, payload);
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.items[0].itemId, shop.mug.id, 'raw id, prefix removed');
    assert.equal(res.data.totalMinor, 1250, 'amount from the payload is ignored');
    const order = await env.inject({ method: 'GET', url: `/api/stores/${s}/orders/${res.data.orderId}`, headers: env.staffHeaders(shop.store) });
    assert.equal(order.data.order.items[0].itemId, shop.mug.id);
    assert.deepEqual(order.data.order.delivery, { location: 'East Legon', notes: 'Call on arrival' });
    assert.equal(order.data.order.sourceLabel, 'Ext site');
  });

  test('extended payload with only cart (quantity, productId) works too', async () => {
    const s = shop.store.storeId;
    const payload = { ...basicPayload(shop, []), items: undefined, cart: [{ productId: `${s}_${shop.sticker.id}`, merchantId: s, quantity: 4, type: 'PRODUCT' }] };
    const res = await checkout(env, shop.key, payload);
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(res.data.items.map((i: any) => [i.itemId, i.qty]), [[shop.sticker.id, 4]]);
  });

  test('a tampered browser price is ignored: totals come from the catalog', async () => {
    const payload = basicPayload(shop, []);
    payload.items = [{ item_id: shop.mug.id, qty: 1, type: 'PRODUCT', item_type: 'product', price: 0.01, unitPrice: 0.01 } as any];
    (payload as any).amount = 0.01;
    const res = await checkout(env, shop.key, payload);
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.totalMinor, 1250);
    assert.equal(res.data.items[0].unitPriceMinor, 1250);
  });

  test('the same item twice is one line with the summed quantity', async () => {
    const res = await preview(env, shop.key, basicPayload(shop, [{ id: shop.sticker.id, qty: 1 }, { id: shop.sticker.id, qty: 2 }]));
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.data.items.map((i: any) => i.qty), [3]);
  });

  test('unknown, unpublished and other-store items are 422 item-not-found with details', async () => {
    const hidden = await env.createItem(shop.store, { name: 'Hidden', price: 5, published: false });
    const other = await createShop(env);
    const res = await checkout(env, shop.key, basicPayload(shop, [{ id: 'nope', qty: 1 }, { id: hidden.id, qty: 1 }, { id: other.mug.id, qty: 1 }]));
    expectError(res, 422, 'item-not-found');
    assert.deepEqual(res.data.details.map((d: any) => d.field), ['nope', hidden.id, other.mug.id]);
    expectError(await preview(env, shop.key, basicPayload(shop, [{ id: 'nope', qty: 1 }])), 422, 'item-not-found');
  });

  test('a service is 422 not-purchasable', async () => {
    const res = await checkout(env, shop.key, basicPayload(shop, [{ id: shop.haircut.id, qty: 1 }]));
    expectError(res, 422, 'not-purchasable');
    assert.equal(res.data.details[0].field, shop.haircut.id);
  });

  test('too little stock is 409 out-of-stock and nothing is reserved', async () => {
    const scarce = await env.createItem(shop.store, { name: 'Scarce', price: 1, stockCount: 2 });
    const res = await checkout(env, shop.key, basicPayload(shop, [{ id: shop.mug.id, qty: 1 }, { id: scarce.id, qty: 3 }]));
    expectError(res, 409, 'out-of-stock');
    assert.equal(res.data.details[0].field, scarce.id);
    assert.equal(await stockOf(env, shop, scarce.id), 2);
    expectError(await preview(env, shop.key, basicPayload(shop, [{ id: scarce.id, qty: 3 }])), 409, 'out-of-stock');
  });

  test('concurrent checkouts of two tracked items, the first (in item-id order) or the second scarce: exactly 5 succeed, the other item loses only their units', async () => {
    // Stock is taken item by item in item-id order: a checkout short on the scarce item, first or
    // second in that order, gives back what it took of the other (its transaction rolls back).
    const run = Date.now().toString(36);
    const cases = [
      { scarce: `a-scarce-${run}`, plenty: `b-plenty-${run}` },
      { plenty: `c-plenty-${run}`, scarce: `d-scarce-${run}` },
    ];
    for (const { scarce, plenty } of cases) {
      await env.createItem(shop.store, { id: scarce, name: scarce, price: 1, stockCount: 5 });
      await env.createItem(shop.store, { id: plenty, name: plenty, price: 1, stockCount: 100 });
      // Carts list them in both orders: stock is taken in item-id order whatever the cart.
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => {
          const lines = i % 2 ? [{ id: plenty, qty: 2 }, { id: scarce, qty: 1 }] : [{ id: scarce, qty: 1 }, { id: plenty, qty: 2 }];
          return checkout(env, shop.key, basicPayload(shop, lines));
        }),
      );
      const codes = results.map((r) => r.statusCode);
      assert.equal(codes.filter((c) => c === 201).length, 5, codes.join(','));
      for (const r of results.filter((x) => x.statusCode !== 201)) {
        expectError(r, 409, 'out-of-stock');
        assert.deepEqual(r.data.details.map((d: { field: string }) => d.field), [scarce]);
      }
      assert.equal(await stockOf(env, shop, scarce), 0);
      assert.equal(await stockOf(env, shop, plenty), 90);
    }
  });

  test('a checkout waiting for its item\'s row: the item stops tracking stock (201, nothing taken) or runs short (409, nothing written) meanwhile', { skip: env.dialect.name !== 'postgres' && 'a row lock to wait on: PostgreSQL (SQLite runs one write transaction at a time)' }, async () => {
    // The last take carries the COMMIT on PostgreSQL (repo.takeStockThenCommit), so it must decide
    // alone on the row as it is once its lock is free; the checkout priced the item while it tracked 10.
    for (const { change, status, stock } of [
      { change: null, status: 201, stock: null },
      { change: 1, status: 409, stock: 1 },
    ]) {
      const item = await env.createItem(shop.store, { name: `Changing ${String(change)}`, price: 1, stockCount: 10 });
      const payload = basicPayload(shop, [{ id: item.id, qty: 2 }]);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let lockedBy!: (pid: number) => void;
      const locker = new Promise<number>((resolve) => (lockedBy = resolve));
      const holder = env.db.transaction().execute(async (trx) => {
        await sql`select id from items where store_id = ${shop.store.storeId} and id = ${item.id} for update`.execute(trx);
        lockedBy((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid);
        await released;
        await trx.updateTable('items').set({ stock_count: change }).where('store_id', '=', shop.store.storeId).where('id', '=', item.id).execute();
      });
      const pid = await locker;
      const pending = checkout(env, shop.key, payload);
      // Until the checkout's stock take waits on the holder's lock.
      await blockedBy(pid, 'the checkout never waited for the row');
      release();
      await holder;
      const res = await pending;
      if (status === 201) assert.equal(res.statusCode, 201, res.body);
      else {
        expectError(res, 409, 'out-of-stock');
        assert.deepEqual(res.data.details.map((d: { field: string }) => d.field), [item.id]);
      }
      assert.equal(await stockOf(env, shop, item.id), stock);
      const orders = await env.db.selectFrom('orders').select('id').where('store_id', '=', shop.store.storeId).where('client_order_id', '=', payload.clientOrderId).execute();
      assert.equal(orders.length, status === 201 ? 1 : 0);
    }
  });

  test('the order\'s customer, in the order and in order.created: a new one, the same one again, and one another transaction creates first', async () => {
    // On PostgreSQL the contact is recorded by the order's own statement (placeOrderWithContact).
    const mine = await createShop(env);
    const email = `race-${Date.now().toString(36)}@example.test`;
    const customerOf = async (orderId: string) => {
      const order = await env.db.selectFrom('orders').select('customer_id').where('id', '=', orderId).executeTakeFirstOrThrow();
      const events = await env.db.selectFrom('events').select('payload').where('store_id', '=', mine.store.storeId).where('type', '=', 'order.created').execute();
      const event = events.map((e) => JSON.parse(e.payload)).find((e) => e.data.orderId === orderId);
      assert.equal(event.data.customerId, order.customer_id, 'order.created names the order\'s customer');
      return order.customer_id as string;
    };
    const customers = () => env.db.selectFrom('customers').select(['id', 'orders_count', 'phone']).where('store_id', '=', mine.store.storeId).execute();
    const payload = (extra: Record<string, unknown> = {}) => basicPayload(mine, [{ id: mine.sticker.id, qty: 1 }], { customer: { name: 'Esi', email, ...extra } });

    const a = await checkout(env, mine.key, payload());
    assert.equal(a.statusCode, 201, a.body);
    const created = await customerOf(a.data.orderId);
    const b = await checkout(env, mine.key, payload({ phone: '+233 20 000 0001' }));
    assert.equal(b.statusCode, 201, b.body);
    assert.equal(await customerOf(b.data.orderId), created);
    assert.deepEqual((await customers()).map((c) => [c.id, Number(c.orders_count), c.phone]), [[created, 2, '+233200000001']]);

    if (env.dialect.name !== 'postgres') return; // below: a row lock to wait on (SQLite runs one write transaction at a time)
    const raced = `race2-${Date.now().toString(36)}@example.test`;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let lockedBy!: (pid: number) => void;
    const locker = new Promise<number>((resolve) => (lockedBy = resolve));
    const theirs = `cus_theirs_${Date.now().toString(36)}`;
    const holder = env.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      await trx
        .insertInto('customers')
        .values({ id: theirs, store_id: mine.store.storeId, name: 'Theirs', email: raced, phone: null, phone_key: null, notes: null, tags: '[]', no_show_count: 0, bookings_count: 1, orders_count: 0, total_spent_minor: 0, created_at: now, updated_at: now })
        .execute();
      lockedBy((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid);
      await released;
    });
    const pid = await locker;
    const pending = checkout(env, mine.key, basicPayload(mine, [{ id: mine.sticker.id, qty: 1 }], { customer: { name: 'Kwame', email: raced } }));
    await blockedBy(pid, 'the checkout never waited for the other transaction\'s customer');
    release();
    await holder;
    const c = await pending;
    assert.equal(c.statusCode, 201, c.body);
    assert.equal(await customerOf(c.data.orderId), theirs);
    const row = await env.db.selectFrom('customers').select(['name', 'orders_count', 'bookings_count']).where('id', '=', theirs).executeTakeFirstOrThrow();
    assert.deepEqual([row.name, Number(row.orders_count), Number(row.bookings_count)], ['Kwame', 1, 1]);
    assert.equal((await env.db.selectFrom('customers').select('id').where('store_id', '=', mine.store.storeId).where('email', '=', raced).execute()).length, 1);
  });

  test('20 concurrent checkouts for the last 5 units: exactly 5 succeed, stock ends at 0', async () => {
    const last = await env.createItem(shop.store, { name: 'Last five', price: 2, stockCount: 5 });
    const results = await Promise.all(Array.from({ length: 20 }, () => checkout(env, shop.key, basicPayload(shop, [{ id: last.id, qty: 1 }]))));
    const codes = results.map((r) => r.statusCode);
    assert.equal(codes.filter((c) => c === 201).length, 5, codes.join(','));
    assert.equal(codes.filter((c) => c === 409).length, 15, codes.join(','));
    for (const r of results.filter((x) => x.statusCode === 409)) assert.equal(r.data.error, 'out-of-stock');
    assert.equal(await stockOf(env, shop, last.id), 0);
  });

  test('concurrent checkouts holding the same items in opposite cart order all succeed (no lock-order deadlock)', async () => {
    const a = await env.createItem(shop.store, { name: 'Left', price: 1, stockCount: 1000 });
    const b = await env.createItem(shop.store, { name: 'Right', price: 1, stockCount: 1000 });
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => {
        const lines = i % 2 ? [{ id: a.id, qty: 1 }, { id: b.id, qty: 1 }] : [{ id: b.id, qty: 1 }, { id: a.id, qty: 1 }];
        return checkout(env, shop.key, basicPayload(shop, lines));
      }),
    );
    assert.deepEqual(results.map((r) => r.statusCode), Array(16).fill(201), results.map((r) => r.body).find((b) => !b.includes('"ok":true')));
    assert.equal(await stockOf(env, shop, a.id), 984);
    assert.equal(await stockOf(env, shop, b.id), 984);
  });

  test('the read before a checkout (items and the live order of a clientOrderId, one statement on PostgreSQL) gives the rows the separate reads give', async () => {
    const payload = basicPayload(shop, [{ id: shop.mug.id, qty: 1 }], { delivery: { address: '1 Oxford St, Accra', note: 'Ring “twice”' } });
    const first = await checkout(env, shop.key, payload);
    assert.equal(first.statusCode, 201, first.body);
    const ids = [shop.mug.id, shop.sticker.id, shop.haircut.id, 'no-such-item'];
    const read = await checkoutRepo.itemsAndLiveOrder(env.db, shop.store.storeId, ids, payload.clientOrderId);
    const byId = (rows: { id: string }[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));
    assert.deepEqual(byId(read.items), byId(await catalogRepo.findItems(env.db, shop.store.storeId, ids)));
    assert.equal(read.items.length, 3);
    assert.deepEqual(read.live, await checkoutRepo.findLiveByClientOrderId(env.db, shop.store.storeId, payload.clientOrderId));
    assert.equal(read.live?.id, first.data.orderId);
    // Nothing for an unknown clientOrderId, an other store's or an empty list of items.
    const none = await checkoutRepo.itemsAndLiveOrder(env.db, shop.store.storeId, [shop.mug.id], 'never-used');
    assert.equal(none.live, undefined);
    assert.equal(none.items.length, 1);
    const other = await env.createStore({ name: 'Other shop' });
    const foreign = await checkoutRepo.itemsAndLiveOrder(env.db, other.storeId, ids, payload.clientOrderId);
    assert.deepEqual(foreign, { items: [], live: undefined });
  });

  test('a repeated clientOrderId of a pending order returns that order (200) without reserving again', async () => {
    const payload = basicPayload(shop, [{ id: shop.mug.id, qty: 1 }]);
    const first = await checkout(env, shop.key, payload);
    assert.equal(first.statusCode, 201);
    const stock = await stockOf(env, shop, shop.mug.id);
    const again = await checkout(env, shop.key, { ...payload, items: [{ item_id: shop.mug.id, qty: 5 }] });
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.data.orderId, first.data.orderId);
    assert.equal(again.data.reference, first.data.reference);
    assert.equal(await stockOf(env, shop, shop.mug.id), stock);
  });

  test('concurrent creates with one clientOrderId make one order', async () => {
    const payload = basicPayload(shop, [{ id: shop.mug.id, qty: 1 }]);
    const stock = await stockOf(env, shop, shop.mug.id);
    const results = await Promise.all(Array.from({ length: 6 }, () => checkout(env, shop.key, payload)));
    for (const r of results) assert.ok(r.statusCode === 201 || r.statusCode === 200, r.body);
    assert.equal(new Set(results.map((r) => r.data.orderId)).size, 1);
    assert.equal(await stockOf(env, shop, shop.mug.id), stock! - 1);
  });

  test('Idempotency-Key: same body replays, another body is 409 idempotency-key-reuse', async () => {
    const payload = basicPayload(shop, [{ id: shop.sticker.id, qty: 1 }]);
    const key = `idem-${Date.now()}`;
    const first = await checkout(env, shop.key, payload, { 'idempotency-key': key });
    assert.equal(first.statusCode, 201);
    const replay = await checkout(env, shop.key, payload, { 'idempotency-key': key });
    assert.equal(replay.statusCode, 201);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(replay.data.orderId, first.data.orderId);
    expectError(await checkout(env, shop.key, { ...payload, clientOrderId: 'different' }, { 'idempotency-key': key }), 409, 'idempotency-key-reuse');
    const p = await preview(env, shop.key, payload, { 'idempotency-key': key });
    assert.equal(p.statusCode, 200, 'preview keys are separate from create keys');
  });

  test('returnUrl and cancelUrl must be absolute http(s) URLs', async () => {
    for (const bad of ['/relative', 'javascript:alert(1)', 'ftp://x.test/a', 'not a url', '']) {
      const res = await checkout(env, shop.key, basicPayload(shop, [{ id: shop.sticker.id, qty: 1 }], { returnUrl: bad }));
      expectError(res, 400, 'validation-failed');
      assert.ok(res.data.details.some((d: any) => d.field === 'returnUrl'), bad);
    }
    const res = await checkout(env, shop.key, basicPayload(shop, [{ id: shop.sticker.id, qty: 1 }], { cancelUrl: undefined }));
    expectError(res, 400, 'validation-failed');
    assert.ok(res.data.details.some((d: any) => d.field === 'cancelUrl'));
    const ok = await preview(env, shop.key, basicPayload(shop, [{ id: shop.sticker.id, qty: 1 }], { cancelUrl: undefined, returnUrl: undefined }));
    assert.equal(ok.statusCode, 200, 'preview needs no URLs');
  });

  test('bad input is 400 validation-failed or invalid-json, never 500', async () => {
    const cases: Array<[unknown, string]> = [
      [basicPayload(shop, []), 'items'],
      [{ ...basicPayload(shop, []), items: 'mug' }, 'items'],
      [basicPayload(shop, [{ id: shop.mug.id, qty: 0 }]), 'items.0.qty'],
      [basicPayload(shop, [{ id: shop.mug.id, qty: 1000 }]), 'items.0.qty'],
      [basicPayload(shop, [{ id: shop.mug.id, qty: 1.5 }]), 'items.0.qty'],
      [{ ...basicPayload(shop, []), items: [{ qty: 1 }] }, 'items.0.item_id'],
      [{ ...basicPayload(shop, []), items: [{ item_id: shop.mug.id, qty: '2' }] }, 'items.0.qty'],
      [basicPayload(shop, [{ id: shop.mug.id, qty: 1 }], { currency: 'USD' }), 'currency'],
      [basicPayload(shop, [{ id: shop.mug.id, qty: 1 }], { customer: { name: 'x', email: 'not-an-email' } }), 'customer.email'],
      [basicPayload(shop, [{ id: shop.mug.id, qty: 1 }], { customer: { name: 'x', phone: '123' } }), 'customer.phone'],
      [basicPayload(shop, [{ id: shop.mug.id, qty: 1 }], { paymentMethod: 'bitcoin' }), 'paymentMethod'],
      [{ ...basicPayload(shop, []), items: Array.from({ length: 101 }, () => ({ item_id: shop.mug.id, qty: 1 })) }, 'items'],
    ];
    for (const [payload, field] of cases) {
      const res = await checkout(env, shop.key, payload);
      expectError(res, 400, 'validation-failed');
      assert.ok(res.data.details.some((d: any) => d.field === field || d.field.startsWith(field)), `${field}: ${res.body}`);
    }
    // One answer names every bad field: a wrong quantity does not hide the missing customer and return URL.
    const { customer: _c, returnUrl: _r, ...bare } = basicPayload(shop, [{ id: shop.mug.id, qty: 0 }]);
    const several = await checkout(env, shop.key, bare);
    expectError(several, 400, 'validation-failed');
    assert.deepEqual(['items.0.qty', 'customer', 'returnUrl'].filter((f) => !several.data.details.some((d: any) => d.field === f)), [], several.body);
    const previewed = await preview(env, shop.key, { ...bare, items: [{ item_id: shop.mug.id, qty: 1 }] });
    assert.equal(previewed.statusCode, 200, `the preview needs no customer: ${previewed.body}`);
    const malformed = await env.inject({ method: 'POST', url: '/integrationCheckoutCreate', headers: { ...env.keyHeaders(shop.key), 'content-type': 'application/json' }, payload: '{"storeId":' });
    expectError(malformed, 400, 'invalid-json');
    const huge = await env.inject({
      method: 'POST',
      url: '/integrationCheckoutCreate',
      headers: { ...env.keyHeaders(shop.key), 'content-type': 'application/json' },
      payload: JSON.stringify({ ...basicPayload(shop, [{ id: shop.mug.id, qty: 1 }]), sourceLabel: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectError(huge, 413, 'payload-too-large');
  });

  test('an order total beyond the money column range is 400, never a database error', async () => {
    const gold = await env.createItem(shop.store, { name: 'Gold bar', priceMinor: 1_000_000_000 });
    const res = await checkout(env, shop.key, basicPayload(shop, [{ id: gold.id, qty: 3 }]));
    expectError(res, 400, 'validation-failed');
    assert.equal(res.data.details[0].field, 'items');
    const one = await checkout(env, shop.key, basicPayload(shop, [{ id: gold.id, qty: 2 }]));
    assert.equal(one.statusCode, 201, one.body);
    assert.equal(one.data.totalMinor, 2_000_000_000);
  });

  test('a cart line of another merchant is refused: one checkout per merchantId', async () => {
    const payload = basicPayload(shop, [{ id: shop.mug.id, qty: 1 }]);
    (payload.items[0] as any).merchantId = 'stsomeoneelse';
    const res = await checkout(env, shop.key, payload);
    expectError(res, 400, 'validation-failed');
    assert.equal(res.data.details[0].field, 'items.0.merchantId');
    const mismatch = await checkout(env, shop.key, { ...basicPayload(shop, [{ id: shop.mug.id, qty: 1 }]), merchantId: 'stother' });
    expectError(mismatch, 400, 'validation-failed');
  });

  test('fees from store settings: customer-borne fees are added, store-borne fees come out of the store share', async () => {
    const s = await createShop(env);
    const patch = (settings: Record<string, unknown>) =>
      env.inject({ method: 'PATCH', url: `/api/stores/${s.store.storeId}`, headers: env.staffHeaders(s.store), payload: { settings } });
    assert.equal((await patch({ platformFeeBps: 150, platformFeeFixedMinor: 100, feeBearer: 'customer' })).statusCode, 200);
    const customerPays = await preview(env, s.key, basicPayload(s, [{ id: s.mug.id, qty: 2 }]));
    assert.equal(customerPays.statusCode, 200, customerPays.body);
    // 2500 × 1.5% = 37.5 → 38, + 100 fixed = 138
    assert.equal(customerPays.data.subtotalMinor, 2500);
    assert.equal(customerPays.data.feesMinor, 138);
    assert.equal(customerPays.data.totalMinor, 2638);
    assert.deepEqual(customerPays.data.split, { storeMinor: 2500, platformMinor: 138 });
    assert.equal(customerPays.data.feeBearer, 'customer');
    const created = await checkout(env, s.key, basicPayload(s, [{ id: s.mug.id, qty: 2 }]));
    assert.equal(created.data.totalMinor, 2638, 'create and preview agree');

    assert.equal((await patch({ feeBearer: 'store' })).statusCode, 200);
    const storePays = await preview(env, s.key, basicPayload(s, [{ id: s.mug.id, qty: 2 }]));
    assert.equal(storePays.data.feesMinor, 0);
    assert.equal(storePays.data.totalMinor, 2500);
    assert.deepEqual(storePays.data.split, { storeMinor: 2362, platformMinor: 138 });
  });

  test('preview stores nothing and reserves nothing', async () => {
    const stock = await stockOf(env, shop, shop.mug.id);
    const payload = basicPayload(shop, [{ id: shop.mug.id, qty: 3 }]);
    const res = await preview(env, shop.key, payload);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.data.totalMinor, 3750);
    assert.equal(res.data.clientOrderId, payload.clientOrderId);
    assert.equal(await stockOf(env, shop, shop.mug.id), stock);
    const lookup = await env.inject({ method: 'GET', url: `/v1IntegrationOrderStatus?storeId=${shop.store.storeId}&reference=${payload.clientOrderId}`, headers: env.keyHeaders(shop.key) });
    expectError(lookup, 404, 'order-not-found');
  });

  test('cash and momo orders wait for staff: pending_cash_collection / pending_manual, no hosted page, no expiry', async () => {
    const cash = await checkout(env, shop.key, basicPayload(shop, [{ id: shop.sticker.id, qty: 1 }], { paymentMethod: 'cash', returnUrl: undefined, cancelUrl: undefined }));
    assert.equal(cash.statusCode, 201, cash.body);
    assert.equal(cash.data.status, 'pending_cash_collection');
    assert.equal(cash.data.checkoutUrl, null);
    assert.equal(cash.data.expiresAt, null);
    const momo = await checkout(env, shop.key, basicPayload(shop, [{ id: shop.sticker.id, qty: 1 }], { paymentMethod: 'momo' }));
    assert.equal(momo.data.status, 'pending_manual');
  });
});

describeEachDb('checkout auth matrix and tenant isolation', (env) => {
  let shop: Shop;
  let other: Shop;
  before(async () => {
    shop = await createShop(env);
    other = await createShop(env);
  });

  for (const path of ['/integrationCheckoutCreate', '/v1IntegrationCheckoutPreview']) {
    test(`${path}: credentials → storeId → key of that store → scope → version`, async () => {
      const payload = basicPayload(shop, [{ id: shop.sticker.id, qty: 1 }]);
      const post = (headers: Record<string, string>, body: unknown = payload) => env.inject({ method: 'POST', url: path, headers, payload: body as any });
      expectError(await post({}), 401, 'unauthorized');
      const { storeId: _s, merchantId: _m, ...noStore } = payload;
      expectError(await post(env.keyHeaders(shop.key), noStore), 400, 'missing-store-id');
      expectError(await post(env.keyHeaders(`isk_${'A'.repeat(40)}`)), 401, 'invalid-api-key');
      expectError(await post(env.keyHeaders(other.key)), 401, 'invalid-api-key');
      const narrow = await env.createKey(shop.store, ['catalog:read', 'orders:read']);
      expectError(await post(env.keyHeaders(narrow)), 403, 'forbidden');
      expectError(await post({ ...env.keyHeaders(shop.key), 'x-service-contract-version': '2020-01-01' }), 400, 'contract-version-mismatch');
      // storeId may come as store_id / merchant_id in the extended form, and x-api-key alone works.
      const { storeId: _a, merchantId: _b, ...rest } = basicPayload(shop, [{ id: shop.sticker.id, qty: 1 }]);
      const ok = await post({ 'x-api-key': shop.key }, { ...rest, store_id: shop.store.storeId, merchant_id: shop.store.storeId });
      assert.ok(ok.statusCode === 200 || ok.statusCode === 201, ok.body);
    });
  }

  test('another store\'s key cannot check out this store\'s items, even naming its own store', async () => {
    const res = await checkout(env, other.key, basicPayload(other, [{ id: shop.mug.id, qty: 1 }]));
    expectError(res, 422, 'item-not-found');
    expectError(await checkout(env, other.key, basicPayload(shop, [{ id: shop.mug.id, qty: 1 }])), 401, 'invalid-api-key');
  });
});
