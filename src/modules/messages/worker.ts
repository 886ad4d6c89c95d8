// Sending: the outbox worker claims each due message with a conditional update and a lease (so with
// several instances only one sends it), renders it, sends it through its channel and marks it sent.
// A message the server refuses for a while is retried with backoff; one refused for good fails. When
// the channel itself is down (SMTP unreachable), nothing is counted against the messages: the
// worker waits, with backoff, and then sends them in the order they were written, none lost or
// doubled. Without SMTP_URL nothing is sent: messages stay in the outbox.
//
// Reminders: every minute (runReminders), each confirmed booking starting within the reminder
// offsets of its store gets one message per offset, at most once per booking, offset and start
// time whatever the number of instances (a unique key on the outbox), never for a cancelled, moved
// or past booking, and not for an offset that had passed when the booking got its time.
import type { AppContext } from '../../context.ts';
import { addSeconds, nowIso } from '../../shared/time.ts';
import { ChannelError, emailChannel, type Channel } from './channels.ts';
import * as repo from './repository.ts';
import { takeTurn } from '../../ops/turns.ts';

export interface MessageWorkerOptions {
  /** Poll interval when no commit wakes the worker (retries coming due, other instances' messages). */
  pollMs?: number;
  /** First retry delay; doubles per attempt up to maxBackoffMs (per message, and while the channel is down). */
  backoffBaseMs?: number;
  maxBackoffMs?: number;
  /** Attempts the server may refuse a message for before it is marked failed. */
  maxAttempts?: number;
  /** How often reminders are looked for. */
  reminderIntervalMs?: number;
  /** A channel to send through instead of SMTP (tests). */
  channel?: Channel | null;
}

const LEASE_SECONDS = 120;
const REMINDER_INTERVAL_MS = 60_000;

export interface MessageWorker {
  /** Sends every due message once (stops early while the channel is down); resolves with how many were sent. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function createMessageWorker(ctx: AppContext, options: MessageWorkerOptions = {}): MessageWorker {
  const pollMs = options.pollMs ?? 1000;
  const base = options.backoffBaseMs ?? 5000;
  const maxBackoff = options.maxBackoffMs ?? 3600_000;
  const maxAttempts = options.maxAttempts ?? 12;
  const channel = options.channel !== undefined ? options.channel : ctx.config.smtpUrl ? emailChannel(ctx.config.smtpUrl, ctx.config.mailFrom, ctx.config.smtpMaxConnections) : null;
  // Sends in flight at once: the channel's own limit (SMTP: its pooled connections). Messages are
  // claimed a few batches ahead, no more, so an urgent one queued meanwhile is read soon.
  const inFlight = Math.max(1, channel?.concurrency ?? 1);
  const batchSize = inFlight * 4;
  const messages = ctx.services.messages;
  let running = true;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<number> | null = null;
  /** While the channel is down: no attempt before this time; the backoff doubles per failed probe. */
  let downUntil = 0;
  let downFor = 0;
  /** A commit woke the worker while it was sending. */
  let queuedMeanwhile = false;

  /** Renders and sends one claimed message and records the outcome; 'down' stops the run. */
  async function deliver(mail: repo.OutboxRow): Promise<'sent' | 'retry' | 'down'> {
    const attempt = Number(mail.attempts) + 1;
    let subject: string | undefined;
    try {
      const rendered = await messages.renderRow(mail);
      subject = rendered.subject;
      await (ctx.tracing ? ctx.tracing.span('message send', { 'message.kind': mail.kind ?? 'account', 'message.channel': channel!.name }, () => channel!.send(rendered)) : channel!.send(rendered));
      await repo.markMailSent(ctx.db, mail.id, nowIso(), mail.kind ? { subject: rendered.subject, text: rendered.keptText } : undefined);
      ctx.metrics?.messageOutcome('sent');
      downFor = 0;
      return 'sent';
    } catch (error) {
      const message = (error as Error).message ?? String(error);
      if (error instanceof ChannelError && error.failure === 'channel-down') {
        await repo.releaseMail(ctx.db, mail.id, message);
        if (Date.now() >= downUntil) {
          downFor = Math.min(maxBackoff, downFor ? downFor * 2 : base);
          downUntil = Date.now() + downFor;
          ctx.log.warn({ mailId: mail.id, retryInMs: downFor }, 'mail server unreachable; messages wait');
        }
        ctx.metrics?.messageOutcome('channel_down');
        return 'down';
      }
      const permanent = error instanceof ChannelError ? error.failure === 'permanent' : false;
      const status = permanent || attempt >= maxAttempts ? 'failed' : 'pending';
      const delayMs = Math.min(maxBackoff, base * 2 ** (attempt - 1));
      await repo.markMailRetry(ctx.db, mail.id, status, new Date(Date.now() + delayMs).toISOString(), message, subject);
      ctx.log.warn({ mailId: mail.id, attempt, status }, status === 'failed' ? 'message not delivered; given up' : 'message not delivered; will retry');
      ctx.metrics?.messageOutcome(status === 'failed' ? 'failed' : 'retry');
      return 'retry';
    }
  }

  /**
   * Sends what is due: `inFlight` senders take claimed messages from a small buffer, refilled (and
   * claimed, in one statement) from the outbox in lane order when it runs low. One recipient's
   * messages go one at a time, in order (a confirmation never overtakes the booking's receipt). Ends
   * when nothing more is due, the channel is down or the worker stops; what was claimed and not tried
   * is released in its place in the queue.
   */
  async function runOnce(): Promise<number> {
    if (!channel || Date.now() < downUntil) return 0;
    let sent = 0;
    const buffer: repo.OutboxRow[] = [];
    let exhausted = false;
    let refilling: Promise<void> | null = null;
    let failure: unknown = null;
    const halted = () => !running || Date.now() < downUntil;
    /** Recipients with a message in flight, and senders waiting for one of them to finish. */
    const sending = new Set<string>();
    let waiters: Array<() => void> = [];
    const notify = () => {
      const woken = waiters;
      waiters = [];
      for (const wake of woken) wake();
    };

    async function refill() {
      const now = nowIso();
      const due = await repo.dueMail(ctx.db, now, batchSize);
      if (due.length < batchSize) exhausted = true;
      const claimed = await repo.claimMails(ctx.db, due.map((m) => m.id), now, addSeconds(now, LEASE_SECONDS));
      for (const mail of due) if (claimed.has(mail.id)) buffer.push(mail);
      notify();
    }
    const startRefill = () => {
      refilling ??= refill()
        .catch((error) => {
          failure = error;
        })
        .finally(() => {
          refilling = null;
        });
      return refilling;
    };
    async function take(): Promise<repo.OutboxRow | null> {
      for (;;) {
        if (failure) throw failure;
        if (halted()) return null;
        const index = buffer.findIndex((m) => !sending.has(m.to_address));
        // Read ahead while the senders still have work, so none waits on the query.
        if (buffer.length - (index >= 0 ? 1 : 0) < inFlight && !exhausted) void startRefill();
        if (index >= 0) {
          const [next] = buffer.splice(index, 1);
          sending.add(next!.to_address);
          return next!;
        }
        if (buffer.length) await new Promise<void>((resolve) => waiters.push(resolve));
        else if (exhausted && !refilling) return null;
        else await startRefill();
      }
    }
    async function sender() {
      try {
        for (let mail = await take(); mail; mail = await take()) {
          try {
            if ((await deliver(mail)) === 'sent') sent++;
          } finally {
            sending.delete(mail.to_address);
            notify();
          }
        }
      } catch (error) {
        // The others stop at their next message; the run ends once all have.
        failure ??= error;
        notify();
      }
    }
    await Promise.all(Array.from({ length: inFlight }, sender));
    await refilling;
    await repo.releaseUntried(ctx.db, buffer.splice(0).map((m) => m.id));
    if (failure) throw failure;
    return sent;
  }

  /** One run at a time in this worker: a runOnce() asked for while one runs starts when it ends. */
  let chain: Promise<unknown> = Promise.resolve();
  function runExclusive(): Promise<number> {
    const run = chain.then(runOnce, runOnce);
    chain = run.catch(() => 0);
    return run;
  }

  function schedule(ms: number) {
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
  }

  function tick() {
    timer = null;
    if (current) return;
    current = runExclusive()
      .catch((error) => {
        ctx.log.error({ err: error }, 'message worker failed');
        return 0;
      })
      .finally(() => {
        current = null;
        // Messages committed while the run was ending are sent at once, not at the next poll.
        const again = queuedMeanwhile && Date.now() >= downUntil;
        queuedMeanwhile = false;
        schedule(again ? 0 : Math.max(pollMs, downUntil - Date.now()));
      });
  }

  const unsubscribe = messages.onQueued(() => {
    if (!channel) {
      ctx.log.info('SMTP_URL is not set: messages kept in the mail_outbox table');
      return;
    }
    if (current) queuedMeanwhile = true;
    else if (Date.now() >= downUntil) schedule(0);
  });
  schedule(0);

  return {
    runOnce: runExclusive,
    async stop() {
      running = false;
      unsubscribe();
      if (timer) clearTimeout(timer);
      await current;
      channel?.close();
    },
  };
}

/** Bookings read per query of a sweep, and queued per insert. */
const REMINDER_PAGE = 1000;
/**
 * Each sweep also looks this far behind the last one: a booking committed while the sweep before ran
 * (its reminder falling due that moment) is still found. The outbox's unique key keeps it to one.
 */
const SWEEP_OVERLAP_MS = 5 * 60_000;
const SWEPT_KEY = 'reminders:swept';

/**
 * Queues the reminders due at `now` (ms) and returns how many were queued. For each reminder offset
 * some store uses, it reads only the confirmed bookings whose reminder at that offset fell due since
 * the last sweep (their start in (last sweep + offset, now + offset], from the start index, in pages):
 * a steady sweep reads the few bookings of the last minutes, not the next week's. The first sweep, or
 * one whose clock is behind the last, reads every booking up to the offset. A booking gets one message
 * per offset at most, once per booking, offset and start time (a unique key on the outbox), never when
 * cancelled, moved away or started, nor for an offset that had passed when it got its time.
 */
export async function runReminders(ctx: AppContext, now = Date.now()): Promise<number> {
  const offsets = await ctx.services.stores.reminderOffsetsInUse();
  const swept = await ctx.db.selectFrom('ops_state').select('value').where('key', '=', SWEPT_KEY).executeTakeFirst();
  const last = swept ? Date.parse(swept.value) : NaN;
  const since = Number.isFinite(last) && last <= now ? last - SWEEP_OVERLAP_MS : null;
  let inserting: Promise<number> = Promise.resolve(0);
  try {
    for (const offset of offsets) {
      const from = new Date(since === null ? now : Math.max(now, since + offset * 60_000)).toISOString();
      const until = new Date(now + offset * 60_000).toISOString();
      for (let after: { startAt: string; id: string } | null = null; ; ) {
        const page = await ctx.services.bookings.confirmedStartingPage(from, until, REMINDER_PAGE, after);
        const due: Array<{ booking: (typeof page)[number]; storeId: string; offsetMinutes: number; key: string }> = [];
        for (const booking of page) {
          const store = await ctx.services.stores.findStore(booking.storeId);
          if (!store || !store.notificationsEnabled || !store.reminderMinutes.includes(offset)) continue;
          const dueAt = Date.parse(booking.startAt) - offset * 60_000;
          // Due now; and the booking had its time before the reminder was due (else its confirmation said it all).
          if (dueAt > now || Date.parse(booking.timeSetAt) > dueAt) continue;
          due.push({ booking, storeId: booking.storeId, offsetMinutes: offset, key: `reminder:${booking.bookingId}:${offset}:${booking.startAt}` });
        }
        if (due.length) {
          const existing = await repo.existingDedupeKeys(ctx.db, due.map((d) => ({ storeId: d.storeId, key: d.key })));
          // This page's insert runs while the next page is read (one at a time).
          const fresh = due.filter((d) => !existing.has(`${d.storeId}|${d.key}`));
          const previous = inserting;
          inserting = (async () => (await previous) + (await ctx.services.bookings.queueReminders(fresh, now)))();
          // Its failure is the sweep's, raised when it is awaited below, not an unhandled rejection meanwhile.
          inserting.catch(() => undefined);
        }
        if (page.length < REMINDER_PAGE) break;
        const lastOfPage = page[page.length - 1]!;
        after = { startAt: lastOfPage.startAt, id: lastOfPage.bookingId };
      }
    }
  } catch (error) {
    // The insert in flight ends before the sweep fails.
    await inserting.catch(() => 0);
    throw error;
  }
  const queued = await inserting;
  await recordSweep(ctx, now);
  if (queued) {
    ctx.services.messages.committed();
    ctx.metrics?.remindersQueued(queued);
  }
  return queued;
}

/** When the last sweep looked (the next one reads from there); never moved back by a sweep with an older clock. */
async function recordSweep(ctx: AppContext, now: number) {
  const at = new Date(now).toISOString();
  await ctx.db
    .insertInto('ops_state')
    .values({ key: SWEPT_KEY, value: at, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: at, updated_at: at }).where('ops_state.value', '<', at))
    .execute();
}

/**
 * Starts sending and reminders in this process; stop hooks go to ctx.onClose. Every instance schedules
 * the reminder sweep; each interval one of them takes the turn and sweeps (ops/turns.ts).
 */
export async function startMessageWorkers(ctx: AppContext, options: MessageWorkerOptions = {}): Promise<void> {
  const worker = createMessageWorker(ctx, options);
  const interval = options.reminderIntervalMs ?? REMINDER_INTERVAL_MS;
  let reminding: Promise<unknown> | null = null;
  const remind = () => {
    if (reminding) return;
    reminding = takeTurn(ctx.db, 'reminders', Math.floor(interval * 0.9))
      .then((mine) => (mine ? runReminders(ctx) : 0))
      .catch((error) => ctx.log.error({ err: error }, 'reminders failed'))
      .finally(() => {
        reminding = null;
      });
  };
  const reminders = setInterval(remind, interval);
  reminders.unref();
  ctx.onClose.push(async function messageWorkers() {
    clearInterval(reminders);
    await reminding;
    await worker.stop();
  });
}
