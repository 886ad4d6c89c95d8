import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type Response, type TestEnv, type TestStore } from '../helpers/app.ts';
import { catalog, listRuns, postCsv, postFeed, product, staffItems } from './helpers.ts';

const schedule = { durationMinutes: 45, weeklyHours: [{ day: 'mon', start: '09:00', end: '17:00' }] };

/** Everything a dry run must leave alone: the catalog as websites and staff see it, the runs, the events. */
async function observable(env: TestEnv, store: TestStore, key: string) {
  const read = await catalog(env, store, key);
  const events = await env.db.selectFrom('events').select('id').where('store_id', '=', store.storeId).execute();
  return { catalog: read.body, etag: read.headers.etag, items: await staffItems(env, store), runs: (await listRuns(env, store)).data.runs, events: events.length };
}

function expectDryRun(res: Response) {
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.data.ok, true);
  assert.equal(res.data.dryRun, true);
  assert.equal(res.data.run, undefined, 'no run is recorded');
  assert.equal(res.headers['cache-control'], 'no-store');
  return res.data;
}

describeEachDb('sync dry runs', (env) => {
  let store: TestStore;
  let key: string;

  test('setup: a store with products and a service', async () => {
    store = await env.createStore({ currency: 'GHS' });
    key = await env.createKey(store);
    await env.createItem(store, { id: 'soap', name: 'Black Soap', price: 10, stockCount: 5 });
    await env.createItem(store, { id: 'shea', name: 'Shea Butter', price: 25.5, category: 'Skin' });
    await env.createItem(store, { id: 'cut', name: 'Haircut', itemType: 'service', price: 50, schedule });
    await env.createItem(store, { id: 'old', name: 'Old Stock', price: 3 });
  });

  const fullFeed = () => [
    { id: 'soap', name: 'Black Soap', itemType: 'product', price: 12, stockCount: 7 },
    { id: 'shea', name: 'Shea Butter', itemType: 'product', price: 25.5, category: 'Skin' },
    { id: 'cut', name: 'Haircut', itemType: 'service', price: 50, schedule: { ...schedule, durationMinutes: 60 } },
    { id: 'braids', name: 'Box Braids', itemType: 'service', priceMinor: 15000, category: 'Hair', schedule },
  ];

  test('a JSON dry run lists what would be created, updated (with the fields that change) and deleted, and changes nothing', async () => {
    const before = await observable(env, store, key);
    const data = expectDryRun(await postFeed(env, store, { mode: 'full', items: fullFeed(), dryRun: true }));
    assert.deepEqual(data.counts, { created: 1, updated: 2, deleted: 1, unchanged: 1, failed: 0 });
    assert.deepEqual(data.failures, []);
    assert.deepEqual(data.changes, [
      { itemId: 'soap', action: 'update', fields: ['price', 'stockCount'] },
      { itemId: 'cut', action: 'update', fields: ['schedule'] },
      { itemId: 'braids', action: 'create', fields: ['name', 'itemType', 'category', 'price', 'published', 'schedule'] },
      { itemId: 'old', action: 'delete', fields: [] },
    ]);
    assert.deepEqual(await observable(env, store, key), before, 'catalog, ETag, items, runs and events are unchanged');
  });

  test('the same feed applied for real gives the same counts; a dry run of it afterwards finds nothing to change', async () => {
    const dry = expectDryRun(await postFeed(env, store, { mode: 'full', items: fullFeed(), dryRun: true }));
    const real = await postFeed(env, store, { mode: 'full', items: fullFeed() });
    assert.equal(real.statusCode, 201, real.body);
    assert.deepEqual(real.data.run.counts, dry.counts);
    assert.deepEqual((await staffItems(env, store)).map((i) => i.id).sort(), ['braids', 'cut', 'shea', 'soap']);
    const again = expectDryRun(await postFeed(env, store, { mode: 'full', items: fullFeed(), dryRun: true }));
    assert.deepEqual(again.counts, { created: 0, updated: 0, deleted: 0, unchanged: 4, failed: 0 });
    assert.deepEqual(again.changes, []);
  });

  test('a CSV dry run (?dryRun=true) reports the same way and changes nothing; the real CSV run then matches it', async () => {
    const csv = 'id,name,itemType,category,price,stockCount,published\r\nsoap,Black Soap,product,,12,3,false\r\nnew-csv,Fresh,product,Bath,4.5,,\r\n';
    const before = await observable(env, store, key);
    const data = expectDryRun(await postCsv(env, store, csv, '&dryRun=true'));
    assert.deepEqual(data.counts, { created: 1, updated: 1, deleted: 0, unchanged: 0, failed: 0 });
    assert.deepEqual(data.changes, [
      { itemId: 'soap', action: 'update', fields: ['stockCount', 'published'] },
      { itemId: 'new-csv', action: 'create', fields: ['name', 'itemType', 'category', 'price', 'published'] },
    ]);
    assert.deepEqual(await observable(env, store, key), before);
    const real = await postCsv(env, store, csv);
    assert.equal(real.statusCode, 201, real.body);
    assert.deepEqual(real.data.run.counts, data.counts);
  });

  test('a JSON feed with ?dryRun=true in the query is a dry run too (never applied)', async () => {
    const before = await observable(env, store, key);
    const res = await env.inject({
      method: 'POST',
      url: `/developer/sync-runs?storeId=${store.storeId}&dryRun=true`,
      headers: env.staffHeaders(store),
      payload: { mode: 'upsert', items: [product('query-only')] },
    });
    assert.deepEqual(expectDryRun(res).changes, [{ itemId: 'query-only', action: 'create', fields: ['name', 'itemType', 'price', 'published'] }]);
    assert.deepEqual(await observable(env, store, key), before);
  });

  test('an invalid row fails the dry run exactly as it fails the real run, listing row, item id and reason, and records nothing', async () => {
    const items = [product('soap', { price: 99 }), product('fine'), product('bad', { price: -1 }), product('fine')];
    const before = await observable(env, store, key);
    const dry = await postFeed(env, store, { mode: 'upsert', items, dryRun: true });
    expectError(dry, 400, 'validation-failed');
    assert.equal(dry.data.dryRun, true);
    assert.equal(dry.data.run, undefined);
    assert.deepEqual(dry.data.counts, { created: 0, updated: 0, deleted: 0, unchanged: 0, failed: 2 });
    assert.deepEqual(dry.data.failures.map((f: any) => [f.row, f.itemId]), [[3, 'bad'], [4, 'fine']]);
    assert.match(dry.data.failures[0].reason, /price/);
    assert.match(dry.data.failures[1].reason, /already appears in row 2/);
    assert.deepEqual(dry.data.changes, []);
    assert.deepEqual(await observable(env, store, key), before, 'no run, no event, no change');

    const real = await postFeed(env, store, { mode: 'upsert', items });
    expectError(real, 400, 'validation-failed');
    assert.deepEqual(real.data.run.failures, dry.data.failures);
    assert.deepEqual(real.data.details, dry.data.details);

    const csv = await postCsv(env, store, 'id,name,itemType,price\r\ngood,Good,product,1\r\nbad,Bad,product,ten\r\n', '&dryRun=true');
    expectError(csv, 400, 'validation-failed');
    assert.equal(csv.data.dryRun, true);
    assert.deepEqual(csv.data.failures.map((f: any) => [f.row, f.itemId]), [[3, 'bad']]);
    assert.deepEqual(csv.data.details.map((d: any) => d.field), ['row 3']);
  });

  test('a full feed deleting more than half the catalog fails the dry run (listing the deletes) unless allowMassDelete', async () => {
    const shop = await env.createStore();
    const shopKey = await env.createKey(shop);
    const ids = Array.from({ length: 10 }, (_, i) => `p${i}`);
    assert.equal((await postFeed(env, shop, { mode: 'full', items: ids.map((id) => product(id)) })).statusCode, 201);
    const kept = ids.slice(0, 4).map((id) => product(id));
    const before = await observable(env, shop, shopKey);

    const refused = await postFeed(env, shop, { mode: 'full', items: kept, dryRun: true });
    expectError(refused, 409, 'mass-delete-refused');
    assert.equal(refused.data.dryRun, true);
    assert.deepEqual(refused.data.counts, { created: 0, updated: 0, deleted: 6, unchanged: 4, failed: 0 });
    assert.deepEqual(refused.data.failures.map((f: any) => f.row), [null]);
    assert.match(refused.data.failures[0].reason, /delete 6 of 10 items/);
    assert.deepEqual(refused.data.changes.map((c: any) => [c.itemId, c.action]).sort(), ids.slice(4).map((id) => [id, 'delete']));
    const csvRefused = await postCsv(env, shop, `id,name,itemType,price\n${kept.map((p) => `${p.id},${p.name},product,10`).join('\n')}\n`, '&mode=full&dryRun=true');
    expectError(csvRefused, 409, 'mass-delete-refused');
    assert.deepEqual(csvRefused.data.counts, refused.data.counts);
    assert.deepEqual(await observable(env, shop, shopKey), before);

    const real = await postFeed(env, shop, { mode: 'full', items: kept });
    expectError(real, 409, 'mass-delete-refused');
    assert.equal(real.data.run.failures[0].reason, refused.data.failures[0].reason);

    const allowed = expectDryRun(await postFeed(env, shop, { mode: 'full', items: kept, allowMassDelete: true, dryRun: true }));
    assert.deepEqual(allowed.counts, { created: 0, updated: 0, deleted: 6, unchanged: 4, failed: 0 });
    assert.equal(allowed.changes.length, 6);
    assert.equal((await catalog(env, shop, shopKey)).data.count, 10, 'still nothing deleted');
  });

  test('dryRun must be a boolean; misspelt or unknown fields are still refused', async () => {
    for (const body of [{ dryRun: 'yes' }, { dry_run: true }, { dryrun: true }]) {
      const res = await postFeed(env, store, { mode: 'upsert', items: [product('never')], ...body });
      expectError(res, 400, 'validation-failed');
    }
    const misspelt = await postFeed(env, store, { mode: 'upsert', items: [product('never')], dry_run: true });
    assert.deepEqual(misspelt.data.details, [{ field: 'dry_run', message: 'unknown field' }]);
    expectError(await postCsv(env, store, 'id,name,itemType,price\nnever,N,product,1\n', '&dryRun=maybe'), 400, 'validation-failed');
    assert.ok(!(await staffItems(env, store)).some((i) => i.id === 'never'));
  });

  test('a dry run needs the same rights as a real run', async () => {
    const websiteKey = env.keyHeaders(key);
    expectError(await postFeed(env, store, { mode: 'upsert', items: [], dryRun: true }, websiteKey), 403, 'forbidden');
    const other = await env.createStore();
    expectError(await postFeed(env, store, { mode: 'upsert', items: [], dryRun: true }, env.staffHeaders(other)), 403, 'forbidden');
    const devKey = env.keyHeaders(await env.createKey(store, ['developer']));
    expectDryRun(await postFeed(env, store, { mode: 'upsert', items: [], dryRun: true }, devKey));
  });

  test('the dry run is in /openapi.json: dryRun in the JSON body and the query, and its 200 answer', async () => {
    const doc = (await env.inject({ method: 'GET', url: '/openapi.json' })).data;
    // Shared schemas may be named components ($ref).
    const deref = (schema: any) => (schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema);
    const op = doc.paths['/developer/sync-runs'].post;
    assert.ok(deref(op.requestBody.content['application/json'].schema).properties.dryRun);
    assert.ok(op.parameters.some((p: any) => p.in === 'query' && p.name === 'dryRun'));
    const ok = deref(op.responses['200'].content['application/json'].schema);
    assert.deepEqual(Object.keys(ok.properties).sort(), ['changes', 'counts', 'dryRun', 'failures', 'ok']);
    assert.ok(deref(op.responses['400'].content['application/json'].schema).properties.changes);
  });
});
