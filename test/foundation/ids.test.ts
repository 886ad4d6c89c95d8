// Ids, codes and secrets come from a pool of CSPRNG bytes (src/shared/ids.ts): every character of
// an alphabet equally likely, whatever the alphabet's size, and no two ids alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { base62Secret, CROCKFORD, newId, randomString } from '../../src/shared/ids.ts';

function counts(alphabet: string, perChar: number) {
  const text = randomString(alphabet, alphabet.length * perChar);
  assert.equal(text.length, alphabet.length * perChar);
  const seen = new Map<string, number>();
  for (const ch of text) seen.set(ch, (seen.get(ch) ?? 0) + 1);
  return seen;
}

test('every character of an alphabet comes up about equally often (36, 62, 32 and 3 characters)', () => {
  for (const alphabet of ['0123456789abcdefghijklmnopqrstuvwxyz', '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', CROCKFORD, 'abc']) {
    const perChar = 10_000;
    const seen = counts(alphabet, perChar);
    assert.equal(seen.size, alphabet.length, `${alphabet}: every character appears`);
    for (const [ch, n] of seen) {
      // A plain byte % size would favour some characters by 10% or more (36: 8 bytes against 7 each;
      // 62: 5 against 4); chance alone stays within ±5% here (5 standard deviations).
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
