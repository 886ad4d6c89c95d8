import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, type TestEnv, type TestStore } from '../helpers/app.ts';
import { sql } from 'kysely';
import { optimizeDatabase } from '../../src/db/connect.ts';
import { runHousekeeping } from '../../src/workers.ts';

const DAY = 86_400_000;

function emit(env: TestEnv, store: TestStore, n: number) {
  return env.db.transaction().execute((trx) => env.app.ctx.services.events.emit(trx, store.storeId, 'order.created', { n }));
}

async function backdate(env: TestEnv, eventId: string, daysAgo: number) {
  await env.db.updateTable('events').set({ created_at: new Date(Date.now() - daysAgo * DAY).toISOString() }).where('id', '=', eventId).execute();
}

describeEachDb('housekeeping', (env) => {
  test('deletes events past the retention with their delivery history, keeps recent ones and any a delivery still waits on', async () => {
    const store = await env.createStore();
    const hook = await env.inject({ method: 'POST', url: `/developer/webhooks?storeId=${store.storeId}`, headers: env.staffHeaders(store), payload: { url: 'http://127.0.0.1:9/in' } });
    assert.equal(hook.statusCode, 201, hook.body);
    const [done, waiting, failed, recent] = [await emit(env, store, 1), await emit(env, store, 2), await emit(env, store, 3), await emit(env, store, 4)];
    for (const e of [done, waiting, failed]) await backdate(env, e.id, 31);
    await backdate(env, recent.id, 29);
    const deliveryOf = async (eventId: string) => (await env.db.selectFrom('webhook_deliveries').select(['id']).where('event_id', '=', eventId).executeTakeFirstOrThrow()).id;
    await env.db.updateTable('webhook_deliveries').set({ status: 'succeeded', next_attempt_at: null }).where('id', '=', await deliveryOf(done.id)).execute();
    await env.db.updateTable('webhook_deliveries').set({ status: 'failed', next_attempt_at: null }).where('id', '=', await deliveryOf(failed.id)).execute();
    await env.db.updateTable('webhook_deliveries').set({ status: 'retrying' }).where('id', '=', await deliveryOf(waiting.id)).execute();
    const doneDelivery = await deliveryOf(done.id);

    const deleted = await runHousekeeping(env.app.ctx);
    assert.ok(deleted.events >= 2);
    const left = (await env.db.selectFrom('events').select('id').where('store_id', '=', store.storeId).execute()).map((r) => r.id).sort();
    assert.deepEqual(left, [waiting.id, recent.id].sort());
    // The delivery history went with its events.
    assert.equal(await env.db.selectFrom('webhook_deliveries').select('id').where('id', '=', doneDelivery).executeTakeFirst(), undefined);
    assert.equal((await env.db.selectFrom('webhook_deliveries').select('id').where('event_id', 'in', [waiting.id, recent.id]).execute()).length, 2);
  });

  test('deletes idempotency records past their 24 h window and expired sessions only', async () => {
    const store = await env.createStore();
    const now = Date.now();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * 3600_000).toISOString();
    await env.db.insertInto('idempotency_keys').values([
      { store_id: store.storeId, scope: 'hk-test', key: 'old', request_hash: 'x', status_code: 201, response_body: '{}', created_at: at(25) },
      { store_id: store.storeId, scope: 'hk-test', key: 'fresh', request_hash: 'x', status_code: 201, response_body: '{}', created_at: at(23) },
    ]).execute();
    const user = await env.db.selectFrom('sessions').select(['user_id']).limit(1).executeTakeFirstOrThrow();
    await env.db.insertInto('sessions').values({ id: `ses_hk_${now}`, token_hash: `hk-${now}`, user_id: user.user_id, created_at: at(24 * 31), expires_at: at(1) }).execute();

    await runHousekeeping(env.app.ctx, now);
    const keys = (await env.db.selectFrom('idempotency_keys').select('key').where('scope', '=', 'hk-test').execute()).map((r) => r.key);
    assert.deepEqual(keys, ['fresh']);
    assert.equal(await env.db.selectFrom('sessions').select('id').where('id', '=', `ses_hk_${now}`).executeTakeFirst(), undefined);
    // The store owner's live session still works.
    assert.equal((await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/items`, headers: env.staffHeaders(store) })).statusCode, 200);
  });
}, { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });

describeEachDb('planner statistics (optimizeDatabase)', (env) => {
  // PostgreSQL: what autovacuum would do when it is off or behind. SQLite's PRAGMA optimize is
  // checked by test/perf/query-plans.test.ts.
  if (env.dialect.name === 'postgres') test('PostgreSQL: a table never analyzed, or changed by a tenth since, is analyzed; an unchanged one is left alone', async () => {
    const stats = async () => {
      const { rows } = await sql<{ relname: string; analyzed: string | null; changed: number }>`
        select relname, coalesce(last_analyze, last_autoanalyze)::text as analyzed, n_mod_since_analyze::int as changed
        from pg_stat_user_tables where schemaname = current_schema()`.execute(env.db);
      return new Map(rows.map((r) => [r.relname, r]));
    };
    const store = await env.createStore();
    const now = new Date().toISOString();
    await env.db
      .insertInto('customers')
      .values(Array.from({ length: 60 }, (_, i) => ({ id: `cus_stat${i}`, store_id: store.storeId, name: `Stat ${i}`, email: null, phone: `+23320${String(i).padStart(7, '0')}`, phone_key: `+23320${String(i).padStart(7, '0')}`, notes: null, tags: '[]', no_show_count: 0, bookings_count: 0, orders_count: 0, total_spent_minor: 0, created_at: now, updated_at: now })))
      .execute();
    // The server's statistics counters are flushed at most once a second.
    const deadline = Date.now() + 10_000;
    while (((await stats()).get('customers')?.changed ?? 0) < 60 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const before = await stats();
    assert.ok((before.get('customers')?.changed ?? 0) >= 60, 'the counters show the new customers');

    await optimizeDatabase(env.app.ctx.db, 'postgres');
    const after = await stats();
    assert.ok(after.get('customers')?.analyzed, 'customers analyzed');
    assert.equal(after.get('customers')?.changed, 0);

    // Nothing changed since: a second run analyzes nothing again.
    await optimizeDatabase(env.app.ctx.db, 'postgres');
    assert.equal((await stats()).get('customers')?.analyzed, after.get('customers')?.analyzed);

    // A big table: a new store's first thousand rows are far less than a tenth of it, and analyzed all the same.
    const bulk = async (storeId: string, tag: string, n: number) =>
      sql`insert into customers (id, store_id, name, email, phone, bookings_count, orders_count, total_spent_minor, created_at, updated_at)
          select 'cus_' || ${tag} || i, ${storeId}, 'Bulk ' || i, null, '+23321' || lpad(i::text, 7, '0'), 0, 0, 0, ${now}, ${now}
          from generate_series(1, ${n}::int) as i`.execute(env.db);
    const settled = async (atLeast: number) => {
      const until = Date.now() + 10_000;
      while (((await stats()).get('customers')?.changed ?? 0) < atLeast && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    };
    await bulk(store.storeId, 'big', 20_000);
    await settled(20_000);
    await optimizeDatabase(env.app.ctx.db, 'postgres');
    const big = (await stats()).get('customers')!;
    assert.equal(big.changed, 0);
    const newcomer = await env.createStore();
    await bulk(newcomer.storeId, 'new', 1_100);
    await settled(1_100);
    await new Promise((r) => setTimeout(r, 10)); // a later analyze time than the one before
    await optimizeDatabase(env.app.ctx.db, 'postgres');
    const later = (await stats()).get('customers')!;
    assert.notEqual(later.analyzed, big.analyzed, 'analyzed again after 1,100 new rows in a table of 20,060');
    assert.equal(later.changed, 0);
  });
});
