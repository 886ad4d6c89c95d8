import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { describeEachDb, expectError } from '../helpers/app.ts';
import { createOrder, createShop, eventsOf, openPayPage, stockOf, submitPayForm, type Shop } from './helpers.ts';

describeEachDb('staff orders: list, detail, mark paid, refund, fulfilment, cancel', (env) => {
  let shop: Shop;
  let other: Shop;
  const url = (s: Shop, rest = '') => `/api/stores/${s.store.storeId}/orders${rest}`;
  const staff = (method: 'GET' | 'POST', s: Shop, rest: string, payload?: unknown, headers = env.staffHeaders(s.store)) =>
    env.inject({ method, url: url(s, rest), headers, ...(payload !== undefined ? { payload: payload as any } : {}) });

  async function paidOrder(qty = 1) {
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty }]);
    const { token } = await openPayPage(env, order.reference);
    assert.equal((await submitPayForm(env, order.reference, 'pay', token)).statusCode, 303);
    return order;
  }

  before(async () => {
    shop = await createShop(env);
    other = await createShop(env);
  });

  test('list is newest first with cursor pagination and a status filter; detail by orderId or reference', async () => {
    const a = await createOrder(env, shop, [{ id: shop.sticker.id, qty: 1 }]);
    const b = await createOrder(env, shop, [{ id: shop.sticker.id, qty: 2 }]);
    const c = await paidOrder();
    const first = await staff('GET', shop, '?limit=2');
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.headers['cache-control'], 'no-store');
    assert.equal(first.data.count, 2);
    assert.deepEqual(first.data.orders.map((o: any) => o.orderId), [c.orderId, b.orderId]);
    const second = await staff('GET', shop, `?limit=2&cursor=${encodeURIComponent(first.data.nextCursor)}`);
    assert.equal(second.data.orders[0].orderId, a.orderId);
    const paid = await staff('GET', shop, '?status=paid');
    assert.ok(paid.data.orders.every((o: any) => o.status === 'paid'));
    assert.ok(paid.data.orders.some((o: any) => o.orderId === c.orderId));
    for (const id of [a.orderId, a.reference]) {
      const one = await staff('GET', shop, `/${id}`);
      assert.equal(one.statusCode, 200);
      assert.equal(one.data.order.orderId, a.orderId);
      assert.equal(one.data.order.items[0].qty, 1);
    }
    expectError(await staff('GET', shop, '/ord_missing'), 404, 'order-not-found');
    expectError(await staff('GET', shop, '?cursor=garbage'), 400, 'validation-failed');
    expectError(await staff('GET', shop, '?limit=0'), 400, 'validation-failed');
  });

  test('the list filters by several statuses at once and by customer', async () => {
    const local = await createShop(env);
    const mine = (o: any) => o.customer.email === 'yaa@example.test';
    const cash = await createOrder(env, local, [{ id: local.sticker.id, qty: 1 }], { paymentMethod: 'cash', customer: { name: 'Yaa', email: 'yaa@example.test' } });
    const momo = await createOrder(env, local, [{ id: local.sticker.id, qty: 1 }], { paymentMethod: 'momo' });
    const hosted = await createOrder(env, local, [{ id: local.sticker.id, qty: 1 }], { customer: { name: 'Yaa', email: 'yaa@example.test' } });
    const list = (query: string) => staff('GET', local, `?${query}`);
    const waiting = await list('status=pending_cash_collection,pending_manual');
    assert.equal(waiting.statusCode, 200, waiting.body);
    assert.deepEqual(waiting.data.orders.map((o: any) => o.orderId), [momo.orderId, cash.orderId]);
    assert.deepEqual((await list('status=pending_payment')).data.orders.map((o: any) => o.orderId), [hosted.orderId]);

    const customerId = (await list('status=pending_cash_collection')).data.orders[0].customerId;
    assert.ok(customerId);
    const theirs = await list(`customerId=${customerId}`);
    assert.deepEqual(theirs.data.orders.map((o: any) => o.orderId), [hosted.orderId, cash.orderId]);
    assert.ok(theirs.data.orders.every(mine));
    assert.deepEqual((await list(`customerId=${customerId}&status=pending_payment,paid`)).data.orders.map((o: any) => o.orderId), [hosted.orderId]);
    const paged = await list(`customerId=${customerId}&limit=1`);
    assert.equal(paged.data.orders[0].orderId, hosted.orderId);
    assert.equal((await list(`customerId=${customerId}&limit=1&cursor=${encodeURIComponent(paged.data.nextCursor)}`)).data.orders[0].orderId, cash.orderId);
    // Another store's customer id finds nothing here.
    assert.equal((await staff('GET', shop, `?customerId=${customerId}`)).data.count, 0);
  });

  test("the list filters by the days orders were paid, in the store's time zone: the orders a report's revenue counts", async () => {
    // Tokyo is 9 hours ahead of UTC: 15:30 UTC on 1 November is already 2 November there.
    const store = await env.createStore({ timezone: 'Asia/Tokyo', currency: 'GHS' });
    const local = { ...shop, store, key: await env.createKey(store), mug: await env.createItem(store, { name: 'Mug', price: 12.5, stockCount: 100 }) };
    const list = (query: string) => staff('GET', local, `?${query}`);
    const paidAt = async (at: string | null, after: 'refund' | 'part' | null = null) => {
      const order = await createOrder(env, local, [{ id: local.mug.id, qty: 2 }], { paymentMethod: 'cash' });
      if (at) {
        assert.equal((await staff('POST', local, `/${order.orderId}/mark-paid`, { method: 'cash' })).statusCode, 200);
        if (after) assert.equal((await staff('POST', local, `/${order.orderId}/refund`, after === 'part' ? { amountMinor: 500 } : {})).statusCode, 200);
        await env.db.updateTable('orders').set({ paid_at: at }).where('id', '=', order.orderId).execute();
      }
      return order.orderId as string;
    };
    const lastOfOctober = await paidAt('2026-10-31T14:59:59.000Z'); // 31 Oct 23:59:59 in Tokyo
    const second = await paidAt('2026-11-01T15:30:00.000Z'); // 2 Nov 00:30
    const partly = await paidAt('2026-11-02T10:00:00.000Z', 'part'); // 2 Nov 19:00, 5.00 of 25.00 refunded
    await paidAt('2026-11-02T11:00:00.000Z', 'refund'); // refunded whole: not revenue
    const third = await paidAt('2026-11-03T14:59:59.000Z'); // 3 Nov 23:59:59
    const fourth = await paidAt('2026-11-03T15:00:00.000Z'); // 4 Nov 00:00
    await paidAt(null); // never paid
    const ids = async (query: string) => {
      const res = await list(query);
      assert.equal(res.statusCode, 200, res.body);
      return res.data.orders.map((o: any) => o.orderId);
    };
    assert.deepEqual(await ids('paidFrom=2026-11-02&paidTo=2026-11-03'), [third, partly, second]);
    assert.deepEqual(await ids('paidFrom=2026-11-03'), [fourth, third]);
    assert.deepEqual(await ids('paidTo=2026-10-31'), [lastOfOctober]);
    assert.deepEqual(await ids('paidFrom=2026-11-02&paidTo=2026-11-02&status=partially_refunded'), [partly]);
    assert.deepEqual(await ids('paidFrom=2026-11-02&paidTo=2026-11-03&limit=2'), [third, partly]);
    // Page by page.
    const first = await list('paidFrom=2026-11-02&paidTo=2026-11-03&limit=2');
    assert.deepEqual((await list(`paidFrom=2026-11-02&paidTo=2026-11-03&limit=2&cursor=${encodeURIComponent(first.data.nextCursor)}`)).data.orders.map((o: any) => o.orderId), [second]);
    // The same orders the report counts for those days, and the same money.
    const report = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/reports/summary?from=2026-11-02&to=2026-11-03`, headers: env.staffHeaders(store) });
    assert.equal(report.statusCode, 200, report.body);
    assert.equal(report.data.revenue.ordersCount, 3);
    assert.equal(report.data.revenue.revenueMinor, 2500 + 2000 + 2500);
    // Bad days: 400 naming the parameter; another store's days find nothing of this one.
    for (const [query, field] of [['paidFrom=2026-02-30', 'paidFrom'], ['paidTo=2026-13-01', 'paidTo'], ['paidFrom=2026-11-03&paidTo=2026-11-02', 'paidTo'], ['paidFrom=yesterday', 'paidFrom'], ['paidFrom=2026-11-0%27', 'paidFrom'], [`paidTo=${'9'.repeat(5000)}`, 'paidTo']] as const) {
      const res = await list(query);
      expectError(res, 400, 'validation-failed');
      assert.ok(res.data.details.some((d: any) => d.field.includes(field)), `${query}: ${res.body}`);
    }
    assert.equal((await staff('GET', other, '?paidFrom=2026-11-02&paidTo=2026-11-03')).data.count, 0);
  });

  test("the list filters by item: with the paid days, the orders behind a report's best seller", async () => {
    const store = await env.createStore({ timezone: 'Africa/Accra', currency: 'GHS' });
    const local = { ...shop, store, key: await env.createKey(store), mug: await env.createItem(store, { name: 'Mug', price: 12.5, stockCount: 100 }) };
    const comb = await env.createItem(store, { name: 'Comb', price: 4 });
    const sell = async (items: { id: string; qty: number }[], paid: boolean) => {
      const order = await createOrder(env, local, items, { paymentMethod: 'cash' });
      if (paid) assert.equal((await staff('POST', local, `/${order.orderId}/mark-paid`, { method: 'cash' })).statusCode, 200);
      return order.orderId as string;
    };
    const mugOnly = await sell([{ id: local.mug.id, qty: 1 }], true);
    const both = await sell([{ id: comb.id, qty: 3 }, { id: local.mug.id, qty: 2 }], true);
    const combOnly = await sell([{ id: comb.id, qty: 1 }], true);
    const unpaidMug = await sell([{ id: local.mug.id, qty: 1 }], false);
    const ids = async (query: string, s = local) => {
      const res = await staff('GET', s, `?${query}`);
      assert.equal(res.statusCode, 200, res.body);
      return res.data.orders.map((o: any) => o.orderId);
    };
    assert.deepEqual(await ids(`itemId=${local.mug.id}`), [unpaidMug, both, mugOnly]);
    assert.deepEqual(await ids(`itemId=${comb.id}`), [combOnly, both]);
    const today = DateTime.now().setZone('Africa/Accra').toISODate()!;
    const period = `paidFrom=${today}&paidTo=${today}`;
    assert.deepEqual(await ids(`itemId=${local.mug.id}&${period}`), [both, mugOnly]);
    // As many as the report counts for that product.
    const report = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/reports/summary?from=${today}&to=${today}`, headers: env.staffHeaders(store) });
    assert.equal(report.statusCode, 200, report.body);
    assert.equal(report.data.products.find((p: any) => p.itemId === local.mug.id).ordersCount, 2);
    assert.equal(report.data.products.find((p: any) => p.itemId === comb.id).ordersCount, 2);
    // An item of no order, of another store, or hostile: nothing (never another store's orders).
    assert.deepEqual(await ids('itemId=nope'), []);
    const fromOther = await ids(`itemId=${local.mug.id}`, shop);
    assert.ok(![mugOnly, both, unpaidMug].some((id) => fromOther.includes(id)), 'another store never sees these orders');
    assert.deepEqual(await ids(`itemId=${encodeURIComponent("x' OR 1=1 --")}`), []);
    expectError(await list(`itemId=${'x'.repeat(201)}`), 400, 'validation-failed');
    async function list(query: string) {
      return staff('GET', local, `?${query}`);
    }
  });

  test('mark paid settles a cash order once: paid, order.paid, customer spend; a second mark is 409', async () => {
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 2 }], { paymentMethod: 'cash', customer: { name: 'Cash Buyer', email: 'cash@example.test' } });
    const res = await staff('POST', shop, `/${order.orderId}/mark-paid`, { method: 'cash', note: 'collected at the door' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.order.status, 'paid');
    assert.equal(res.data.order.paymentStatus, 'paid');
    assert.equal(res.data.order.amountPaidMinor, 2500);
    assert.equal(res.data.order.note, 'collected at the door');
    expectError(await staff('POST', shop, `/${order.orderId}/mark-paid`, {}), 409, 'conflict');
    assert.equal((await eventsOf(env, shop.store.storeId, 'order.paid')).filter((e) => e.data.reference === order.reference).length, 1);
    const customers = await env.inject({ method: 'GET', url: `/api/stores/${shop.store.storeId}/customers?q=cash@example.test`, headers: env.staffHeaders(shop.store) });
    assert.equal(customers.data.customers[0].totalSpentMinor, 2500);
  });

  test('concurrent mark-paid requests apply once', async () => {
    const order = await createOrder(env, shop, [{ id: shop.sticker.id, qty: 1 }], { paymentMethod: 'momo' });
    const results = await Promise.all(Array.from({ length: 4 }, () => staff('POST', shop, `/${order.orderId}/mark-paid`, { method: 'momo' })));
    assert.equal(results.filter((r) => r.statusCode === 200).length, 1, results.map((r) => r.statusCode).join(','));
    assert.ok(results.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409));
  });

  test('fulfilment: paid → pending_delivery → confirmed; other moves are 409', async () => {
    const order = await paidOrder();
    const move = (status: string) => staff('POST', shop, `/${order.orderId}/fulfilment`, { status });
    const delivering = await move('pending_delivery');
    assert.equal(delivering.statusCode, 200, delivering.body);
    assert.equal(delivering.data.order.status, 'pending_delivery');
    expectError(await move('pending_delivery'), 409, 'conflict');
    assert.equal((await move('confirmed')).data.order.status, 'confirmed');
    expectError(await move('shipped'), 400, 'validation-failed');
    const unpaid = await createOrder(env, shop, [{ id: shop.sticker.id, qty: 1 }]);
    expectError(await staff('POST', shop, `/${unpaid.orderId}/fulfilment`, { status: 'confirmed' }), 409, 'conflict');
    assert.ok((await eventsOf(env, shop.store.storeId, 'order.updated')).some((e) => e.data.reference === order.reference && e.data.status === 'confirmed'));
  });

  test('refund (owner/admin): refunded, spend reversed, restock optional; unpaid orders cannot be refunded', async () => {
    const stock = await stockOf(env, shop, shop.mug.id);
    const order = await paidOrder(2);
    assert.equal(await stockOf(env, shop, shop.mug.id), stock! - 2);
    const res = await staff('POST', shop, `/${order.reference}/refund`, { restock: true, note: 'damaged' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.order.status, 'refunded');
    assert.equal(res.data.order.paymentStatus, 'refunded');
    assert.equal(await stockOf(env, shop, shop.mug.id), stock);
    expectError(await staff('POST', shop, `/${order.reference}/refund`, {}), 409, 'conflict');
    const pending = await createOrder(env, shop, [{ id: shop.sticker.id, qty: 1 }]);
    expectError(await staff('POST', shop, `/${pending.orderId}/refund`, {}), 409, 'conflict');
    expectError(await staff('POST', shop, `/${pending.orderId}/refund`, { restock: 'yes' }), 400, 'validation-failed');
  });

  test('a payment in manual review (wrong amount) can be refunded: its held stock goes back, no spend recorded', async () => {
    const stock = await stockOf(env, shop, shop.mug.id);
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 2 }], { customer: { name: 'Review', email: 'review@example.test' } });
    await env.app.ctx.services.checkout.confirmPayment(order.reference, { amountMinor: 100, currency: 'GHS', via: 'test' });
    const res = await staff('POST', shop, `/${order.orderId}/refund`, {});
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.order.status, 'refunded');
    assert.equal(await stockOf(env, shop, shop.mug.id), stock);
    const customers = await env.inject({ method: 'GET', url: `/api/stores/${shop.store.storeId}/customers?q=review@example.test`, headers: env.staffHeaders(shop.store) });
    assert.equal(customers.data.customers[0].totalSpentMinor, 0);
  });

  test('a payment in manual review can be accepted with mark-paid', async () => {
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }]);
    await env.app.ctx.services.checkout.confirmPayment(order.reference, { amountMinor: 1250, currency: 'USD', via: 'test' });
    const res = await staff('POST', shop, `/${order.orderId}/mark-paid`, { note: 'checked with the bank' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.order.status, 'paid');
    assert.equal(res.data.order.paymentStatus, 'paid');
  });

  test('cancel an unpaid order returns its stock; paid orders cannot be cancelled', async () => {
    const stock = await stockOf(env, shop, shop.mug.id);
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 4 }], { paymentMethod: 'cash' });
    const res = await staff('POST', shop, `/${order.orderId}/cancel`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.order.status, 'cancelled');
    assert.equal(await stockOf(env, shop, shop.mug.id), stock);
    const paid = await paidOrder();
    expectError(await staff('POST', shop, `/${paid.orderId}/cancel`), 409, 'conflict');
  });

  test('auth: no session is 401, another store\'s staff are 403 and change nothing, staff role cannot refund', async () => {
    const order = await createOrder(env, shop, [{ id: shop.sticker.id, qty: 1 }], { paymentMethod: 'cash' });
    expectError(await env.inject({ method: 'GET', url: url(shop) }), 401, 'unauthorized');
    const foreign = env.staffHeaders(other.store);
    expectError(await staff('GET', shop, '', undefined, foreign), 403, 'forbidden');
    expectError(await staff('GET', shop, `/${order.orderId}`, undefined, foreign), 403, 'forbidden');
    expectError(await staff('POST', shop, `/${order.orderId}/mark-paid`, {}, foreign), 403, 'forbidden');
    expectError(await staff('POST', shop, `/${order.orderId}/cancel`, undefined, foreign), 403, 'forbidden');
    expectError(await staff('POST', shop, `/${order.orderId}/fulfilment`, { status: 'confirmed' }, foreign), 403, 'forbidden');
    expectError(await staff('POST', shop, `/${order.orderId}/refund`, {}, foreign), 403, 'forbidden');
    // Their own store path with our order id: not found there.
    expectError(await staff('GET', other, `/${order.orderId}`), 404, 'order-not-found');
    expectError(await staff('POST', other, `/${order.orderId}/mark-paid`, {}), 404, 'order-not-found');
    assert.equal((await staff('GET', shop, `/${order.orderId}`)).data.order.status, 'pending_cash_collection');
    // A key is not a staff session.
    expectError(await env.inject({ method: 'GET', url: url(shop), headers: env.keyHeaders(shop.key) }), 401, 'unauthorized');

    // A member with the staff role can settle but not refund.
    const clerk = (await env.addMember(shop.store, { role: 'staff', name: 'Clerk' })).headers;
    const paid = await staff('POST', shop, `/${order.orderId}/mark-paid`, { method: 'cash' }, clerk);
    assert.equal(paid.statusCode, 200, paid.body);
    expectError(await staff('POST', shop, `/${order.orderId}/refund`, {}, clerk), 403, 'forbidden');
  });
});
