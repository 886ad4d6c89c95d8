// Authentication hooks. Integration routes: CONTRACT §3's check order, credentials → storeId →
// key of that store → scope → contract version. Staff routes: session token (Bearer or cookie)
// and membership of the store in the path; a write authenticated by the cookie must come from the
// service's own origin (CSRF).
import type { FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { SESSION_TTL_SECONDS, type Role, type StaffUser } from '../modules/stores/service.ts';
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
    credentialMemo: CredentialMemo | null;
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
 * The last credential hashed on each connection: a partner's keep-alive connection sends the same key
 * with every request, so it is hashed once per connection rather than once per request (the hash was
 * a good share of a cached catalog read). Kept only while the connection lives, by the connection
 * that sends it anyway; a different credential on it is hashed (and remembered) afresh.
 */
const connectionMemo = new WeakMap<object, CredentialMemo>();

/** A credential and its hash; `counterKey` is the rate limiter's counter name for it, kept with them. */
export interface CredentialMemo {
  secret: string;
  hash: string;
  counterKey?: string;
}

/**
 * sha256 of a credential of this request, computed once: the rate limiter keys its counters by it
 * (so Redis never holds a key) and the key check looks the key up by it.
 */
export function credentialHash(request: FastifyRequest, secret: string): string {
  return credentialMemoOf(request, secret).hash;
}

/** The memo of a credential of this request (see credentialHash): its hash, computed once. */
export function credentialMemoOf(request: FastifyRequest, secret: string): CredentialMemo {
  const memo = request.credentialMemo;
  if (memo && memo.secret === secret) return memo;
  const socket = request.raw.socket;
  const last = socket ? connectionMemo.get(socket) : undefined;
  if (last && last.secret === secret) {
    request.credentialMemo = last;
    return last;
  }
  const fresh: CredentialMemo = { secret, hash: sha256(secret) };
  request.credentialMemo = fresh;
  if (socket) connectionMemo.set(socket, fresh);
  return fresh;
}

/** The session token a request carries, and whether it came in the cookie (a browser sent it). */
function sessionCredential(request: FastifyRequest): { token: string; cookie: boolean } | null {
  const token = bearer(request);
  if (token?.startsWith('sst_')) return { token, cookie: false };
  const cookie = (request as any).cookies?.[SESSION_COOKIE] as string | undefined;
  return cookie?.startsWith('sst_') ? { token: cookie, cookie: true } : null;
}

/**
 * The session cookie's options for a reply to `request`: Secure whenever the request came over
 * https (request.protocol: X-Forwarded-Proto counts only with TRUST_PROXY) or PUBLIC_BASE_URL is
 * https, so a TLS-terminating proxy in front of a plain-http base URL still gets a Secure cookie.
 */
export function sessionCookieOptions(ctx: AppContext, request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: request.protocol === 'https' || ctx.config.publicBaseUrl.startsWith('https:'),
    maxAge: SESSION_TTL_SECONDS,
  };
}

/** The session token of a request that a staff hook authenticated (logout, password change). */
export function sessionTokenOf(request: FastifyRequest): string | null {
  return sessionCredential(request)?.token ?? null;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(value: string | string[] | undefined): string | null {
  if (typeof value !== 'string') return null;
  try {
    const origin = new URL(value).origin;
    // An opaque origin ("null": sandboxed frames, data: URLs) matches nothing.
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The origins the service's own pages are served from: PUBLIC_BASE_URL's, and only when none was
 * set (a local install on its default), the one the request was sent to, from its own Host header
 * and the connection's protocol. Never X-Forwarded-Host (or -Proto): anyone may send those, and
 * with TRUST_PROXY on request.host and request.protocol would take them.
 */
function ownOrigins(ctx: AppContext, request: FastifyRequest): (string | null)[] {
  const base = originOf(ctx.config.publicBaseUrl);
  const host = request.headers.host;
  if (ctx.config.publicBaseUrlSet || !host) return [base];
  const socket = request.raw.socket as { encrypted?: boolean } | undefined;
  return [base, originOf(`${socket?.encrypted ? 'https' : 'http'}://${host}`)];
}

/**
 * CSRF: the browser attaches the session cookie to requests any site makes, so a write that the
 * cookie authenticates must say where it comes from (Origin, or Referer when a browser left Origin
 * out) and that must be the service itself (ownOrigins). Bearer tokens and keys are not sent by
 * browsers on their own, so they need no check.
 */
function checkCookieWriteOrigin(ctx: AppContext, request: FastifyRequest) {
  if (!WRITES.has(request.method)) return;
  const from = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  const own = ownOrigins(ctx, request);
  if (from === null || !own.includes(from)) {
    throw forbidden(
      `A change made with the session cookie must come from this service's own pages (Origin ${own[0]}); ${from ? `it came from ${from}` : 'the request named no Origin or Referer'}. Scripts send the session token as Authorization: Bearer instead.`,
    );
  }
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

const invalidKey = () => unauthorized('invalid-api-key', 'The key is wrong, revoked, expired or not for this store.');

/** A scope a route needs, or a list of which any one will do. */
export type ScopeNeed = Scope | readonly Scope[];

/** Then: a usable key of that store, with the scope (or one of the scopes). */
function keyAuth(key: AuthenticatedKey | null, storeId: string, scope: ScopeNeed | null): Auth & { kind: 'key' } {
  if (!key || key.storeId !== storeId) throw invalidKey();
  if (typeof scope === 'string') {
    if (!key.scopes.has(scope)) throw forbidden(`This key lacks the ${scope} scope.`);
  } else if (scope && !scope.some((s) => key.scopes.has(s))) {
    throw forbidden(`This key needs one of these scopes: ${scope.join(', ')}.`);
  }
  return { kind: 'key', storeId, keyId: key.keyId, scopes: key.scopes };
}

/**
 * The key a request sends, looked up (cache first). A key that verifies is served whatever other
 * keys from the same address did; a failed check counts against the client IP's failed-check
 * budget, and once the address is over it the failure is answered 429 in place of the 401.
 * Calls back with the key, or the error to answer.
 */
function lookUpKey(ctx: AppContext, request: FastifyRequest, storeId: string, secret: string, callback: (error: Error | null, key?: AuthenticatedKey) => void) {
  const hash = credentialHash(request, secret);
  const cached = ctx.services.keys.authenticateCached(secret, hash);
  if (cached && cached.storeId === storeId) {
    callback(null, cached);
    return;
  }
  const settle = (key: AuthenticatedKey | null) => {
    if (key && key.storeId === storeId) callback(null, key);
    else request.server.rateLimits.keyFailures.count(request, (refusal) => callback(refusal ?? invalidKey()));
  };
  if (cached !== undefined) settle(cached);
  else ctx.services.keys.authenticate(secret, hash).then(settle, (error: Error) => callback(error));
}

async function authenticateKey(ctx: AppContext, request: FastifyRequest, scope: Scope | null): Promise<Auth & { kind: 'key' }> {
  const { secret, storeId } = keyRequest(request);
  const key = await new Promise<AuthenticatedKey>((resolve, reject) => lookUpKey(ctx, request, storeId, secret, (error, found) => (error ? reject(error) : resolve(found!))));
  return keyAuth(key, storeId, scope);
}

/**
 * Integration endpoints: a key of the store named by storeId, with `scope`. A callback hook, not an
 * async one: when the key's lookup is cached (nearly every request) it completes without a promise.
 */
export function requireIntegrationKey(ctx: AppContext, scope: ScopeNeed): preValidationHookHandler {
  return function integrationKeyHook(request, _reply, done) {
    let storeId: string;
    let secret: string;
    try {
      ({ secret, storeId } = keyRequest(request));
    } catch (error) {
      done(error as Error);
      return;
    }
    lookUpKey(ctx, request, storeId, secret, (error, key) => {
      if (error) {
        done(error);
        return;
      }
      try {
        request.auth = keyAuth(key!, storeId, scope);
        checkContractVersion(request);
      } catch (refusal) {
        done(refusal as Error);
        return;
      }
      done();
    });
  };
}

async function staffFrom(ctx: AppContext, request: FastifyRequest): Promise<StaffUser> {
  if (request.staffUser) return request.staffUser;
  const credential = sessionCredential(request);
  if (!credential) throw unauthorized('unauthorized', 'Log in and send the session token as Authorization: Bearer.');
  if (credential.cookie) checkCookieWriteOrigin(ctx, request);
  const session = await ctx.services.stores.resolveSession(credential.token);
  if (!session) throw unauthorized('unauthorized', 'The session has expired or was logged out; log in again.');
  request.staffUser = session.user;
  return session.user;
}

/**
 * A member who still has the temporary password they were given (CONTRACT §9) may only see who
 * they are, choose a new password and log out: anything else waits until they have.
 */
function checkPasswordChosen(user: StaffUser) {
  if (user.mustChangePassword) {
    throw forbidden(
      'Choose a new password first: this account still has the temporary password it was given. POST /api/auth/password with currentPassword and newPassword (GET /api/auth/me and POST /api/auth/logout work meanwhile).',
      'password-change-required',
    );
  }
}

/**
 * Any logged-in staff user. By default also one who still has a temporary password: the routes
 * that use it (/api/auth/me, /password, /logout) are those such a user needs. A route that does
 * more passes `{ allowTemporaryPassword: false }` (403 password-change-required).
 */
export function requireStaff(ctx: AppContext, options: { allowTemporaryPassword?: boolean } = {}): preValidationHookHandler {
  const allowTemporaryPassword = options.allowTemporaryPassword ?? true;
  return async function staffHook(request: FastifyRequest) {
    const user = await staffFrom(ctx, request);
    if (!allowTemporaryPassword) checkPasswordChosen(user);
    request.auth = { kind: 'staff', storeId: null, user, role: null };
  };
}

/** Staff routes under /api/stores/:storeId: a member of that store with one of `roles` (and a password of their own). */
export function requireMember(ctx: AppContext, roles: Role[] = ['owner', 'admin', 'staff']): preValidationHookHandler {
  return async function memberHook(request: FastifyRequest) {
    const user = await staffFrom(ctx, request);
    checkPasswordChosen(user);
    const storeId = (request.params as { storeId?: string }).storeId;
    const role = storeId ? await ctx.services.stores.roleOf(storeId, user.id) : null;
    if (!storeId || !role) throw forbidden('You are not a member of this store.');
    if (!roles.includes(role)) throw forbidden(`This needs the ${roles.join(' or ')} role.`);
    request.auth = { kind: 'staff', storeId, user, role };
  };
}

/** /developer routes: an owner/admin session (with a password of their own), or an integration key with the developer scope; storeId in the query. */
export function requireDeveloper(ctx: AppContext): preValidationHookHandler {
  return async function developerHook(request: FastifyRequest) {
    if (sessionCredential(request)) {
      const user = await staffFrom(ctx, request);
      checkPasswordChosen(user);
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
