// The reminder sweep, measured: `npx tsx bench/reminders.ts [n]`.
// For each engine: a store with the default day-before reminder and `n` confirmed bookings (copies of
// one made over HTTP, each with its own id, reference and manage link), then:
//   steady:   the bookings spread over the next 7 days; after a first sweep, the sweeps of the next
//             ten minutes (one a minute, the clock passed in): their median time;
//   queueing: the bookings all starting tomorrow at the same minute, so all their reminders fall due
//             at once; one sweep's time to queue them.
// runReminders is called directly, on the app's own database, with nothing else running.
import '../src/production-libraries.ts';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { App } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { runReminders } from '../src/modules/messages/worker.ts';
import { benchApp } from './bench-app.ts';

export interface ReminderFigures {
  bookings: number;
  steadyMedianMs: number;
  steadyMaxMs: number;
  queued: number;
  queueSeconds: number;
}

const MIN = 60_000;
const token = () => randomBytes(18).toString('base64url').replace(/[^0-9A-Za-z]/g, 'x').slice(0, 24);

const setup = (dialect: 'sqlite' | 'postgres') => benchApp(dialect, 'reminders', { RUN_WORKERS: 'false' });

/** A confirmed booking made over HTTP, as the row to copy. */
async function templateBooking(app: App) {
  const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: `bench-${Date.now()}@example.test`, password: 'correct horse battery', name: 'Ama', store: { name: 'Adom Braids', timezone: 'Africa/Accra' } } });
  const { token: session, store } = signup.json() as { token: string; store: { id: string } };
  const staff = { authorization: `Bearer ${session}` };
  const weeklyHours = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, start: '06:00', end: '22:00' }));
  const service = await app.inject({ method: 'POST', url: `/api/stores/${store.id}/items`, headers: staff, payload: { name: 'Braids', itemType: 'service', price: 100, schedule: { durationMinutes: 60, capacity: 1000, weeklyHours } } });
  const serviceId = (service.json() as { item: { id: string } }).item.id;
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const booked = await app.inject({ method: 'POST', url: `/api/stores/${store.id}/bookings`, headers: staff, payload: { serviceId, date: day, time: '10:00', source: 'phone', customer: { name: 'Esi Owusu', email: 'esi@example.test', phone: '+233241234567' } } });
  if (booked.statusCode !== 201) throw new Error(`booking: ${booked.body}`);
  const bookingId = (booked.json() as { booking: { bookingId: string } }).booking.bookingId;
  // Front-desk bookings are confirmed as made.
  return app.ctx.db.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirstOrThrow();
}

/** `n` copies of `template` starting at startOf(i), each set well before its reminder falls due. */
async function insertBookings(database: DatabaseHandle, template: Record<string, unknown>, n: number, startOf: (i: number) => number) {
  const setAt = new Date(Date.now() - 30 * 86_400_000).toISOString();
  for (let first = 0; first < n; first += 500) {
    const rows = [];
    for (let i = first; i < Math.min(n, first + 500); i++) {
      const start = startOf(i);
      rows.push({ ...template, id: `bkg_bench${i}_${token().slice(0, 8)}`, reference: `BKG-B${String(i).padStart(7, '0')}${token().slice(0, 4).toUpperCase()}`, manage_token: token(), start_at: new Date(start).toISOString(), end_at: new Date(start + 60 * MIN).toISOString(), time_set_at: setAt, created_at: setAt, customer_email: `customer${i}@example.test` });
    }
    await database.db.insertInto('bookings').values(rows as never).execute();
  }
}

export async function measureReminders(dialect: 'sqlite' | 'postgres', n = 10_000): Promise<ReminderFigures> {
  const { app, database, cleanup } = await setup(dialect);
  try {
    const template = await templateBooking(app);
    await database.db.deleteFrom('mail_outbox').execute();
    const now = Date.now();
    // Steady: spread over the next 7 days.
    await insertBookings(database, template, n, (i) => now + 10 * MIN + Math.floor((i * 7 * 86_400_000) / n));
    await runReminders(app.ctx, now);
    const times: number[] = [];
    for (let minute = 1; minute <= 10; minute++) {
      const started = performance.now();
      await runReminders(app.ctx, now + minute * MIN);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    // Queueing: all at the same minute tomorrow (their day-before reminders due together), on a clean slate.
    await database.db.deleteFrom('mail_outbox').execute();
    await database.db.deleteFrom('bookings').where('id', 'like', 'bkg_bench%').execute();
    await database.db.deleteFrom('ops_state').execute();
    const tomorrow = now + 1440 * MIN + 30 * MIN;
    await insertBookings(database, template, n, () => tomorrow);
    const dueAt = tomorrow - 1440 * MIN + 1000;
    await runReminders(app.ctx, dueAt - 2 * MIN);
    const started = performance.now();
    const queued = await runReminders(app.ctx, dueAt);
    const queueSeconds = (performance.now() - started) / 1000;
    return { bookings: n, steadyMedianMs: times[Math.floor(times.length / 2)]!, steadyMaxMs: times[times.length - 1]!, queued, queueSeconds };
  } finally {
    await app.close();
    await database.destroy();
    await cleanup();
  }
}

export function describeReminders(f: ReminderFigures): string[] {
  return [
    `reminder sweep, steady (${f.bookings.toLocaleString('en')} bookings in the next 7 days): median ${f.steadyMedianMs.toFixed(1)} ms, max ${f.steadyMaxMs.toFixed(1)} ms`,
    `reminder sweep, queueing ${f.queued.toLocaleString('en')} due reminders: ${f.queueSeconds.toFixed(2)} s`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const n = Number(process.argv[2] ?? 10_000);
  const engines: Array<'sqlite' | 'postgres'> = process.env.BENCH_SQLITE_ONLY ? ['sqlite'] : ['sqlite', 'postgres'];
  for (const dialect of engines) {
    for (const line of describeReminders(await measureReminders(dialect, n))) console.log(`${dialect.padEnd(8)} ${line}`);
  }
  process.exit(0);
}
