// Counter sales (POST /api/stores/:storeId/orders) and stock counted at the shop
// (PATCH /api/stores/:storeId/items/:itemId/stock): stock taken atomically, paid now or to collect,
// the customer found by any phone format, staff may count stock but not change prices; bad input,
// foreign keys and races. Both engines.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type TestEnv, type TestMember, type TestStore } from '../helpers/app.ts';

describeEachDb('counter sales and stock adjustments', (env: TestEnv) => {
  let store: TestStore;
  let other: TestStore;
  let staff: TestMember;
  let gel: { id: string };
  let comb: { id: string };
  let braids: { id: string };
  let events: () => Promise<string[]>;

  const sale = (payload: Record<string, unknown>, headers: Record<string, string> = env.staffHeaders(store), s: TestStore = store) =>
    env.inject({ method: 'POST', url: `/api/stores/${s.storeId}/orders`, headers, payload });
  const stock = (itemId: string, payload: Record<string, unknown>, headers: Record<string, string> = env.staffHeaders(store), s: TestStore = store) =>
    env.inject({ method: 'PATCH', url: `/api/stores/${s.storeId}/items/${itemId}/stock`, headers, payload });
  const item = async (id: string) => (await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/items/${id}`, headers: env.staffHeaders(store) })).data.item;

  before(async () => {
    store = await env.createStore({ timezone: 'Africa/Accra', currency: 'GHS' });
    other = await env.createStore({ timezone: 'Africa/Accra' });
    staff = await env.addMember(store, { role: 'staff' });
    gel = await env.createItem(store, { itemType: 'product', name: 'Edge gel', price: 35, stockCount: 10 });
    comb = await env.createItem(store, { itemType: 'product', name: 'Rat-tail comb', price: 5, published: false });
    braids = await env.createItem(store, { itemType: 'service', name: 'Braids', price: 200, schedule: { durationMinutes: 60, weeklyHours: [{ day: 'mon', start: '09:00', end: '17:00' }] } });
    events = async () => (await env.db.selectFrom('events').select('type').where('store_id', '=', store.storeId).orderBy('created_at').execute()).map((e) => e.type as string);
  });

  test('a cash sale paid now: paid order from the counter, stock taken, customer found by any phone format, receipt events', async () => {
    const made = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/customers`, headers: env.staffHeaders(store), payload: { name: 'Akosua', phone: '+233207654321' } });
    const res = await sale({ items: [{ itemId: gel.id, qty: 2 }, { itemId: comb.id, qty: 1 }, { itemId: gel.id, qty: 1 }], paymentMethod: 'cash', paid: true, customer: { name: 'Akosua', phone: '020 765 4321' }, note: 'Paid in coins' }, staff.headers);
    assert.equal(res.statusCode, 201, res.body);
    const o = res.data.order;
    assert.equal(o.status, 'confirmed', 'handed over: complete, not waiting to be delivered');
    assert.equal(o.paymentStatus, 'paid');
    assert.equal(o.paymentMethod, 'cash');
    assert.equal(o.sourceChannel, 'counter');
    assert.equal(o.totalMinor, 3 * 3500 + 500);
    assert.equal(o.feesMinor, 0);
    assert.equal(o.customerId, made.data.customer.id);
    assert.deepEqual(o.items.map((l: { name: string; qty: number }) => [l.name, l.qty]), [['Edge gel', 3], ['Rat-tail comb', 1]]);
    assert.equal((await item(gel.id)).stockCount, 7);
    const customer = (await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/customers/${o.customerId}`, headers: env.staffHeaders(store) })).data.customer;
    assert.equal(customer.ordersCount, 1);
    assert.equal(customer.totalSpentMinor, 11_000);
    assert.deepEqual((await events()).filter((t) => t.startsWith('order.')), ['order.created', 'order.paid']);
    // It is in the orders list and in the sales report.
    const listed = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/orders?customerId=${o.customerId}`, headers: env.staffHeaders(store) });
    assert.equal(listed.data.orders[0].orderId, o.orderId);
    const today = new Date().toISOString().slice(0, 10);
    const report = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/reports/sales?from=${today}&to=${today}`, headers: env.staffHeaders(store) });
    assert.equal(report.data.totals.revenueMinor, 11_000);
  });

  test('to collect: waits for the money (cash to collect, MoMo manual) and is marked paid later; no customer is fine', async () => {
    const cash = await sale({ items: [{ itemId: gel.id, qty: 1 }], paymentMethod: 'cash', paid: false });
    assert.equal(cash.statusCode, 201, cash.body);
    assert.equal(cash.data.order.status, 'pending_cash_collection');
    assert.equal(cash.data.order.customerId, null);
    const momo = await sale({ items: [{ itemId: gel.id, qty: 1 }], paymentMethod: 'momo', paid: false });
    assert.equal(momo.data.order.status, 'pending_manual');
    const settled = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/orders/${momo.data.order.orderId}/mark-paid`, headers: staff.headers, payload: {} });
    assert.equal(settled.statusCode, 200, settled.body);
    assert.equal(settled.data.order.status, 'confirmed');
    assert.equal(settled.data.order.paymentStatus, 'paid');
    assert.equal((await item(gel.id)).stockCount, 5);
  });

  test('not enough stock is 409 out-of-stock naming the item and how many are left; nothing is taken', async () => {
    const before = (await item(gel.id)).stockCount;
    const res = await sale({ items: [{ itemId: comb.id, qty: 1 }, { itemId: gel.id, qty: before + 1 }], paymentMethod: 'card', paid: true });
    expectError(res, 409, 'out-of-stock');
    assert.deepEqual(res.data.details, [{ field: gel.id, message: `only ${before} left` }]);
    assert.equal((await item(gel.id)).stockCount, before);
  });

  test('concurrent sales of the last units: the stock never goes below zero and every 201 took its unit', async () => {
    await stock(gel.id, { stockCount: 3 });
    const results = await Promise.all(Array.from({ length: 8 }, () => sale({ items: [{ itemId: gel.id, qty: 1 }], paymentMethod: 'cash', paid: true })));
    const codes = results.map((r) => r.statusCode).sort();
    assert.deepEqual(codes, [201, 201, 201, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expectError(r, 409, 'out-of-stock');
    assert.equal((await item(gel.id)).stockCount, 0);
  });

  test('staff count stock (received, removed, set) but are refused price changes, creates and deletes', async () => {
    const received = await stock(gel.id, { add: 12 }, staff.headers);
    assert.equal(received.statusCode, 200, received.body);
    assert.equal(received.data.item.stockCount, 12);
    assert.equal((await stock(gel.id, { add: -2 }, staff.headers)).data.item.stockCount, 10);
    assert.equal((await stock(gel.id, { stockCount: 4 }, staff.headers)).data.item.stockCount, 4);
    expectError(await stock(gel.id, { add: -5 }, staff.headers), 409, 'conflict');
    assert.equal((await item(gel.id)).stockCount, 4);
    // An untracked product needs a count first; services have no stock.
    expectError(await stock(comb.id, { add: 3 }), 409, 'conflict');
    assert.equal((await stock(comb.id, { stockCount: 3 })).data.item.stockCount, 3);
    expectError(await stock(braids.id, { add: 1 }), 422, 'not-stocked');
    // Prices, creates and deletes stay with owners and admins.
    expectError(await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/items/${gel.id}`, headers: staff.headers, payload: { price: 1 } }), 403, 'forbidden');
    expectError(await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/items`, headers: staff.headers, payload: { name: 'x', itemType: 'product', price: 1 } }), 403, 'forbidden');
    expectError(await env.inject({ method: 'DELETE', url: `/api/stores/${store.storeId}/items/${gel.id}`, headers: staff.headers }), 403, 'forbidden');
    assert.equal((await item(gel.id)).priceMinor, 3500);
  });

  test('bad input: missing, malformed, oversized, hostile and unknown fields get 400 naming the field', async () => {
    const ok = { items: [{ itemId: gel.id, qty: 1 }], paymentMethod: 'cash', paid: true };
    const cases: [unknown, string][] = [
      [{ ...ok, items: [] }, 'items'],
      [{ ...ok, items: undefined }, 'items'],
      [{ ...ok, items: [{ itemId: gel.id, qty: 0 }] }, 'items'],
      [{ ...ok, items: [{ itemId: gel.id, qty: 1.5 }] }, 'items'],
      [{ ...ok, items: Array.from({ length: 101 }, () => ({ itemId: gel.id, qty: 1 })) }, 'items'],
      [{ ...ok, paymentMethod: 'bitcoin' }, 'paymentMethod'],
      [{ ...ok, paid: 'yes' }, 'paid'],
      [{ ...ok, paid: undefined }, 'paid'],
      [{ ...ok, note: 'x'.repeat(2001) }, 'note'],
      [{ ...ok, discount: 50 }, 'discount'],
      [{ ...ok, customer: { name: 'x', phone: "024'; drop table orders;--" } }, 'customer.phone'],
      [{ ...ok, customer: { phone: '0241234567' } }, 'customer.name'],
      [{ ...ok, customer: { customerId: 'cus_x', name: 'both' } }, 'customer'],
      [{ ...ok, customer: { name: 'x', email: 'nope' } }, 'customer.email'],
      [[], 'body'],
    ];
    for (const [payload, field] of cases) {
      const res = await sale(payload as Record<string, unknown>);
      expectError(res, 400, 'validation-failed');
      assert.ok(res.data.details.some((d: { field: string }) => d.field.startsWith(field) || field === 'body'), `${field}: ${res.body}`);
    }
    for (const payload of [{}, { add: 0 }, { add: 1.5 }, { stockCount: -1 }, { add: 1, stockCount: 2 }, { stockCount: 2_000_000_000 }, { price: 1 }]) {
      expectError(await stock(gel.id, payload), 400, 'validation-failed');
    }
    expectError(await sale({ ...ok, items: [{ itemId: braids.id, qty: 1 }] }), 422, 'not-purchasable');
    expectError(await sale({ ...ok, items: [{ itemId: 'nope', qty: 1 }] }), 422, 'item-not-found');
    expectError(await sale({ ...ok, customer: { customerId: 'cus_nope' } }), 404, 'not-found');
  });

  test('tenant walls: another store\'s items, customers, login and URL are refused', async () => {
    const theirs = await env.createItem(other, { itemType: 'product', name: 'Theirs', price: 1, stockCount: 5 });
    const ok = { items: [{ itemId: gel.id, qty: 1 }], paymentMethod: 'cash', paid: false };
    expectError(await sale({ ...ok, items: [{ itemId: theirs.id, qty: 1 }] }), 422, 'item-not-found');
    const theirCustomer = (await env.inject({ method: 'POST', url: `/api/stores/${other.storeId}/customers`, headers: env.staffHeaders(other), payload: { name: 'Theirs' } })).data.customer;
    expectError(await sale({ ...ok, customer: { customerId: theirCustomer.id } }), 404, 'not-found');
    expectError(await sale(ok, env.staffHeaders(other)), 403, 'forbidden');
    expectError(await stock(gel.id, { add: 1 }, env.staffHeaders(other)), 403, 'forbidden');
    expectError(await stock(theirs.id, { add: 1 }), 404, 'item-not-found');
    expectError(await sale(ok, {}), 401, 'unauthorized');
    const key = await env.createKey(store);
    assert.ok([401, 403].includes((await sale(ok, env.keyHeaders(key))).statusCode));
    assert.equal((await env.inject({ method: 'GET', url: `/api/stores/${other.storeId}/items/${theirs.id}`, headers: env.staffHeaders(other) })).data.item.stockCount, 5);
  });
});
