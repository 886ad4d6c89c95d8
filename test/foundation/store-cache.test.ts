// src/shared/store-cache.ts: values per store, dropped per store (or all), a read in flight across a
// drop not kept, bounded in size and in age.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StoreCache } from '../../src/shared/store-cache.ts';

test('keeps a value per store and key; a drop forgets only that store, "*" forgets every store', async () => {
  const cache = new StoreCache<{ v: number }>({ maxSize: 100, ttlMs: 60_000 });
  let loads = 0;
  const load = (v: number) => async () => ({ v: (loads++, v) });
  assert.deepEqual(await cache.get('a', 'k', load(1)), { v: 1 });
  assert.deepEqual(await cache.get('a', 'k', load(2)), { v: 1 });
  assert.deepEqual(await cache.get('b', 'k', load(3)), { v: 3 });
  cache.drop('a');
  assert.deepEqual(await cache.get('a', 'k', load(4)), { v: 4 });
  assert.deepEqual(await cache.get('b', 'k', load(5)), { v: 3 });
  cache.drop('*');
  assert.deepEqual(await cache.get('b', 'k', load(6)), { v: 6 });
  assert.equal(loads, 4);
});

test('a value read while its store was dropped is answered but not kept', async () => {
  const cache = new StoreCache<{ v: number }>({ maxSize: 100, ttlMs: 60_000 });
  const stale = await cache.get('a', 'k', async () => {
    cache.drop('a'); // a change commits while the read is in flight
    return { v: 1 };
  });
  assert.deepEqual(stale, { v: 1 });
  assert.deepEqual(await cache.get('a', 'k', async () => ({ v: 2 })), { v: 2 });
});

test('bounded by the sum of sizes, and by age', async () => {
  const cache = new StoreCache<number[]>({ maxSize: 10, sizeOf: (v) => v.length, ttlMs: 50 });
  await cache.get('a', 'big', async () => [1, 2, 3, 4, 5, 6]);
  await cache.get('a', 'other', async () => [1, 2, 3, 4, 5, 6]); // 12 > 10: the least recently used goes
  assert.deepEqual(await cache.get('a', 'big', async () => [9]), [9]);
  await new Promise((r) => setTimeout(r, 80));
  assert.deepEqual(await cache.get('a', 'big', async () => [8]), [8]);
});
