import { IANAZone } from 'luxon';
import type { AppContext } from '../../context.ts';
import { conflict, forbidden, notFound, rateLimited, unauthorized, validationFailed } from '../../shared/errors.ts';
import { hashPassword, sha256, verifyPassword } from '../../shared/hash.ts';
import { newId, newStoreId, randomToken, base62Secret } from '../../shared/ids.ts';
import { isCurrencyCode } from '../../shared/money.ts';
import { slugify } from '../../shared/slug.ts';
import { addSeconds, nowIso } from '../../shared/time.ts';
import * as repo from './repository.ts';
import type { StoreRow } from './tables.ts';

export type Role = 'owner' | 'admin' | 'staff';

export interface StoreSettings {
  /** Platform fee in basis points of the subtotal. */
  platformFeeBps: number;
  platformFeeFixedMinor: number;
  /** Who pays the platform fee: added to the customer's total, or taken from the store's share. */
  feeBearer: 'customer' | 'store';
}

export const DEFAULT_SETTINGS: StoreSettings = { platformFeeBps: 0, platformFeeFixedMinor: 0, feeBearer: 'store' };

export interface Store {
  id: string;
  slug: string;
  name: string;
  currency: string;
  timezone: string;
  notificationsEnabled: boolean;
  settings: StoreSettings;
  createdAt: string;
  updatedAt: string;
}

export interface StaffUser {
  id: string;
  email: string;
  name: string;
}

export interface StaffSession {
  user: StaffUser;
}

export const SESSION_TTL_SECONDS = 30 * 24 * 3600;
const LOGIN_WINDOW_SECONDS = 15 * 60;
const LOGIN_MAX_FAILURES_PER_EMAIL = 5;
const LOGIN_MAX_FAILURES_PER_IP = 20;

export function toStore(row: StoreRow): Store {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    currency: row.currency,
    timezone: row.timezone,
    notificationsEnabled: Number(row.notifications_enabled) === 1,
    settings: { ...DEFAULT_SETTINGS, ...JSON.parse(row.settings as unknown as string) },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface NewStoreInput {
  name: string;
  slug?: string;
  currency?: string;
  timezone?: string;
}

export interface SignupInput {
  email: string;
  password: string;
  name: string;
  store: NewStoreInput;
}

function normaliseEmail(email: string) {
  return email.trim().toLowerCase();
}

function checkStoreInput(input: NewStoreInput) {
  const details = [];
  if (input.currency && !isCurrencyCode(input.currency)) details.push({ field: 'store.currency', message: 'must be an ISO 4217 code such as GHS' });
  if (input.timezone && !IANAZone.isValidZone(input.timezone)) details.push({ field: 'store.timezone', message: 'must be an IANA time zone such as Africa/Accra' });
  if (input.slug !== undefined && slugify(input.slug) !== input.slug) details.push({ field: 'store.slug', message: 'lowercase letters, digits and single hyphens only' });
  if (details.length) throw validationFailed(details);
}

export function createStoresService(ctx: AppContext) {
  const { db } = ctx;
  // A hash of a random password at the configured cost, so unknown emails cost as much as known ones.
  let dummyHash: Promise<string> | null = null;
  const getDummyHash = () => (dummyHash ??= hashPassword(randomToken(12), ctx.config.passwordHashCost));

  async function uniqueSlug(base: string): Promise<string> {
    const root = slugify(base) || 'store';
    for (let n = 1; n < 1000; n++) {
      const candidate = n === 1 ? root : `${root}-${n}`;
      if (!(await repo.slugTaken(db, candidate))) return candidate;
    }
    return `${root}-${base62Secret(6).toLowerCase()}`;
  }

  async function issueSession(userId: string) {
    const token = `sst_${randomToken(30)}`;
    const now = nowIso();
    await repo.insertSession(db, { id: newId('ses'), token_hash: sha256(token), user_id: userId, created_at: now, expires_at: addSeconds(now, SESSION_TTL_SECONDS) });
    return token;
  }

  const service = {
    toStore,

    /** Pass `executor` when calling inside a transaction (on SQLite a query on ctx.db would wait for it). */
    async getStore(storeId: string, executor: repo.Db = db): Promise<Store> {
      const row = await repo.findStoreById(executor, storeId);
      if (!row) throw notFound('store-not-found', `No store ${storeId}.`);
      return toStore(row);
    },

    async findStore(storeId: string): Promise<Store | null> {
      const row = await repo.findStoreById(db, storeId);
      return row ? toStore(row) : null;
    },

    async findStoreBySlug(slug: string): Promise<Store | null> {
      const row = await repo.findStoreBySlug(db, slug);
      return row ? toStore(row) : null;
    },

    /** Creates a user (or reuses one with the same email and password), a store and the owner membership. */
    async createStoreWithOwner(input: SignupInput): Promise<{ user: StaffUser; store: Store }> {
      checkStoreInput(input.store);
      const email = normaliseEmail(input.email);
      const now = nowIso();
      const existing = await repo.findUserByEmail(db, email);
      if (existing) throw conflict('email-taken', 'An account with this email already exists; log in and create the store from there.', [{ field: 'email', message: 'already registered' }]);
      const passwordHash = await hashPassword(input.password, ctx.config.passwordHashCost);
      if (input.store.slug && (await repo.slugTaken(db, input.store.slug))) {
        throw conflict('slug-taken', 'This store slug is taken.', [{ field: 'store.slug', message: 'already used by another store' }]);
      }
      const slug = input.store.slug ?? (await uniqueSlug(input.store.name));
      const user = { id: newId('usr'), email, name: input.name.trim(), password_hash: passwordHash, created_at: now };
      const storeRow = {
        id: newStoreId(),
        slug,
        name: input.store.name.trim(),
        currency: input.store.currency ?? 'GHS',
        timezone: input.store.timezone ?? 'Africa/Accra',
        notifications_enabled: 1,
        settings: JSON.stringify(DEFAULT_SETTINGS),
        created_at: now,
        updated_at: now,
      };
      try {
        await db.transaction().execute(async (trx) => {
          await repo.insertUser(trx, user);
          await repo.insertStore(trx, storeRow);
          await repo.insertMembership(trx, { store_id: storeRow.id, user_id: user.id, role: 'owner', created_at: now });
        });
      } catch (error) {
        if ((error as any)?.code && /23505|CONSTRAINT/.test(String((error as any).code))) {
          throw conflict('conflict', 'The email or store slug was just taken; try again.');
        }
        throw error;
      }
      const row = await repo.findStoreById(db, storeRow.id);
      return { user: { id: user.id, email, name: user.name }, store: toStore(row!) };
    },

    async signup(input: SignupInput) {
      const result = await service.createStoreWithOwner(input);
      const token = await issueSession(result.user.id);
      return { ...result, token };
    },

    async login(emailInput: string, password: string, ip: string) {
      const email = normaliseEmail(emailInput);
      const now = nowIso();
      const since = addSeconds(now, -LOGIN_WINDOW_SECONDS);
      const subjects = [`email:${email}`, `ip:${ip}`];
      const failures = await repo.recentLoginFailures(db, subjects, since);
      const byEmail = failures.get(subjects[0]);
      const byIp = failures.get(subjects[1]);
      const blocked = (byEmail && byEmail.count >= LOGIN_MAX_FAILURES_PER_EMAIL ? byEmail : null) ?? (byIp && byIp.count >= LOGIN_MAX_FAILURES_PER_IP ? byIp : null);
      if (blocked) {
        const retryAfter = (Date.parse(blocked.oldest) + LOGIN_WINDOW_SECONDS * 1000 - Date.now()) / 1000;
        throw rateLimited(retryAfter, 'Too many failed logins; wait before trying again.');
      }
      const user = await repo.findUserByEmail(db, email);
      // Verify against a dummy hash when the user is unknown so timing does not reveal accounts.
      const ok = await verifyPassword(password, user?.password_hash ?? (await getDummyHash()));
      if (!user || !ok) {
        await repo.recordLoginFailure(db, subjects, now, addSeconds(now, -LOGIN_WINDOW_SECONDS * 4));
        throw unauthorized('unauthorized', 'Email or password is wrong.');
      }
      await repo.clearLoginFailures(db, subjects[0]);
      const token = await issueSession(user.id);
      const stores = await repo.listStoresOfUser(db, user.id);
      return { token, user: { id: user.id, email: user.email, name: user.name }, stores };
    },

    /** Housekeeping: deletes expired sessions (they can no longer log anyone in); returns how many. */
    async pruneExpiredSessions(now = nowIso()): Promise<number> {
      return repo.deleteExpiredSessions(db, now);
    },

    async logout(token: string) {
      await repo.deleteSession(db, sha256(token));
    },

    async resolveSession(token: string): Promise<StaffSession | null> {
      const row = await repo.findSession(db, sha256(token), nowIso());
      return row ? { user: { id: row.user_id, email: row.email, name: row.name } } : null;
    },

    async listStoresOfUser(userId: string) {
      return repo.listStoresOfUser(db, userId);
    },

    async roleOf(storeId: string, userId: string): Promise<Role | null> {
      const m = await repo.findMembership(db, storeId, userId);
      return m ? m.role : null;
    },

    async updateStore(
      storeId: string,
      patch: { name?: string; currency?: string; timezone?: string; notificationsEnabled?: boolean; settings?: Partial<StoreSettings> },
    ): Promise<Store> {
      const current = await service.getStore(storeId);
      checkStoreInput({ name: patch.name ?? current.name, currency: patch.currency, timezone: patch.timezone });
      await repo.updateStore(db, storeId, {
        ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
        ...(patch.currency !== undefined ? { currency: patch.currency } : {}),
        ...(patch.timezone !== undefined ? { timezone: patch.timezone } : {}),
        ...(patch.notificationsEnabled !== undefined ? { notifications_enabled: patch.notificationsEnabled ? 1 : 0 } : {}),
        ...(patch.settings !== undefined ? { settings: JSON.stringify({ ...current.settings, ...patch.settings }) } : {}),
        updated_at: nowIso(),
      });
      if (patch.currency !== undefined || patch.name !== undefined) await ctx.services.catalog.invalidate(storeId);
      return service.getStore(storeId);
    },

    async listMembers(storeId: string) {
      const rows = await repo.listMembers(db, storeId);
      return rows.map((r) => ({ userId: r.id, email: r.email, name: r.name, role: r.role, createdAt: r.created_at }));
    },

    /** Adds a member; a new account gets a temporary password, returned once. */
    async addMember(storeId: string, actorRole: Role, input: { email: string; role: Role; name?: string }) {
      if (input.role === 'owner' && actorRole !== 'owner') throw forbidden('Only an owner can add another owner.');
      const email = normaliseEmail(input.email);
      const now = nowIso();
      let user = await repo.findUserByEmail(db, email);
      let temporaryPassword: string | undefined;
      if (!user) {
        temporaryPassword = base62Secret(16);
        user = { id: newId('usr'), email, name: input.name?.trim() || email.split('@')[0], password_hash: await hashPassword(temporaryPassword, ctx.config.passwordHashCost), created_at: now };
        await repo.insertUser(db, user);
      }
      if (await repo.findMembership(db, storeId, user.id)) throw conflict('conflict', 'This person is already a member of the store.');
      await repo.insertMembership(db, { store_id: storeId, user_id: user.id, role: input.role, created_at: now });
      return { member: { userId: user.id, email, name: user.name, role: input.role, createdAt: now }, ...(temporaryPassword ? { temporaryPassword } : {}) };
    },

    async removeMember(storeId: string, actor: { userId: string; role: Role }, userId: string) {
      const target = await repo.findMembership(db, storeId, userId);
      if (!target) throw notFound('member-not-found', 'No such member in this store.');
      if (target.role === 'owner' && actor.role !== 'owner') throw forbidden('Only an owner can remove an owner.');
      if (target.role === 'owner' && (await repo.countOwners(db, storeId)) <= 1) throw conflict('conflict', 'A store keeps at least one owner.');
      await repo.deleteMembership(db, storeId, userId);
    },
  };
  return service;
}

export type StoresService = ReturnType<typeof createStoresService>;
