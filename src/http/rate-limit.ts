// Rate limits (CONTRACT §3): per integration key on integration routes, per client IP on public
// routes. Counters live in Redis when REDIS_URL is set, so all instances share them.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { sha256 } from '../shared/hash.ts';
import { AppError } from '../shared/errors.ts';

function keyOf(request: FastifyRequest): string {
  const header = request.headers['x-api-key'];
  const auth = request.headers.authorization;
  const secret = typeof header === 'string' && header ? header : typeof auth === 'string' ? auth.replace(/^Bearer\s+/i, '') : '';
  // Hash so the limiter's store (Redis) never holds a key.
  return secret ? `key:${sha256(secret).slice(0, 32)}` : `ip:${request.ip}`;
}

export async function registerRateLimit(app: FastifyInstance, config: Config, redis: Redis | null) {
  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: true,
    ...(redis ? { redis, nameSpace: 'sis-rl:' } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'rate-limited', `Too many requests; retry in ${Math.ceil(context.ttl / 1000)} s.`, undefined, undefined, {
        'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))),
      }),
  });
  return {
    /** Route config for integration routes: a budget per key per minute. */
    perKey: { max: config.rateLimitPerKey, timeWindow: 60_000, keyGenerator: keyOf },
    /** Route config for public routes: a budget per client IP per minute. */
    perIp: { max: config.rateLimitPerIp, timeWindow: 60_000, keyGenerator: (r: FastifyRequest) => `ip:${r.ip}` },
  };
}

export type RateLimits = Awaited<ReturnType<typeof registerRateLimit>>;
