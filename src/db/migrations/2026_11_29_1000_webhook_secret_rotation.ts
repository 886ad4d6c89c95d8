import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Secret rotation (POST /developer/webhooks/{endpointId}/rotate-secret): the secret a rotation
// replaced keeps signing deliveries, beside the new one, until previous_secret_expires_at (24 h
// later), so a receiver can switch over without losing a delivery. Null when there is none.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').addColumn('previous_secret', 'text').execute();
  await db.schema.alterTable('webhook_endpoints').addColumn('previous_secret_expires_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').dropColumn('previous_secret_expires_at').execute();
  await db.schema.alterTable('webhook_endpoints').dropColumn('previous_secret').execute();
}
