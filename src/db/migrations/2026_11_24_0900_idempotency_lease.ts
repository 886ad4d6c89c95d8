import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// An Idempotency-Key's "in progress" claim is a lease: once it lapses (its process died before the
// work committed), a retry may run the request afresh. Records written before this column existed
// have no lease and are treated as lapsed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('locked_until', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('locked_until').execute();
}
