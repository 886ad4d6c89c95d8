// Existing customers get their phone key (E.164, read with their store's country) when the front-desk
// migration runs: a database migrated to the one before it, with customers stored in every format,
// then migrated up. Real SQLite and PostgreSQL (a scratch schema).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { connectDatabase } from '../../src/db/connect.ts';
import { dropScratchSchema, serviceMigrator, withSchemaChangeLock } from '../../src/db/migrate.ts';
import { dialectsUnderTest } from '../helpers/app.ts';

const BEFORE = '2026_11_28_1500_ops_state';

async function migrateFrontDesk(db: Kysely<any>) {
  const migrator = await serviceMigrator(db);
  const to = await migrator.migrateTo(BEFORE);
  if (to.error) throw to.error;
  const now = new Date().toISOString();
  const store = (id: string, timezone: string, profile: object) => ({ id, slug: id, name: id, currency: 'GHS', timezone, settings: '{}', profile: JSON.stringify(profile), created_at: now, updated_at: now });
  await db.insertInto('stores').values([store('st_accra', 'Africa/Accra', {}), store('st_london', 'Europe/London', {}), store('st_chosen', 'Africa/Accra', { country: 'NG' })]).execute();
  const customer = (id: string, storeId: string, phone: string | null) => ({ id, store_id: storeId, name: id, email: null, phone, bookings_count: 0, orders_count: 0, total_spent_minor: 0, created_at: now, updated_at: now });
  await db
    .insertInto('customers')
    .values([
      customer('c_local', 'st_accra', '0207654321'),
      customer('c_digits', 'st_accra', '233207654322'),
      customer('c_plus', 'st_accra', '+233207654323'),
      customer('c_none', 'st_accra', null),
      customer('c_odd', 'st_accra', '12345'),
      customer('c_london', 'st_london', '02079460000'),
      customer('c_lagos', 'st_chosen', '08031234567'),
    ])
    .execute();
  const up = await migrator.migrateToLatest();
  if (up.error) throw up.error;
  const rows = await db.selectFrom('customers').select(['id', 'phone', 'phone_key']).orderBy('id').execute();
  return Object.fromEntries(rows.map((r) => [r.id, [r.phone, r.phone_key]]));
}

for (const dialect of dialectsUnderTest()) {
  test(`the front-desk migration keys existing customers' phones with their store's country, keeping the number as stored [${dialect.name}]`, async (t) => {
    const schema = dialect.name === 'postgres' ? `t_phone_${process.pid}_${randomBytes(4).toString('hex')}` : null;
    const handle = await connectDatabase(dialect.url, schema ? { schema } : {});
    t.after(async () => {
      await handle.destroy();
      if (schema) await dropScratchSchema(dialect.url, schema);
    });
    const keyed = dialect.name === 'postgres' ? await withSchemaChangeLock(handle.db, (conn) => migrateFrontDesk(conn)) : await migrateFrontDesk(handle.db);
    assert.deepEqual(keyed, {
      c_digits: ['233207654322', '+233207654322'],
      c_lagos: ['08031234567', '+2348031234567'],
      c_local: ['0207654321', '+233207654321'],
      c_london: ['02079460000', '+442079460000'],
      c_none: [null, null],
      c_odd: ['12345', '12345'],
      c_plus: ['+233207654323', '+233207654323'],
    });
  });
}
