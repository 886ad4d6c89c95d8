// Pure checkout logic: payload forms and totals, no database.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCheckoutPayload, rawItemId, absoluteHttpUrl } from '../../src/modules/checkout/payload.ts';
import { computeTotals } from '../../src/modules/checkout/totals.ts';
import { escapeHtml, html, withReference } from '../../src/modules/checkout/pay-page.ts';

const S = 'st0abc';

test('rawItemId removes only this store\'s prefix', () => {
  assert.equal(rawItemId(S, `${S}_mug`), 'mug');
  assert.equal(rawItemId(S, 'mug'), 'mug');
  assert.equal(rawItemId(S, 'stother_mug'), 'stother_mug');
  assert.equal(rawItemId(S, `${S}_`), `${S}_`, 'a bare prefix is not stripped to nothing');
  assert.equal(rawItemId(S, `${S}_${S}_x`), `${S}_x`, 'only one prefix');
});

test('absoluteHttpUrl accepts http(s) only', () => {
  assert.equal(absoluteHttpUrl('https://a.test/x?y=1'), 'https://a.test/x?y=1');
  for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//a.test', '/x', 'mailto:a@b.c', `https://a.test/${'x'.repeat(3000)}`]) assert.equal(absoluteHttpUrl(bad), null, bad);
});

test('item id and quantity fall back in the documented order', () => {
  const { value } = parseCheckoutPayload(S, { items: [{ item_id: 'a', id: 'b', productId: 'c', qty: 1, quantity: 9 }, { id: 'b', quantity: 2 }, { productId: `${S}_c`, quantity: 3 }] }, { requireUrls: false });
  assert.deepEqual(value?.lines, [{ itemId: 'a', qty: 1 }, { itemId: 'b', qty: 2 }, { itemId: 'c', qty: 3 }]);
});

test('items wins over cart; cart is used when items is absent', () => {
  assert.deepEqual(parseCheckoutPayload(S, { items: [{ item_id: 'a', qty: 1 }], cart: [{ productId: 'z', quantity: 5 }] }, { requireUrls: false }).value?.lines, [{ itemId: 'a', qty: 1 }]);
  assert.deepEqual(parseCheckoutPayload(S, { cart: [{ productId: 'z', quantity: 5 }] }, { requireUrls: false }).value?.lines, [{ itemId: 'z', qty: 5 }]);
});

test('snake_case duplicates are read; camelCase wins when both are sent', () => {
  const { value } = parseCheckoutPayload(S, { client_order_id: 'snake', source_channel: 'client_website', source_label: 'L', items: [{ item_id: 'a', qty: 1 }] }, { requireUrls: false });
  assert.equal(value?.clientOrderId, 'snake');
  assert.equal(value?.sourceChannel, 'client_website');
  assert.equal(parseCheckoutPayload(S, { clientOrderId: 'camel', client_order_id: 'snake', items: [{ item_id: 'a', qty: 1 }] }, { requireUrls: false }).value?.clientOrderId, 'camel');
});

test('customer contact is normalised; gateway checkout needs both URLs, manual methods none', () => {
  const base = { items: [{ item_id: 'a', qty: 1 }], customer: { name: ' Ama ', email: ' AMA@Example.TEST ', phone: '+233 24 000 0000' } };
  const missing = parseCheckoutPayload(S, base, { requireUrls: true });
  assert.deepEqual(missing.errors.map((e) => e.field).sort(), ['cancelUrl', 'returnUrl']);
  const cash = parseCheckoutPayload(S, { ...base, paymentMethod: 'cash' }, { requireUrls: true });
  assert.deepEqual(cash.value?.customer, { name: 'Ama', email: 'ama@example.test', phone: '+233240000000' });
});

test('computeTotals: customer-borne and store-borne fees, rounding half up, no fee on nothing', () => {
  const lines = [{ itemId: 'a', name: 'A', qty: 3, unitPriceMinor: 333 }];
  assert.deepEqual(computeTotals(lines, { platformFeeBps: 250, platformFeeFixedMinor: 0, feeBearer: 'customer' }), {
    subtotalMinor: 999, feesMinor: 25, totalMinor: 1024, storeMinor: 999, platformMinor: 25, feeBearer: 'customer',
  });
  assert.deepEqual(computeTotals(lines, { platformFeeBps: 250, platformFeeFixedMinor: 10, feeBearer: 'store' }), {
    subtotalMinor: 999, feesMinor: 0, totalMinor: 999, storeMinor: 964, platformMinor: 35, feeBearer: 'store',
  });
  const tiny = computeTotals([{ itemId: 'a', name: 'A', qty: 1, unitPriceMinor: 5 }], { platformFeeBps: 0, platformFeeFixedMinor: 100, feeBearer: 'store' });
  assert.equal(tiny.storeMinor, 0, 'the store share never goes negative');
  assert.equal(tiny.platformMinor, 5);
  assert.equal(computeTotals([], { platformFeeBps: 100, platformFeeFixedMinor: 100, feeBearer: 'customer' }).totalMinor, 0);
});

test('html escapes every interpolation; withReference keeps existing query parameters', () => {
  assert.equal(escapeHtml(`<a href="x" onclick='y'>&\``), '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;');
  assert.equal(html`<p>${'<b>'}</p>${[html`<i>${'&'}</i>`]}`.value, '<p>&lt;b&gt;</p><i>&amp;</i>');
  const u = new URL(withReference('https://s.test/ok?cart=1&trxref=old', 'ORD-1'));
  assert.equal(u.searchParams.get('cart'), '1');
  assert.equal(u.searchParams.get('trxref'), 'ORD-1');
  assert.equal(u.searchParams.get('reference'), 'ORD-1');
});
