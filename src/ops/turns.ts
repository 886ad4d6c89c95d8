// Whose turn it is to run a sweep that every instance schedules (the reminder sweep each minute): the
// instance that moves the sweep's row in ops_state forward runs it, the others skip that turn. A row
// and a conditional update, not a PostgreSQL session lock, so it holds through PgBouncer in
// transaction mode and on SQLite alike; a turn taken by an instance that stops is free again when it
// runs out.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * Takes the turn of `name` for `leaseMs` from `now` when nobody holds it; false when another instance
 * (or an earlier call) holds it still.
 */
export async function takeTurn(db: Kysely<Database>, name: string, leaseMs: number, now = Date.now()): Promise<boolean> {
  const key = `turn:${name}`;
  const nowText = new Date(now).toISOString();
  const until = new Date(now + leaseMs).toISOString();
  await db
    .insertInto('ops_state')
    .values({ key, value: new Date(0).toISOString(), updated_at: nowText })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const taken = await db
    .updateTable('ops_state')
    .set({ value: until, updated_at: nowText })
    .where('key', '=', key)
    .where('value', '<=', nowText)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}
