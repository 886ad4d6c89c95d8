// Booking messages through a real SMTP server: in the store's name, Reply-To the store, text and
// HTML, dates in the store's zone and locale, a calendar event that grows its SEQUENCE and cancels;
// the owner's alert; nothing for notes alone; hostile names and notes stay text; SMTP down and up.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, type TestEnv } from '../helpers/app.ts';
import { freePort } from '../helpers/browser.ts';
import { startSmtpPeer, waitFor, type ReceivedMail, type SmtpPeer } from '../helpers/smtp.ts';
import { createMessageWorker, startMessageWorkers } from '../../src/modules/messages/worker.ts';
import { book, dayAhead, mailsTo, readMail, salon, staffPatch, ZONE } from './helpers.ts';

const received: ReceivedMail[] = [];
const port = await freePort();
const CUSTOMER = 'esi@example.test';

const outbox = (env: TestEnv, bookingId: string) => env.db.selectFrom('mail_outbox').selectAll().where('booking_id', '=', bookingId).orderBy('created_at').orderBy('id').execute();
const ownerEmailOf = async (env: TestEnv, token: string) => (await env.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).data.user.email as string;

describeEachDb(
  'booking messages (real SMTP server)',
  (env) => {
    let smtp: SmtpPeer | null = null;
    before(async () => {
      smtp = await startSmtpPeer({ port, messages: received });
      await startMessageWorkers(env.app.ctx, { pollMs: 50, backoffBaseMs: 100, maxBackoffMs: 200 });
    });
    after(async () => {
      if (smtp) await smtp.stop();
    });

    test('received → confirmed → moved → cancelled: each mail in the store\'s name with its calendar event; the owner is alerted of the new booking', async () => {
      const s = await salon(env);
      const owner = await ownerEmailOf(env, s.store.token);
      const booking = await book(env, s, { email: 'Esi@Example.test'.toLowerCase() });
      const ofBooking = () => mailsTo(received, CUSTOMER).filter((m) => m.raw.includes(booking.reference));

      await waitFor('the received mail', () => ofBooking().length === 1);
      const first = await readMail(ofBooking()[0]);
      assert.equal(first.parsed.from?.value[0].name, 'Adom Braids');
      assert.equal(first.parsed.replyTo?.value[0].address, 'hello@adom.example');
      assert.match(first.parsed.subject ?? '', /^We received your booking for \w+day, \d{1,2} \w+ \d{4} at 10:00 am$/);
      assert.ok(first.parsed.html, 'an HTML part');
      assert.match(first.parsed.text ?? '', /Hello Esi Owusu,/);
      assert.match(first.parsed.text ?? '', new RegExp(`Change or cancel: ${booking.manageUrl}`));
      assert.match(first.parsed.text ?? '', /12 Oxford St, Osu, Accra/);
      assert.match(first.parsed.text ?? '', /020 765 4321/);
      assert.ok((first.parsed.html as string).includes(booking.manageUrl));
      assert.ok((first.parsed.html as string).includes('href="tel:+233207654321"'));
      assert.ok((first.parsed.html as string).includes('href="https://wa.me/233207654321"'));
      assert.doesNotMatch(first.raw, /Store Integration Service/);
      assert.equal(first.calendar?.method, 'REQUEST');
      assert.equal(first.calendar?.uid, `${booking.bookingId}@localhost`);
      assert.equal(first.calendar?.sequence, 0);
      assert.equal(first.calendar?.start, booking.startAt);
      assert.equal(first.calendar?.end, booking.endAt);
      assert.equal(first.calendar?.summary, 'Knotless braids at Adom Braids');

      await waitFor('the owner\'s alert', () => mailsTo(received, owner, /New booking/).some((m) => m.raw.includes(booking.reference)));
      const alert = await readMail(mailsTo(received, owner, /New booking/).find((m) => m.raw.includes(booking.reference))!);
      assert.match(alert.parsed.text ?? '', /Esi Owusu booked Knotless braids/);
      assert.match(alert.parsed.text ?? '', new RegExp(`/console/s/${s.store.storeId}/bookings/${booking.bookingId}`));
      assert.equal(alert.calendar, null, 'alerts carry no invitation');

      assert.equal((await staffPatch(env, s, booking.bookingId, { status: 'confirmed' })).statusCode, 200);
      await waitFor('the confirmed mail', () => ofBooking().length === 2);
      const confirmed = await readMail(ofBooking()[1]);
      assert.match(confirmed.parsed.subject ?? '', /^Confirmed: Knotless braids on /);
      assert.equal(confirmed.calendar?.sequence, 1);
      assert.equal(confirmed.calendar?.uid, first.calendar?.uid);

      const moved = await staffPatch(env, s, booking.bookingId, { status: 'rescheduled', bookingDate: dayAhead(4), bookingTime: '14:30' });
      assert.equal(moved.statusCode, 200, moved.body);
      await waitFor('the moved mail', () => ofBooking().length === 3);
      const rescheduled = await readMail(ofBooking()[2]);
      assert.match(rescheduled.parsed.subject ?? '', /^Moved to \w+day, \d{1,2} \w+ \d{4} at 2:30 pm$/);
      assert.match(rescheduled.parsed.text ?? '', /When: .* at 2:30 pm \(was .* at 10:00 am\)/);
      assert.match(rescheduled.parsed.text ?? '', /Adom Braids moved your appointment/);
      assert.equal(rescheduled.calendar?.sequence, 2);
      assert.equal(rescheduled.calendar?.start, moved.data.booking.startAt);

      const cancelled = await staffPatch(env, s, booking.bookingId, { status: 'cancelled', cancellationReason: 'The stylist is ill' });
      assert.equal(cancelled.statusCode, 200, cancelled.body);
      assert.deepEqual({ ...cancelled.data.booking.cancellation, at: undefined }, { by: 'store', reason: 'The stylist is ill', at: undefined });
      await waitFor('the cancelled mail', () => ofBooking().length === 4);
      const gone = await readMail(ofBooking()[3]);
      assert.match(gone.parsed.subject ?? '', /^Cancelled: Knotless braids/);
      assert.match(gone.parsed.text ?? '', /Adom Braids cancelled your appointment/);
      assert.match(gone.parsed.text ?? '', /Reason: The stylist is ill/);
      assert.equal(gone.calendar?.method, 'CANCEL');
      assert.equal(gone.calendar?.status, 'CANCELLED');
      assert.equal(gone.calendar?.sequence, 3);

      await waitFor('all marked sent', async () => (await outbox(env, booking.bookingId)).every((r) => r.status === 'sent'));
      const rows = await outbox(env, booking.bookingId);
      assert.deepEqual(rows.filter((r) => r.to_address === CUSTOMER).map((r) => r.kind), ['booking.received', 'booking.confirmed', 'booking.rescheduled', 'booking.cancelled']);
      assert.ok(rows.every((r) => !r.body_text.includes(booking.manageUrl)), 'the outbox keeps no manage link once sent');

      // The console's history of the booking's messages.
      const history = await env.inject({ method: 'GET', url: `/api/stores/${s.store.storeId}/bookings/${booking.bookingId}/messages`, headers: env.staffHeaders(s.store) });
      assert.equal(history.statusCode, 200, history.body);
      assert.deepEqual(history.data.messages.map((m: any) => `${m.kind}:${m.status}`), rows.map((r) => `${r.kind}:sent`));
      assert.ok(history.data.messages.every((m: any) => m.subject));
    });

    test('notes alone send nothing; no email, nothing to the customer; customer messages off still alert the owner', async () => {
      const s = await salon(env, 'Quiet Salon');
      const noEmail = await book(env, s, { email: null });
      assert.deepEqual((await outbox(env, noEmail.bookingId)).map((r) => r.kind), ['alert.booking.new']);
      const withEmail = await book(env, s);
      await staffPatch(env, s, withEmail.bookingId, { staffNotes: 'vip' });
      assert.deepEqual((await outbox(env, withEmail.bookingId)).map((r) => r.kind).sort(), ['alert.booking.new', 'booking.received']);
      const off = await env.inject({ method: 'PATCH', url: `/api/stores/${s.store.storeId}`, headers: env.staffHeaders(s.store), payload: { notificationsEnabled: false } });
      assert.equal(off.statusCode, 200, off.body);
      const quiet = await book(env, s);
      await staffPatch(env, s, quiet.bookingId, { status: 'cancelled' });
      assert.deepEqual((await outbox(env, quiet.bookingId)).map((r) => r.kind), ['alert.booking.new']);
    });

    test('hostile names and notes never become markup or headers', async () => {
      const s = await salon(env, 'Safe & Sound <Salon>');
      const hostile = 'Ama\r\nBcc: victim@example.test\r\n<script>alert(1)</script><img src=x onerror=alert(2)>';
      const booking = await book(env, s, { name: hostile, notes: '</td><a href="https://evil.example">click</a>\r\nX-Injected: yes' });
      const owner = await ownerEmailOf(env, s.store.token);
      await waitFor('both mails', () => received.filter((m) => m.raw.includes(booking.reference)).length === 2);
      for (const mail of received.filter((m) => m.raw.includes(booking.reference))) {
        assert.ok(!mail.to.includes('victim@example.test'));
        const parsed = await readMail(mail);
        assert.equal(parsed.parsed.headers.get('x-injected'), undefined);
        assert.equal(parsed.parsed.bcc, undefined);
        const html = parsed.parsed.html as string;
        assert.doesNotMatch(html, /<script/i);
        assert.doesNotMatch(html, /<img src=x/i);
        assert.doesNotMatch(html, /<a href="https:\/\/evil\.example"/);
        assert.match(html, /&lt;script&gt;/);
        assert.equal(parsed.parsed.from?.value[0].name, 'Safe & Sound <Salon>');
      }
      assert.ok(mailsTo(received, owner).some((m) => m.raw.includes(booking.reference)));
    });

    test('SMTP down, then up: messages wait, then go out in the order they were written, each once', async () => {
      await smtp!.stop();
      smtp = null;
      const s = await salon(env, 'Patient Salon');
      const booking = await book(env, s);
      assert.equal((await staffPatch(env, s, booking.bookingId, { status: 'confirmed' })).statusCode, 200);
      await waitFor('attempts while down', async () => {
        const rows = await outbox(env, booking.bookingId);
        return rows.some((r) => r.last_error !== null) && rows.every((r) => r.status === 'pending');
      });
      smtp = await startSmtpPeer({ port, messages: received });
      await waitFor('delivery', async () => (await outbox(env, booking.bookingId)).every((r) => r.status === 'sent'), 20_000);
      await new Promise((r) => setTimeout(r, 300));
      const toCustomer = mailsTo(received, CUSTOMER).filter((m) => m.raw.includes(booking.reference));
      assert.equal(toCustomer.length, 2);
      assert.match(toCustomer[0].text, /Subject: We received your booking/);
      assert.match(toCustomer[1].text, /Subject: Confirmed:/);
    });

    test('several workers (instances) racing over the outbox send each message once', async () => {
      const s = await salon(env, 'Busy Salon');
      const workers = [0, 1, 2].map(() => createMessageWorker(env.app.ctx, { pollMs: 10 }));
      const bookings = [];
      for (let i = 0; i < 5; i++) bookings.push(await book(env, s, { email: `guest${i}@example.test`, time: `1${i}:00` }));
      await Promise.all(workers.map((w) => w.runOnce()));
      await waitFor('all sent', async () => {
        const rows = await env.db.selectFrom('mail_outbox').select('status').where('store_id', '=', s.store.storeId).execute();
        return rows.length === 10 && rows.every((r) => r.status === 'sent');
      });
      await Promise.all(workers.map((w) => w.stop()));
      for (const b of bookings) assert.equal(received.filter((m) => m.raw.includes(b.reference) && m.to.includes(b.customer.email)).length, 1, b.reference);
    });
  },
  { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } },
);

describeEachDb('booking messages without SMTP_URL', (env) => {
  test('messages stay in the outbox, the worker sends nothing, and the console is told mail is off', async () => {
    await startMessageWorkers(env.app.ctx, { pollMs: 20 });
    const s = await salon(env);
    const booking = await book(env, s);
    const worker = createMessageWorker(env.app.ctx);
    assert.equal(await worker.runOnce(), 0);
    await worker.stop();
    const rows = await outbox(env, booking.bookingId);
    assert.equal(rows.length, 2);
    assert.ok(rows.every((r) => r.status === 'pending' && Number(r.attempts) === 0));
    const state = await env.inject({ method: 'GET', url: `/api/stores/${s.store.storeId}/messages/state`, headers: env.staffHeaders(s.store) });
    assert.equal(state.statusCode, 200, state.body);
    assert.equal(state.data.mailEnabled, false);
    assert.equal(state.data.pending, 2);
    assert.equal(typeof state.data.oldestPendingAt, 'string');
    // What waits already says what it will say.
    const history = await env.inject({ method: 'GET', url: `/api/stores/${s.store.storeId}/bookings/${booking.bookingId}/messages`, headers: env.staffHeaders(s.store) });
    assert.deepEqual(history.data.messages.map((m: any) => m.status), ['pending', 'pending']);
    assert.match(history.data.messages.find((m: any) => m.kind === 'booking.received').subject, /^We received your booking for /);
    assert.match(history.data.messages.find((m: any) => m.kind === 'alert.booking.new').subject, /^New booking: Knotless braids/);
    void ZONE;
  });
});
