import { forUpdate, type Executor } from '../../db/sql.ts';
import type { Database } from '../../db/database.ts';
import type { InvitationRow, LoginThrottleRow, MembershipRow, PasswordResetRow, StoreRow } from './tables.ts';

export type Db = Executor<Database>;

export const findStoreById = (db: Db, storeId: string) => db.selectFrom('stores').selectAll().where('id', '=', storeId).executeTakeFirst();
export const findStoreBySlug = (db: Db, slug: string) => db.selectFrom('stores').selectAll().where('slug', '=', slug).executeTakeFirst();

export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  return !!(await db.selectFrom('stores').select('id').where('slug', '=', slug).executeTakeFirst());
}

/** Slugs equal to `root` or numbered from it (`root-2`…), to pick the next free one. */
export async function slugsLike(db: Db, root: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('stores')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', root), eb('slug', 'like', `${root}-%`)]))
    .execute();
  return new Set(rows.map((r) => r.slug));
}

// The inserts below skip a row whose unique value a concurrent request took first (ON CONFLICT DO
// NOTHING) and say whether they inserted: the caller picks another value or answers 409. A failed
// statement would abort a PostgreSQL transaction; a skipped insert leaves it usable.

export async function insertStoreIfSlugFree(db: Db, row: StoreRow): Promise<boolean> {
  return (await db.insertInto('stores').values(row).onConflict((oc) => oc.column('slug').doNothing()).returning('id').executeTakeFirst()) !== undefined;
}

export const updateStore = (db: Db, storeId: string, patch: Partial<Omit<StoreRow, 'id' | 'created_at'>>) =>
  db.updateTable('stores').set(patch as any).where('id', '=', storeId).execute();

export const findUserByEmail = (db: Db, email: string) => db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
export const findUserById = (db: Db, id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/** Holds the account's row until the transaction ends (PostgreSQL; SQLite has one writer anyway). */
export const lockUser = (db: Db, id: string) => forUpdate(db, db.selectFrom('users').select('id').where('id', '=', id)).executeTakeFirst();

export async function insertUserIfEmailFree(db: Db, row: Database['users']): Promise<boolean> {
  return (await db.insertInto('users').values(row).onConflict((oc) => oc.column('email').doNothing()).returning('id').executeTakeFirst()) !== undefined;
}

export async function insertMembershipIfNew(db: Db, row: MembershipRow): Promise<boolean> {
  const inserted = await db
    .insertInto('memberships')
    .values(row)
    .onConflict((oc) => oc.columns(['store_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

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
    .select(['sessions.id as session_id', 'users.id as user_id', 'users.email', 'users.name', 'users.must_change_password'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();

export const deleteSession = (db: Db, tokenHash: string) => db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();

/** Ends every session of the user, except the one with `keepTokenHash` when given. */
export function deleteSessionsOfUser(db: Db, userId: string, keepTokenHash?: string) {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepTokenHash) q = q.where('token_hash', '!=', keepTokenHash);
  return q.execute();
}

/** A new password; the account no longer has a temporary one. */
export const setPassword = (db: Db, userId: string, passwordHash: string, mustChange = false) =>
  db.updateTable('users').set({ password_hash: passwordHash, must_change_password: mustChange ? 1 : 0 }).where('id', '=', userId).execute();

export const insertPasswordReset = (db: Db, row: PasswordResetRow) => db.insertInto('password_resets').values(row).execute();

export const findPasswordReset = (db: Db, tokenHash: string) => db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

export async function countPasswordResetsSince(db: Db, userId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Uses the link once: only while unused and unexpired, so of two racing uses one wins. */
export async function usePasswordReset(db: Db, tokenHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every link of the user still open is closed (the password changed another way). */
export const closePasswordResets = (db: Db, userId: string, now: string) =>
  db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();

/** Links expired before `before`: nothing can use them. */
export async function deleteExpiredPasswordResets(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('password_resets').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The login-throttle counters of `subjects`, locked until the transaction ends (missing ones are
 * created at zero first, since only existing rows can be locked). Always in subject order, so
 * attempts sharing counters lock them in one order and cannot deadlock.
 */
export async function lockThrottleCounters(db: Db, subjects: string[], now: string): Promise<Map<string, LoginThrottleRow>> {
  const sorted = [...subjects].sort();
  await db
    .insertInto('login_throttle')
    .values(sorted.map((subject) => ({ subject, failures: 0, last_failure_at: now, blocked_until: null })))
    .onConflict((oc) => oc.column('subject').doNothing())
    .execute();
  const rows = await forUpdate(db, db.selectFrom('login_throttle').selectAll().where('subject', 'in', sorted).orderBy('subject')).execute();
  return new Map(rows.map((r) => [r.subject, { ...r, failures: Number(r.failures) }]));
}

export const saveThrottleCounter = (db: Db, row: LoginThrottleRow) =>
  db.updateTable('login_throttle').set({ failures: row.failures, last_failure_at: row.last_failure_at, blocked_until: row.blocked_until }).where('subject', '=', row.subject).execute();

export const deleteThrottleCounter = (db: Db, subject: string) => db.deleteFrom('login_throttle').where('subject', '=', subject).execute();

/** Takes back one counted failure (the attempt succeeded); the block lifts once below `limit`. */
export const forgiveThrottleFailure = (db: Db, subject: string, limit: number) =>
  db
    .updateTable('login_throttle')
    .set((eb) => ({
      failures: eb('failures', '-', 1),
      // `failures` here is the value before this update.
      blocked_until: eb.case().when('failures', '<=', limit).then(null).else(eb.ref('blocked_until')).end(),
    }))
    .where('subject', '=', subject)
    .where('failures', '>', 0)
    .execute();

/** Deletes counters whose last failure is older than `before` and that block nothing now. */
export const pruneThrottleCounters = (db: Db, before: string, now: string) =>
  db
    .deleteFrom('login_throttle')
    .where('last_failure_at', '<', before)
    .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', now)]))
    .execute();

/** Holds the store's row until the transaction ends (PostgreSQL): invitations of one store queue up. */
export const lockStore = (db: Db, storeId: string) => forUpdate(db, db.selectFrom('stores').select('id').where('id', '=', storeId)).executeTakeFirst();

export const insertInvitation = (db: Db, row: InvitationRow) => db.insertInto('invitations').values(row).execute();

export const findInvitationByToken = (db: Db, tokenHash: string) =>
  db
    .selectFrom('invitations')
    .innerJoin('stores', 'stores.id', 'invitations.store_id')
    .leftJoin('users as inviter', 'inviter.id', 'invitations.invited_by')
    .selectAll('invitations')
    .select(['stores.name as store_name', 'stores.slug as store_slug', 'inviter.name as inviter_name'])
    .where('invitations.token_hash', '=', tokenHash)
    .executeTakeFirst();

export const findInvitation = (db: Db, storeId: string, id: string) =>
  db.selectFrom('invitations').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

/** Invitations still open (not accepted, not withdrawn; expired ones too, so they can be resent), newest first. */
export const listOpenInvitations = (db: Db, storeId: string) =>
  db
    .selectFrom('invitations')
    .leftJoin('users as inviter', 'inviter.id', 'invitations.invited_by')
    .selectAll('invitations')
    .select('inviter.name as inviter_name')
    .where('invitations.store_id', '=', storeId)
    .where('invitations.accepted_at', 'is', null)
    .where('invitations.withdrawn_at', 'is', null)
    .orderBy('invitations.created_at', 'desc')
    .orderBy('invitations.id', 'desc')
    .execute();

/** Withdraws the open invitations of `email` to the store (a new one replaces them). */
export const withdrawInvitationsTo = (db: Db, storeId: string, email: string, now: string) =>
  db
    .updateTable('invitations')
    .set({ withdrawn_at: now })
    .where('store_id', '=', storeId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .execute();

/** Withdraws one open invitation; false when it was accepted or withdrawn already. */
export async function withdrawInvitation(db: Db, storeId: string, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ withdrawn_at: now })
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Invitations made since `since` by the store, and by the inviter (any store); the oldest of each window. */
export async function countInvitationsSince(db: Db, storeId: string, inviterId: string | null, since: string) {
  const window = (column: 'store_id' | 'invited_by', value: string) =>
    db
      .selectFrom('invitations')
      .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.min('created_at').as('oldest')])
      .where(column, '=', value)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
  const store = await window('store_id', storeId);
  const inviter = inviterId ? await window('invited_by', inviterId) : { n: 0, oldest: null };
  return {
    store: { count: Number(store.n), oldest: store.oldest as string | null },
    inviter: { count: Number(inviter.n), oldest: inviter.oldest as string | null },
  };
}

/** Uses the invitation once: only while open and unexpired, so of two racing uses one wins. */
export async function acceptInvitation(db: Db, tokenHash: string, userId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ accepted_at: now, accepted_by: userId })
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The member of the store with this email, if any (an invitation to a member is refused). */
export const findMemberByEmail = (db: Db, storeId: string, email: string) =>
  db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select('users.id')
    .where('memberships.store_id', '=', storeId)
    .where('users.email', '=', email)
    .executeTakeFirst();

/** The store's members with their emails and alert choices (null: the role's default). */
export const membersWithAlerts = (db: Db, storeId: string) =>
  db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.email', 'users.name', 'memberships.role', 'memberships.notifications'])
    .where('memberships.store_id', '=', storeId)
    .execute();

export const setMemberNotifications = (db: Db, storeId: string, userId: string, notifications: string) =>
  db.updateTable('memberships').set({ notifications }).where('store_id', '=', storeId).where('user_id', '=', userId).executeTakeFirst();

export const membershipsOfUser = (db: Db, userId: string) =>
  db
    .selectFrom('memberships')
    .innerJoin('stores', 'stores.id', 'memberships.store_id')
    .select(['stores.id', 'stores.name', 'memberships.role', 'memberships.notifications'])
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.created_at')
    .execute();
