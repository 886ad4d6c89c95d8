import type { Executor } from '../../db/sql.ts';
import type { Database } from '../../db/database.ts';
import type { MembershipRow, StoreRow } from './tables.ts';

export type Db = Executor<Database>;

export const findStoreById = (db: Db, storeId: string) => db.selectFrom('stores').selectAll().where('id', '=', storeId).executeTakeFirst();
export const findStoreBySlug = (db: Db, slug: string) => db.selectFrom('stores').selectAll().where('slug', '=', slug).executeTakeFirst();

export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  return !!(await db.selectFrom('stores').select('id').where('slug', '=', slug).executeTakeFirst());
}

export const insertStore = (db: Db, row: StoreRow) =>
  db.insertInto('stores').values(row).execute();

export const updateStore = (db: Db, storeId: string, patch: Partial<Omit<StoreRow, 'id' | 'created_at'>>) =>
  db.updateTable('stores').set(patch as any).where('id', '=', storeId).execute();

export const findUserByEmail = (db: Db, email: string) => db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
export const findUserById = (db: Db, id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const insertUser = (db: Db, row: Database['users']) => db.insertInto('users').values(row).execute();

export const insertMembership = (db: Db, row: MembershipRow) => db.insertInto('memberships').values(row).execute();

export const findMembership = (db: Db, storeId: string, userId: string) =>
  db.selectFrom('memberships').selectAll().where('store_id', '=', storeId).where('user_id', '=', userId).executeTakeFirst();

export const listStoresOfUser = (db: Db, userId: string) =>
  db
    .selectFrom('memberships')
    .innerJoin('stores', 'stores.id', 'memberships.store_id')
    .select(['stores.id', 'stores.slug', 'stores.name', 'memberships.role'])
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.created_at')
    .execute();

export const listMembers = (db: Db, storeId: string) =>
  db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.email', 'users.name', 'memberships.role', 'memberships.created_at'])
    .where('memberships.store_id', '=', storeId)
    .orderBy('memberships.created_at')
    .execute();

export const countOwners = async (db: Db, storeId: string) =>
  Number(
    (
      await db
        .selectFrom('memberships')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('store_id', '=', storeId)
        .where('role', '=', 'owner')
        .executeTakeFirstOrThrow()
    ).n,
  );

export const deleteMembership = (db: Db, storeId: string, userId: string) =>
  db.deleteFrom('memberships').where('store_id', '=', storeId).where('user_id', '=', userId).executeTakeFirst();

export const insertSession = (db: Db, row: Database['sessions']) => db.insertInto('sessions').values(row).execute();

export const findSession = (db: Db, tokenHash: string, now: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as session_id', 'users.id as user_id', 'users.email', 'users.name'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();

export const deleteSession = (db: Db, tokenHash: string) => db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();

export async function deleteExpiredSessions(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function recentLoginFailures(db: Db, subjects: string[], since: string): Promise<Map<string, { count: number; oldest: string }>> {
  const rows = await db
    .selectFrom('login_failures')
    .select(['subject', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.min('failed_at').as('oldest')])
    .where('subject', 'in', subjects)
    .where('failed_at', '>', since)
    .groupBy('subject')
    .execute();
  return new Map(rows.map((r) => [r.subject, { count: Number(r.n), oldest: String(r.oldest) }]));
}

export async function recordLoginFailure(db: Db, subjects: string[], at: string, pruneBefore: string) {
  await db.insertInto('login_failures').values(subjects.map((subject) => ({ subject, failed_at: at }))).execute();
  await db.deleteFrom('login_failures').where('failed_at', '<', pruneBefore).execute();
}

export const clearLoginFailures = (db: Db, subject: string) => db.deleteFrom('login_failures').where('subject', '=', subject).execute();
