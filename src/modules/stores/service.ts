import { LRUCache } from 'lru-cache';
import { IANAZone } from 'luxon';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/sql.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized, validationFailed } from '../../shared/errors.ts';
import { hashPassword, sha256, verifyPassword } from '../../shared/hash.ts';
import { newId, newStoreId, randomToken } from '../../shared/ids.ts';
import { isCurrencyCode } from '../../shared/money.ts';
import { slugify } from '../../shared/slug.ts';
import { addSeconds, nowIso } from '../../shared/time.ts';
import { backgroundTasks } from '../../shared/background.ts';
import { createInvitations } from './invitations.ts';
import { applyProfilePatch, profileOf, profilePatchErrors, type ProfilePatch, type StoreProfile } from './profile.ts';
import { createLoginThrottle } from './login-throttle.ts';
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

export interface Store extends StoreProfile {
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
  /** The account still has the temporary password it was invited with: the console asks for a new one. */
  mustChangePassword: boolean;
}

export interface StaffSession {
  user: StaffUser;
}

export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

/** A password-reset link works once, for this long. */
export const PASSWORD_RESET_TTL_SECONDS = 3600;
/** Reset mails per account per hour; more requests are answered the same and send nothing. */
const RESET_MAILS_PER_HOUR = 3;

function toStaffUser(row: { id: string; email: string; name: string; must_change_password: number }): StaffUser {
  return { id: row.id, email: row.email, name: row.name, mustChangePassword: Number(row.must_change_password) === 1 };
}

/** A new store's time zone when signup names none; also stands in for an unusable stored one. */
export const DEFAULT_TIMEZONE = 'Africa/Accra';

/** A real IANA zone (Intl knows it); '' and names like 'Mars/Base' are not. */
export function isIanaZone(zone: string): boolean {
  return IANAZone.isValidZone(zone);
}

/**
 * The zone slots and dates are computed in. A stored zone that is not usable (rows written before
 * input was checked, or by hand) falls back to the default instead of failing every booking.
 * IANAZone.create caches per name, so this costs a lookup; stored names are few.
 */
function usableZone(stored: string): string {
  return IANAZone.create(stored).isValid ? stored : DEFAULT_TIMEZONE;
}

export function toStore(row: StoreRow): Store {
  const timezone = usableZone(row.timezone);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    currency: row.currency,
    timezone,
    notificationsEnabled: Number(row.notifications_enabled) === 1,
    settings: { ...DEFAULT_SETTINGS, ...JSON.parse(row.settings as unknown as string) },
    ...profileOf(row.profile, timezone),
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

/** `prefix` is where the fields sit in the request body: `store.` at signup, nothing on PATCH. */
function checkStoreInput(input: NewStoreInput, prefix = 'store.') {
  const details = [];
  if (input.currency && !isCurrencyCode(input.currency)) details.push({ field: `${prefix}currency`, message: 'must be an ISO 4217 code such as GHS' });
  if (input.timezone !== undefined && !isIanaZone(input.timezone)) details.push({ field: `${prefix}timezone`, message: 'must be an IANA time zone such as Africa/Accra' });
  if (input.slug !== undefined && slugify(input.slug) !== input.slug) details.push({ field: `${prefix}slug`, message: 'lowercase letters, digits and single hyphens only' });
  if (details.length) throw validationFailed(details);
}

/** The store alerts a member may be emailed (Settings → Notifications). */
export const ALERT_PREFERENCES = ['newBooking', 'bookingChanged', 'newOrder', 'orderPaid'] as const;
export type AlertPreference = (typeof ALERT_PREFERENCES)[number];
export type AlertChoices = Record<AlertPreference, boolean>;

/** A member's choices: what they set, else their role's default (owners get every alert, others none). */
export function alertChoicesOf(role: Role, stored: string | null | undefined): AlertChoices {
  let set: Partial<AlertChoices> = {};
  try {
    set = stored ? (JSON.parse(stored) as Partial<AlertChoices>) : {};
  } catch {
    set = {};
  }
  return Object.fromEntries(ALERT_PREFERENCES.map((p) => [p, set[p] ?? role === 'owner'])) as AlertChoices;
}

/** The fields of a store update that belong to its profile (profile.ts). */
const PROFILE_FIELDS = ['contact', 'country', 'locale', 'hours', 'closedDates', 'cancellationCutoffMinutes', 'reminderMinutes', 'storePageEnabled', 'depositHoldMinutes'] as const;

/** The notifier topic of a change to a store's members or their alert choices (its key: the store id). */
export const MEMBERS_TOPIC = 'store-members';

/** The notifier topic of a change to a store's row (its key: the store id). */
export const STORE_TOPIC = 'store';
const STORE_CACHE_SIZE = 10_000;

export function createStoresService(ctx: AppContext) {
  const { db } = ctx;
  // A hash of a random password at the configured cost, so unknown emails cost as much as known ones.
  let dummyHash: Promise<string> | null = null;
  const getDummyHash = () => (dummyHash ??= hashPassword(randomToken(12), ctx.config.passwordHashCost));
  const loginThrottle = createLoginThrottle(db, ctx.config);
  const resetWork = backgroundTasks(ctx, 'password-reset mail');

  // Stores as last read, by id: every keyed request and every write reads its store (twice for a
  // booking or a checkout), and a store changes only through updateStore, which tells every
  // instance (ctx.notifier, topic STORE_TOPIC). `generation` keeps a read that was in flight across
  // a change from putting the old row back. A direct SQL edit of the stores table is seen after a
  // restart or a publish of STORE_TOPIC.
  const storeCache = new LRUCache<string, Store>({ max: STORE_CACHE_SIZE });
  let generation = 0;
  ctx.notifier.subscribe(STORE_TOPIC, (storeId) => {
    generation++;
    if (storeId === '*') storeCache.clear();
    else storeCache.delete(storeId);
  });

  // Members and their alert choices, by store: every booking and order asks who to alert, in its
  // transaction; they change only through this service, which tells every instance (MEMBERS_TOPIC).
  const membersCache = new LRUCache<string, Awaited<ReturnType<typeof repo.membersWithAlerts>>>({ max: STORE_CACHE_SIZE });
  let membersGeneration = 0;
  ctx.notifier.subscribe(MEMBERS_TOPIC, (storeId) => {
    membersGeneration++;
    if (storeId === '*') membersCache.clear();
    else membersCache.delete(storeId);
  });
  const membersChanged = (storeId: string) => ctx.notifier.publish(MEMBERS_TOPIC, storeId);

  // The reminder offsets some store with customer messages on uses: the reminder sweep reads, for
  // each, only the bookings whose reminder came due since it last looked. Read again after any
  // store changes (on any instance), at most once per sweep.
  let offsetsInUse: Promise<number[]> | null = null;
  ctx.notifier.subscribe(STORE_TOPIC, () => {
    offsetsInUse = null;
  });
  async function readOffsetsInUse(): Promise<number[]> {
    const offsets = new Set<number>();
    for (const row of await db.selectFrom('stores').select(['profile', 'timezone', 'notifications_enabled']).execute()) {
      if (!Number(row.notifications_enabled)) continue;
      for (const minutes of profileOf(row.profile, row.timezone).reminderMinutes) offsets.add(minutes);
    }
    return [...offsets].sort((a, b) => b - a);
  }

  async function cachedMembers(storeId: string, executor: repo.Db) {
    const hit = membersCache.get(storeId);
    if (hit) return hit;
    const seen = membersGeneration;
    const rows = await repo.membersWithAlerts(executor, storeId);
    if (seen === membersGeneration) membersCache.set(storeId, rows);
    return rows;
  }

  async function cachedStore(storeId: string): Promise<Store | null> {
    const hit = storeCache.get(storeId);
    if (hit) return hit;
    const seen = generation;
    const row = await repo.findStoreById(db, storeId);
    if (!row) return null;
    const store = Object.freeze(toStore(row));
    if (seen === generation) storeCache.set(storeId, store);
    return store;
  }

  /** The store name's slug, numbered -2, -3… past those taken and those in `lost` (taken meanwhile). */
  async function nextFreeSlug(executor: repo.Db, name: string, lost: ReadonlySet<string>): Promise<string> {
    const root = slugify(name) || 'store';
    const taken = await repo.slugsLike(executor, root);
    for (const slug of lost) taken.add(slug);
    if (!taken.has(root)) return root;
    for (let n = 2; ; n++) if (!taken.has(`${root}-${n}`)) return `${root}-${n}`;
  }

  async function issueSession(userId: string) {
    const token = `sst_${randomToken(30)}`;
    const now = nowIso();
    await repo.insertSession(db, { id: newId('ses'), token_hash: sha256(token), user_id: userId, created_at: now, expires_at: addSeconds(now, SESSION_TTL_SECONDS) });
    return token;
  }

  /** A new single-use reset link for the user; only the token's hash is stored. */
  async function issueResetLink(executor: repo.Db, userId: string): Promise<{ link: string; expiresAt: string }> {
    const token = `prt_${randomToken(32)}`;
    const now = nowIso();
    const expiresAt = addSeconds(now, PASSWORD_RESET_TTL_SECONDS);
    await repo.insertPasswordReset(executor, { token_hash: sha256(token), user_id: userId, created_at: now, expires_at: expiresAt, used_at: null });
    return { link: `${ctx.config.publicBaseUrl}/console/reset-password?token=${token}`, expiresAt };
  }

  function resetMail(name: string, link: string) {
    const body = (shownLink: string) =>
      [
        `Hello ${name},`,
        '',
        `Someone (we hope you) asked to reset the password of your staff account at ${ctx.config.publicBaseUrl}.`,
        'Open this link within one hour to choose a new password. It works once:',
        '',
        shownLink,
        '',
        'If you did not ask for this, ignore this mail: your password stays as it is.',
      ].join('\n');
    return { subject: 'Reset your password', text: body(link), redactedText: body('[link removed after sending]') };
  }

  /** The password, in `executor`'s transaction: no longer temporary; sessions (but `keep`) end; open reset links close. */
  async function storePassword(executor: repo.Db, userId: string, passwordHash: string, keepSessionHash?: string) {
    await repo.setPassword(executor, userId, passwordHash);
    await repo.deleteSessionsOfUser(executor, userId, keepSessionHash);
    await repo.closePasswordResets(executor, userId, nowIso());
  }

  async function replacePassword(userId: string, password: string, keepSessionHash?: string) {
    const passwordHash = await hashPassword(password, ctx.config.passwordHashCost);
    await db.transaction().execute((trx) => storePassword(trx, userId, passwordHash, keepSessionHash));
  }

  const service = {
    /** The reminder offsets (minutes before a start) of every store with customer messages on. */
    reminderOffsetsInUse(): Promise<number[]> {
      const reading = (offsetsInUse ??= readOffsetsInUse());
      reading.catch(() => {
        if (offsetsInUse === reading) offsetsInUse = null;
      });
      return reading;
    },

    toStore,

    /** Staff invitations (invitations.ts): emailed single-use links; nothing exists for the invitee until they accept. */
    invitations: createInvitations(ctx, { normaliseEmail, issueSession, membersChanged }),

    /** Pass `executor` when calling inside a transaction (on SQLite a query on ctx.db would wait for it). */
    async getStore(storeId: string, executor: repo.Db = db): Promise<Store> {
      const store = executor === db ? await cachedStore(storeId) : await repo.findStoreById(executor, storeId).then((row) => (row ? toStore(row) : null));
      if (!store) throw notFound('store-not-found', `No store ${storeId}.`);
      return store;
    },

    findStore: cachedStore,

    async findStoreBySlug(slug: string): Promise<Store | null> {
      const row = await repo.findStoreBySlug(db, slug);
      return row ? toStore(row) : null;
    },

    /** Creates a user (or reuses one with the same email and password), a store and the owner membership. */
    async createStoreWithOwner(input: SignupInput): Promise<{ user: StaffUser; store: Store }> {
      checkStoreInput(input.store);
      const email = normaliseEmail(input.email);
      const now = nowIso();
      const emailTaken = () => conflict('email-taken', 'An account with this email already exists; log in and create the store from there.', [{ field: 'email', message: 'already registered' }]);
      const slugTaken = () => conflict('slug-taken', 'This store slug is taken.', [{ field: 'store.slug', message: 'already used by another store' }]);
      // Checked before the slow password hash; checked again by the inserts, which decide a race.
      if (await repo.findUserByEmail(db, email)) throw emailTaken();
      if (input.store.slug && (await repo.slugTaken(db, input.store.slug))) throw slugTaken();
      const passwordHash = await hashPassword(input.password, ctx.config.passwordHashCost);
      const user = { id: newId('usr'), email, name: input.name.trim(), password_hash: passwordHash, must_change_password: 0, created_at: now };
      const storeRow: StoreRow = {
        id: newStoreId(),
        slug: '',
        name: input.store.name.trim(),
        currency: input.store.currency ?? 'GHS',
        timezone: input.store.timezone ?? DEFAULT_TIMEZONE,
        notifications_enabled: 1,
        settings: JSON.stringify(DEFAULT_SETTINGS),
        profile: '{}',
        created_at: now,
        updated_at: now,
      };
      await db.transaction().execute(async (trx) => {
        if (!(await repo.insertUserIfEmailFree(trx, user))) throw emailTaken();
        // A generated slug another signup took since it was chosen gives way to the next free one.
        const lost = new Set<string>();
        for (;;) {
          storeRow.slug = input.store.slug ?? (await nextFreeSlug(trx, input.store.name, lost));
          if (await repo.insertStoreIfSlugFree(trx, storeRow)) break;
          if (input.store.slug) throw slugTaken();
          lost.add(storeRow.slug);
        }
        await repo.insertMembershipIfNew(trx, { store_id: storeRow.id, user_id: user.id, role: 'owner', created_at: now });
      });
      const row = await repo.findStoreById(db, storeRow.id);
      return { user: toStaffUser(user), store: toStore(row!) };
    },

    async signup(input: SignupInput) {
      const result = await service.createStoreWithOwner(input);
      const token = await issueSession(result.user.id);
      return { ...result, token };
    },

    async login(emailInput: string, password: string, ip: string) {
      const email = normaliseEmail(emailInput);
      const attempt = await loginThrottle.begin(email, ip);
      const user = await repo.findUserByEmail(db, email);
      // Verify against a dummy hash when the user is unknown so timing does not reveal accounts.
      const ok = await verifyPassword(password, user?.password_hash ?? (await getDummyHash()));
      if (!user || !ok) {
        await attempt.failed();
        throw unauthorized('unauthorized', 'Email or password is wrong.');
      }
      await attempt.succeeded();
      const token = await issueSession(user.id);
      const stores = await repo.listStoresOfUser(db, user.id);
      return { token, user: toStaffUser(user), stores };
    },

    /** Housekeeping: deletes expired sessions (they can no longer log anyone in); returns how many. */
    async pruneExpiredSessions(now = nowIso()): Promise<number> {
      return repo.deleteExpiredSessions(db, now);
    },

    async logout(token: string) {
      await repo.deleteSession(db, sha256(token));
    },

    /**
     * A logged-in user changes their password. The current one is checked like a login (a wrong one
     * counts against the login throttle: a stolen session cannot guess it). Every other session of
     * the user ends, this one stays; open reset links close.
     */
    async changePassword(userId: string, sessionToken: string, input: { currentPassword: string; newPassword: string }, ip: string): Promise<void> {
      const user = await repo.findUserById(db, userId);
      if (!user) throw unauthorized('unauthorized', 'The session has expired or was logged out; log in again.');
      if (input.newPassword === input.currentPassword) throw validationFailed([{ field: 'newPassword', message: 'must differ from the current password' }]);
      const attempt = await loginThrottle.begin(user.email, ip);
      if (!(await verifyPassword(input.currentPassword, user.password_hash))) {
        await attempt.failed();
        throw badRequest('wrong-password', 'The current password is wrong.', [{ field: 'currentPassword', message: 'is not your current password' }]);
      }
      await attempt.succeeded();
      await replacePassword(user.id, input.newPassword, sha256(sessionToken));
    },

    /**
     * POST /api/auth/password-reset: mails the account a single-use link valid for an hour, when
     * SMTP is configured and the account exists. The caller answers the same in every case, and
     * answers before any of it happens (no account discovery, by the answer or by its timing): the
     * lookup and the mail run after the reply. At most RESET_MAILS_PER_HOUR mails per account per hour.
     */
    requestPasswordReset(emailInput: string): void {
      if (!ctx.config.smtpUrl) {
        ctx.log.info('password reset requested, but SMTP_URL is not set: no mail sent (an operator can run store-service users reset-password)');
        return;
      }
      const email = normaliseEmail(emailInput);
      resetWork.run(async () => {
        const user = await repo.findUserByEmail(db, email);
        if (!user) return;
        // Requests answered at once may run together: the budget is counted under the account's row lock.
        const sent = await db.transaction().execute(async (trx) => {
          await repo.lockUser(trx, user.id);
          if ((await repo.countPasswordResetsSince(trx, user.id, addSeconds(nowIso(), -3600))) >= RESET_MAILS_PER_HOUR) return false;
          const { link } = await issueResetLink(trx, user.id);
          await ctx.services.messages.queueAccountMail(trx, { to: user.email, ...resetMail(user.name, link) });
          return true;
        });
        if (sent) ctx.services.messages.committed();
        else ctx.log.info({ userId: user.id }, 'password reset: hourly mail budget of the account used up; nothing sent');
      });
    },

    /** Settles when the password-reset work of requests already answered is done (tests, shutdown). */
    passwordResetsIdle: () => resetWork.idle(),

    /** The operator's way (CLI): a reset link for the account, printed instead of mailed. */
    async createPasswordResetLink(emailInput: string): Promise<{ user: StaffUser; link: string; expiresAt: string }> {
      const user = await repo.findUserByEmail(db, normaliseEmail(emailInput));
      if (!user) throw notFound('user-not-found', `No staff account with the email ${normaliseEmail(emailInput)}.`);
      return { user: toStaffUser(user), ...(await issueResetLink(db, user.id)) };
    },

    /** The operator's way (CLI): sets the password; every session of the account ends. */
    async setPasswordByEmail(emailInput: string, password: string): Promise<StaffUser> {
      const user = await repo.findUserByEmail(db, normaliseEmail(emailInput));
      if (!user) throw notFound('user-not-found', `No staff account with the email ${normaliseEmail(emailInput)}.`);
      await replacePassword(user.id, password);
      return toStaffUser({ ...user, must_change_password: 0 });
    },

    /**
     * POST /api/auth/password-reset/confirm: a link's token sets a new password, once. Every
     * session of the account ends (whoever had it is out), and its other open links close.
     */
    async confirmPasswordReset(token: string, newPassword: string): Promise<{ email: string }> {
      const tokenHash = sha256(token);
      const now = nowIso();
      const reset = await repo.findPasswordReset(db, tokenHash);
      if (!reset) throw badRequest('reset-token-invalid', 'This password-reset link is not valid. Ask for a new one.', [{ field: 'token', message: 'unknown' }]);
      if (reset.used_at) throw badRequest('reset-token-used', 'This password-reset link was already used. Ask for a new one if you still need it.', [{ field: 'token', message: 'already used' }]);
      if (reset.expires_at <= now) throw badRequest('reset-token-expired', 'This password-reset link has expired (links work for one hour). Ask for a new one.', [{ field: 'token', message: 'expired' }]);
      const user = await repo.findUserById(db, reset.user_id);
      if (!user) throw badRequest('reset-token-invalid', 'This password-reset link is not valid. Ask for a new one.', [{ field: 'token', message: 'unknown' }]);
      const passwordHash = await hashPassword(newPassword, ctx.config.passwordHashCost);
      await db.transaction().execute(async (trx) => {
        // Decides between racing uses of one link (and one that expired meanwhile).
        if (!(await repo.usePasswordReset(trx, tokenHash, nowIso()))) {
          throw badRequest('reset-token-used', 'This password-reset link was already used. Ask for a new one if you still need it.', [{ field: 'token', message: 'already used' }]);
        }
        await storePassword(trx, user.id, passwordHash);
      });
      return { email: user.email };
    },

    /** Housekeeping: deletes reset links expired for a day (kept that long to tell "expired" from "unknown"). */
    async pruneExpiredPasswordResets(now = nowIso()): Promise<number> {
      return repo.deleteExpiredPasswordResets(db, addSeconds(now, -24 * 3600));
    },

    async resolveSession(token: string): Promise<StaffSession | null> {
      const row = await repo.findSession(db, sha256(token), nowIso());
      return row ? { user: toStaffUser({ ...row, id: row.user_id }) } : null;
    },

    async listStoresOfUser(userId: string) {
      return repo.listStoresOfUser(db, userId);
    },

    async roleOf(storeId: string, userId: string): Promise<Role | null> {
      const m = await repo.findMembership(db, storeId, userId);
      return m ? m.role : null;
    },

    /** A new slug moves the store's public blog URLs with it (its published posts' projection too). */
    async updateStore(
      storeId: string,
      patch: { name?: string; slug?: string; currency?: string; timezone?: string; notificationsEnabled?: boolean; settings?: Partial<StoreSettings> } & ProfilePatch,
    ): Promise<Store> {
      const current = await service.getStore(storeId);
      checkStoreInput({ name: patch.name ?? current.name, slug: patch.slug, currency: patch.currency, timezone: patch.timezone }, '');
      const profilePatch: ProfilePatch = {};
      for (const field of PROFILE_FIELDS) if (patch[field] !== undefined) (profilePatch as Record<string, unknown>)[field] = patch[field];
      const hasProfile = Object.keys(profilePatch).length > 0;
      if (hasProfile) {
        const problems = profilePatchErrors(profilePatch, patch.country ?? current.country);
        if (problems.length) throw validationFailed(problems);
      }
      const newSlug = patch.slug !== undefined && patch.slug !== current.slug ? patch.slug : undefined;
      const slugTaken = () => conflict('slug-taken', 'This store slug is taken.', [{ field: 'slug', message: 'already used by another store' }]);
      if (newSlug && (await repo.slugTaken(db, newSlug))) throw slugTaken();
      await db.transaction().execute(async (trx) => {
        try {
          await repo.updateStore(trx, storeId, {
            ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
            ...(newSlug ? { slug: newSlug } : {}),
            ...(patch.currency !== undefined ? { currency: patch.currency } : {}),
            ...(patch.timezone !== undefined ? { timezone: patch.timezone } : {}),
            ...(patch.notificationsEnabled !== undefined ? { notifications_enabled: patch.notificationsEnabled ? 1 : 0 } : {}),
            ...(patch.settings !== undefined ? { settings: JSON.stringify({ ...current.settings, ...patch.settings }) } : {}),
            ...(hasProfile ? { profile: applyProfilePatch((await repo.findStoreById(trx, storeId))?.profile, profilePatch) } : {}),
            updated_at: nowIso(),
          });
        } catch (error) {
          // Another store took the slug since the check above.
          if (newSlug && isUniqueViolation(error)) throw slugTaken();
          throw error;
        }
        if (newSlug) await ctx.services.blog.storeSlugChanged(trx, storeId, newSlug);
      });
      await ctx.notifier.publish(STORE_TOPIC, storeId);
      if (patch.currency !== undefined || patch.name !== undefined) await ctx.services.catalog.invalidate(storeId);
      return service.getStore(storeId);
    },

    async listMembers(storeId: string) {
      const rows = await repo.listMembers(db, storeId);
      return rows.map((r) => ({ userId: r.id, email: r.email, name: r.name, role: r.role, createdAt: r.created_at }));
    },

    /** Members to email an alert of this kind (in `executor`'s transaction when given). */
    async alertRecipients(storeId: string, preference: AlertPreference, executor: repo.Db = db): Promise<{ userId: string; email: string; name: string }[]> {
      const members = await cachedMembers(storeId, executor);
      return members.filter((m) => alertChoicesOf(m.role, m.notifications)[preference]).map((m) => ({ userId: m.id, email: m.email, name: m.name }));
    },

    /** GET /api/me/notifications: the user's alert choices in each of their stores. */
    async alertChoices(userId: string) {
      const rows = await repo.membershipsOfUser(db, userId);
      return rows.map((r) => ({ storeId: r.id, storeName: r.name, role: r.role, notifications: alertChoicesOf(r.role, r.notifications) }));
    },

    /** PATCH /api/me/notifications: changes the user's choices in one of their stores. */
    async setAlertChoices(userId: string, storeId: string, patch: Partial<AlertChoices>) {
      const membership = await repo.findMembership(db, storeId, userId);
      if (!membership) throw forbidden('You are not a member of this store.');
      const next = { ...alertChoicesOf(membership.role, membership.notifications), ...patch };
      await repo.setMemberNotifications(db, storeId, userId, JSON.stringify(next));
      await membersChanged(storeId);
      return (await service.alertChoices(userId)).find((c) => c.storeId === storeId)!;
    },

    async removeMember(storeId: string, actor: { userId: string; role: Role }, userId: string) {
      const target = await repo.findMembership(db, storeId, userId);
      if (!target) throw notFound('member-not-found', 'No such member in this store.');
      if (target.role === 'owner' && actor.role !== 'owner') throw forbidden('Only an owner can remove an owner.');
      if (target.role === 'owner' && (await repo.countOwners(db, storeId)) <= 1) throw conflict('conflict', 'A store keeps at least one owner.');
      await repo.deleteMembership(db, storeId, userId);
      await membersChanged(storeId);
    },
  };
  return service;
}

export type StoresService = ReturnType<typeof createStoresService>;
