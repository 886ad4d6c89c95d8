// The browser entry: the website-side rules (docs/sdk.md, Website rules) and the cart, with no key and no network.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Cart, isValidPhone, listServices, orderStatusLabel, toRawItemId, visibleGallery } from '../src/browser/index.ts';

describe('website rules (@store-integration/client/browser)', () => {
  test('toRawItemId removes the <storeId>_ prefix and leaves every other id alone', () => {
    assert.equal(toRawItemId('acme_mug', 'acme'), 'mug');
    assert.equal(toRawItemId('acme_big_mug', 'acme'), 'big_mug');
    assert.equal(toRawItemId('mug', 'acme'), 'mug');
    assert.equal(toRawItemId('other_mug', 'acme'), 'other_mug');
    assert.equal(toRawItemId('acmemug', 'acme'), 'acmemug');
    assert.equal(toRawItemId('acme_', 'acme'), 'acme_');
    assert.equal(toRawItemId('_mug', ''), '_mug');
  });

  test('orderStatusLabel: Confirmed, Syncing, Payment failed, missing as Syncing, others with spaces', () => {
    for (const s of ['success', 'paid', 'confirmed', 'captured', 'PAID']) assert.equal(orderStatusLabel(s), 'Confirmed');
    for (const s of ['pending', 'pending_payment', 'syncing']) assert.equal(orderStatusLabel(s), 'Syncing');
    for (const s of ['failed', 'payment_failed']) assert.equal(orderStatusLabel(s), 'Payment failed');
    for (const s of [undefined, null, '']) assert.equal(orderStatusLabel(s), 'Syncing');
    assert.equal(orderStatusLabel('pending_cash_collection'), 'pending cash collection');
    assert.equal(orderStatusLabel('pending_delivery'), 'pending delivery');
    assert.equal(orderStatusLabel('refunded'), 'refunded');
  });

  test('listServices uses publicServices when non-empty, else products, keeping itemType or type service in any case', () => {
    const products = [{ id: 'mug', itemType: 'product', type: 'PRODUCT' }, { id: 'cut', itemType: 'service', type: 'SERVICE' }, { id: 'nail', itemType: null, type: 'Service' }, { id: 'course', itemType: 'course', type: 'COURSE' }];
    assert.deepEqual(listServices({ products, publicServices: [] }).map((s) => s.id), ['cut', 'nail']);
    assert.deepEqual(listServices({ products }).map((s) => s.id), ['cut', 'nail']);
    const publicServices = [{ id: 'massage', itemType: 'SERVICE', type: 'SERVICE' }, { id: 'odd', itemType: 'product', type: 'PRODUCT' }];
    assert.deepEqual(listServices({ products, publicServices }).map((s) => s.id), ['massage']);
    assert.deepEqual(listServices({}), []);
  });

  test('visibleGallery keeps entries with a non-empty url whose isPublished is not false, from the array or the answer', () => {
    const gallery = [
      { id: 'a', url: 'https://x/a.jpg', isPublished: true },
      { id: 'b', url: '', isPublished: true },
      { id: 'c', url: '   ', isPublished: true },
      { id: 'd', url: 'https://x/d.jpg', isPublished: false },
      { id: 'e', url: 'https://x/e.jpg' },
      { id: 'f', url: null, isPublished: true },
    ];
    assert.deepEqual(visibleGallery(gallery).map((g) => g.id), ['a', 'e']);
    assert.deepEqual(visibleGallery({ gallery }).map((g) => g.id), ['a', 'e']);
    assert.deepEqual(visibleGallery(null), []);
  });

  test('isValidPhone wants 9 to 15 digits once non-digits are removed', () => {
    for (const p of ['020 123 4567', '+233 (20) 123-4567', '123456789', '123456789012345']) assert.equal(isValidPhone(p), true, p);
    for (const p of ['12345678', '1234567890123456', 'phone', '', undefined, 233201234567]) assert.equal(isValidPhone(p), false, String(p));
  });
});

describe('Cart', () => {
  const mug = { merchantId: 'acme', productId: 'acme_mug', productName: 'Mug', price: 12.5, currency: 'GHS' };

  test('adding an entry that is already there adds to its quantity; entries are unique by merchantId, productId and type', () => {
    const cart = new Cart();
    cart.add(mug);
    cart.add({ ...mug, quantity: 2 });
    cart.add({ ...mug, type: 'service' });
    cart.add({ ...mug, merchantId: 'beta' });
    assert.deepEqual(cart.entries.map((e) => [e.merchantId, e.productId, e.type, e.quantity]), [
      ['acme', 'acme_mug', 'PRODUCT', 3],
      ['acme', 'acme_mug', 'SERVICE', 1],
      ['beta', 'acme_mug', 'PRODUCT', 1],
    ]);
    assert.equal(cart.count, 5);
  });

  test('quantity is an integer of at least 1; merchantId and productId are required; type is PRODUCT or SERVICE', () => {
    const cart = new Cart();
    for (const quantity of [0, -1, 1.5, Number.NaN, '2' as unknown as number]) assert.throws(() => cart.add({ ...mug, quantity }), RangeError);
    assert.throws(() => cart.add({ ...mug, merchantId: '' }), /merchantId is required/);
    assert.throws(() => cart.add({ ...mug, merchantId: undefined as unknown as string }), /merchantId is required/);
    assert.throws(() => cart.add({ ...mug, productId: ' ' }), /productId is required/);
    assert.throws(() => cart.add({ ...mug, type: 'COURSE' }), /PRODUCT or SERVICE/);
    assert.throws(() => cart.add({ ...mug, price: -1 }), /price/);
    assert.equal(cart.entries.length, 0);
  });

  test('remove and setQuantity find the entry by merchantId, productId and type (PRODUCT by default)', () => {
    const cart = new Cart([mug, { ...mug, type: 'SERVICE' }]);
    assert.equal(cart.setQuantity({ merchantId: 'acme', productId: 'acme_mug' }, 4).quantity, 4);
    assert.throws(() => cart.setQuantity({ merchantId: 'acme', productId: 'acme_mug' }, 0), RangeError);
    assert.throws(() => cart.setQuantity({ merchantId: 'beta', productId: 'acme_mug' }, 2), /no PRODUCT/);
    assert.equal(cart.remove({ merchantId: 'acme', productId: 'acme_mug', type: 'service' }), true);
    assert.equal(cart.remove({ merchantId: 'acme', productId: 'acme_mug', type: 'service' }), false);
    assert.deepEqual(cart.entries.map((e) => [e.type, e.quantity]), [['PRODUCT', 4]]);
  });

  test('entries are copies: changing one does not change the cart', () => {
    const cart = new Cart([mug]);
    cart.entries[0].quantity = 99;
    assert.equal(cart.entries[0].quantity, 1);
  });

  test('toJSON and Cart.fromJSON round-trip; fromJSON checks every entry and drops unknown fields', () => {
    const cart = new Cart([mug, { merchantId: 'beta', productId: 'shea', productName: 'Shea', quantity: 2, storeName: 'Beta', imageUrl: 'https://x/s.jpg' }]);
    const text = JSON.stringify(cart);
    assert.deepEqual(Cart.fromJSON(text).entries, cart.entries);
    assert.deepEqual(Cart.fromJSON(JSON.parse(text)).toJSON(), cart.toJSON());
    assert.deepEqual(Cart.fromJSON([{ ...mug, evil: '<script>' }]).entries, [{ ...mug, quantity: 1, type: 'PRODUCT' }]);
    assert.throws(() => Cart.fromJSON('{"entries":1}'), TypeError);
    assert.throws(() => Cart.fromJSON([{ ...mug, quantity: 0 }]), RangeError);
    assert.throws(() => Cart.fromJSON('not json'), SyntaxError);
  });

  test('byMerchant groups entries by merchantId in the order merchants were first added', () => {
    const cart = new Cart([mug, { ...mug, merchantId: 'beta', productId: 'shea' }, { ...mug, productId: 'cup' }]);
    assert.deepEqual([...cart.byMerchant()].map(([m, lines]) => [m, lines.map((l) => l.productId)]), [['acme', ['acme_mug', 'cup']], ['beta', ['shea']]]);
    cart.clear();
    assert.equal(cart.count, 0);
  });
});
