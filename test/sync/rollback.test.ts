import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type TestStore } from '../helpers/app.ts';
import { catalog, eventsOf, listRuns, postFeed, product, rollback, staffItems } from './helpers.ts';
import { SNAPSHOTS_KEPT } from '../../src/modules/developer/sync-service.ts';

const schedule = { durationMinutes: 30, capacity: 2, weeklyHours: [{ day: 'tue', start: '10:00', end: '16:00' }] };

describeEachDb('sync rollback', (env) => {
  let store: TestStore;
  let key: string;

  test('setup: a catalog with stock, images, a service and an unpublished item', async () => {
    store = await env.createStore({ currency: 'NGN' });
    key = await env.createKey(store);
    await env.createItem(store, { id: 'soap', name: 'Black Soap', price: 1500, stockCount: 12, imageUrl: 'https://img.test/soap.jpg', imageUrls: ['https://img.test/s2.jpg'], imageAlt: 'Soap' });
    await env.createItem(store, { id: 'shea', name: 'Shea Butter', price: 2550.5, stockCount: 0, category: 'Skin', description: 'Raw' });
    await env.createItem(store, { id: 'oil', name: 'Palm Kernel Oil', priceMinor: 99, stockCount: null });
    await env.createItem(store, { id: 'braids', name: 'Braids', itemType: 'service', price: 8000, schedule });
    await env.createItem(store, { id: 'draft', name: 'Draft Item', price: 1, published: false });
  });

  test('rollback restores prices, stock and deleted items exactly (the integration catalog is identical)', async () => {
    const before = await catalog(env, store, key);
    const beforeItems = await staffItems(env, store);
    const feed = await postFeed(env, store, {
      mode: 'full',
      allowMassDelete: true,
      items: [
        { id: 'soap', name: 'Black Soap', itemType: 'product', price: 1, stockCount: 999 },
        { id: 'oil', name: 'Palm Kernel Oil', itemType: 'product', priceMinor: 5000, stockCount: 3 },
        { id: 'new-thing', name: 'New Thing', itemType: 'product', price: 7 },
      ],
    });
    assert.equal(feed.statusCode, 201, feed.body);
    assert.deepEqual(feed.data.run.counts, { created: 1, updated: 2, deleted: 3, unchanged: 0, failed: 0 });
    const changed = await catalog(env, store, key);
    assert.notEqual(changed.body, before.body);

    const res = await rollback(env, store, feed.data.run.runId);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.ok, true);
    const run = res.data.run;
    assert.equal(run.kind, 'rollback');
    assert.equal(run.status, 'succeeded');
    assert.equal(run.mode, null);
    assert.equal(run.rollbackOf, feed.data.run.runId);
    assert.deepEqual(run.counts, { created: 3, updated: 2, deleted: 1, unchanged: 0, failed: 0 });
    assert.deepEqual(res.data.rolledBackRuns.map((r: any) => [r.runId, r.status, r.rolledBackBy]), [[feed.data.run.runId, 'rolled_back', run.runId]]);

    const after = await catalog(env, store, key);
    assert.equal(after.statusCode, 200);
    assert.equal(after.body, before.body, 'the integration catalog is byte-for-byte what it was');
    assert.equal(after.headers.etag, before.headers.etag);
    assert.deepEqual(await staffItems(env, store), beforeItems, 'unpublished items, schedules and timestamps are back too');

    const runs = (await listRuns(env, store)).data.runs;
    assert.deepEqual(runs.map((r: any) => [r.kind, r.status]), [['rollback', 'succeeded'], ['sync', 'rolled_back']]);
    const events = await eventsOf(env, store, 'catalog.rolled_back');
    assert.equal(events.length, 1);
    assert.equal(events[0].data.run.runId, run.runId);
    assert.equal(events[0].data.rolledBackRunId, feed.data.run.runId);
  });

  test('runs that are not succeeded sync runs cannot be rolled back (409); unknown runs are 404', async () => {
    const runs = (await listRuns(env, store)).data.runs;
    expectError(await rollback(env, store, runs[1].runId), 409, 'conflict');
    expectError(await rollback(env, store, runs[0].runId), 409, 'conflict');
    const failed = await postFeed(env, store, { mode: 'upsert', items: [product('x', { price: -5 })] });
    expectError(failed, 400, 'validation-failed');
    const res = await rollback(env, store, failed.data.run.runId);
    expectError(res, 409, 'conflict');
    assert.match(res.data.message, /only succeeded sync runs/);
    expectError(await rollback(env, store, 'syr_doesnotexist'), 404, 'sync-run-not-found');
    expectError(await rollback(env, store, 'x'.repeat(100)), 404, 'sync-run-not-found');
    expectError(await rollback(env, store, "' OR 1=1 --"), 404, 'sync-run-not-found');
  });

  test('rolling back an earlier run also undoes the runs after it; rolling back the latest keeps the earlier one', async () => {
    const shop = await env.createStore();
    const shopKey = await env.createKey(shop);
    await env.createItem(shop, { id: 'a', price: 5, stockCount: 1 });
    const original = await catalog(env, shop, shopKey);
    const run1 = (await postFeed(env, shop, { mode: 'upsert', items: [product('a', { price: 20, stockCount: 2 })] })).data.run;
    const afterRun1 = await catalog(env, shop, shopKey);
    const run2 = (await postFeed(env, shop, { mode: 'upsert', items: [product('a', { price: 30, stockCount: 3 }), product('b')] })).data.run;

    const undo2 = await rollback(env, shop, run2.runId);
    assert.equal(undo2.statusCode, 200, undo2.body);
    assert.equal((await catalog(env, shop, shopKey)).body, afterRun1.body);
    const run3 = (await postFeed(env, shop, { mode: 'upsert', items: [product('c')] })).data.run;

    const undo1 = await rollback(env, shop, run1.runId);
    assert.equal(undo1.statusCode, 200, undo1.body);
    assert.deepEqual(undo1.data.rolledBackRuns.map((r: any) => r.runId), [run1.runId, run3.runId]);
    assert.equal((await catalog(env, shop, shopKey)).body, original.body);
    expectError(await rollback(env, shop, run3.runId), 409, 'conflict');
    const statuses = Object.fromEntries((await listRuns(env, shop)).data.runs.map((r: any) => [r.runId, r.status]));
    assert.deepEqual([statuses[run1.runId], statuses[run2.runId], statuses[run3.runId]], ['rolled_back', 'rolled_back', 'rolled_back']);
  });

  test(`only the newest ${SNAPSHOTS_KEPT} snapshots are kept; an older run answers 409`, async () => {
    const shop = await env.createStore();
    const runIds: string[] = [];
    for (let i = 0; i <= SNAPSHOTS_KEPT; i++) runIds.push((await postFeed(env, shop, { mode: 'upsert', items: [product(`k${i}`)] })).data.run.runId);
    const res = await rollback(env, shop, runIds[0]);
    expectError(res, 409, 'conflict');
    assert.match(res.data.message, /no longer kept/);
    assert.equal((await rollback(env, shop, runIds[1])).statusCode, 200);
  });

  test('two rollbacks of the same run at once: exactly one succeeds, the other is 409', async () => {
    const shop = await env.createStore();
    await env.createItem(shop, { id: 'a', price: 5 });
    const run = (await postFeed(env, shop, { mode: 'upsert', items: [product('a', { price: 6 })] })).data.run;
    const results = await Promise.all([rollback(env, shop, run.runId), rollback(env, shop, run.runId), rollback(env, shop, run.runId)]);
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 409, 409]);
    const runs = (await listRuns(env, shop)).data.runs;
    assert.equal(runs.filter((r: any) => r.kind === 'rollback').length, 1);
  });

  test('two feeds at once are applied one after the other (the second sees the first)', async () => {
    const shop = await env.createStore();
    const ids = Array.from({ length: 50 }, (_, i) => `c${i}`);
    const [a, b] = await Promise.all([
      postFeed(env, shop, { mode: 'full', items: ids.map((id) => product(id, { priceMinor: 100 })) }),
      postFeed(env, shop, { mode: 'full', items: ids.map((id) => product(id, { priceMinor: 200 })) }),
    ]);
    assert.equal(a.statusCode, 201, a.body);
    assert.equal(b.statusCode, 201, b.body);
    const counts = [a.data.run.counts, b.data.run.counts].sort((x, y) => y.created - x.created);
    assert.deepEqual(counts, [
      { created: 50, updated: 0, deleted: 0, unchanged: 0, failed: 0 },
      { created: 0, updated: 50, deleted: 0, unchanged: 0, failed: 0 },
    ]);
    const prices = new Set((await staffItems(env, shop)).map((i) => i.priceMinor));
    assert.equal(prices.size, 1);
  });

  test('catalog reads during a sync and a rollback never see a half-applied catalog', async () => {
    const shop = await env.createStore();
    const shopKey = await env.createKey(shop);
    const ids = Array.from({ length: 2000 }, (_, i) => `h${i}`);
    assert.equal((await postFeed(env, shop, { mode: 'full', items: ids.map((id) => product(id, { priceMinor: 1000 })) })).statusCode, 201);
    const consistent = (body: any) => {
      const prices = new Set(body.products.map((p: any) => p.priceMinor));
      return (body.count === 2000 && prices.size === 1 && prices.has(1000)) || (body.count === 2500 && prices.size === 1 && prices.has(2000));
    };
    const readWhile = async (pending: Promise<unknown>) => {
      let done = false;
      void pending.finally(() => (done = true));
      let reads = 0;
      // Alternates the cached integration catalog and the staff list, which reads the table every time.
      // Each round yields to the event loop (a cache hit resolves on microtasks only and would starve the sync).
      while (!done && reads < 2000) {
        await new Promise((resolve) => setImmediate(resolve));
        const res = await catalog(env, shop, shopKey);
        assert.equal(res.statusCode, 200);
        assert.ok(consistent(res.data), `read ${reads} saw a mixed catalog`);
        const items = await staffItems(env, shop);
        assert.ok(consistent({ count: items.length, products: items }), `staff read ${reads} saw a mixed catalog`);
        reads++;
      }
      return reads;
    };
    const newFeed = [...ids, ...Array.from({ length: 500 }, (_, i) => `n${i}`)].map((id) => product(id, { priceMinor: 2000 }));
    const sync = postFeed(env, shop, { mode: 'full', items: newFeed });
    const [syncRes] = await Promise.all([sync, readWhile(sync), readWhile(sync), readWhile(sync)]);
    assert.equal(syncRes.statusCode, 201, syncRes.body);
    assert.equal((await catalog(env, shop, shopKey)).data.count, 2500);
    const undo = rollback(env, shop, syncRes.data.run.runId);
    const [undoRes] = await Promise.all([undo, readWhile(undo), readWhile(undo), readWhile(undo)]);
    assert.equal(undoRes.statusCode, 200, undoRes.body);
    assert.equal((await catalog(env, shop, shopKey)).data.count, 2000);
  });
});
