import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { SESSION_COOKIE, authStoreId, requireMember, requireStaff, sessionTokenOf } from '../../http/auth.ts';
import { responses } from '../../http/schemas.ts';
import { SESSION_TTL_SECONDS, type Role, type StoreSettings } from './service.ts';
import {
  AddMemberBody,
  ChangePasswordBody,
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
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: ctx.config.publicBaseUrl.startsWith('https:'), maxAge: SESSION_TTL_SECONDS };
  const StoreParams = Type.Object({ storeId: Type.String() });
  const security: Record<string, string[]>[] = [{ bearer: [] }];

  app.post('/api/auth/signup', {
    config: { rateLimit: app.rateLimits.signup },
    schema: { tags: ['staff: auth'], summary: 'Create a staff account, a store and the owner membership', body: SignupBody, response: responses({ 201: SignupResponse }) },
  }, async (request, reply) => {
    const result = await stores.signup(request.body as any);
    reply.setCookie(SESSION_COOKIE, result.token, cookieOptions);
    return reply.code(201).send({ ok: true, token: result.token, user: result.user, store: result.store });
  });

  app.post('/api/auth/login', {
    config: { rateLimit: app.rateLimits.login },
    schema: { tags: ['staff: auth'], summary: 'Log in; repeated failures are throttled (429)', body: LoginBody, response: responses({ 200: LoginResponse }) },
  }, async (request, reply) => {
    const { email, password } = request.body as { email: string; password: string };
    const result = await stores.login(email, password, request.ip);
    reply.setCookie(SESSION_COOKIE, result.token, cookieOptions);
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
    schema: { tags: ['staff: store'], summary: 'Members of the store', security, params: StoreParams, response: responses({ 200: Type.Object({ ok: Type.Boolean(), members: Type.Array(MemberSchema) }) }) },
  }, async (request) => ({ ok: true, members: await stores.listMembers(authStoreId(request)) }));

  app.post('/api/stores/:storeId/members', {
    preValidation: requireMember(ctx, ['owner', 'admin']),
    schema: {
      tags: ['staff: store'],
      summary: 'Invite a member (owner/admin); a new account gets a temporary password, shown once',
      security,
      params: StoreParams,
      body: AddMemberBody,
      response: responses({ 201: Type.Object({ ok: Type.Boolean(), member: MemberSchema, temporaryPassword: Type.Optional(Type.String()) }) }),
    },
  }, async (request, reply) => {
    const role = (request.auth as { role: Role }).role;
    const result = await stores.addMember(authStoreId(request), role, request.body as { email: string; role: Role; name?: string });
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
