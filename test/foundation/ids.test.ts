// Ids, codes and secrets come from a pool of CSPRNG bytes (src/shared/ids.ts): every character of
// an alphabet equally likely, whatever the alphabet's size, and no two ids alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addBase36, base62Secret, CROCKFORD, newId, randomString, randomToken } from '../../src/shared/ids.ts';

function counts(alphabet: string, perChar: number) {
  const text = randomString(alphabet, alphabet.length * perChar);
  assert.equal(text.length, alphabet.length * perChar);
  const seen = new Map<string, number>();
  for (const ch of text) seen.set(ch, (seen.get(ch) ?? 0) + 1);
  return seen;
}

test('every character of an alphabet comes up about equally often (36, 62, 32 and 3 characters)', () => {
  for (const alphabet of ['0123456789abcdefghijklmnopqrstuvwxyz', '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', CROCKFORD, 'abc']) {
    const perChar = 20_000;
    const seen = counts(alphabet, perChar);
    assert.equal(seen.size, alphabet.length, `${alphabet}: every character appears`);
    for (const [ch, n] of seen) {
      // A plain byte % size would favour some characters by 12% or more (36: 8 bytes against 7 each;
      // 62: 5 against 4). Chance alone: one standard deviation is sqrt(n·p·(1-p)) ≈ 140 of 20,000
      // (0.7%), so ±5% is over 7 of them, for each of the 133 characters a chance of about 1 in
      // 10^10 that the test fails with a correct generator. (At 10,000 per character ±5% was only
      // 5 deviations, and CI once saw 9,490 for one character.)
      assert.ok(Math.abs(n - perChar) < perChar * 0.05, `${alphabet}: ${ch} came up ${n} times, expected ~${perChar}`);
    }
  }
});

test('ids and secrets are unique, of the expected shape, across pool refills', () => {
  const ids = new Set(Array.from({ length: 20_000 }, () => newId('req')));
  assert.equal(ids.size, 20_000);
  for (const id of [...ids].slice(0, 50)) assert.match(id, /^req_[0-9a-z]{21}$/);
  const secrets = new Set(Array.from({ length: 2_000 }, () => base62Secret(40)));
  assert.equal(secrets.size, 2_000);
  for (const s of [...secrets].slice(0, 50)) assert.match(s, /^[0-9A-Za-z]{40}$/);
});

test('ids increase within the process, also within one millisecond', () => {
  const ids = Array.from({ length: 5_000 }, (_, i) => newId(i % 2 ? 'evt' : 'dlv').slice(4));
  for (let i = 1; i < ids.length; i++) assert.ok(ids[i]! > ids[i - 1]!, `${ids[i - 1]} then ${ids[i]}`);
  // Many of them share a millisecond (the first 9 characters), and still differ.
  const times = new Set(ids.map((id) => id.slice(0, 9)));
  assert.ok(times.size < ids.length / 2, `${times.size} milliseconds for ${ids.length} ids`);
  assert.equal(new Set(ids).size, ids.length);
});

test('tokens are pool bytes as base64url: the asked length, unique, also across pool refills and for sizes above the pool', () => {
  for (const bytes of [1, 18, 24, 30, 32, 4095, 4096, 5000]) {
    const length = Math.ceil((bytes * 4) / 3);
    const tokens = new Set(Array.from({ length: 200 }, () => randomToken(bytes)));
    if (bytes >= 18) assert.equal(tokens.size, 200, `${bytes} bytes: no token twice`);
    for (const token of tokens) {
      assert.match(token, /^[A-Za-z0-9_-]+$/);
      assert.equal(token.length, length, `${bytes} bytes → ${length} characters`);
      assert.equal(Buffer.from(token, 'base64url').length, bytes);
    }
  }
  // Byte values are spread evenly over many tokens (a token never repeats pool bytes).
  const seen = new Array<number>(256).fill(0);
  for (let i = 0; i < 4_000; i++) for (const byte of Buffer.from(randomToken(32), 'base64url')) seen[byte]! += 1;
  for (const n of seen) assert.ok(Math.abs(n - 500) < 500 * 0.3, `a byte value came up ${n} times, expected ~500`);
});

test('addBase36 adds with carries across the fixed width, and says null when the sum does not fit', () => {
  const value = (digits: string) => [...digits].reduce((n, ch) => n * 36n + BigInt(parseInt(ch, 36)), 0n);
  const cases: Array<[string, number]> = [['000000000000', 1], ['00000000000z', 1], ['0000000zzzzz', 65_535], ['abcdefghijkl', 65_536], ['zzzzzzzzzzzz', 0], ['0zzzzzzzzzzz', 1]];
  for (let i = 0; i < 2_000; i++) cases.push([randomString('0123456789abcdefghijklmnopqrstuvwxyz', 12), 1 + Math.floor(Math.random() * 65_536)]);
  for (const [digits, amount] of cases) {
    const sum = addBase36(digits, amount);
    assert.ok(sum !== null, `${digits} + ${amount} fits`);
    assert.equal(sum.length, 12);
    assert.equal(value(sum), value(digits) + BigInt(amount), `${digits} + ${amount} = ${sum}`);
  }
  assert.equal(addBase36('zzzzzzzzzzzz', 1), null);
  assert.equal(addBase36('zzzzzzzzzzzy', 2), null);
});
