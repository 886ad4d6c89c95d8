// Rate limits (CONTRACT §3): one budget per integration key across every integration route, one per
// client IP across every public route. Counters live in Redis when REDIS_URL is set, so all
// instances share them.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { AppError } from '../shared/errors.ts';
import { credentialHash, credentialOf } from './auth.ts';

/** The budget a request counts against: its credential's hash (never the key itself), else its IP. */
function keyOf(request: FastifyRequest): string {
  const secret = credentialOf(request);
  return secret ? `key:${credentialHash(request, secret).slice(0, 32)}` : `ip:${request.ip}`;
}

/** The store call the plugin makes; it also passes the route's timeWindow (its typings omit it). */
type Incr = (key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number) => void;

const DEFAULT_WINDOW_MS = 60_000;

/** Windows tracked in memory at most; past it the oldest are forgotten first. */
const MAX_LOCAL_WINDOWS = 100_000;

/** Fixed windows in this process, in start order (a Map keeps insertion order). */
function localIncr(): Incr {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return (key, callback, timeWindow = DEFAULT_WINDOW_MS) => {
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
      window = { count: 0, resetAt: now + timeWindow };
      windows.set(key, window);
    }
    window.count += 1;
    callback(null, { current: window.count, ttl: window.resetAt - now });
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

/** Fixed windows in Redis: INCR and the window's expiry in one script. */
function redisIncr(redis: Redis, nameSpace: string): Incr {
  const client = redis as Redis & { sisRateWindow?: (key: string, windowMs: number) => Promise<[number, number]> };
  if (!client.sisRateWindow) client.defineCommand('sisRateWindow', { numberOfKeys: 1, lua: WINDOW_SCRIPT });
  return (key, callback, timeWindow = DEFAULT_WINDOW_MS) => {
    client.sisRateWindow!(nameSpace + key, timeWindow).then(
      ([current, ttl]) => callback(null, { current, ttl }),
      (error: Error) => callback(error),
    );
  };
}

/**
 * The counter store given to @fastify/rate-limit. The plugin asks each route's config for a child
 * store, and its own stores give every route separate counters (a key would get its budget once per
 * route). Here child() returns the same store: the counter is named by the budget key alone.
 */
function budgetStore(redis: Redis | null, nameSpace: string) {
  const incr = redis ? redisIncr(redis, nameSpace) : localIncr();
  return class BudgetStore {
    incr = incr;
    child() {
      return this;
    }
  };
}

export async function registerRateLimit(app: FastifyInstance, config: Config, redis: Redis | null) {
  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: true,
    store: budgetStore(redis, 'sis-rl:'),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'rate-limited', `Too many requests; retry in ${Math.ceil(context.ttl / 1000)} s.`, undefined, undefined, {
        'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))),
      }),
  });
  return {
    /** Route config for integration routes: one budget per key per minute, shared by all of them. */
    perKey: { max: config.rateLimitPerKey, timeWindow: DEFAULT_WINDOW_MS, keyGenerator: keyOf },
    /** Route config for public routes: one budget per client IP per minute, shared by all of them. */
    perIp: { max: config.rateLimitPerIp, timeWindow: DEFAULT_WINDOW_MS, keyGenerator: (r: FastifyRequest) => `ip:${r.ip}` },
  };
}

export type RateLimits = Awaited<ReturnType<typeof registerRateLimit>>;
