import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type TestStore } from '../helpers/app.ts';
import { integrationAuthMatrix } from '../helpers/integration-auth-matrix.ts';
import { catalog, listRuns, postCsv, postFeed, product, rollback, staffItems } from './helpers.ts';

describeEachDb('sync runs: auth, tenant isolation and bad input', (env) => {
  describe('GET /developer/sync-runs auth matrix (developer keys)', () => {
    integrationAuthMatrix(env, { path: '/developer/sync-runs', scope: 'developer', scopesWithoutIt: ['catalog:read', 'customers:read'] });
  });

  describe('who may sync and roll back', () => {
    let store: TestStore;
    let other: TestStore;
    let runId: string;
    let staffToken: string;

    before(async () => {
      store = await env.createStore();
      other = await env.createStore();
      await env.createItem(store, { id: 'a', price: 5, stockCount: 4 });
      const res = await postFeed(env, store, { mode: 'upsert', items: [product('a', { price: 6 })] });
      assert.equal(res.statusCode, 201, res.body);
      runId = res.data.run.runId;
      staffToken = (await env.addMember(store, { role: 'staff', name: 'Staff' })).token;
    });

    test('a key with the developer scope can post a feed, list and roll back', async () => {
      const devKey = await env.createKey(store, ['developer']);
      const headers = { 'x-api-key': devKey };
      const feed = await postFeed(env, store, { mode: 'upsert', items: [product('b')] }, headers);
      assert.equal(feed.statusCode, 201, feed.body);
      assert.equal((await listRuns(env, store, '', headers)).data.runs[0].runId, feed.data.run.runId);
      assert.equal((await rollback(env, store, feed.data.run.runId, headers)).statusCode, 200);
      const csv = await postCsv(env, store, 'id,name,itemType,price\nc,C,product,1\n', '', { authorization: `Bearer ${devKey}` });
      assert.equal(csv.statusCode, 201, csv.body);
    });

    test('no credentials is 401 (before a body is read); a key without the developer scope is 403', async () => {
      expectError(await postFeed(env, store, { mode: 'upsert', items: [product('x')] }, {}), 401, 'unauthorized');
      expectError(await postCsv(env, store, 'id,name,itemType,price\nx,X,product,1\n', '', {}), 401, 'unauthorized');
      expectError(await rollback(env, store, runId, {}), 401, 'unauthorized');
      const huge = await env.inject({ method: 'POST', url: `/developer/sync-runs?storeId=${store.storeId}`, headers: { 'content-type': 'application/json' }, payload: 'x'.repeat(17 * 1024 * 1024) });
      expectError(huge, 401, 'unauthorized');
      const websiteKey = await env.createKey(store);
      expectError(await postFeed(env, store, { mode: 'upsert', items: [product('x')] }, { 'x-api-key': websiteKey }), 403, 'forbidden');
      expectError(await rollback(env, store, runId, { 'x-api-key': websiteKey }), 403, 'forbidden');
      expectError(await env.inject({ method: 'POST', url: '/developer/sync-runs', headers: env.staffHeaders(store), payload: { mode: 'upsert', items: [] } }), 400, 'missing-store-id');
    });

    test('a member with the staff role cannot sync, list or roll back', async () => {
      const headers = { authorization: `Bearer ${staffToken}` };
      expectError(await postFeed(env, store, { mode: 'upsert', items: [product('x')] }, headers), 403, 'forbidden');
      expectError(await listRuns(env, store, '', headers), 403, 'forbidden');
      expectError(await rollback(env, store, runId, headers), 403, 'forbidden');
    });

    test("another store's owner and key read and write nothing of this store", async () => {
      const before = await staffItems(env, store);
      const otherKey = await env.createKey(other, ['developer']);
      expectError(await listRuns(env, store, '', env.staffHeaders(other)), 403, 'forbidden');
      expectError(await listRuns(env, store, '', { 'x-api-key': otherKey }), 401, 'invalid-api-key');
      expectError(await postFeed(env, store, { mode: 'full', items: [], allowMassDelete: true }, env.staffHeaders(other)), 403, 'forbidden');
      expectError(await postFeed(env, store, { mode: 'full', items: [], allowMassDelete: true }, { 'x-api-key': otherKey }), 401, 'invalid-api-key');
      expectError(await rollback(env, store, runId, env.staffHeaders(other)), 403, 'forbidden');
      expectError(await rollback(env, store, runId, { 'x-api-key': otherKey }), 401, 'invalid-api-key');
      // With its own storeId, the other store does not see this store's runs and cannot roll them back.
      const theirs = await listRuns(env, other);
      assert.equal(theirs.statusCode, 200);
      assert.deepEqual(theirs.data.runs, []);
      expectError(await rollback(env, other, runId), 404, 'sync-run-not-found');
      expectError(await rollback(env, other, runId, { 'x-api-key': otherKey }), 404, 'sync-run-not-found');
      assert.deepEqual(await staffItems(env, store), before);
      const mine = (await listRuns(env, store)).data.runs.find((r: any) => r.runId === runId);
      assert.equal(mine.status, 'succeeded');
    });

    test("a feed only touches its own store's items, even with the same item ids", async () => {
      const otherBefore = await staffItems(env, other);
      await env.createItem(other, { id: 'shared-id', price: 1 });
      const res = await postFeed(env, store, { mode: 'upsert', items: [product('shared-id', { price: 50 })] });
      assert.equal(res.statusCode, 201);
      assert.deepEqual(res.data.run.counts, { created: 1, updated: 0, deleted: 0, unchanged: 0, failed: 0 });
      const otherItems = await staffItems(env, other);
      assert.equal(otherItems.length, otherBefore.length + 1);
      assert.equal(otherItems.find((i) => i.id === 'shared-id').priceMinor, 100);
    });
  });

  describe('bad input', () => {
    let store: TestStore;
    let key: string;
    let runsBefore: number;
    let catalogBefore: string;

    before(async () => {
      store = await env.createStore();
      key = await env.createKey(store);
      await env.createItem(store, { id: 'keep', price: 2 });
      catalogBefore = (await catalog(env, store, key)).body;
      runsBefore = (await listRuns(env, store)).data.runs.length;
    });

    const post = (payload: string, contentType: string | null, query = '') =>
      env.inject({
        method: 'POST',
        url: `/developer/sync-runs?storeId=${store.storeId}${query}`,
        headers: { ...env.staffHeaders(store), ...(contentType ? { 'content-type': contentType } : {}) },
        payload,
      });

    test('malformed CSV is 400 invalid-csv naming the row, and records no run', async () => {
      const open = await post('id,name,itemType,price\na,"A,product,1\n', 'text/csv');
      expectError(open, 400, 'invalid-csv');
      assert.deepEqual(open.data.details.map((d: any) => d.field), ['row 2']);
      expectError(await post('id,name,itemType,price\na,A"x,product,1\n', 'text/csv'), 400, 'invalid-csv');
      const unknown = await post('id,name,itemType,price,<script>\na,A,product,1,x\n', 'text/csv');
      expectError(unknown, 400, 'invalid-csv');
      assert.match(unknown.data.details[0].message, /unknown column/);
      expectError(await post('', 'text/csv'), 400, 'invalid-csv');
      expectError(await post('name\nA\n', 'text/csv'), 400, 'invalid-csv');
    });

    test('a content type other than JSON or CSV is 415; invalid JSON is 400 invalid-json', async () => {
      expectError(await post('id,name\n', 'text/plain'), 415, 'unsupported-media-type');
      expectError(await post('<feed/>', 'application/xml'), 415, 'unsupported-media-type');
      expectError(await post('', null), 415, 'unsupported-media-type');
      expectError(await post('{"mode":"full","items":[', 'application/json'), 400, 'invalid-json');
      expectError(await post('{"__proto__":{"x":1},"mode":"upsert","items":[]}', 'application/json'), 400, 'invalid-json');
    });

    test('an unknown mode, missing or wrong-typed fields and extra fields are 400 validation-failed', async () => {
      const unknownMode = await postFeed(env, store, { mode: 'replace', items: [] });
      expectError(unknownMode, 400, 'validation-failed');
      assert.ok(unknownMode.data.details.some((d: any) => d.field === 'mode'));
      expectError(await postFeed(env, store, { mode: 'upsert' }), 400, 'validation-failed');
      expectError(await postFeed(env, store, { mode: 'upsert', items: {} }), 400, 'validation-failed');
      expectError(await postFeed(env, store, { mode: 'upsert', items: [], allowMassDelete: 'yes' }), 400, 'validation-failed');
      expectError(await postFeed(env, store, { mode: 'upsert', items: [], storeName: 'x' }), 400, 'validation-failed');
      expectError(await post('id,name,itemType,price\na,A,product,1\n', 'text/csv', '&mode=replace'), 400, 'validation-failed');
      expectError(await post('[]', 'application/json'), 400, 'validation-failed');
    });

    test('hostile values are rejected row by row or stored as plain text, never interpreted', async () => {
      const res = await postFeed(env, store, { mode: 'upsert', items: [product("x'; DROP TABLE items; --"), product('ok', { imageUrl: 'javascript:alert(1)' })] });
      expectError(res, 400, 'validation-failed');
      assert.deepEqual(res.data.run.failures.map((f: any) => f.row), [1, 2]);
      assert.match(res.data.run.failures[1].reason, /imageUrl/);
      const text = await postFeed(env, store, { mode: 'upsert', items: [product('script', { name: '<script>alert(1)</script>', description: "Robert'); DROP TABLE items;--" })] });
      assert.equal(text.statusCode, 201, text.body);
      const item = (await staffItems(env, store)).find((i) => i.id === 'script');
      assert.equal(item.name, '<script>alert(1)</script>');
      assert.equal(item.description, "Robert'); DROP TABLE items;--");
      catalogBefore = (await catalog(env, store, key)).body;
      runsBefore = (await listRuns(env, store)).data.runs.length;
    });

    test('more than 20,000 items is 400; a body over 16 MB is 413; the 1 MB limit does not apply to this route', async () => {
      const many = await postFeed(env, store, { mode: 'upsert', items: Array.from({ length: 20_001 }, () => 0) });
      expectError(many, 400, 'validation-failed');
      const oversized = await post(JSON.stringify({ mode: 'upsert', items: [product('big', { description: 'x'.repeat(17 * 1024 * 1024) })] }), 'application/json');
      expectError(oversized, 413, 'payload-too-large');
      const bigCsv = await post(`id,name,itemType,price,description\nbig,Big,product,1,${'x'.repeat(17 * 1024 * 1024)}\n`, 'text/csv');
      expectError(bigCsv, 413, 'payload-too-large');
      const twoMb = await postFeed(env, store, { mode: 'upsert', items: Array.from({ length: 400 }, (_, i) => product(`two-${i}`, { description: 'd'.repeat(4900) })) });
      assert.equal(twoMb.statusCode, 201, twoMb.body.slice(0, 300));
      catalogBefore = (await catalog(env, store, key)).body;
      runsBefore = (await listRuns(env, store, '&limit=100')).data.runs.length;
    });

    test('none of the rejected requests changed the catalog or recorded a run', async () => {
      for (const payload of [
        () => post('id,name,itemType,price\na,"A\n', 'text/csv'),
        () => post('x', 'text/plain'),
        () => postFeed(env, store, { mode: 'nope', items: [] }),
      ]) {
        assert.ok((await payload()).statusCode >= 400);
      }
      assert.equal((await catalog(env, store, key)).body, catalogBefore);
      assert.equal((await listRuns(env, store, '&limit=100')).data.runs.length, runsBefore);
    });
  });
});
