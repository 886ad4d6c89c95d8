import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../sql.ts';

// Frozen: never edit a migration that has shipped; add a new one.
// PostgreSQL only: sis_fail(message) raises an error (SQLSTATE SIS01) from inside a statement. A
// statement that carries its transaction's COMMIT (src/db/pg-prepared.ts, THEN_COMMIT) must fail
// itself when its condition does not hold (a checkout's last stock take finding too little), so
// that PostgreSQL skips the COMMIT sent with it and the transaction rolls back. VOLATILE (the
// default), so a CASE or WHERE around it decides at run time whether it is called.
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create or replace function sis_fail(message text) returns integer language plpgsql volatile as $$
begin
  raise exception using errcode = 'SIS01', message = message;
end
$$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop function if exists sis_fail(text)`.execute(db);
}
