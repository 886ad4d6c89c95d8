import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { describeEachDb, type TestEnv, type TestStore } from '../helpers/app.ts';
import { freePort } from '../helpers/browser.ts';
import { startSmtpPeer, waitFor, type ReceivedMail, type SmtpPeer } from '../helpers/smtp.ts';
import { createMailWorker, startBookingsWorkers } from '../../src/modules/bookings/workers.ts';

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const dayAhead = (days: number) => DateTime.now().setZone('Africa/Accra').plus({ days }).toISODate()!;

const received: ReceivedMail[] = [];




const withReference = (reference: string) => received.filter((m) => m.raw.includes(reference));

async function setup(env: TestEnv) {
  const store = await env.createStore({ timezone: 'Africa/Accra', name: 'Adom Salon' });
  const key = await env.createKey(store);
  const service = await env.createItem(store, { itemType: 'service', price: 40, name: 'Braids', schedule: { durationMinutes: 60, capacity: 100, maxAdvanceDays: 365, weeklyHours: WEEK.map((day) => ({ day, start: '09:00', end: '17:00' })) } });
  return { store, key, service };
}

async function book(env: TestEnv, store: TestStore, key: string, serviceId: string, email: string | null = 'esi@example.test') {
  const res = await env.inject({
    method: 'POST',
    url: `/v1IntegrationBookings?storeId=${store.storeId}`,
    headers: env.keyHeaders(key),
    payload: { serviceId, bookingDate: dayAhead(3), bookingTime: '10:00', customer: { name: 'Esi', phone: '0241112223', ...(email ? { email } : {}) } },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.data.booking;
}

const outbox = (env: TestEnv, bookingId: string) => env.db.selectFrom('mail_outbox').selectAll().where('booking_id', '=', bookingId).execute();

const port = await freePort();

describeEachDb(
  'Booking customer email (real SMTP server)',
  (env) => {
    let smtp: SmtpPeer | null = null;
    before(async () => {
      smtp = await startSmtpPeer({ port, messages: received });
      await startBookingsWorkers(env.app.ctx, { pollMs: 50, backoffBaseMs: 100, maxBackoffMs: 200 });
    });
    after(async () => {
      if (smtp) await smtp.stop();
    });

    test('a new booking and a staff change each email the customer once, after commit', async () => {
      const { store, key, service } = await setup(env);
      const booking = await book(env, store, key, service.id);
      await waitFor('confirmation mail', () => withReference(booking.reference).length === 1);
      const [mail] = withReference(booking.reference);
      assert.deepEqual(mail.to, ['esi@example.test']);
      assert.match(mail.raw, /Subject: Adom Salon: booking IB-[0-9A-Z]{8} received/);
      assert.match(mail.raw, new RegExp(`Braids on ${dayAhead(3)} at 10:00`));
      const res = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/bookings/${booking.bookingId}`, headers: env.staffHeaders(store), payload: { status: 'confirmed' } });
      assert.equal(res.statusCode, 200, res.body);
      await waitFor('status mail', () => withReference(booking.reference).length === 2);
      assert.match(withReference(booking.reference)[1].raw, /confirmed/);
      await waitFor('both marked sent', async () => (await outbox(env, booking.bookingId)).every((r) => r.status === 'sent'));
      assert.equal((await outbox(env, booking.bookingId)).length, 2);
    });

    test('staff notes alone send nothing; no email known or notifications off send nothing', async () => {
      const { store, key, service } = await setup(env);
      const noEmail = await book(env, store, key, service.id, null);
      assert.equal((await outbox(env, noEmail.bookingId)).length, 0);
      const withEmail = await book(env, store, key, service.id);
      await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/bookings/${withEmail.bookingId}`, headers: env.staffHeaders(store), payload: { staffNotes: 'vip' } });
      assert.equal((await outbox(env, withEmail.bookingId)).length, 1);
      const off = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}`, headers: env.staffHeaders(store), payload: { notificationsEnabled: false } });
      assert.equal(off.statusCode, 200, off.body);
      assert.equal(off.data.store.notificationsEnabled, false, off.body);
      const quiet = await book(env, store, key, service.id);
      await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/bookings/${quiet.bookingId}`, headers: env.staffHeaders(store), payload: { status: 'cancelled' } });
      assert.equal((await outbox(env, quiet.bookingId)).length, 0);
    });

    test('SMTP down, then up: the mail is retried with backoff and delivered exactly once', async () => {
      await smtp!.stop();
      smtp = null;
      const { store, key, service } = await setup(env);
      const booking = await book(env, store, key, service.id);
      await waitFor('two failed attempts', async () => {
        const [row] = await outbox(env, booking.bookingId);
        return Number(row.attempts) >= 2 && row.status === 'pending' && row.last_error !== null;
      });
      smtp = await startSmtpPeer({ port, messages: received });
      await waitFor('delivery', async () => (await outbox(env, booking.bookingId))[0].status === 'sent');
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(withReference(booking.reference).length, 1);
    });

    test('several workers (instances) racing over the outbox send each mail once', async () => {
      const { store, key, service } = await setup(env);
      const workers = [0, 1, 2].map(() => createMailWorker(env.app.ctx, { pollMs: 10 }));
      const bookings = [];
      for (let i = 0; i < 5; i++) bookings.push(await book(env, store, key, service.id, `guest${i}@example.test`));
      await Promise.all(workers.map((w) => w.runOnce()));
      await waitFor('all sent', async () => {
        const rows = await env.db.selectFrom('mail_outbox').select('status').where('store_id', '=', store.storeId).execute();
        return rows.length === 5 && rows.every((r) => r.status === 'sent');
      });
      await Promise.all(workers.map((w) => w.stop()));
      for (const b of bookings) assert.equal(withReference(b.reference).length, 1, b.reference);
    });
  },
  { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } },
);

describeEachDb('Booking customer email without SMTP_URL', (env) => {
  test('mail stays in the outbox and the worker sends nothing', async () => {
    await startBookingsWorkers(env.app.ctx, { pollMs: 20 });
    const { store, key, service } = await setup(env);
    const booking = await book(env, store, key, service.id);
    const worker = createMailWorker(env.app.ctx);
    assert.equal(await worker.runOnce(), 0);
    await worker.stop();
    const rows = await outbox(env, booking.bookingId);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].status, 'pending');
    assert.equal(Number(rows[0].attempts), 0);
    assert.equal(rows[0].to_address, 'esi@example.test');
  });
});
