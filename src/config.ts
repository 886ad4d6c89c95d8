// The one place that reads the environment. Everything else receives a Config.
import { isIP } from 'node:net';

export type PaymentProviderName = 'sandbox' | 'paystack';

export interface Config {
  port: number;
  host: string;
  publicBaseUrl: string;
  /** Whether PUBLIC_BASE_URL was set (not the default): then it alone is the service's origin for the CSRF check. */
  publicBaseUrlSet: boolean;
  databaseUrl: string;
  /**
   * PostgreSQL: a connection straight to the server (not through a transaction pooler) for what needs a
   * session of its own: LISTEN (other instances' changes) and pg_dump (backups). DATABASE_URL when unset.
   */
  databaseDirectUrl: string;
  redisUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** SMTP connections kept open and used at once by the outbox (mails in flight). */
  smtpMaxConnections: number;
  paymentProvider: PaymentProviderName;
  paystackSecretKey: string | null;
  paystackBaseUrl: string;
  webhookRetrySchedule: number[];
  webhookAllowPrivateTargets: boolean;
  webhookTimeoutMs: number;
  /** Events (and their webhook delivery history) older than this are deleted by housekeeping. */
  eventRetentionDays: number;
  uploadDir: string;
  seedDemo: boolean;
  /** PostgreSQL: named prepared statements (off for a pooler that cannot keep them, e.g. PgBouncer in transaction mode). */
  databasePreparedStatements: boolean;
  /** PostgreSQL connections each process keeps (its pool). */
  databasePoolSize: number;
  dataDir: string;
  logLevel: string;
  bodyLimitBytes: number;
  rateLimitPerKey: number;
  rateLimitPerIp: number;
  /** Failed integration-key checks (401 invalid-api-key) per client IP per minute; past it, 429. */
  rateLimitKeyFailuresPerIp: number;
  /** POST /api/auth/login requests per client IP per minute. */
  rateLimitLoginPerIp: number;
  /** POST /api/auth/signup requests per client IP per hour. */
  rateLimitSignupPerIp: number;
  /** POST /api/auth/password-reset requests per client IP per hour. */
  rateLimitPasswordResetPerIp: number;
  /** Bookings sent from the hosted store page (POST /s/{slug}/book) per client IP per hour. */
  rateLimitStorePageBookingsPerIp: number;
  /** Staff invitations a store may send per hour (resends count). */
  invitesPerStorePerHour: number;
  /** Staff invitations one member may send per hour, over all their stores. */
  invitesPerInviterPerHour: number;
  /** Login throttling (CONTRACT §9): failures allowed per account from one source address… */
  loginMaxFailures: number;
  /** …from one source address over all accounts… */
  loginMaxFailuresPerSource: number;
  /** …and per account over all sources (then only sources that failed for it are refused). */
  loginMaxFailuresPerAccount: number;
  /** First lockout once a limit is reached; it doubles with each further failure, up to 15 minutes. */
  loginLockoutSeconds: number;
  /** scrypt cost parameter N for staff passwords (memory-hard KDF). */
  passwordHashCost: number;
  /** Whether background workers (webhook delivery, mail, checkout expiry) run in this process. */
  runWorkers: boolean;
  shutdownTimeoutMs: number;
  /** How long an Idempotency-Key stays "in progress" without its work committing (a crashed process's claim lapses). */
  idempotencyLeaseSeconds: number;
  /** Where backups are written (the server's own, and `store-service backup` without --to). */
  backupDir: string;
  /** The server backs itself up this often (0: never); 1440 by default when BACKUP_DIR is set. */
  backupIntervalMinutes: number;
  /** Backups kept in backupDir; older ones are deleted after each new one. */
  backupKeep: number;
  /** GET /metrics on the app, behind this Bearer token (null: not on the app). */
  metricsToken: string | null;
  /** GET /metrics on a listener of its own at this port, without a token (null: none). */
  metricsPort: number | null;
  /** The address that listener binds to. */
  metricsHost: string;
  /** OTLP/HTTP endpoint for traces (null: no tracing, and no OpenTelemetry code loaded). */
  otelEndpoint: string | null;
  otelServiceName: string;
  /**
   * Which proxies in front are trusted for X-Forwarded-*: none, the nearest `hops` (each proxy appends
   * the address it was reached from), or those at these addresses/CIDRs. The client's address is the
   * nearest untrusted one, counted from the right (src/http/client-address.ts).
   */
  trustProxy: TrustProxy;
  /** Slow-client protection: a whole request (headers and body) must arrive within this. */
  requestTimeoutMs: number;
  /** …and its headers within this (at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
}

export type TrustProxy = false | { hops: number } | { addresses: string[] };

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return value;
}

function atMost(name: string, value: number, max: number): number {
  if (value > max) throw new ConfigError(`${name} must be at most ${max}, got ${value}`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `false`, `true` (one hop), a hop count, or a comma-separated list of addresses, CIDRs and proxy-addr's keywords. */
function trustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || /^(0|false|no|off)$/i.test(value)) return false;
  if (/^(true|yes|on)$/i.test(value)) return { hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY must be false, a hop count from 1 to 10 or a list of proxy addresses, got "${raw}"`);
    return { hops };
  }
  const addresses = value.split(',').map((part) => part.trim());
  for (const address of addresses) {
    if (PROXY_KEYWORDS.has(address)) continue;
    const [ip, prefix, ...rest] = address.split('/');
    const family = isIP(ip ?? '');
    const maxPrefix = family === 6 ? 128 : 32;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (family === 0 || !prefixOk || rest.length > 0) {
      throw new ConfigError(`TRUST_PROXY must be false, true, a hop count or a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.0/8,127.0.0.1); "${address}" is none of these`);
    }
  }
  return { addresses };
}

function url(name: string, raw: string, protocols: string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) throw new ConfigError(`${name} must use ${protocols.join(' or ')}`);
  return raw;
}

function metricsToken(raw: string | undefined): string | null {
  if (!raw) return null;
  if (raw.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 24)');
  return raw;
}

export function parseRetrySchedule(raw: string): number[] {
  const parts = raw.split(',').map((s) => s.trim());
  const values = parts.map(Number);
  if (parts.length === 0 || values.some((v) => !Number.isFinite(v) || v < 0)) {
    throw new ConfigError(`WEBHOOK_RETRY_SCHEDULE must be a comma-separated list of seconds, got "${raw}"`);
  }
  return values;
}

export function loadConfig(env: Env = process.env): Config {
  const port = int(env, 'PORT', 3000);
  const databaseUrl = env.DATABASE_URL || 'sqlite:./data/store.db';
  if (!/^(sqlite:|postgres:\/\/|postgresql:\/\/)/.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be sqlite:<file>, sqlite::memory: or postgres://…');
  }
  const isSqlite = databaseUrl.startsWith('sqlite:');
  const provider = (env.PAYMENT_PROVIDER || 'sandbox') as PaymentProviderName;
  if (provider !== 'sandbox' && provider !== 'paystack') throw new ConfigError('PAYMENT_PROVIDER must be sandbox or paystack');
  if (provider === 'paystack' && !env.PAYSTACK_SECRET_KEY) throw new ConfigError('PAYMENT_PROVIDER=paystack needs PAYSTACK_SECRET_KEY');
  const requestTimeoutMs = int(env, 'REQUEST_TIMEOUT_MS', 60_000, 1);
  const headersTimeoutMs = int(env, 'HEADERS_TIMEOUT_MS', 10_000, 1);
  // Node refuses a header timeout longer than the request timeout.
  if (headersTimeoutMs > requestTimeoutMs) throw new ConfigError(`HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  const publicBaseUrl = (env.PUBLIC_BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  url('PUBLIC_BASE_URL', publicBaseUrl, ['http:', 'https:']);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    publicBaseUrl,
    publicBaseUrlSet: Boolean(env.PUBLIC_BASE_URL),
    databaseUrl,
    databaseDirectUrl: env.DATABASE_DIRECT_URL && !isSqlite ? url('DATABASE_DIRECT_URL', env.DATABASE_DIRECT_URL, ['postgres:', 'postgresql:']) : databaseUrl,
    redisUrl: env.REDIS_URL ? url('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:']) : null,
    smtpUrl: env.SMTP_URL ? url('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:']) : null,
    mailFrom: env.MAIL_FROM || 'Store Integration Service <no-reply@localhost>',
    smtpMaxConnections: atMost('SMTP_MAX_CONNECTIONS', int(env, 'SMTP_MAX_CONNECTIONS', 5, 1), 50),
    paymentProvider: provider,
    paystackSecretKey: env.PAYSTACK_SECRET_KEY || null,
    paystackBaseUrl: (env.PAYSTACK_BASE_URL || 'https://api.paystack.co').replace(/\/+$/, ''),
    webhookRetrySchedule: parseRetrySchedule(env.WEBHOOK_RETRY_SCHEDULE || '0,5,300,1800,7200,18000,36000,36000'),
    webhookAllowPrivateTargets: bool(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', false),
    webhookTimeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 1),
    eventRetentionDays: int(env, 'EVENT_RETENTION_DAYS', 30, 1),
    uploadDir: env.UPLOAD_DIR || './data/uploads',
    seedDemo: bool(env, 'SEED_DEMO', isSqlite),
    databasePreparedStatements: bool(env, 'DATABASE_PREPARED_STATEMENTS', true),
    databasePoolSize: atMost('DATABASE_POOL_SIZE', int(env, 'DATABASE_POOL_SIZE', 10, 1), 500),
    dataDir: env.DATA_DIR || './data',
    logLevel: env.LOG_LEVEL || 'info',
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024),
    rateLimitPerKey: int(env, 'RATE_LIMIT_PER_KEY', 600, 1),
    rateLimitPerIp: int(env, 'RATE_LIMIT_PER_IP', 300, 1),
    rateLimitKeyFailuresPerIp: int(env, 'RATE_LIMIT_KEY_FAILURES_PER_IP', 30, 1),
    rateLimitLoginPerIp: int(env, 'RATE_LIMIT_LOGIN_PER_IP', 30, 1),
    rateLimitSignupPerIp: int(env, 'RATE_LIMIT_SIGNUP_PER_IP', 20, 1),
    rateLimitPasswordResetPerIp: int(env, 'RATE_LIMIT_PASSWORD_RESET_PER_IP', 10, 1),
    rateLimitStorePageBookingsPerIp: int(env, 'RATE_LIMIT_STORE_PAGE_BOOKINGS_PER_IP', 10, 1),
    invitesPerStorePerHour: int(env, 'INVITES_PER_STORE_PER_HOUR', 20, 1),
    invitesPerInviterPerHour: int(env, 'INVITES_PER_INVITER_PER_HOUR', 10, 1),
    loginMaxFailures: int(env, 'LOGIN_MAX_FAILURES', 5, 1),
    loginMaxFailuresPerSource: int(env, 'LOGIN_MAX_FAILURES_PER_SOURCE', 20, 1),
    loginMaxFailuresPerAccount: int(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 50, 1),
    loginLockoutSeconds: int(env, 'LOGIN_LOCKOUT_SECONDS', 60, 1),
    passwordHashCost: int(env, 'PASSWORD_HASH_COST', 16384, 2),
    runWorkers: bool(env, 'RUN_WORKERS', true),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0),
    idempotencyLeaseSeconds: atMost('IDEMPOTENCY_LEASE_SECONDS', int(env, 'IDEMPOTENCY_LEASE_SECONDS', 30, 1), 30),
    backupDir: env.BACKUP_DIR || `${(env.DATA_DIR || './data').replace(/\/+$/, '')}/backups`,
    backupIntervalMinutes: int(env, 'BACKUP_INTERVAL_MINUTES', env.BACKUP_DIR ? 1440 : 0, 0),
    backupKeep: int(env, 'BACKUP_KEEP', 14, 1),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    metricsPort: env.METRICS_PORT ? int(env, 'METRICS_PORT', 0, 1) : null,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    otelEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT ? url('OTEL_EXPORTER_OTLP_ENDPOINT', env.OTEL_EXPORTER_OTLP_ENDPOINT, ['http:', 'https:']) : null,
    otelServiceName: env.OTEL_SERVICE_NAME || 'store-service',
    trustProxy: trustProxy(env.TRUST_PROXY),
    requestTimeoutMs,
    headersTimeoutMs,
    // Longer than the usual load-balancer idle timeout (60 s), so the balancer closes first.
    keepAliveTimeoutMs: int(env, 'KEEP_ALIVE_TIMEOUT_MS', 72_000, 1),
  };
}
