// Minor units ↔ major units at the API edge (src/shared/money.ts): the amount a partner reads is the
// decimal amount itself, for every currency's number of digits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { currencyDigits, toMajor, toMinor } from '../../src/shared/money.ts';

test('toMajor gives the double nearest to the decimal amount (as parsing its text would) and toMinor inverts it', () => {
  for (const currency of ['GHS', 'USD', 'JPY', 'KWD']) {
    const d = currencyDigits(currency);
    const check = (minor: number, back = true) => {
      const major = toMajor(minor, currency);
      assert.equal(major, Number((minor / 10 ** d).toFixed(d)), `${minor} ${currency}`);
      if (back) assert.equal(toMinor(major, currency), minor, `${minor} ${currency} back`);
    };
    for (let minor = -2_000; minor <= 200_000; minor++) check(minor);
    for (let i = 0; i < 20_000; i++) check(Math.floor(Math.random() * 10 ** 12));
    check(Number.MAX_SAFE_INTEGER, false); // beyond what toMinor's scaling keeps exact
  }
  assert.deepEqual([currencyDigits('JPY'), currencyDigits('GHS'), currencyDigits('KWD')], [0, 2, 3]);
  assert.equal(toMajor(1999, 'GHS'), 19.99);
  assert.equal(toMajor(1999, 'JPY'), 1999);
  assert.equal(toMajor(1999, 'KWD'), 1.999);
});
