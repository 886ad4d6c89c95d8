import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../sql.ts';

// Frozen: never edit a migration that has shipped; add a new one.
// A customer's lifetime spend grows without bound: a 32-bit PostgreSQL integer would overflow at
// 2^31 minor units and fail the payment transaction that adds to it. SQLite integers are 64-bit
// already. (Values come back as numbers: src/db/connect.ts parses int8.)
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`ALTER TABLE customers ALTER COLUMN total_spent_minor TYPE bigint`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`ALTER TABLE customers ALTER COLUMN total_spent_minor TYPE integer`.execute(db);
}
