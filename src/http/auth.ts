// Authentication hooks. Integration routes: CONTRACT §3's check order, credentials → storeId →
// key of that store → scope → contract version. Staff routes: session token (Bearer or cookie)
// and membership of the store in the path.
import type { FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Role, StaffUser } from '../modules/stores/service.ts';
import type { AuthenticatedKey, Scope } from '../modules/developer/keys-service.ts';
import { AppError, badRequest, forbidden, unauthorized } from '../shared/errors.ts';
import { sha256 } from '../shared/hash.ts';
import { checkContractVersion } from './contract-version.ts';

export const SESSION_COOKIE = 'sis_session';

export type Auth =
  | { kind: 'key'; storeId: string; keyId: string; scopes: Set<string> }
  | { kind: 'staff'; storeId: string | null; user: StaffUser; role: Role | null };

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
    staffUser: StaffUser | null;
    /** sha256 of the credential sent, computed once per request (see credentialHash). */
    credentialMemo: { secret: string; hash: string } | null;
  }
  interface FastifyContextConfig {
    /** Integration routes check the contract version inside their auth hook (CONTRACT §3 order). */
    integration?: boolean;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

function apiKeyFrom(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const token = bearer(request);
  return token && !token.startsWith('sst_') ? token : null;
}

/** The credential a request carries (integration key or session token), for the rate limiter. */
export function credentialOf(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  return bearer(request);
}

/**
 * sha256 of a credential of this request, computed once: the rate limiter keys its counters by it
 * (so Redis never holds a key) and the key check looks the key up by it.
 */
export function credentialHash(request: FastifyRequest, secret: string): string {
  const memo = request.credentialMemo;
  if (memo && memo.secret === secret) return memo.hash;
  const hash = sha256(secret);
  request.credentialMemo = { secret, hash };
  return hash;
}

function sessionTokenFrom(request: FastifyRequest): string | null {
  const token = bearer(request);
  if (token?.startsWith('sst_')) return token;
  const cookie = (request as any).cookies?.[SESSION_COOKIE] as string | undefined;
  return cookie?.startsWith('sst_') ? cookie : null;
}

/** storeId from the query, or (checkout) from the JSON body's storeId / store_id / merchantId / merchant_id. */
export function storeIdOf(request: FastifyRequest): string | null {
  const q = (request.query as Record<string, unknown> | undefined)?.storeId;
  if (typeof q === 'string' && q !== '') return q;
  const body = request.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object') {
    for (const field of ['storeId', 'store_id', 'merchantId', 'merchant_id']) {
      const v = body[field];
      if (typeof v === 'string' && v !== '') return v;
    }
  }
  return null;
}

/** The key and the store an integration request names (CONTRACT §3: credentials first, then storeId). */
function keyRequest(request: FastifyRequest): { secret: string; storeId: string } {
  const secret = apiKeyFrom(request);
  if (!secret) throw unauthorized('unauthorized', 'Send the integration key in x-api-key (and Authorization: Bearer).');
  const storeId = storeIdOf(request);
  if (!storeId) throw badRequest('missing-store-id', 'Send the storeId query parameter.');
  return { secret, storeId };
}

/** Then: a usable key of that store, with the scope. */
function keyAuth(key: AuthenticatedKey | null, storeId: string, scope: Scope | null): Auth & { kind: 'key' } {
  if (!key || key.storeId !== storeId) throw unauthorized('invalid-api-key', 'The key is wrong, revoked, expired or not for this store.');
  if (scope && !key.scopes.has(scope)) throw forbidden(`This key lacks the ${scope} scope.`);
  return { kind: 'key', storeId, keyId: key.keyId, scopes: key.scopes };
}

async function authenticateKey(ctx: AppContext, request: FastifyRequest, scope: Scope | null): Promise<Auth & { kind: 'key' }> {
  const { secret, storeId } = keyRequest(request);
  return keyAuth(await ctx.services.keys.authenticate(secret, credentialHash(request, secret)), storeId, scope);
}

/**
 * Integration endpoints: a key of the store named by storeId, with `scope`. A callback hook, not an
 * async one: when the key's lookup is cached (nearly every request) it completes without a promise.
 */
export function requireIntegrationKey(ctx: AppContext, scope: Scope): preValidationHookHandler {
  return function integrationKeyHook(request, _reply, done) {
    let pending: Promise<Auth> | null = null;
    try {
      const { secret, storeId } = keyRequest(request);
      const cached = ctx.services.keys.authenticateCached(secret, credentialHash(request, secret));
      if (cached === undefined) {
        pending = ctx.services.keys.authenticate(secret, credentialHash(request, secret)).then((key) => keyAuth(key, storeId, scope));
      } else {
        request.auth = keyAuth(cached, storeId, scope);
        checkContractVersion(request);
      }
    } catch (error) {
      done(error as Error);
      return;
    }
    if (!pending) {
      done();
      return;
    }
    pending
      .then((auth) => {
        request.auth = auth;
        checkContractVersion(request);
        done();
      })
      .catch((error: Error) => done(error));
  };
}

async function staffFrom(ctx: AppContext, request: FastifyRequest): Promise<StaffUser> {
  if (request.staffUser) return request.staffUser;
  const token = sessionTokenFrom(request);
  if (!token) throw unauthorized('unauthorized', 'Log in and send the session token as Authorization: Bearer.');
  const session = await ctx.services.stores.resolveSession(token);
  if (!session) throw unauthorized('unauthorized', 'The session has expired or was logged out; log in again.');
  request.staffUser = session.user;
  return session.user;
}

/** Any logged-in staff user. */
export function requireStaff(ctx: AppContext): preValidationHookHandler {
  return async function staffHook(request: FastifyRequest) {
    const user = await staffFrom(ctx, request);
    request.auth = { kind: 'staff', storeId: null, user, role: null };
  };
}

/** Staff routes under /api/stores/:storeId: a member of that store with one of `roles`. */
export function requireMember(ctx: AppContext, roles: Role[] = ['owner', 'admin', 'staff']): preValidationHookHandler {
  return async function memberHook(request: FastifyRequest) {
    const user = await staffFrom(ctx, request);
    const storeId = (request.params as { storeId?: string }).storeId;
    const role = storeId ? await ctx.services.stores.roleOf(storeId, user.id) : null;
    if (!storeId || !role) throw forbidden('You are not a member of this store.');
    if (!roles.includes(role)) throw forbidden(`This needs the ${roles.join(' or ')} role.`);
    request.auth = { kind: 'staff', storeId, user, role };
  };
}

/** /developer routes: an owner/admin session, or an integration key with the developer scope; storeId in the query. */
export function requireDeveloper(ctx: AppContext): preValidationHookHandler {
  return async function developerHook(request: FastifyRequest) {
    if (sessionTokenFrom(request)) {
      const user = await staffFrom(ctx, request);
      const storeId = storeIdOf(request);
      if (!storeId) throw badRequest('missing-store-id', 'Send the storeId query parameter.');
      const role = await ctx.services.stores.roleOf(storeId, user.id);
      if (!role) throw forbidden('You are not a member of this store.');
      if (role === 'staff') throw forbidden('Developer settings need the owner or admin role.');
      request.auth = { kind: 'staff', storeId, user, role };
    } else {
      request.auth = await authenticateKey(ctx, request, 'developer');
    }
    checkContractVersion(request);
  };
}

/** The store the authenticated caller acts for. Only call after one of the hooks above. */
export function authStoreId(request: FastifyRequest): string {
  const storeId = request.auth?.storeId;
  if (!storeId) throw new AppError(500, 'internal-error', 'route has no store-scoped auth hook');
  return storeId;
}

export function actorOf(request: FastifyRequest): string {
  const auth = request.auth;
  if (!auth) return 'anonymous';
  return auth.kind === 'key' ? `key:${auth.keyId}` : `user:${auth.user.id}`;
}

export type { FastifyReply };
