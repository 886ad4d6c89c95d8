import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { toPublicStaff } from '../bookings/staff.ts';
import { SESSION_COOKIE, authStoreId, requireMember, requireStaff, sessionCookieOptions, sessionTokenOf } from '../../http/auth.ts';
import { integrationDocs, integrationRoute } from '../../http/integration-route.ts';
import { responses } from '../../http/schemas.ts';
import type { App } from '../../app.ts';
import { WEBSITE_SCOPES } from '../developer/keys-service.ts';
import type { Role, StoreSettings } from './service.ts';
import {
  AddMemberBody,
  ChangePasswordBody,
  InvitationPreviewSchema,
  InvitationSchema,
  InvitationSignupBody,
  InvitationTokenBody,
  InviteResponse,
  PublicStoreSchema,
  LoginBody,
  LoginResponse,
  MemberSchema,
  MembershipStore,
  PasswordResetBody,
  PasswordResetConfirmBody,
  SignupBody,
  SignupResponse,
  StoreSchema,
  UpdateStoreBody,
  UserSchema,
} from './schemas.ts';

export async function storesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const stores = ctx.services.stores;
  const StoreParams = Type.Object({ storeId: Type.String() });
  const security: Record<string, string[]>[] = [{ bearer: [] }];

  app.post('/api/auth/signup', {
    config: { rateLimit: app.rateLimits.signup },
    schema: { tags: ['staff: auth'], summary: 'Create a staff account, a store and the owner membership', body: SignupBody, response: responses({ 201: SignupResponse }) },
  }, async (request, reply) => {
    const result = await stores.signup(request.body as any);
    reply.setCookie(SESSION_COOKIE, result.token, sessionCookieOptions(ctx, request));
    return reply.code(201).send({ ok: true, token: result.token, user: result.user, store: result.store });
  });

  app.post('/api/auth/login', {
    config: { rateLimit: app.rateLimits.login },
    schema: { tags: ['staff: auth'], summary: 'Log in; repeated failures are throttled (429)', body: LoginBody, response: responses({ 200: LoginResponse }) },
  }, async (request, reply) => {
    const { email, password } = request.body as { email: string; password: string };
    const result = await stores.login(email, password, request.ip);
    reply.setCookie(SESSION_COOKIE, result.token, sessionCookieOptions(ctx, request));
    return { ok: true, ...result };
  });

  app.post('/api/auth/logout', {
    preValidation: requireStaff(ctx),
    schema: { tags: ['staff: auth'], summary: 'End this session', security, response: responses({ 200: Type.Object({ ok: Type.Boolean() }) }) },
  }, async (request, reply) => {
    const token = sessionTokenOf(request);
    if (token) await stores.logout(token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true };
  });

  app.get('/api/auth/me', {
    preValidation: requireStaff(ctx),
    schema: { tags: ['staff: auth'], summary: 'The logged-in user and their stores', security, response: responses({ 200: Type.Object({ ok: Type.Boolean(), user: UserSchema, stores: Type.Array(MembershipStore) }) }) },
  }, async (request) => ({ ok: true, user: request.staffUser!, stores: await stores.listStoresOfUser(request.staffUser!.id) }));

  app.post('/api/auth/password', {
    preValidation: requireStaff(ctx),
    schema: {
      tags: ['staff: auth'],
      summary: 'Change your password (the current one is checked like a login: 400 wrong-password, 429 when throttled); your other sessions end, this one stays',
      security,
      body: ChangePasswordBody,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), user: UserSchema }) }),
    },
  }, async (request) => {
    const user = request.staffUser!;
    await stores.changePassword(user.id, sessionTokenOf(request)!, request.body as { currentPassword: string; newPassword: string }, request.ip);
    return { ok: true, user: { ...user, mustChangePassword: false } };
  });

  app.post('/api/auth/password-reset', {
    config: { rateLimit: app.rateLimits.passwordReset },
    schema: {
      tags: ['staff: auth'],
      summary: 'Ask for a password-reset link by email: 202 whatever the email, answered before the account is looked up (neither the answer nor its timing says whether an account exists); the mail, when SMTP is configured, holds a single-use link valid for one hour',
      body: PasswordResetBody,
      response: responses({ 202: Type.Object({ ok: Type.Boolean(), message: Type.String() }) }),
    },
  }, async (request, reply) => {
    stores.requestPasswordReset((request.body as { email: string }).email);
    return reply.code(202).send({ ok: true, message: 'If an account has this email, a link to choose a new password is on its way. It works once, within one hour.' });
  });

  app.post('/api/auth/password-reset/confirm', {
    config: { rateLimit: app.rateLimits.perIp },
    schema: {
      tags: ['staff: auth'],
      summary: 'Set a new password with the token of a reset link (once; 400 reset-token-invalid, reset-token-used or reset-token-expired); every session of the account ends',
      body: PasswordResetConfirmBody,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), email: Type.String({ description: 'the account, to sign in with the new password' }) }) }),
    },
  }, async (request) => {
    const { token, newPassword } = request.body as { token: string; newPassword: string };
    return { ok: true, ...(await stores.confirmPasswordReset(token, newPassword)) };
  });

  app.get('/v1IntegrationStore', {
    ...integrationRoute(app as App, WEBSITE_SCOPES),
    schema: {
      tags: ['store'],
      summary: 'The store as a website shows it: name, contact, country and locale, hours, closed dates, booking rules, links, bookable staff (a key with any website scope)',
      ...integrationDocs,
      querystring: Type.Object({ storeId: Type.Optional(Type.String()) }),
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), storeId: Type.String(), store: PublicStoreSchema }) }),
    },
  }, async (request, reply) => {
    const store = await stores.getStore(authStoreId(request));
    reply.header('cache-control', 'private, max-age=60');
    return {
      ok: true,
      storeId: store.id,
      store: {
        id: store.id,
        slug: store.slug,
        name: store.name,
        currency: store.currency,
        timezone: store.timezone,
        country: store.country,
        locale: store.locale,
        contact: store.contact,
        hours: store.hours,
        closedDates: store.closedDates,
        storePageUrl: store.storePageEnabled ? `${ctx.config.publicBaseUrl}/s/${store.slug}` : null,
        blogUrl: `${ctx.config.publicBaseUrl}/s/${store.slug}/blog`,
        bookingRules: { cancellationCutoffMinutes: store.cancellationCutoffMinutes },
        staff: (await ctx.services.bookings.staff.list(store.id)).map(toPublicStaff),
      },
    };
  });

  app.get('/api/stores/:storeId', {
    preValidation: requireMember(ctx),
    schema: { tags: ['staff: store'], summary: 'Store settings', security, params: StoreParams, response: responses({ 200: Type.Object({ ok: Type.Boolean(), store: StoreSchema }) }) },
  }, async (request) => ({ ok: true, store: await stores.getStore(authStoreId(request)) }));

  app.patch('/api/stores/:storeId', {
    preValidation: requireMember(ctx, ['owner', 'admin']),
    schema: { tags: ['staff: store'], summary: 'Update store settings (owner/admin); a new slug moves the public blog URLs', security, params: StoreParams, body: UpdateStoreBody, response: responses({ 200: Type.Object({ ok: Type.Boolean(), store: StoreSchema }) }) },
  }, async (request) => ({
    ok: true,
    store: await stores.updateStore(authStoreId(request), request.body as { settings?: Partial<StoreSettings> }),
  }));

  app.get('/api/stores/:storeId/members', {
    preValidation: requireMember(ctx),
    schema: {
      tags: ['staff: store'],
      summary: 'Members of the store, and the invitations not yet accepted (pending, or expired and waiting to be resent)',
      security,
      params: StoreParams,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), members: Type.Array(MemberSchema), invitations: Type.Array(InvitationSchema) }) }),
    },
  }, async (request) => {
    const storeId = authStoreId(request);
    const [members, invitations] = await Promise.all([stores.listMembers(storeId), stores.invitations.list(storeId)]);
    return { ok: true, members, invitations };
  });

  const actorOfStore = (request: { auth: unknown }) => {
    const auth = request.auth as { user: { id: string }; role: Role };
    return { userId: auth.user.id, role: auth.role };
  };

  app.post('/api/stores/:storeId/members', {
    preValidation: requireMember(ctx, ['owner', 'admin']),
    schema: {
      tags: ['staff: store'],
      summary:
        'Invite someone (owner/admin): a single-use link valid 7 days is mailed to the address; they have no access until they accept. The answer is the same whether or not the address has an account. An open invitation to the same address is replaced. Throttled per store and per inviter (429). 409 when the address is already a member.',
      security,
      params: StoreParams,
      body: AddMemberBody,
      response: responses({ 201: InviteResponse }),
    },
  }, async (request, reply) => {
    const result = await stores.invitations.invite(authStoreId(request), actorOfStore(request), request.body as { email: string; role: Role; name?: string });
    reply.header('cache-control', 'no-store');
    return reply.code(201).send({ ok: true, ...result });
  });

  const InvitationParams = Type.Object({ storeId: Type.String(), invitationId: Type.String() });

  app.post('/api/stores/:storeId/invitations/:invitationId/resend', {
    preValidation: requireMember(ctx, ['owner', 'admin']),
    schema: {
      tags: ['staff: store'],
      summary: 'Send an invitation again (owner/admin): a new link valid 7 days replaces the old one, which stops working. Counts toward the hourly budget.',
      security,
      params: InvitationParams,
      response: responses({ 201: InviteResponse }),
    },
  }, async (request, reply) => {
    const result = await stores.invitations.resend(authStoreId(request), actorOfStore(request), (request.params as { invitationId: string }).invitationId);
    reply.header('cache-control', 'no-store');
    return reply.code(201).send({ ok: true, ...result });
  });

  app.delete('/api/stores/:storeId/invitations/:invitationId', {
    preValidation: requireMember(ctx, ['owner', 'admin']),
    schema: {
      tags: ['staff: store'],
      summary: 'Withdraw an invitation (owner/admin): its link stops working (404 invitation-not-found when it was accepted or withdrawn already)',
      security,
      params: InvitationParams,
      response: responses({ 200: Type.Object({ ok: Type.Boolean() }) }),
    },
  }, async (request) => {
    await stores.invitations.withdraw(authStoreId(request), (request.params as { invitationId: string }).invitationId);
    return { ok: true };
  });

  app.post('/api/auth/invitation', {
    config: { rateLimit: app.rateLimits.perIp },
    schema: {
      tags: ['staff: auth'],
      summary: 'What an invitation link offers (store, role, invited address), for the page it opens; 400 invitation-invalid, invitation-used, invitation-withdrawn or invitation-expired',
      body: InvitationTokenBody,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), invitation: InvitationPreviewSchema }) }),
    },
  }, async (request) => ({ ok: true, invitation: await stores.invitations.preview((request.body as { token: string }).token) }));

  app.post('/api/auth/invitation/accept', {
    config: { rateLimit: app.rateLimits.perIp },
    preValidation: requireStaff(ctx, { allowTemporaryPassword: false }),
    schema: {
      tags: ['staff: auth'],
      summary: 'Accept an invitation as the signed-in user (once); the account must have the invited address (403 invitation-other-account)',
      security,
      body: InvitationTokenBody,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), store: MembershipStore }) }),
    },
  }, async (request) => {
    const user = request.staffUser!;
    return { ok: true, ...(await stores.invitations.acceptAsUser((request.body as { token: string }).token, user)) };
  });

  app.post('/api/auth/invitation/signup', {
    config: { rateLimit: app.rateLimits.signup },
    schema: {
      tags: ['staff: auth'],
      summary: 'Accept an invitation with a new account (once): the account gets the invited address and the name and password chosen here, and is signed in. 409 email-taken when the address has an account: sign in and accept instead.',
      body: InvitationSignupBody,
      response: responses({ 201: Type.Object({ ok: Type.Boolean(), token: Type.String(), user: UserSchema, store: MembershipStore }) }),
    },
  }, async (request, reply) => {
    const { token, name, password } = request.body as { token: string; name: string; password: string };
    const result = await stores.invitations.acceptAsNewUser(token, { name, password });
    reply.setCookie(SESSION_COOKIE, result.token, sessionCookieOptions(ctx, request));
    return reply.code(201).send({ ok: true, ...result });
  });

  app.delete('/api/stores/:storeId/members/:userId', {
    preValidation: requireMember(ctx, ['owner', 'admin']),
    schema: {
      tags: ['staff: store'],
      summary: 'Remove a member (owner/admin); the last owner stays',
      security,
      params: Type.Object({ storeId: Type.String(), userId: Type.String() }),
      response: responses({ 200: Type.Object({ ok: Type.Boolean() }) }),
    },
  }, async (request) => {
    const auth = request.auth as { user: { id: string }; role: Role };
    await stores.removeMember(authStoreId(request), { userId: auth.user.id, role: auth.role }, (request.params as { userId: string }).userId);
    return { ok: true };
  });
}
