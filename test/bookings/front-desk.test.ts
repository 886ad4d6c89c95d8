// The front desk: bookings staff enter (walk-in, phone, WhatsApp…), confirmed at once, the customer
// found by any phone format; owners and admins squeezing one in or recording a past visit; no-shows
// after the start; a moved booking moved again and completed without confirming; the customer's mail
// through a real SMTP server. Both engines.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { describeEachDb, expectError, type TestEnv, type TestMember, type TestStore } from '../helpers/app.ts';
import { freePort } from '../helpers/browser.ts';
import { startSmtpPeer, waitFor, type ReceivedMail, type SmtpPeer } from '../helpers/smtp.ts';
import { startMessageWorkers } from '../../src/modules/messages/worker.ts';

const ZONE = 'Africa/Accra';
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const dayAhead = (days: number) => DateTime.now().setZone(ZONE).plus({ days }).toISODate()!;
const received: ReceivedMail[] = [];
const port = await freePort();

describeEachDb(
  'front-desk bookings POST /api/stores/:storeId/bookings',
  (env: TestEnv) => {
    let store: TestStore;
    let other: TestStore;
    let staff: TestMember;
    let admin: TestMember;
    let service: { id: string; name: string };
    let product: { id: string };
    let smtp: SmtpPeer | null = null;

    const create = (payload: Record<string, unknown>, headers: Record<string, string> = env.staffHeaders(store), s: TestStore = store) =>
      env.inject({ method: 'POST', url: `/api/stores/${s.storeId}/bookings`, headers, payload });
    const patch = (bookingId: string, payload: Record<string, unknown>, headers: Record<string, string> = env.staffHeaders(store)) =>
      env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/bookings/${bookingId}`, headers, payload });
    const customer = async (id: string) => (await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/customers/${id}`, headers: env.staffHeaders(store) })).data.customer;

    before(async () => {
      smtp = await startSmtpPeer({ port, messages: received });
      await startMessageWorkers(env.app.ctx, { pollMs: 50, backoffBaseMs: 100, maxBackoffMs: 200 });
      store = await env.createStore({ timezone: ZONE, name: 'Ama Braids' });
      other = await env.createStore({ timezone: ZONE });
      staff = await env.addMember(store, { role: 'staff' });
      admin = await env.addMember(store, { role: 'admin' });
      // Open 08:00–20:00 every day, one chair.
      service = await env.createItem(store, { itemType: 'service', price: 120, name: 'Cornrows', schedule: { durationMinutes: 60, capacity: 1, maxAdvanceDays: 365, weeklyHours: WEEK.map((day) => ({ day, start: '08:00', end: '20:00' })) } });
      product = await env.createItem(store, { itemType: 'product', price: 20, name: 'Edge control', stockCount: 5 });
    });
    after(async () => {
      if (smtp) await smtp.stop();
    });

    test('a walk-in with a new customer is confirmed at once, sourceChannel walk_in, counted on the customer, and mailed when an email is known', async () => {
      const res = await create({ serviceId: service.id, date: dayAhead(2), time: '10:00', source: 'walk_in', customer: { name: 'Abena Walk', phone: '024 111 0001', email: 'abena@example.test' }, notes: 'Short hair' });
      assert.equal(res.statusCode, 201, res.body);
      const b = res.data.booking;
      assert.equal(b.status, 'confirmed');
      assert.equal(b.sourceChannel, 'walk_in');
      assert.equal(b.overbooked, false);
      assert.equal(b.attendance, null);
      assert.equal(b.notes, 'Short hair');
      assert.equal(b.customer.phone, '024 111 0001');
      assert.match(b.manageUrl, /\/b\/[0-9A-Za-z]{24}$/);
      const c = await customer(b.customerId);
      assert.equal(c.bookingsCount, 1);
      assert.equal(c.phoneE164, '+233241110001');
      await waitFor('the confirmation mail', () => received.some((m) => m.raw.includes(b.reference) && m.to.includes('abena@example.test')));
      const listed = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings?reference=${b.reference}`, headers: env.staffHeaders(store) });
      assert.equal(listed.data.bookings[0].bookingId, b.bookingId);
    });

    test('a phone booking finds the customer stored as +233207654321 by 0207654321 (and the reverse)', async () => {
      const made = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/customers`, headers: env.staffHeaders(store), payload: { name: 'Akosua Mensah', phone: '+233207654321' } });
      assert.equal(made.statusCode, 201, made.body);
      const res = await create({ serviceId: service.id, date: dayAhead(2), time: '11:00', source: 'phone', customer: { name: 'Akosua Mensah', phone: '0207654321' } }, staff.headers);
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.data.booking.customerId, made.data.customer.id);
      assert.equal(res.data.booking.sourceChannel, 'phone');
      // By the customer's id: the record's name and number.
      const byId = await create({ serviceId: service.id, date: dayAhead(2), time: '12:00', source: 'whatsapp', customer: { customerId: made.data.customer.id } }, staff.headers);
      assert.equal(byId.statusCode, 201, byId.body);
      assert.equal(byId.data.booking.customer.name, 'Akosua Mensah');
      assert.equal(byId.data.booking.customer.phone, '+233207654321');
      assert.equal((await customer(made.data.customer.id)).bookingsCount, 2);
    });

    test('a full or closed time is 409 slot-unavailable for staff; owners and admins book it with allowOverbook (recorded); staff may not', async () => {
      const date = dayAhead(3);
      assert.equal((await create({ serviceId: service.id, date, time: '09:00', source: 'phone', customer: { name: 'First' } })).statusCode, 201);
      expectError(await create({ serviceId: service.id, date, time: '09:00', source: 'phone', customer: { name: 'Second' } }, staff.headers), 409, 'slot-unavailable');
      expectError(await create({ serviceId: service.id, date, time: '21:00', source: 'phone', customer: { name: 'Late' } }, staff.headers), 409, 'slot-unavailable');
      expectError(await create({ serviceId: service.id, date, time: '09:00', source: 'phone', customer: { name: 'Second' }, allowOverbook: true }, staff.headers), 403, 'forbidden');
      const squeezed = await create({ serviceId: service.id, date, time: '09:00', source: 'phone', customer: { name: 'Second' }, allowOverbook: true }, admin.headers);
      assert.equal(squeezed.statusCode, 201, squeezed.body);
      assert.equal(squeezed.data.booking.overbooked, true);
      const late = await create({ serviceId: service.id, date, time: '21:00', source: 'other', customer: { name: 'Late' }, allowOverbook: true });
      assert.equal(late.statusCode, 201, late.body);
      assert.equal(late.data.booking.overbooked, true);
      assert.equal(late.data.booking.endTime, '22:00');
      // Overbooked bookings hold their seats: the website sees 09:00 full.
      const key = await env.createKey(store);
      const slots = await env.inject({ method: 'GET', url: `/v1IntegrationAvailability?storeId=${store.storeId}&serviceId=${service.id}&from=${date}T00:00:00Z&to=${date}T23:59:00Z`, headers: env.keyHeaders(key) });
      assert.ok(!slots.data.slots.some((s: { time: string }) => s.time === '09:00'));
    });

    test('a visit already started is recorded after the fact by an owner or admin: completed, attended, no mail; staff are refused', async () => {
      const now = DateTime.now().setZone(ZONE);
      const earlier = now.minus({ hours: 2 });
      const payload = { serviceId: service.id, date: earlier.toISODate(), time: earlier.toFormat('HH:mm'), source: 'walk_in', customer: { name: 'Served Earlier', email: 'served@example.test' } };
      expectError(await create(payload, staff.headers), 409, 'slot-unavailable');
      const res = await create(payload, admin.headers);
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.data.booking.status, 'completed');
      assert.equal(res.data.booking.attendance, 'attended');
      const queued = await env.db.selectFrom('mail_outbox').select('kind').where('booking_id', '=', res.data.booking.bookingId).execute();
      assert.deepEqual(queued, [], 'no mail for a visit recorded afterwards');
    });

    test('no-show: refused before the start, then cancelled as missed after it, counted on the customer, no mail', async () => {
      const future = await create({ serviceId: service.id, date: dayAhead(4), time: '10:00', source: 'phone', customer: { name: 'Kwesi Later', phone: '0551110002' } });
      expectError(await patch(future.data.booking.bookingId, { attendance: 'no_show' }), 409, 'conflict');
      // A booking whose time has passed (recorded earlier today, then reopened is not possible: use the integration's row directly).
      const past = DateTime.now().setZone(ZONE).minus({ hours: 3 });
      const visit = await create({ serviceId: service.id, date: past.toISODate(), time: past.toFormat('HH:mm'), source: 'phone', customer: { name: 'Kwesi Later', phone: '0551110002' } }, admin.headers);
      assert.equal(visit.statusCode, 201, visit.body);
      // Put it back to confirmed, as a booking made before its day would be.
      await env.db.updateTable('bookings').set({ status: 'confirmed', attendance: null }).where('id', '=', visit.data.booking.bookingId).execute();
      const marked = await patch(visit.data.booking.bookingId, { attendance: 'no_show' }, staff.headers);
      assert.equal(marked.statusCode, 200, marked.body);
      assert.equal(marked.data.booking.status, 'cancelled');
      assert.equal(marked.data.booking.attendance, 'no_show');
      assert.deepEqual({ by: marked.data.booking.cancellation.by, reason: marked.data.booking.cancellation.reason }, { by: 'store', reason: 'no_show' });
      assert.equal((await customer(visit.data.booking.customerId)).noShowCount, 1);
      // Twice is a conflict; attendance and a contradicting status is refused.
      expectError(await patch(visit.data.booking.bookingId, { attendance: 'no_show' }), 409, 'conflict');
      expectError(await patch(future.data.booking.bookingId, { attendance: 'no_show', status: 'completed' }), 400, 'validation-failed');
    });

    test('a booking moved by the store is moved again and completed without being confirmed first; completing records attended; cancel with a reason', async () => {
      const b = (await create({ serviceId: service.id, date: dayAhead(5), time: '10:00', source: 'social', customer: { name: 'Efua Twice' } })).data.booking;
      const once = await patch(b.bookingId, { status: 'rescheduled', bookingDate: dayAhead(6), bookingTime: '11:00' });
      assert.equal(once.statusCode, 200, once.body);
      const twice = await patch(b.bookingId, { status: 'rescheduled', bookingDate: dayAhead(7), bookingTime: '12:00' });
      assert.equal(twice.statusCode, 200, twice.body);
      assert.equal(twice.data.booking.bookingTime, '12:00');
      const done = await patch(b.bookingId, { status: 'completed' });
      assert.equal(done.statusCode, 200, done.body);
      assert.equal(done.data.booking.attendance, 'attended');
      const c = (await create({ serviceId: service.id, date: dayAhead(5), time: '14:00', source: 'phone', customer: { name: 'Yaw Cancel' } })).data.booking;
      const cancelled = await patch(c.bookingId, { status: 'cancelled', cancellationReason: 'Stylist ill' });
      assert.equal(cancelled.data.booking.cancellation.reason, 'Stylist ill');
    });

    test('bad input: missing, malformed, oversized, hostile, unknown fields, products, foreign ids and keys', async () => {
      const ok = { serviceId: service.id, date: dayAhead(8), time: '10:00', source: 'walk_in', customer: { name: 'Valid' } };
      const cases: [Record<string, unknown>, string][] = [
        [{ ...ok, serviceId: undefined }, 'serviceId'],
        [{ ...ok, date: '2026-02-30' }, 'date'],
        [{ ...ok, date: 'tomorrow' }, 'date'],
        [{ ...ok, time: '25:00' }, 'time'],
        [{ ...ok, source: 'pigeon' }, 'source'],
        [{ ...ok, source: undefined }, 'source'],
        [{ ...ok, customer: {} }, 'customer.name'],
        [{ ...ok, customer: { name: 'x', phone: '12' } }, 'customer.phone'],
        [{ ...ok, customer: { name: 'x', email: 'not-mail' } }, 'customer.email'],
        [{ ...ok, customer: { customerId: 'cus_x', name: 'both' } }, 'customer'],
        [{ ...ok, customer: { name: 'x'.repeat(201) } }, 'customer.name'],
        [{ ...ok, notes: 'x'.repeat(2001) }, 'notes'],
        [{ ...ok, staffIdd: 'typo' }, 'staffIdd'],
        [{ ...ok, quantity: 0 }, 'quantity'],
        [{ ...ok, allowOverbook: 'yes' }, 'allowOverbook'],
      ];
      for (const [payload, field] of cases) {
        const res = await create(payload);
        expectError(res, 400, 'validation-failed');
        assert.ok(res.data.details.some((d: { field: string }) => d.field === field || d.field.startsWith(`${field}.`) || d.field.startsWith(field)), `${field}: ${res.body}`);
      }
      const hostile = await create({ ...ok, time: '10:30', customer: { name: '<script>alert(1)</script>', phone: "0241234567'; drop table bookings;--" } });
      expectError(hostile, 400, 'validation-failed');
      const named = await create({ ...ok, time: '10:30', customer: { name: '<img src=x onerror=alert(1)>' } });
      assert.equal(named.statusCode, 201, named.body);
      assert.equal(named.data.booking.customer.name, '<img src=x onerror=alert(1)>', 'kept as text');
      expectError(await create({ ...ok, serviceId: product.id }), 422, 'not-bookable');
      expectError(await create({ ...ok, serviceId: 'nope' }), 404, 'service-not-found');
      expectError(await create({ ...ok, customer: { customerId: 'cus_nope' } }), 404, 'not-found');
      // Another store's service, customer and URL are walls.
      const theirs = await env.createItem(other, { itemType: 'service', price: 1, schedule: { durationMinutes: 30, weeklyHours: WEEK.map((day) => ({ day, start: '08:00', end: '20:00' })) } });
      expectError(await create({ ...ok, serviceId: theirs.id }), 404, 'service-not-found');
      const theirCustomer = (await env.inject({ method: 'POST', url: `/api/stores/${other.storeId}/customers`, headers: env.staffHeaders(other), payload: { name: 'Theirs' } })).data.customer;
      expectError(await create({ ...ok, customer: { customerId: theirCustomer.id } }), 404, 'not-found');
      expectError(await create(ok, env.staffHeaders(other)), 403, 'forbidden');
      expectError(await create(ok, {}), 401, 'unauthorized');
      const key = await env.createKey(store);
      const byKey = await create(ok, env.keyHeaders(key));
      assert.ok([401, 403].includes(byKey.statusCode), byKey.body);
    });

    test('concurrent front-desk bookings for the last seat: exactly one 201, the rest 409 slot-unavailable', async () => {
      const date = dayAhead(9);
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => create({ serviceId: service.id, date, time: '15:00', source: 'phone', customer: { name: `Racer ${i}`, phone: `024000${String(i).padStart(4, '0')}` } }, staff.headers)),
      );
      assert.deepEqual(results.map((r) => r.statusCode).sort(), [201, ...Array(7).fill(409)]);
    });
  },
  { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } },
);
