// Rate limits (CONTRACT §3): one budget per integration key across every integration route, one per
// client IP across every public route; fixed one-minute windows. Counters live in Redis when
// REDIS_URL is set, so all instances share them. Also per client IP: failed integration-key checks
// (a flood of made-up keys would otherwise get a fresh per-key budget with every key), logins
// (per minute), signups (per hour, each costs a password hash), password-reset requests (per
// hour, each may send a mail) and unknown manage links (the customer's booking pages under /b/).
//
// A route opts in with `config: { rateLimit: app.rateLimits.perKey }` (or perIp); the hook is added
// when the route is registered. Responses carry RateLimit-Limit, RateLimit-Remaining and
// RateLimit-Reset; over the budget the answer is 429 rate-limited with Retry-After.
//
// This replaces @fastify/rate-limit (named in ARCHITECTURE.md). Measured on the catalog read, the
// plugin's per-request path (an async hook awaiting an async function, a promise around the store
// call, request.routeOptions rebuilt on each request) took about a fifth of the route's time, and its
// stores give every route its own budget, where the contract gives a key one budget across routes.
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { AppError } from '../shared/errors.ts';
import { credentialMemoOf, credentialOf } from './auth.ts';
import { ownReplyHeaders } from './prepared-reply.ts';

export interface Budget {
  /** Requests per window. */
  max: number;
  windowMs: number;
  /** The counter a request counts against. */
  keyOf(request: FastifyRequest): string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The rate-limit budget of the route (app.rateLimits.perKey, perIp, login or signup); absent: not limited. */
    rateLimit?: Budget;
  }
  interface FastifyInstance {
    /** Registered by buildApp; the key check reaches the failure guard through request.server. */
    rateLimits: RateLimits;
  }
}

type Counted = (error: Error | null, current: number, ttlMs: number) => void;
interface Counters {
  /** Counts one request against `key` in its current window: the count so far and the ms left. */
  incr(key: string, windowMs: number, callback: Counted): void;
}

/** Windows tracked in memory at most; past it the oldest are forgotten first. */
const MAX_LOCAL_WINDOWS = 100_000;
const WINDOW_MS = 60_000;

/** Fixed windows in this process, in start order (a Map keeps insertion order). */
function localCounters(): Counters {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    incr(key, windowMs, callback) {
      const now = Date.now();
      let window = windows.get(key);
      if (window === undefined || window.resetAt <= now) {
        if (window !== undefined) windows.delete(key);
        if (windows.size >= MAX_LOCAL_WINDOWS) {
          for (const [k, w] of windows) {
            if (w.resetAt > now && windows.size < MAX_LOCAL_WINDOWS) break;
            windows.delete(k);
          }
        }
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      callback(null, window.count, window.resetAt - now);
    },
  };
}

const WINDOW_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

/** Fixed windows in Redis: the count and the window's expiry in one script call. */
function redisCounters(redis: Redis, nameSpace: string): Counters {
  const client = redis as Redis & {
    sisRateWindow?: (key: string, windowMs: number) => Promise<[number, number]>;
  };
  if (!client.sisRateWindow) client.defineCommand('sisRateWindow', { numberOfKeys: 1, lua: WINDOW_SCRIPT });
  return {
    incr(key, windowMs, callback) {
      client.sisRateWindow!(nameSpace + key, windowMs).then(
        ([current, ttl]) => callback(null, current, ttl),
        (error: Error) => callback(error, 0, 0),
      );
    },
  };
}

/** The budget a request counts against: its credential's hash (never the key itself), else its IP. */
function keyOf(request: FastifyRequest): string {
  const secret = credentialOf(request);
  if (!secret) return `ip:${request.ip}`;
  // Kept with the credential's memo (one per keep-alive connection): the same string every request,
  // whose hash the counters' Map has already computed.
  const memo = credentialMemoOf(request, secret);
  return (memo.counterKey ??= `key:${memo.hash.slice(0, 32)}`);
}

const retryAfterOf = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000));

const tooManyRequests = (ttlMs: number) => {
  const retryAfter = retryAfterOf(ttlMs);
  return new AppError(429, 'rate-limited', `Too many requests; retry in ${retryAfter} s.`, undefined, undefined, { 'retry-after': String(retryAfter) });
};

/** The key-failure guard's 429: says whose fault it is, and that valid keys still get through. */
const tooManyInvalidKeys = (ttlMs: number) => {
  const retryAfter = retryAfterOf(ttlMs);
  return new AppError(
    429,
    'rate-limited',
    `Too many invalid integration keys came from this address; keys that fail the check are refused for ${retryAfter} s more. Requests with a valid key are not affected.`,
    undefined,
    { reason: 'invalid-keys-from-address' },
    { 'retry-after': String(retryAfter) },
  );
};

// Availability over strictness: with the counter store down, requests go through.
const counterStoreDown = (request: FastifyRequest, error: Error) => request.log.error({ err: error }, 'rate-limit counters unavailable; request not counted');

function limiter(budget: Budget, counters: Counters): onRequestHookHandler {
  const limit = String(budget.max);
  return function rateLimitHook(request, reply, done) {
    counters.incr(budget.keyOf(request), budget.windowMs, (error, current, ttlMs) => {
      if (error) {
        counterStoreDown(request, error);
        done();
        return;
      }
      const resetSeconds = Math.max(0, Math.ceil(ttlMs / 1000));
      // Strings: Node checks each header value as a string, and would convert a number at every check.
      const remaining = String(Math.max(0, budget.max - current));
      const reset = String(resetSeconds);
      const own = ownReplyHeaders(reply);
      if (own !== null) {
        own['ratelimit-limit'] = limit;
        own['ratelimit-remaining'] = remaining;
        own['ratelimit-reset'] = reset;
      } else reply.header('ratelimit-limit', limit).header('ratelimit-remaining', remaining).header('ratelimit-reset', reset);
      done(current <= budget.max ? undefined : tooManyRequests(ttlMs));
    });
  };
}

/** Too many unknown manage links: the booking pages answer their not-found page with this status. */
const tooManyInvalidLinks = (ttlMs: number) => {
  const retryAfter = retryAfterOf(ttlMs);
  return new AppError(429, 'rate-limited', `Too many unknown booking links came from this address; retry in ${retryAfter} s.`, undefined, { reason: 'invalid-links-from-address' }, {
    'retry-after': String(retryAfter),
  });
};

/**
 * Unknown manage-link tokens per client IP per minute. A fixed number, not a setting: a customer
 * mistypes a link a few times at most, and a token has ~143 bits, so the budget only cuts a scan short.
 */
export const MANAGE_LINK_FAILURES_PER_IP = 20;

/** Refusal callback: the 429 to answer, or null to go on. */
type Refused = (refusal: AppError | null) => void;

/**
 * Failed checks of a secret per client IP (integration keys; manage links). The secret is always
 * looked up first: one that is valid goes through whatever other attempts from its address did (an
 * office's or a mobile network's shared address). A failed check is counted with `count`, which
 * answers 429 in place of the not-found answer once the address is over budget: it slows guessing,
 * never someone whose key or link is valid.
 */
export interface FailureGuard {
  count(request: FastifyRequest, callback: Refused): void;
}

function failureGuard(name: string, max: number, counters: Counters, refusal: (ttlMs: number) => AppError): FailureGuard {
  return {
    count(request, callback) {
      counters.incr(`${name}:ip:${request.ip}`, WINDOW_MS, (error, current, ttlMs) => {
        if (error) counterStoreDown(request, error);
        callback(!error && current > max ? refusal(ttlMs) : null);
      });
    },
  };
}

export function registerRateLimit(app: FastifyInstance, config: Config, redis: Redis | null) {
  const counters = redis ? redisCounters(redis, 'sis-rl:') : localCounters();
  const limiters = new WeakSet<object>();
  app.addHook('onRoute', (route) => {
    const budget = route.config?.rateLimit;
    if (!budget) return;
    const hooks = [route.onRequest ?? []].flat();
    // The HEAD twin of a GET route arrives with the GET's hooks already in place.
    if (hooks.some((hook) => limiters.has(hook))) return;
    const hook = limiter(budget, counters);
    limiters.add(hook);
    route.onRequest = [...hooks, hook];
  });
  const rateLimits = {
    /** Integration routes: one budget per key per minute, shared by all of them. */
    perKey: { max: config.rateLimitPerKey, windowMs: WINDOW_MS, keyOf } satisfies Budget,
    /** Public routes: one budget per client IP per minute, shared by all of them. */
    perIp: { max: config.rateLimitPerIp, windowMs: WINDOW_MS, keyOf: (r: FastifyRequest) => `ip:${r.ip}` } satisfies Budget,
    /** POST /api/auth/login: per client IP per minute (failed passwords are throttled on top, per account). */
    login: { max: config.rateLimitLoginPerIp, windowMs: WINDOW_MS, keyOf: (r: FastifyRequest) => `login:ip:${r.ip}` } satisfies Budget,
    /** POST /api/auth/signup: per client IP per hour. */
    signup: { max: config.rateLimitSignupPerIp, windowMs: 60 * WINDOW_MS, keyOf: (r: FastifyRequest) => `signup:ip:${r.ip}` } satisfies Budget,
    /** POST /api/auth/password-reset: per client IP per hour (each may send a mail). */
    passwordReset: { max: config.rateLimitPasswordResetPerIp, windowMs: 60 * WINDOW_MS, keyOf: (r: FastifyRequest) => `password-reset:ip:${r.ip}` } satisfies Budget,
    /** POST /s/{slug}/book (the hosted store page's bookings): per client IP per hour. */
    storePageBookings: { max: config.rateLimitStorePageBookingsPerIp, windowMs: 60 * WINDOW_MS, keyOf: (r: FastifyRequest) => `store-page-book:ip:${r.ip}` } satisfies Budget,
    /** Failed integration-key checks per client IP per minute. */
    keyFailures: failureGuard('key-failures', config.rateLimitKeyFailuresPerIp, counters, tooManyInvalidKeys),
    /** Unknown manage-link tokens per client IP per minute (MANAGE_LINK_FAILURES_PER_IP). */
    manageLinkFailures: failureGuard('manage-link-failures', MANAGE_LINK_FAILURES_PER_IP, counters, tooManyInvalidLinks),
  };
  return rateLimits;
}

export type RateLimits = ReturnType<typeof registerRateLimit>;
