// Mail delivery: booking notifications and account mail such as password resets (after commit,
// retried while SMTP is down). Mail rows are written in the transaction of the change they report;
// this worker claims each due row with a conditional
// update and a lease (so with several instances only one sends it), sends it with nodemailer and
// marks it sent, or schedules a retry with exponential backoff. Without SMTP_URL nothing is sent:
// mail stays in the outbox and only its id is logged.
import { createRequire } from 'node:module';
import type Nodemailer from 'nodemailer';
import type * as NodemailerShared from 'nodemailer/lib/shared/index.js';
import type { AppContext } from '../../context.ts';
import { addSeconds, nowIso } from '../../shared/time.ts';
import * as repo from './repository.ts';

export interface MailWorkerOptions {
  /** Poll interval when no commit wakes the worker (retries coming due, other instances' mail). */
  pollMs?: number;
  /** First retry delay; doubles per attempt up to maxBackoffMs. */
  backoffBaseMs?: number;
  maxBackoffMs?: number;
  /** Attempts before a mail is marked failed. */
  maxAttempts?: number;
}

const LEASE_SECONDS = 120;
/** SMTP timeouts well inside the lease, so a hung server cannot make another instance send twice. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

export interface MailWorker {
  /** Sends every due mail once; resolves with how many were sent. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** nodemailer is loaded only when SMTP_URL is set (a server without it never needs its ~35 files). */
function smtpTransport(url: string) {
  const require = createRequire(import.meta.url);
  const nodemailer: typeof Nodemailer = require('nodemailer');
  const { parseConnectionUrl }: typeof NodemailerShared = require('nodemailer/lib/shared/index.js');
  return nodemailer.createTransport({ ...SMTP_TIMEOUTS, ...parseConnectionUrl(url) });
}

export function createMailWorker(ctx: AppContext, options: MailWorkerOptions = {}): MailWorker {
  const pollMs = options.pollMs ?? 1000;
  const base = options.backoffBaseMs ?? 5000;
  const maxBackoff = options.maxBackoffMs ?? 3600_000;
  const maxAttempts = options.maxAttempts ?? 12;
  const transport = ctx.config.smtpUrl ? smtpTransport(ctx.config.smtpUrl) : null;
  let running = true;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<number> | null = null;

  async function sendOne(mail: Awaited<ReturnType<typeof repo.dueMail>>[number]): Promise<boolean> {
    const now = nowIso();
    if (!(await repo.claimMail(ctx.db, mail.id, now, addSeconds(now, LEASE_SECONDS)))) return false;
    const attempt = Number(mail.attempts) + 1;
    try {
      await transport!.sendMail({ from: ctx.config.mailFrom, to: mail.to_address, subject: mail.subject, text: mail.body_text });
      await repo.markMailSent(ctx.db, mail.id, nowIso());
      return true;
    } catch (error) {
      const delayMs = Math.min(maxBackoff, base * 2 ** (attempt - 1));
      const status = attempt >= maxAttempts ? 'failed' : 'pending';
      await repo.markMailRetry(ctx.db, mail.id, status, new Date(Date.now() + delayMs).toISOString(), (error as Error).message ?? String(error));
      ctx.log.warn({ mailId: mail.id, attempt, status }, 'mail not delivered; will retry');
      return false;
    }
  }

  async function runOnce(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    for (const mail of await repo.dueMail(ctx.db, nowIso(), 50)) {
      if (!running) break;
      if (await sendOne(mail)) sent++;
    }
    return sent;
  }

  function schedule(ms: number) {
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
  }

  function tick() {
    timer = null;
    if (current) return;
    current = runOnce()
      .catch((error) => {
        ctx.log.error({ err: error }, 'mail worker failed');
        return 0;
      })
      .finally(() => {
        current = null;
        schedule(pollMs);
      });
  }

  const unsubscribe = ctx.services.bookings.onMailQueued(() => {
    if (!transport) {
      ctx.log.info('SMTP_URL is not set: booking mail kept in the mail_outbox table');
      return;
    }
    if (!current) schedule(0);
  });
  schedule(0);

  return {
    runOnce,
    async stop() {
      running = false;
      unsubscribe();
      if (timer) clearTimeout(timer);
      await current;
      transport?.close();
    },
  };
}

/** Starts this module's background work; stop hooks go to ctx.onClose. */
export async function startBookingsWorkers(ctx: AppContext, options: MailWorkerOptions = {}): Promise<void> {
  const worker = createMailWorker(ctx, options);
  ctx.onClose.push(function mailWorker() {
    return worker.stop();
  });
}
