// The outbox's sending, measured: `npx tsx bench/outbox.ts [drainN] [bulkN]`.
// For each engine it starts the app with SMTP_URL pointing at a local smtp-server sink on 127.0.0.1,
// and, with no worker running, queues rendered-when-sent customer messages (booking reminders, each
// with its own booking's payload shape, copied from a real booking's message). Then:
//   drain:  `drainN` reminders queued, the message worker started; mails/s = N / time until the sink
//           has them all;
//   urgent: `bulkN` reminders queued, the worker started, and after one second a password reset is
//           asked for over HTTP; its wait = request → the sink has it (target: ≤ 5 s behind 10,000).
// Worker, app and sink share this process, so the figures are conservative.
import '../src/production-libraries.ts';
import { pathToFileURL } from 'node:url';
import { SMTPServer } from 'smtp-server';
import type { App } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { newId } from '../src/shared/ids.ts';
import { createMessageWorker, type MessageWorker } from '../src/modules/messages/worker.ts';
import { benchApp } from './bench-app.ts';

export interface OutboxFigures {
  drained: number;
  mailsPerSecond: number;
  bulk: number;
  /** Request → arrival of a password reset queued behind `bulk` reminders, ms (null: not within the limit). */
  urgentWaitMs: number | null;
  urgentLimitMs: number;
}

interface Sink {
  url: string;
  count: number;
  arrivedWithSubject(pattern: RegExp): number | null;
  waitForCount(n: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

async function startSink(): Promise<Sink> {
  let count = 0;
  const subjects: Array<{ subject: string; at: number }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        count++;
        subjects.push({ subject: /^Subject: (.*)$/m.exec(head)?.[1] ?? '', at: performance.now() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get count() {
      return count;
    },
    arrivedWithSubject: (pattern) => subjects.find((s) => pattern.test(s.subject))?.at ?? null,
    async waitForCount(n, timeoutMs) {
      const until = performance.now() + timeoutMs;
      while (count < n) {
        if (performance.now() > until) throw new Error(`only ${count}/${n} mails arrived in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const setup = (dialect: 'sqlite' | 'postgres', smtpUrl: string) => benchApp(dialect, 'outbox', { SMTP_URL: smtpUrl, RATE_LIMIT_PASSWORD_RESET_PER_IP: '100000', RUN_WORKERS: 'false' });

/** A store with a service and one booking with an email; returns a reminder row to copy and the owner's email. */
async function storeWithBooking(app: App) {
  const email = `bench-${Date.now()}@example.test`;
  const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'correct horse battery', name: 'Ama Owner', store: { name: 'Adom Braids', timezone: 'Africa/Accra' } } });
  const { token, store } = signup.json() as { token: string; store: { id: string } };
  const staff = { authorization: `Bearer ${token}` };
  const weeklyHours = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, start: '08:00', end: '20:00' }));
  const service = await app.inject({ method: 'POST', url: `/api/stores/${store.id}/items`, headers: staff, payload: { name: 'Knotless braids', itemType: 'service', price: 250, schedule: { durationMinutes: 90, capacity: 100, weeklyHours } } });
  const serviceId = (service.json() as { item: { id: string } }).item.id;
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const booked = await app.inject({
    method: 'POST',
    url: `/api/stores/${store.id}/bookings`,
    headers: staff,
    payload: { serviceId, date: day, time: '10:00', source: 'phone', customer: { name: 'Esi Owusu', email: 'esi@example.test', phone: '+233241234567' } },
  });
  if (booked.statusCode !== 201) throw new Error(`booking failed: ${booked.body}`);
  const row = await app.ctx.db.selectFrom('mail_outbox').selectAll().where('store_id', '=', store.id).where('kind', 'is not', null).orderBy('created_at').executeTakeFirstOrThrow();
  // Nothing queued so far is part of what is measured.
  await app.ctx.db.deleteFrom('mail_outbox').execute();
  return { storeId: store.id, ownerEmail: email, template: row };
}

/** Queues `n` reminders copied from `template` (each its own id, address and dedupe key), oldest first. */
async function queueReminders(database: DatabaseHandle, template: Record<string, unknown>, n: number) {
  const base = Date.now() - 60_000;
  for (let start = 0; start < n; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(n, start + 500); i++) {
      const at = new Date(base + i).toISOString();
      rows.push({ ...template, id: newId('mail'), kind: 'booking.reminder', lane: 2, to_address: `customer${i}@example.test`, dedupe_key: `bench:${i}`, status: 'pending', attempts: 0, next_attempt_at: at, created_at: at, locked_until: null, sent_at: null, last_error: null });
    }
    await database.db.insertInto('mail_outbox').values(rows as never).execute();
  }
}

export async function measureOutbox(dialect: 'sqlite' | 'postgres', drainN = 2000, bulkN = 10_000, urgentLimitMs = 60_000): Promise<OutboxFigures> {
  const sink = await startSink();
  const { app, database, cleanup } = await setup(dialect, sink.url);
  let worker: MessageWorker | null = null;
  try {
    const { ownerEmail, template } = await storeWithBooking(app);

    // Drain.
    await queueReminders(database, template, drainN);
    const started = performance.now();
    worker = createMessageWorker(app.ctx);
    await sink.waitForCount(drainN, 600_000);
    const mailsPerSecond = drainN / ((performance.now() - started) / 1000);
    await worker.stop();
    worker = null;

    // An urgent mail behind a bulk queue.
    await app.ctx.db.deleteFrom('mail_outbox').execute();
    await queueReminders(database, template, bulkN);
    worker = createMessageWorker(app.ctx);
    await new Promise((r) => setTimeout(r, 1000));
    const asked = performance.now();
    const reset = await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: ownerEmail } });
    if (reset.statusCode !== 202) throw new Error(`password reset: ${reset.statusCode} ${reset.body}`);
    let arrived: number | null = null;
    while (arrived === null && performance.now() - asked < urgentLimitMs) {
      arrived = sink.arrivedWithSubject(/password/i);
      if (arrived === null) await new Promise((r) => setTimeout(r, 10));
    }
    return { drained: drainN, mailsPerSecond, bulk: bulkN, urgentWaitMs: arrived === null ? null : arrived - asked, urgentLimitMs };
  } finally {
    await worker?.stop();
    await app.close();
    await database.destroy();
    await sink.close();
    await cleanup();
  }
}

export function describeOutbox(f: OutboxFigures): string[] {
  return [
    `outbox drain (${f.drained.toLocaleString('en')} reminders into a local SMTP sink): ${f.mailsPerSecond.toFixed(1)} mails/s`,
    `urgent mail behind ${f.bulk.toLocaleString('en')} reminders: ${f.urgentWaitMs === null ? `not within ${f.urgentLimitMs / 1000} s` : `${(f.urgentWaitMs / 1000).toFixed(2)} s`}`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const drainN = Number(process.argv[2] ?? 2000);
  const bulkN = Number(process.argv[3] ?? 10_000);
  const engines: Array<'sqlite' | 'postgres'> = process.env.BENCH_SQLITE_ONLY ? ['sqlite'] : ['sqlite', 'postgres'];
  for (const dialect of engines) {
    const f = await measureOutbox(dialect, drainN, bulkN);
    for (const line of describeOutbox(f)) console.log(`${dialect.padEnd(8)} ${line}`);
  }
  process.exit(0);
}
