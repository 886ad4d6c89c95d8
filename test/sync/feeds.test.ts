import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type TestStore } from '../helpers/app.ts';
import { catalog, eventsOf, listRuns, postCsv, postFeed, product, staffItems } from './helpers.ts';

const schedule = { durationMinutes: 45, weeklyHours: [{ day: 'mon', start: '09:00', end: '17:00' }] };

describeEachDb('sync feeds', (env) => {
  let store: TestStore;
  let key: string;

  test('setup: a store with a few items', async () => {
    store = await env.createStore({ currency: 'GHS' });
    key = await env.createKey(store);
    await env.createItem(store, { id: 'soap', name: 'Black Soap', price: 10, stockCount: 5 });
    await env.createItem(store, { id: 'shea', name: 'Shea Butter', price: 25.5, category: 'Skin' });
    await env.createItem(store, { id: 'old', name: 'Old Stock', price: 3 });
  });

  test('a good JSON full feed creates, updates, deletes and leaves unchanged items, and reports counts and duration', async () => {
    const res = await postFeed(env, store, {
      mode: 'full',
      items: [
        { id: 'soap', name: 'Black Soap', itemType: 'product', price: 12, stockCount: 7 },
        { id: 'shea', name: 'Shea Butter', itemType: 'product', price: 25.5, category: 'Skin' },
        { id: 'braids', name: 'Box Braids', itemType: 'service', priceMinor: 15000, schedule },
      ],
    });
    assert.equal(res.statusCode, 201, res.body);
    const run = res.data.run;
    assert.equal(res.data.ok, true);
    assert.match(run.runId, /^syr_/);
    assert.equal(run.kind, 'sync');
    assert.equal(run.mode, 'full');
    assert.equal(run.source, 'json');
    assert.equal(run.status, 'succeeded');
    assert.deepEqual(run.counts, { created: 1, updated: 1, deleted: 1, unchanged: 1, failed: 0 });
    assert.deepEqual(run.failures, []);
    assert.equal(typeof run.durationMs, 'number');
    assert.ok(run.durationMs >= 0);
    assert.ok(Date.parse(run.finishedAt) >= Date.parse(run.startedAt));
    assert.equal(res.headers['cache-control'], 'no-store');

    const body = (await catalog(env, store, key)).data;
    assert.deepEqual(body.products.map((p: any) => p.id).sort(), ['braids', 'shea', 'soap']);
    const soap = body.products.find((p: any) => p.id === 'soap');
    assert.equal(soap.price, 12);
    assert.equal(soap.stockCount, 7);
    assert.equal(body.products.find((p: any) => p.id === 'braids').durationMinutes, 45);
    const events = await eventsOf(env, store, 'catalog.sync.succeeded');
    assert.equal(events.length, 1);
    assert.equal(events[0].data.run.runId, run.runId);
    assert.deepEqual(events[0].data.run.counts, run.counts);
  });

  test('an unchanged item keeps its updatedAt; an upsert feed leaves items it does not name', async () => {
    const before = (await staffItems(env, store)).find((i) => i.id === 'shea');
    const res = await postFeed(env, store, { mode: 'upsert', items: [product('new-1', { price: 1 }), { id: 'shea', name: 'Shea Butter', itemType: 'product', price: 25.5, category: 'Skin' }] });
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(res.data.run.counts, { created: 1, updated: 0, deleted: 0, unchanged: 1, failed: 0 });
    const items = await staffItems(env, store);
    assert.deepEqual(items.map((i) => i.id).sort(), ['braids', 'new-1', 'shea', 'soap']);
    assert.equal(items.find((i) => i.id === 'shea').updatedAt, before.updatedAt);
  });

  test('a good CSV feed: header row, quotes, doubled quotes, CRLF, line breaks in a field, image lists, unpublished rows', async () => {
    const csv =
      '\uFEFFid,name,itemType,category,description,price,stockCount,imageUrl,imageUrls,imageAlt,published,schedule\r\n' +
      'soap,"Black Soap, large","product",Bath,"The ""original"" soap\r\nhandmade",14.25,9,https://img.test/soap.jpg,https://img.test/a.jpg|https://img.test/b.jpg,A bar,true,\r\n' +
      'course-1,Braiding Course,course,,,900,,,,,false,"{""durationMinutes"":120}"\r\n';
    const res = await postCsv(env, store, csv, '&mode=upsert');
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.run.source, 'csv');
    assert.equal(res.data.run.mode, 'upsert');
    assert.deepEqual(res.data.run.counts, { created: 1, updated: 1, deleted: 0, unchanged: 0, failed: 0 });
    const items = await staffItems(env, store);
    const soap = items.find((i) => i.id === 'soap');
    assert.equal(soap.name, 'Black Soap, large');
    assert.equal(soap.description, 'The "original" soap\r\nhandmade');
    assert.equal(soap.priceMinor, 1425);
    assert.equal(soap.stockCount, 9);
    assert.equal(soap.category, 'Bath');
    assert.deepEqual(soap.imageUrls, ['https://img.test/a.jpg', 'https://img.test/b.jpg']);
    assert.equal(soap.imageAlt, 'A bar');
    const course = items.find((i) => i.id === 'course-1');
    assert.equal(course.published, false);
    assert.equal(course.schedule.durationMinutes, 120);
    const body = (await catalog(env, store, key)).data;
    assert.ok(!body.products.some((p: any) => p.id === 'course-1'), 'unpublished rows never reach the integration catalog');
  });

  test('a CSV feed without mode is an upsert; a full CSV feed takes mode and allowMassDelete from the query', async () => {
    const other = await env.createStore();
    for (const id of ['a', 'b', 'c']) await env.createItem(other, { id });
    const upsert = await postCsv(env, other, 'id,name,itemType,priceMinor\nd,D,product,100\n');
    assert.equal(upsert.statusCode, 201, upsert.body);
    assert.equal(upsert.data.run.mode, 'upsert');
    assert.equal((await staffItems(env, other)).length, 4);
    const refused = await postCsv(env, other, 'id,name,itemType,priceMinor\nd,D,product,100\n', '&mode=full');
    expectError(refused, 409, 'mass-delete-refused');
    const full = await postCsv(env, other, 'id,name,itemType,priceMinor\nd,D,product,100\n', '&mode=full&allowMassDelete=true');
    assert.equal(full.statusCode, 201, full.body);
    assert.deepEqual(full.data.run.counts, { created: 0, updated: 0, deleted: 3, unchanged: 1, failed: 0 });
    assert.deepEqual((await staffItems(env, other)).map((i) => i.id), ['d']);
  });

  test('a feed with one bad row changes nothing and lists the failure with row, item id and reason', async () => {
    const before = await catalog(env, store, key);
    const beforeItems = await staffItems(env, store);
    const items = [product('soap', { price: 99 }), product('fresh-1'), product('bad', { price: -1 }), product('fresh-2')];
    const res = await postFeed(env, store, { mode: 'upsert', items });
    expectError(res, 400, 'validation-failed');
    const run = res.data.run;
    assert.equal(run.status, 'failed');
    assert.deepEqual(run.counts, { created: 0, updated: 0, deleted: 0, unchanged: 0, failed: 1 });
    assert.equal(run.failures.length, 1);
    assert.equal(run.failures[0].row, 3);
    assert.equal(run.failures[0].itemId, 'bad');
    assert.match(run.failures[0].reason, /price/);
    assert.deepEqual(res.data.details, [{ field: 'items.2', message: `bad: ${run.failures[0].reason}` }]);

    const after = await catalog(env, store, key);
    assert.equal(after.body, before.body, 'the integration catalog is byte-for-byte the same');
    assert.equal(after.headers.etag, before.headers.etag);
    assert.deepEqual(await staffItems(env, store), beforeItems);
    const listed = (await listRuns(env, store)).data.runs[0];
    assert.equal(listed.runId, run.runId);
    assert.equal(listed.status, 'failed');
    assert.deepEqual(listed.failures, run.failures);
    const events = await eventsOf(env, store, 'catalog.sync.failed');
    assert.equal(events.at(-1).data.run.runId, run.runId);
  });

  test('every bad row is listed: missing id, duplicate id, wrong types, not an object; CSV rows by spreadsheet row number', async () => {
    const res = await postFeed(env, store, {
      mode: 'full',
      items: [product('ok-1'), { name: 'No id', itemType: 'product', price: 1 }, product('ok-1'), { id: 'x', name: 5, itemType: 'gadget', price: '10' }, 'text', product('bad id!')],
    });
    expectError(res, 400, 'validation-failed');
    const failures = res.data.run.failures;
    assert.deepEqual(failures.map((f: any) => [f.row, f.itemId]), [[2, null], [3, 'ok-1'], [4, 'x'], [5, null], [6, 'bad id!']]);
    assert.match(failures[0].reason, /id: required/);
    assert.match(failures[1].reason, /already appears in row 1/);
    assert.match(failures[2].reason, /name/);
    assert.match(failures[2].reason, /itemType/);
    assert.match(failures[2].reason, /price/);
    assert.match(failures[3].reason, /must be an object/);
    assert.equal(res.data.run.counts.failed, 5);

    const csv = await postCsv(env, store, 'id,name,itemType,price\r\ngood,Good,product,1\r\nbad,Bad,product,ten\r\nshort,Short\r\n');
    expectError(csv, 400, 'validation-failed');
    assert.deepEqual(csv.data.run.failures.map((f: any) => [f.row, f.itemId]), [[3, 'bad'], [4, null]]);
    assert.match(csv.data.run.failures[1].reason, /2 fields, the header has 4/);
    assert.deepEqual(csv.data.details.map((d: any) => d.field), ['row 3', 'row 4']);
    assert.ok(!(await staffItems(env, store)).some((i) => i.id === 'good'));
  });

  test('a full feed dropping 60% of the catalog is refused without allowMassDelete and changes nothing', async () => {
    const shop = await env.createStore();
    const shopKey = await env.createKey(shop);
    const ids = Array.from({ length: 10 }, (_, i) => `p${i}`);
    const seed = await postFeed(env, shop, { mode: 'full', items: ids.map((id) => product(id)) });
    assert.equal(seed.statusCode, 201, seed.body);
    const before = await catalog(env, shop, shopKey);
    const kept = ids.slice(0, 4).map((id) => product(id, { price: 11 }));
    const refused = await postFeed(env, shop, { mode: 'full', items: kept });
    expectError(refused, 409, 'mass-delete-refused');
    assert.equal(refused.data.run.status, 'failed');
    assert.equal(refused.data.run.failures[0].row, null);
    assert.match(refused.data.run.failures[0].reason, /delete 6 of 10 items/);
    assert.equal((await catalog(env, shop, shopKey)).body, before.body);

    const halfOnly = await postFeed(env, shop, { mode: 'full', items: ids.slice(0, 5).map((id) => product(id)) });
    assert.equal(halfOnly.statusCode, 201, 'deleting exactly half is allowed');
    assert.equal(halfOnly.data.run.counts.deleted, 5);

    const allowed = await postFeed(env, shop, { mode: 'full', items: ids.slice(0, 1).map((id) => product(id)), allowMassDelete: true });
    assert.equal(allowed.statusCode, 201, allowed.body);
    assert.equal(allowed.data.run.counts.deleted, 4);
    assert.equal((await catalog(env, shop, shopKey)).data.count, 1);
  });

  test('10,000 items in one request (JSON), then the same catalog with new prices', async () => {
    const big = await env.createStore();
    const items = Array.from({ length: 10_000 }, (_, i) => ({ id: `sku-${i}`, name: `Product ${i}`, itemType: 'product', priceMinor: 100 + i, stockCount: i % 50, category: `Cat ${i % 20}`, description: 'A product from the point of sale.' }));
    const first = await postFeed(env, big, { mode: 'full', items });
    assert.equal(first.statusCode, 201, first.body.slice(0, 500));
    assert.deepEqual(first.data.run.counts, { created: 10_000, updated: 0, deleted: 0, unchanged: 0, failed: 0 });
    const second = await postFeed(env, big, { mode: 'full', items: items.map((i, n) => (n % 2 ? { ...i, priceMinor: i.priceMinor + 1 } : i)) });
    assert.equal(second.statusCode, 201, second.body.slice(0, 500));
    assert.deepEqual(second.data.run.counts, { created: 0, updated: 5_000, deleted: 0, unchanged: 5_000, failed: 0 });
    const key2 = await env.createKey(big);
    const body = (await catalog(env, big, key2)).data;
    assert.equal(body.count, 10_000);
    assert.equal(body.products.find((p: any) => p.id === 'sku-1').priceMinor, 102);
  });

  test('runs are listed newest first with cursor pagination', async () => {
    const shop = await env.createStore();
    const runIds: string[] = [];
    for (let i = 0; i < 5; i++) runIds.push((await postFeed(env, shop, { mode: 'upsert', items: [product(`i${i}`)] })).data.run.runId);
    const page1 = await listRuns(env, shop, '&limit=2');
    assert.equal(page1.statusCode, 200);
    assert.equal(page1.data.storeId, shop.storeId);
    assert.deepEqual(page1.data.runs.map((r: any) => r.runId), [runIds[4], runIds[3]]);
    const page2 = await listRuns(env, shop, `&limit=2&cursor=${page1.data.nextCursor}`);
    assert.deepEqual(page2.data.runs.map((r: any) => r.runId), [runIds[2], runIds[1]]);
    const page3 = await listRuns(env, shop, `&limit=2&cursor=${page2.data.nextCursor}`);
    assert.deepEqual(page3.data.runs.map((r: any) => r.runId), [runIds[0]]);
    assert.equal(page3.data.nextCursor, null);
    expectError(await listRuns(env, shop, '&cursor=garbage'), 400, 'validation-failed');
    expectError(await listRuns(env, shop, '&limit=0'), 400, 'validation-failed');
    expectError(await listRuns(env, shop, '&limit=101'), 400, 'validation-failed');
  });
});
