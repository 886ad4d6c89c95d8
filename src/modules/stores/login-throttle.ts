// Login throttling (CONTRACT §9, after OWASP's authentication cheat sheet). Three counters of
// failed attempts, kept in the database so every instance shares them:
//   - the account from one source address (LOGIN_MAX_FAILURES): a guesser at one address;
//   - the source address over all accounts (LOGIN_MAX_FAILURES_PER_SOURCE): credential stuffing;
//   - the account over all sources (LOGIN_MAX_FAILURES_PER_ACCOUNT): a guesser spread over many
//     addresses. It refuses only sources that have already failed for the account, so an attack
//     never locks the owner out when they sign in from an address that has not failed.
// A counter that reaches its limit blocks for LOGIN_LOCKOUT_SECONDS, doubling with each further
// failure up to 15 minutes; a counter is forgotten an hour after its last failure.
//
// An attempt is counted as a failure (its counters locked and incremented in one transaction)
// before the password is checked, and taken back when the password was right. Checking first and
// recording afterwards let parallel attempts all pass a check none of them had been counted in.
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { rateLimited } from '../../shared/errors.ts';
import { sha256 } from '../../shared/hash.ts';
import * as repo from './repository.ts';

const LOCKOUT_MAX_SECONDS = 15 * 60;
const FORGET_AFTER_SECONDS = 60 * 60;

/** Seconds blocked once a counter is `over` failures past its limit (0 = just reached it). */
export function lockoutSeconds(firstLockoutSeconds: number, over: number): number {
  return Math.min(LOCKOUT_MAX_SECONDS, firstLockoutSeconds * 2 ** Math.min(over, 20));
}

export interface LoginAttempt {
  /** The password was right: the attempt is no longer counted as a failure. */
  succeeded(): Promise<void>;
  /** The password was wrong: the failure stays counted (and old counters are pruned). */
  failed(): Promise<void>;
}

export function createLoginThrottle(db: Kysely<Database>, config: Config) {
  const kinds = [
    { prefix: 'pair', limit: config.loginMaxFailures },
    { prefix: 'source', limit: config.loginMaxFailuresPerSource },
    { prefix: 'account', limit: config.loginMaxFailuresPerAccount },
  ] as const;

  return {
    /**
     * Counts an attempt of `email` (normalised) from `source` as a failure, or refuses it with 429
     * while one of its counters blocks. Subjects are hashed: the table holds no email or address.
     */
    async begin(email: string, source: string): Promise<LoginAttempt> {
      const [pair, sourceSubject, account] = [`pair:${sha256(`${email}\n${source}`)}`, `source:${sha256(source)}`, `account:${sha256(email)}`];
      const subjects = [pair, sourceSubject, account];
      const nowMs = Date.now();
      const now = new Date(nowMs).toISOString();
      const blockedUntil = await db.transaction().execute(async (trx) => {
        const rows = await repo.lockThrottleCounters(trx, subjects, now);
        const counters = subjects.map((subject) => {
          const row = rows.get(subject)!;
          const current = Date.parse(row.last_failure_at) > nowMs - FORGET_AFTER_SECONDS * 1000;
          const until = current && row.blocked_until ? Date.parse(row.blocked_until) : 0;
          return { subject, failures: current ? row.failures : 0, blockedUntil: until > nowMs ? until : 0 };
        });
        const [p, s, a] = counters;
        const blocked = Math.max(p.blockedUntil, s.blockedUntil, p.failures > 0 ? a.blockedUntil : 0);
        if (blocked) return blocked;
        for (const [i, counter] of counters.entries()) {
          const failures = counter.failures + 1;
          const limit = kinds[i].limit;
          const until = failures >= limit ? new Date(nowMs + lockoutSeconds(config.loginLockoutSeconds, failures - limit) * 1000).toISOString() : null;
          await repo.saveThrottleCounter(trx, { subject: counter.subject, failures, last_failure_at: now, blocked_until: until });
        }
        return 0;
      });
      if (blockedUntil) throw rateLimited((blockedUntil - nowMs) / 1000, 'Too many failed logins; wait before trying again.');
      return {
        async succeeded() {
          await repo.deleteThrottleCounter(db, pair);
          await repo.forgiveThrottleFailure(db, sourceSubject, kinds[1].limit);
          await repo.forgiveThrottleFailure(db, account, kinds[2].limit);
        },
        async failed() {
          await repo.pruneThrottleCounters(db, new Date(nowMs - FORGET_AFTER_SECONDS * 1000).toISOString(), now);
        },
      };
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
