// Statement templates (src/db/template.ts): built once per dialect and argument shape, then run with
// each call's values; the text is the one Kysely builds for the same query, every value is bound,
// rows and lists take their keys and lengths from the arguments, and a new shape builds anew.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { statementTemplate, type Placeholders } from '../../src/db/template.ts';
import { describeEachDb } from '../helpers/app.ts';

type KeyRow = { store_id: string; scope: string; key: string; request_hash: string; status_code: number | null; response_body: string | null; locked_until: string | null; created_at: string };

describeEachDb('statement templates', (env) => {
  let storeId = '';
  before(async () => {
    storeId = (await env.createStore()).storeId;
  });
  const row = (key: string, extra: Partial<KeyRow> = {}): KeyRow => ({
    store_id: storeId,
    scope: 'probe',
    key,
    request_hash: `hash-${key}`,
    status_code: null,
    response_body: null,
    locked_until: null,
    created_at: '2026-11-24T00:00:00.000Z',
    ...extra,
  });

  test('a row inserts with its values, and the text is built once for its shape', async () => {
    let builds = 0;
    const insert = statementTemplate((db, p: Placeholders<{ row: KeyRow }>) => {
      builds += 1;
      return db.insertInto('idempotency_keys').values(p.row);
    });
    for (const key of ['a', 'b', 'c']) {
      const result = await insert(env.db, { row: row(key, { status_code: 201, response_body: `{"k":"${key}"}` }) });
      assert.equal(Number(result.numAffectedRows), 1);
    }
    assert.equal(builds, 1);
    const stored = await env.db.selectFrom('idempotency_keys').selectAll().where('store_id', '=', storeId).where('key', 'in', ['a', 'b', 'c']).orderBy('key').execute();
    assert.deepEqual(
      stored.map((r) => [r.key, r.request_hash, r.status_code, r.response_body]),
      [
        ['a', 'hash-a', 201, '{"k":"a"}'],
        ['b', 'hash-b', 201, '{"k":"b"}'],
        ['c', 'hash-c', 201, '{"k":"c"}'],
      ],
    );
  });

  test('the text is the one Kysely builds; values it would bind stay bound', async () => {
    let text = '';
    const update = statementTemplate((db, p: Placeholders<{ key: string; status: number }>) =>
      db.updateTable('idempotency_keys').set({ status_code: p.status, locked_until: null }).where('store_id', '=', storeId).where('key', '=', p.key),
    );
    const built = env.db.updateTable('idempotency_keys').set({ status_code: 7, locked_until: null }).where('store_id', '=', storeId).where('key', '=', 'a').compile();
    const result = await update(
      new Proxy(env.db, {
        get(target, name, receiver) {
          if (name !== 'executeQuery') {
            const value = Reflect.get(target, name, receiver);
            return typeof value === 'function' ? value.bind(target) : value;
          }
          return (compiled: { sql: string; parameters: unknown[] }) => {
            text = compiled.sql;
            assert.deepEqual(compiled.parameters, built.parameters);
            return target.executeQuery(compiled as any);
          };
        },
      }),
      { key: 'a', status: 7 },
    );
    assert.equal(text, built.sql);
    assert.equal(Number(result.numAffectedRows), 1);
    const stored = await env.db.selectFrom('idempotency_keys').select('status_code').where('store_id', '=', storeId).where('key', '=', 'a').executeTakeFirstOrThrow();
    assert.equal(stored.status_code, 7);
  });

  test('a list takes its length from the arguments: each length is its own statement', async () => {
    let builds = 0;
    const select = statementTemplate((db, p: Placeholders<{ keys: string[] }>) => {
      builds += 1;
      return db.selectFrom('idempotency_keys').select('key').where('store_id', '=', storeId).where('key', 'in', p.keys).orderBy('key');
    });
    assert.deepEqual((await select(env.db, { keys: ['a', 'c'] })).rows.map((r) => r.key), ['a', 'c']);
    assert.deepEqual((await select(env.db, { keys: ['b'] })).rows.map((r) => r.key), ['b']);
    assert.deepEqual((await select(env.db, { keys: ['c', 'b', 'a'] })).rows.map((r) => r.key), ['a', 'b', 'c']);
    assert.deepEqual((await select(env.db, { keys: ['b', 'zz'] })).rows.map((r) => r.key), ['b']);
    assert.equal(builds, 3);
  });

  test('a list of rows inserts each row; each number of rows is its own statement', async () => {
    let builds = 0;
    const insert = statementTemplate((db, p: Placeholders<{ rows: KeyRow[] }>) => {
      builds += 1;
      return db.insertInto('idempotency_keys').values(p.rows);
    });
    await insert(env.db, { rows: [row('m1')] });
    await insert(env.db, { rows: [row('m2'), row('m3', { status_code: 200 }), row('m4')] });
    await insert(env.db, { rows: [row('m5'), row('m6'), row('m7')] });
    assert.equal(builds, 2);
    const stored = await env.db.selectFrom('idempotency_keys').select(['key', 'status_code']).where('store_id', '=', storeId).where('key', 'like', 'm%').orderBy('key').execute();
    assert.deepEqual(
      stored.map((r) => [r.key, r.status_code]),
      [['m1', null], ['m2', null], ['m3', 200], ['m4', null], ['m5', null], ['m6', null], ['m7', null]],
    );
  });

  test('rows of another set of keys build another statement; undefined is bound as NULL', async () => {
    let builds = 0;
    const insert = statementTemplate((db, p: Placeholders<{ row: Partial<KeyRow> }>) => {
      builds += 1;
      return db.insertInto('idempotency_keys').values(p.row as Placeholders<{ row: KeyRow }>['row']);
    });
    await insert(env.db, { row: row('d', { locked_until: '2026-11-24T01:00:00.000Z' }) });
    const { locked_until: _dropped, ...withoutLock } = row('e');
    await insert(env.db, { row: withoutLock });
    await insert(env.db, { row: row('f', { locked_until: undefined }) });
    assert.equal(builds, 2);
    const stored = await env.db.selectFrom('idempotency_keys').select(['key', 'locked_until']).where('store_id', '=', storeId).where('key', 'in', ['d', 'e', 'f']).orderBy('key').execute();
    assert.deepEqual(stored, [
      { key: 'd', locked_until: '2026-11-24T01:00:00.000Z' },
      { key: 'e', locked_until: null },
      { key: 'f', locked_until: null },
    ]);
  });

  test('a raw SQL template, inside a transaction, with a placeholder used twice', async () => {
    const count = statementTemplate((db, p: Placeholders<{ key: string }>) =>
      sql<{ n: number }>`select count(*) as n from idempotency_keys where store_id = ${storeId} and (key = ${p.key} or request_hash = 'hash-' || ${p.key})`,
    );
    const n = await env.db.transaction().execute(async (trx) => (await count(trx, { key: 'b' })).rows[0]!.n);
    assert.equal(Number(n), 1);
    assert.equal(Number((await count(env.db, { key: 'nope' })).rows[0]!.n), 0);
  });

  test('hostile text is a value, never SQL', async () => {
    const find = statementTemplate((db, p: Placeholders<{ key: string }>) => db.selectFrom('idempotency_keys').select('key').where('store_id', '=', storeId).where('key', '=', p.key));
    assert.deepEqual((await find(env.db, { key: "a' or '1'='1" })).rows, []);
    assert.equal((await find(env.db, { key: 'a' })).rows.length, 1);
  });
});
