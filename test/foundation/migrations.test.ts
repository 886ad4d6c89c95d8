// Every migration can be undone: migrated up one at a time, then down one at a time, each down() must
// give back the schema its up() started from (tables, columns, indexes with their conditions; on
// PostgreSQL functions too), down to an empty database; migrating up again gives the same schema.
// Real SQLite and PostgreSQL (a scratch schema).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect.ts';
import { dropScratchSchema, migrateToLatest, serviceMigrator, withSchemaChangeLock } from '../../src/db/migrate.ts';
import { dialectsUnderTest } from '../helpers/app.ts';

/** Tables, columns and indexes of the service's schema (Kysely's bookkeeping tables left out), as text. */
async function schemaOf(db: Kysely<any>, dialect: string): Promise<string[]> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
      select type, name, sql from sqlite_master where name not like 'kysely_%' and name not like 'sqlite_%' order by type, name`.execute(db);
    return rows.map((r) => `${r.type} ${r.name}: ${r.sql ?? ''}`);
  }
  const columns = await sql<{ line: string }>`
    select table_name || '.' || column_name || ' ' || data_type || ' null=' || is_nullable || ' default=' || coalesce(column_default, '') as line
    from information_schema.columns where table_schema = current_schema() and table_name not like 'kysely_%'
    order by table_name, column_name`.execute(db);
  const indexes = await sql<{ line: string }>`
    select indexdef as line from pg_indexes where schemaname = current_schema() and tablename not like 'kysely_%' order by indexname`.execute(db);
  const functions = await sql<{ line: string }>`
    select p.proname as line from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema() order by p.proname`.execute(db);
  return [...columns.rows, ...indexes.rows, ...functions.rows].map((r) => r.line);
}

/**
 * What a down() knowingly leaves as it is, said in its migration: on SQLite, 2026_11_24_1100 keeps
 * mail_outbox.store_id nullable (NOT NULL would need another rebuild of the table). Both sides of every
 * comparison are read through this.
 */
function withKnownDifferences(lines: string[], dialect: string): string[] {
  if (dialect !== 'sqlite') return lines;
  return lines.map((line) => (line.startsWith('table mail_outbox:') ? line.replace('"store_id" text not null references', '"store_id" text references') : line));
}

for (const dialect of dialectsUnderTest()) {
  test(`migrations: each down() gives back the schema from before its up(), all the way to an empty database [${dialect.name}]`, async (t) => {
    const schema = dialect.name === 'postgres' ? `t_mig_${process.pid}_${randomBytes(4).toString('hex')}` : null;
    const handle: DatabaseHandle = await connectDatabase(dialect.url, schema ? { schema } : {});
    t.after(async () => {
      await handle.destroy();
      if (schema) await dropScratchSchema(dialect.url, schema);
    });
    // On PostgreSQL the whole run holds the lock other test files take to migrate or drop their schemas:
    // Kysely's migrator reads the tables of every schema, and one dropped meanwhile would fail it.
    if (dialect.name === 'postgres') await withSchemaChangeLock(handle.db, (conn) => upAndDown(conn, dialect.name));
    else await upAndDown(handle.db, dialect.name);
  });
}

/** Up one migration at a time, then down one at a time, checking the schema at every step. */
async function upAndDown(db: Kysely<any>, dialect: string) {
  const migrator = await serviceMigrator(db);
  // Up one at a time, keeping the schema before each.
  const before: Array<{ name: string; schema: string[] }> = [];
  for (;;) {
    const current = await schemaOf(db, dialect);
    const { error, results } = await migrator.migrateUp();
    assert.equal(error, undefined, `up() of ${results?.find((r) => r.status === 'Error')?.migrationName} failed: ${String(error)}`);
    if (!results?.length) break;
    before.push({ name: results[0].migrationName, schema: current });
  }
  assert.ok(before.length > 10, `migrations applied: ${before.length}`);
  const latest = await schemaOf(db, dialect);
  assert.ok(latest.some((line) => /customers_store_phone_key_idx/.test(line)), 'the latest schema has the partial phone-key index');

  // Down one at a time, newest first: each gives back the schema its up() started from.
  for (const { name, schema: expected } of [...before].reverse()) {
    const { error, results } = await migrator.migrateDown();
    assert.equal(error, undefined, `down() of ${name} failed: ${String(error)}`);
    assert.deepEqual(results?.map((r) => r.migrationName), [name]);
    assert.deepEqual(withKnownDifferences(await schemaOf(db, dialect), dialect), withKnownDifferences(expected, dialect), `the schema after down() of ${name}`);
  }
  assert.deepEqual(await schemaOf(db, dialect), [], 'nothing of the schema is left');

  // And up again, all at once as the service does, to the same schema.
  assert.deepEqual(await migrateToLatest(db), before.map((b) => b.name));
  assert.deepEqual(await schemaOf(db, dialect), latest);
}
