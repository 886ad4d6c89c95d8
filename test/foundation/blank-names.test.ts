// Required human-text names are refused when they hold only whitespace (never stored as ''), and
// an order needs its customer's name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type Response } from '../helpers/app.ts';

function names(res: Response, field: string) {
  expectError(res, 400, 'validation-failed');
  assert.ok(res.data.details.some((d: any) => d.field === field), `${field} named in ${res.body}`);
}

describeEachDb('blank names', (env) => {
  test('whitespace-only store, user, member, key, customer and item names are 400 naming the field', async () => {
    const signup = (name: string, storeName: string) =>
      env.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: `blank-${Math.random()}@example.test`, password: 'long enough pw', name, store: { name: storeName } } });
    names(await signup('   ', 'Shop'), 'name');
    names(await signup('Ama', ' \t '), 'store.name');

    const store = await env.createStore();
    const staff = env.staffHeaders(store);
    const S = `/api/stores/${store.storeId}`;
    names(await env.inject({ method: 'PATCH', url: S, headers: staff, payload: { name: '  ' } }), 'name');
    names(await env.inject({ method: 'POST', url: `${S}/members`, headers: staff, payload: { email: 'm@example.test', role: 'staff', name: ' ' } }), 'name');
    names(await env.inject({ method: 'POST', url: `/developer/keys?storeId=${store.storeId}`, headers: staff, payload: { name: '   ' } }), 'name');
    names(await env.inject({ method: 'POST', url: `${S}/customers`, headers: staff, payload: { name: '  ' } }), 'name');
    names(await env.inject({ method: 'POST', url: `${S}/items`, headers: staff, payload: { name: '  ', itemType: 'product', price: 1 } }), 'name');

    const stored = await env.inject({ method: 'GET', url: S, headers: staff });
    assert.notEqual(stored.data.store.name.trim(), '');
  });

  test('a checkout without a customer, or without the customer\'s name, is 400 naming the field; the preview needs neither', async () => {
    const store = await env.createStore();
    const key = await env.createKey(store);
    const mug = await env.createItem(store, { price: 3 });
    const base = { items: [{ item_id: mug.id, qty: 1 }], paymentMethod: 'cash' };
    const checkout = (body: Record<string, unknown>) => env.inject({ method: 'POST', url: `/integrationCheckoutCreate?storeId=${store.storeId}`, headers: env.keyHeaders(key), payload: body });
    names(await checkout(base), 'customer');
    names(await checkout({ ...base, customer: { email: 'buyer@example.test' } }), 'customer.name');
    names(await checkout({ ...base, customer: { name: '   ', phone: '0244000000' } }), 'customer.name');
    const preview = await env.inject({ method: 'POST', url: `/v1IntegrationCheckoutPreview?storeId=${store.storeId}`, headers: env.keyHeaders(key), payload: base });
    assert.equal(preview.statusCode, 200, preview.body);
    const ok = await checkout({ ...base, customer: { name: ' Ama ' } });
    assert.equal(ok.statusCode, 201, ok.body);
    const order = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/orders/${ok.data.orderId}`, headers: env.staffHeaders(store) });
    assert.equal(order.data.order.customer.name, 'Ama');
  });
});
