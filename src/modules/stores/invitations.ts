// Staff invitations: an owner or admin invites an email address; the address gets a single-use link
// valid 7 days. Nothing is created for the invitee until they open it: a new person chooses a name and
// password there (the account is made then), someone with an account signs in and accepts. The
// inviter's answer is the same whether or not the address has an account, and never names anyone.
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../shared/errors.ts';
import { hashPassword, sha256 } from '../../shared/hash.ts';
import { newId, randomToken } from '../../shared/ids.ts';
import { addSeconds, nowIso } from '../../shared/time.ts';
import * as repo from './repository.ts';
import type { InvitationRow, UserRow } from './tables.ts';

type Role = InvitationRow['role'];

/** An invitation link works once, for this long. */
export const INVITATION_TTL_SECONDS = 7 * 24 * 3600;

// What each role may do, as the routes enforce it (requireMember), in the console's words (Settings → Members).
const ROLE_WORDS: Record<Role, string> = {
  owner: 'an owner (everything, including members and ownership: only an owner can invite or remove another owner)',
  admin: 'an admin (everything except changing owners: settings, the catalog and its prices, refunds, content, integration keys and webhooks, and members other than owners)',
  staff:
    'staff (bookings and orders, customers, the stock count of products when goods arrive, and blog posts; not prices, creating or deleting catalog items, refunds, deleting customers, content, settings, keys or members)',
};

export interface Invitation {
  invitationId: string;
  email: string;
  role: Role;
  name: string | null;
  invitedBy: { userId: string; name: string } | null;
  createdAt: string;
  expiresAt: string;
  /** `expired`: the link no longer works; resend to make a new one. */
  status: 'pending' | 'expired';
}

/** What the invitee's link shows before they accept (to the holder of the link only). */
export interface InvitationPreview {
  storeName: string;
  role: Role;
  email: string;
  invitedBy: string | null;
  expiresAt: string;
}

type InvitationWithNames = InvitationRow & { inviter_name?: string | null };

function toInvitation(row: InvitationWithNames, now: string): Invitation {
  return {
    invitationId: row.id,
    email: row.email,
    role: row.role,
    name: row.name,
    invitedBy: row.invited_by ? { userId: row.invited_by, name: row.inviter_name ?? '' } : null,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    status: row.expires_at > now ? 'pending' : 'expired',
  };
}

const linkErrors = {
  invalid: () => badRequest('invitation-invalid', 'This invitation link is not valid. Ask the person who invited you to send a new one.', [{ field: 'token', message: 'unknown' }]),
  used: () => badRequest('invitation-used', 'This invitation was already accepted. Sign in to reach the store.', [{ field: 'token', message: 'already used' }]),
  withdrawn: () =>
    badRequest('invitation-withdrawn', 'This invitation was withdrawn or replaced by a newer one. Use the newest invitation mail, or ask for a new one.', [{ field: 'token', message: 'withdrawn' }]),
  expired: () => badRequest('invitation-expired', 'This invitation has expired (links work for 7 days). Ask the person who invited you to send it again.', [{ field: 'token', message: 'expired' }]),
};

function checkUsable(row: InvitationRow | undefined, now: string): asserts row is InvitationRow {
  if (!row) throw linkErrors.invalid();
  if (row.accepted_at) throw linkErrors.used();
  if (row.withdrawn_at) throw linkErrors.withdrawn();
  if (row.expires_at <= now) throw linkErrors.expired();
}

export interface InvitationDeps {
  normaliseEmail(email: string): string;
  issueSession(userId: string): Promise<string>;
  /** Tells every instance the store's members changed. */
  membersChanged(storeId: string): Promise<void>;
}

export function createInvitations(ctx: AppContext, deps: InvitationDeps) {
  const { db } = ctx;
  const mailOn = () => ctx.config.smtpUrl !== null;

  function inviteMail(storeName: string, role: Role, inviterName: string | null, link: string) {
    const body = (shownLink: string) =>
      [
        'Hello,',
        '',
        `${inviterName ? `${inviterName} invited you` : 'You are invited'} to help run ${storeName} as ${ROLE_WORDS[role]}.`,
        'Open this link within 7 days to accept. It works once:',
        '',
        shownLink,
        '',
        'If you already have a staff account with this email address, sign in when the page asks; otherwise choose your name and a password there.',
        'If you did not expect this, ignore this mail: nothing happens unless you open the link.',
      ].join('\n');
    return { subject: `Join ${storeName}`, text: body(link), redactedText: body('[link removed after sending]') };
  }

  /** Refuses (429) when the store or the inviter has sent its hourly budget of invitations. */
  async function checkBudget(executor: repo.Db, storeId: string, inviterId: string | null, now: string) {
    const since = addSeconds(now, -3600);
    const counts = await repo.countInvitationsSince(executor, storeId, inviterId, since);
    const over = (window: { count: number; oldest: string | null }, max: number) => window.count >= max && window.oldest !== null;
    const refuse = (oldest: string, who: string) => {
      const seconds = Math.max(1, Math.ceil((Date.parse(oldest) + 3600_000 - Date.parse(now)) / 1000));
      return new AppError(429, 'rate-limited', `${who} sent as many invitations as an hour allows; try again in ${Math.ceil(seconds / 60)} min.`, undefined, { reason: 'invitations-per-hour' }, {
        'retry-after': String(seconds),
      });
    };
    if (over(counts.store, ctx.config.invitesPerStorePerHour)) throw refuse(counts.store.oldest!, 'This store');
    if (over(counts.inviter, ctx.config.invitesPerInviterPerHour)) throw refuse(counts.inviter.oldest!, 'You');
  }

  /** A new invitation to `email` (replacing any still open), mailed when mail is on; in one transaction. */
  async function issue(storeId: string, inviter: { userId: string | null }, input: { email: string; role: Role; name: string | null }, revealLink = false) {
    const token = `inv_${randomToken(32)}`;
    const link = `${ctx.config.publicBaseUrl}/console/accept-invite?token=${token}`;
    const now = nowIso();
    const row: InvitationRow = {
      id: newId('inv'),
      store_id: storeId,
      email: input.email,
      role: input.role,
      name: input.name,
      token_hash: sha256(token),
      invited_by: inviter.userId,
      created_at: now,
      expires_at: addSeconds(now, INVITATION_TTL_SECONDS),
      accepted_at: null,
      accepted_by: null,
      withdrawn_at: null,
    };
    const mailed = mailOn();
    const inviterName = await db.transaction().execute(async (trx) => {
      // Invitations by one member, and to one store, queue up here: the hourly budgets hold under bursts.
      if (inviter.userId) await repo.lockUser(trx, inviter.userId);
      const store = await repo.lockStore(trx, storeId);
      if (!store) throw notFound('store-not-found', `No store ${storeId}.`);
      if (await repo.findMemberByEmail(trx, storeId, input.email)) throw conflict('conflict', 'This person is already a member of the store.', [{ field: 'email', message: 'already a member' }]);
      await checkBudget(trx, storeId, inviter.userId, now);
      await repo.withdrawInvitationsTo(trx, storeId, input.email, now);
      await repo.insertInvitation(trx, row);
      const storeRow = await repo.findStoreById(trx, storeId);
      const inviterRow = inviter.userId ? await repo.findUserById(trx, inviter.userId) : undefined;
      if (mailed) await ctx.services.messages.queueAccountMail(trx, { to: input.email, ...inviteMail(storeRow!.name, input.role, inviterRow?.name ?? null, link) });
      return inviterRow?.name ?? null;
    });
    if (mailed) ctx.services.messages.committed();
    const invitation = toInvitation({ ...row, inviter_name: inviterName }, now);
    // Without mail the inviter passes the link on; with mail it goes to the address only (an operator sees it too).
    return { invitation, mailed, ...(mailed && !revealLink ? {} : { inviteUrl: link }) };
  }

  /** The open invitation the link carries, with its store; refused when used, withdrawn or expired. */
  async function usable(token: string) {
    const row = await repo.findInvitationByToken(db, sha256(token));
    checkUsable(row, nowIso());
    return row as NonNullable<typeof row>;
  }

  /** Marks the invitation accepted by `userId` and makes them a member, in `trx`; false when it was just used. */
  async function accept(trx: repo.Db, tokenHash: string, invitation: InvitationRow, userId: string, now: string) {
    if (!(await repo.acceptInvitation(trx, tokenHash, userId, now))) return false;
    // Already a member (joined meanwhile by another invitation): the membership stays as it is.
    await repo.insertMembershipIfNew(trx, { store_id: invitation.store_id, user_id: userId, role: invitation.role, created_at: now });
    return true;
  }

  /** After a lost race, the reason this link cannot be used now. */
  async function whyUnusable(tokenHash: string): Promise<never> {
    checkUsable(await repo.findInvitationByToken(db, tokenHash), nowIso());
    throw linkErrors.used();
  }

  return {
    async invite(storeId: string, actor: { userId: string | null; role: Role }, input: { email: string; role: Role; name?: string }) {
      if (input.role === 'owner' && actor.role !== 'owner') throw forbidden('Only an owner can invite another owner.');
      return issue(storeId, actor, { email: deps.normaliseEmail(input.email), role: input.role, name: input.name?.trim() || null });
    },

    /** The operator's way (CLI): an invitation whose link is printed (and mailed too when mail is on). */
    async inviteAsOperator(storeId: string, input: { email: string; role: Role; name?: string }) {
      return issue(storeId, { userId: null }, { email: deps.normaliseEmail(input.email), role: input.role, name: input.name?.trim() || null }, true);
    },

    async list(storeId: string): Promise<Invitation[]> {
      const now = nowIso();
      return (await repo.listOpenInvitations(db, storeId)).map((row) => toInvitation(row, now));
    },

    /** A new link for an open (or expired) invitation; the old link stops working. */
    async resend(storeId: string, actor: { userId: string | null; role: Role }, invitationId: string) {
      const row = await repo.findInvitation(db, storeId, invitationId);
      if (!row || row.accepted_at || row.withdrawn_at) throw notFound('invitation-not-found', 'No open invitation with this id in this store (it may have been accepted or withdrawn).');
      if (row.role === 'owner' && actor.role !== 'owner') throw forbidden('Only an owner can invite another owner.');
      return issue(storeId, actor, { email: row.email, role: row.role, name: row.name });
    },

    async withdraw(storeId: string, invitationId: string): Promise<void> {
      if (!(await repo.withdrawInvitation(db, storeId, invitationId, nowIso()))) {
        throw notFound('invitation-not-found', 'No open invitation with this id in this store (it may have been accepted or withdrawn).');
      }
    },

    /** What the link offers, for the page it opens. */
    async preview(token: string): Promise<InvitationPreview> {
      const row = await usable(token);
      return { storeName: row.store_name, role: row.role, email: row.email, invitedBy: row.inviter_name ?? null, expiresAt: row.expires_at };
    },

    /** A signed-in user accepts: the invitation must be for their email address. */
    async acceptAsUser(token: string, user: { id: string; email: string }) {
      const invitation = await usable(token);
      if (invitation.email !== user.email) {
        throw forbidden(`This invitation is for ${invitation.email}, and you are signed in as ${user.email}. Sign out, then open the link again.`, 'invitation-other-account');
      }
      const tokenHash = sha256(token);
      const accepted = await db.transaction().execute((trx) => accept(trx, tokenHash, invitation, user.id, nowIso()));
      if (!accepted) await whyUnusable(tokenHash);
      await deps.membersChanged(invitation.store_id);
      return { store: { id: invitation.store_id, slug: invitation.store_slug, name: invitation.store_name, role: invitation.role } };
    },

    /**
     * Someone new accepts: the account is made now, with the invited address and the name and
     * password they chose, and signed in. An address that has an account signs in instead (409).
     */
    async acceptAsNewUser(token: string, input: { name: string; password: string }) {
      const invitation = await usable(token);
      const tokenHash = sha256(token);
      const now = nowIso();
      const user: UserRow = {
        id: newId('usr'),
        email: invitation.email,
        name: input.name.trim(),
        password_hash: await hashPassword(input.password, ctx.config.passwordHashCost),
        must_change_password: 0,
        created_at: now,
      };
      const emailTaken = () =>
        conflict('email-taken', `An account with ${invitation.email} exists already: sign in with it, then open the link again to accept.`, [{ field: 'email', message: 'already registered' }]);
      // The link's holder is the address's owner (it was mailed there), so saying the account exists tells them nothing new.
      const lost = new Error('invitation used meanwhile');
      try {
        await db.transaction().execute(async (trx) => {
          if (!(await repo.insertUserIfEmailFree(trx, user))) throw emailTaken();
          // Used by a racing request meanwhile: the account is rolled back with it.
          if (!(await accept(trx, tokenHash, invitation, user.id, now))) throw lost;
        });
      } catch (error) {
        if (error === lost) await whyUnusable(tokenHash);
        throw error;
      }
      await deps.membersChanged(invitation.store_id);
      const sessionToken = await deps.issueSession(user.id);
      return {
        token: sessionToken,
        user: { id: user.id, email: user.email, name: user.name, mustChangePassword: false },
        store: { id: invitation.store_id, slug: invitation.store_slug, name: invitation.store_name, role: invitation.role },
      };
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitations>;
