// Staff calendars (issue 32), both engines: bookable people with their own hours, time off and
// services; availability listing who is free (staffIds) and filtered by person; bookings that name a
// person or get the one with the fewest bookings that day; one person never double-booked, across
// services and under 50 racing requests (and two instances on PostgreSQL); moving a booking in time
// or to another person only onto free time; time off or removal over bookings to come refused with
// the list; the store info's public staff list; a service without performers exactly as before.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { buildApp } from '../../src/app.ts';
import { connectDatabase } from '../../src/db/connect.ts';
import { describeEachDb, expectError, type TestEnv, type TestMember, type TestStore } from '../helpers/app.ts';

const ZONE = 'Africa/Accra';
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const every = (start: string, end: string) => WEEK.map((day) => ({ day, start, end }));
const dayAhead = (days: number) => DateTime.now().setZone(ZONE).plus({ days }).toISODate()!;

describeEachDb('staff calendars', (env: TestEnv) => {
  let store: TestStore;
  let other: TestStore;
  let member: TestMember;
  let key = '';
  let braids: { id: string; name: string };
  let wash: { id: string };
  let plain: { id: string };
  let product: { id: string };
  let efua: { id: string; displayName: string };
  let kojo: { id: string; displayName: string };

  const staffUrl = (s: TestStore = store, id = '') => `/api/stores/${s.storeId}/staff${id ? `/${id}` : ''}`;
  const addStaff = (payload: Record<string, unknown>, headers = env.staffHeaders(store), s: TestStore = store) => env.inject({ method: 'POST', url: staffUrl(s), headers, payload });
  const patchStaff = (id: string, payload: Record<string, unknown>, headers = env.staffHeaders(store)) => env.inject({ method: 'PATCH', url: staffUrl(store, id), headers, payload });
  const book = (payload: Record<string, unknown>, headers: Record<string, string> = env.keyHeaders(key)) =>
    env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${store.storeId}`, headers, payload });
  const bookingBody = (serviceId: string, date: string, time: string, extra: Record<string, unknown> = {}, n = 0) => ({
    serviceId,
    bookingDate: date,
    bookingTime: time,
    customer: { name: `Customer ${n}`, phone: `+23324${String(1_000_000 + n).padStart(7, '0')}` },
    ...extra,
  });
  const availability = async (serviceId: string, date: string, extra = '') => {
    const from = DateTime.fromISO(date, { zone: ZONE }).toUTC().toISO();
    const to = DateTime.fromISO(date, { zone: ZONE }).plus({ days: 1 }).toUTC().toISO();
    const res = await env.inject({ method: 'GET', url: `/v1IntegrationAvailability?storeId=${store.storeId}&serviceId=${serviceId}&from=${from}&to=${to}${extra}`, headers: env.keyHeaders(key) });
    assert.equal(res.statusCode, 200, res.body);
    return res.data.slots as { time: string; staffIds?: string[]; remaining: number; capacity: number }[];
  };
  const freeAt = async (serviceId: string, date: string, time: string) => (await availability(serviceId, date)).find((s) => s.time === time)?.staffIds ?? [];

  before(async () => {
    store = await env.createStore({ timezone: ZONE, name: 'Efua Braids' });
    other = await env.createStore({ timezone: ZONE });
    member = await env.addMember(store, { role: 'staff' });
    key = await env.createKey(store);
    const schedule = { durationMinutes: 60, capacity: 1, slotIntervalMinutes: 60, maxAdvanceDays: 365, weeklyHours: every('08:00', '20:00') };
    braids = await env.createItem(store, { itemType: 'service', price: 200, name: 'Knotless braids', schedule });
    wash = await env.createItem(store, { itemType: 'service', price: 50, name: 'Wash', schedule });
    plain = await env.createItem(store, { itemType: 'service', price: 30, name: 'Consultation', schedule });
    product = await env.createItem(store, { itemType: 'product', price: 20, name: 'Edge control', stockCount: 5 });
  });

  test('owners add people with hours, time off and services; the record is read back; any member reads, only owners and admins write', async () => {
    const res = await addStaff({
      displayName: '  Efua  ',
      photoUrl: 'https://images.example.test/efua.jpg',
      memberId: member.userId,
      weeklyHours: every('09:00', '13:00'),
      timeOff: [{ from: '2030-01-01', to: '2030-01-02', note: 'New year' }],
      serviceIds: [braids.id, `${store.storeId}_${wash.id}`],
    });
    assert.equal(res.statusCode, 201, res.body);
    efua = res.data.staff;
    assert.match(efua.id, /^stf_/);
    assert.equal(efua.displayName, 'Efua');
    assert.deepEqual(res.data.staff.serviceIds, [braids.id, wash.id], 'display ids are taken as raw ids');
    // Whole days in the store's zone (Accra is UTC): the last day included.
    assert.deepEqual(res.data.staff.timeOff, [{ from: '2030-01-01T00:00:00.000Z', to: '2030-01-03T00:00:00.000Z', note: 'New year' }]);
    assert.equal(res.data.staff.memberId, member.userId);

    const k = await addStaff({ displayName: 'Kojo', weeklyHours: every('12:00', '17:00'), serviceIds: [braids.id] });
    assert.equal(k.statusCode, 201, k.body);
    kojo = k.data.staff;

    const listed = await env.inject({ method: 'GET', url: staffUrl(), headers: member.headers });
    assert.equal(listed.statusCode, 200, listed.body);
    assert.deepEqual(listed.data.staff.map((s: { displayName: string }) => s.displayName), ['Efua', 'Kojo']);
    const one = await env.inject({ method: 'GET', url: staffUrl(store, efua.id), headers: member.headers });
    assert.deepEqual(one.data.staff, res.data.staff);

    expectError(await addStaff({ displayName: 'X', weeklyHours: [], serviceIds: [] }, member.headers), 403, 'forbidden');
    expectError(await patchStaff(efua.id, { displayName: 'Y' }, member.headers), 403, 'forbidden');
    expectError(await env.inject({ method: 'DELETE', url: staffUrl(store, efua.id), headers: member.headers }), 403, 'forbidden');
  });

  test('bad input is 400 naming every field; unknown people 404; another store\'s people and services are walls', async () => {
    const fieldsOf = (res: { data: { details: { field: string }[] } }) => res.data.details.map((d) => d.field);
    // The shape: every bad field in one answer.
    const bad = await addStaff({
      displayName: '   ',
      photoUrl: 'javascript:alert(1)',
      weeklyHours: [{ day: 'funday', start: '09:00', end: '10:00' }, { day: 'mon', start: '12:00', end: '11:00' }],
      timeOff: [{ from: 'soon', to: '2030-01-01' }],
      serviceIds: [braids.id],
    });
    expectError(bad, 400, 'validation-failed');
    for (const f of ['displayName', 'photoUrl', 'weeklyHours.0.day', 'weeklyHours.1.end', 'timeOff.0.from']) assert.ok(fieldsOf(bad).includes(f), `${f} in ${fieldsOf(bad)}`);
    // Well-formed, but against the store's data: a product, an unknown service, time off ending before it starts.
    const wrong = await addStaff({ displayName: 'Wrong', weeklyHours: [], timeOff: [{ from: '2030-02-02', to: '2030-02-01' }, { from: '2030-02-30', to: '2030-03-01' }], serviceIds: [product.id, 'nope'] });
    expectError(wrong, 400, 'validation-failed');
    for (const f of ['timeOff.0.to', 'timeOff.1.from', 'serviceIds.0', 'serviceIds.1']) assert.ok(fieldsOf(wrong).includes(f), `${f} in ${fieldsOf(wrong)}`);
    expectError(await addStaff({ displayName: 'No hours' }), 400, 'validation-failed');
    expectError(await addStaff({ displayName: 'Extra', weeklyHours: [], serviceIds: [], salary: 100 }), 400, 'validation-failed');
    expectError(await addStaff({ displayName: 'Too many', weeklyHours: [], serviceIds: Array.from({ length: 201 }, (_, i) => `s${i}`) }), 400, 'validation-failed');
    expectError(await addStaff({ displayName: 'x'.repeat(81), weeklyHours: [], serviceIds: [] }), 400, 'validation-failed');
    const outsider = await env.addMember(other, { role: 'staff' });
    const foreignMember = await addStaff({ displayName: 'Outsider', weeklyHours: [], serviceIds: [], memberId: outsider.userId });
    expectError(foreignMember, 400, 'validation-failed');
    assert.equal(foreignMember.data.details[0].field, 'memberId');

    expectError(await env.inject({ method: 'GET', url: staffUrl(store, 'stf_missing'), headers: env.staffHeaders(store) }), 404, 'staff-not-found');
    expectError(await patchStaff('stf_missing', { displayName: 'Z' }), 404, 'staff-not-found');
    // Another store's owner cannot read or change this store's people, nor point theirs at its services.
    expectError(await env.inject({ method: 'GET', url: staffUrl(store), headers: env.staffHeaders(other) }), 403, 'forbidden');
    expectError(await env.inject({ method: 'PATCH', url: staffUrl(store, efua.id), headers: env.staffHeaders(other), payload: { displayName: 'Taken' } }), 403, 'forbidden');
    expectError(await env.inject({ method: 'GET', url: staffUrl(other, efua.id), headers: env.staffHeaders(other) }), 404, 'staff-not-found');
    const crossed = await addStaff({ displayName: 'Crossed', weeklyHours: [], serviceIds: [braids.id] }, env.staffHeaders(other), other);
    expectError(crossed, 400, 'validation-failed');
  });

  test('the store info lists the bookable people for websites (id, name, photo, services)', async () => {
    const res = await env.inject({ method: 'GET', url: `/v1IntegrationStore?storeId=${store.storeId}`, headers: env.keyHeaders(key) });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.data.store.staff, [
      { id: efua.id, displayName: 'Efua', photoUrl: 'https://images.example.test/efua.jpg', serviceIds: [braids.id, wash.id] },
      { id: kojo.id, displayName: 'Kojo', photoUrl: null, serviceIds: [braids.id] },
    ]);
    const otherKey = await env.createKey(other);
    const theirs = await env.inject({ method: 'GET', url: `/v1IntegrationStore?storeId=${other.storeId}`, headers: env.keyHeaders(otherKey) });
    assert.deepEqual(theirs.data.store.staff, []);
  });

  test('availability lists who is free per slot within each person\'s hours, filters by person, and leaves a service without performers as it was', async () => {
    const date = dayAhead(3);
    const slots = await availability(braids.id, date);
    const at = (time: string) => slots.find((s) => s.time === time);
    assert.equal(at('08:00'), undefined, 'nobody works at 08:00');
    assert.deepEqual(at('09:00')?.staffIds, [efua.id]);
    assert.deepEqual(at('12:00')?.staffIds, [efua.id, kojo.id]);
    assert.equal(at('12:00')?.capacity, 2);
    assert.equal(at('12:00')?.remaining, 2);
    assert.deepEqual(at('16:00')?.staffIds, [kojo.id]);
    assert.equal(at('17:00'), undefined, 'Kojo stops at 17:00');
    const kojoOnly = await availability(braids.id, date, `&staffId=${kojo.id}`);
    assert.deepEqual(kojoOnly.map((s) => s.time), ['12:00', '13:00', '14:00', '15:00', '16:00']);
    assert.ok(kojoOnly.every((s) => s.capacity === 1 && s.remaining === 1 && s.staffIds?.join() === kojo.id));
    // A service nobody performs: by capacity, no staffIds, every hour.
    const consult = await availability(plain.id, date);
    assert.equal(consult.length, 12);
    assert.ok(consult.every((s) => !('staffIds' in s) && s.capacity === 1));
    const res = await env.inject({ method: 'GET', url: `/v1IntegrationAvailability?storeId=${store.storeId}&serviceId=${plain.id}&from=${date}T00:00:00Z&to=${date}T23:00:00Z&staffId=${efua.id}`, headers: env.keyHeaders(key) });
    expectError(res, 422, 'not-bookable');
    const unknown = await env.inject({ method: 'GET', url: `/v1IntegrationAvailability?storeId=${store.storeId}&serviceId=${braids.id}&from=${date}T00:00:00Z&to=${date}T23:00:00Z&staffId=stf_nobody`, headers: env.keyHeaders(key) });
    expectError(unknown, 404, 'staff-not-found');
  });

  test('a booking names its person, or gets the one with the fewest bookings that day; a busy person is 409 on every service they perform', async () => {
    const date = dayAhead(4);
    const named = await book({ ...bookingBody(braids.id, date, '14:00', { staffId: kojo.id }, 1), customer: { name: 'Esi', phone: '+233241000001', email: 'esi@example.test' } });
    assert.equal(named.statusCode, 201, named.body);
    assert.equal(named.data.booking.staffId, kojo.id);
    assert.equal(named.data.booking.staffName, 'Kojo');
    // The customer's mail names the person (rendered from what was queued with the booking).
    const mail = await env.db.selectFrom('mail_outbox').select(['payload', 'to_address']).where('booking_id', '=', named.data.bookingId).where('to_address', '=', 'esi@example.test').executeTakeFirstOrThrow();
    assert.equal(JSON.parse(mail.payload!).booking.staffName, 'Kojo');
    // Both free at 12:00; Kojo has one booking that day, Efua none: it goes to Efua…
    const assigned = await book(bookingBody(braids.id, date, '12:00', {}, 2));
    assert.equal(assigned.statusCode, 201, assigned.body);
    assert.equal(assigned.data.booking.staffId, efua.id);
    // …and the next at 12:00 to Kojo, the one still free.
    const later = await book(bookingBody(braids.id, date, '12:00', {}, 3));
    assert.equal(later.data.booking.staffId, kojo.id, later.body);
    expectError(await book(bookingBody(braids.id, date, '12:00', {}, 31)), 409, 'slot-unavailable');
    // Efua is booked at 10:00 for braids (attributes.staffId works too): the wash she also does is not free then.
    const viaAttributes = await book(bookingBody(braids.id, date, '10:00', { attributes: { staffId: efua.id } }, 4));
    assert.equal(viaAttributes.data.booking.staffId, efua.id, viaAttributes.body);
    assert.deepEqual(await freeAt(wash.id, date, '10:00'), []);
    const clash = await book(bookingBody(wash.id, date, '10:00', { staffId: efua.id }, 5));
    expectError(clash, 409, 'slot-unavailable');
    expectError(await book(bookingBody(wash.id, date, '10:00', {}, 6)), 409, 'slot-unavailable');
    // Asking for someone who does not do the service, or nobody known.
    expectError(await book(bookingBody(wash.id, date, '11:00', { staffId: kojo.id }, 7)), 422, 'not-bookable');
    expectError(await book(bookingBody(braids.id, date, '11:00', { staffId: 'stf_nobody' }, 8)), 404, 'staff-not-found');
    // The staff list of bookings and the booking record carry the person.
    const read = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings/${named.data.bookingId}`, headers: env.staffHeaders(store) });
    assert.equal(read.data.booking.staffName, 'Kojo');
    // A service without performers: no person.
    const consult = await book(bookingBody(plain.id, date, '10:00', {}, 9));
    assert.equal(consult.statusCode, 201, consult.body);
    assert.equal(consult.data.booking.staffId, null);
  });

  test('time off takes a person out of availability; over bookings to come it is refused with the list unless kept; removal too', async () => {
    const date = dayAhead(5);
    const booked = await book(bookingBody(braids.id, date, '09:00', { staffId: efua.id }, 10));
    assert.equal(booked.statusCode, 201, booked.body);
    const current = (await env.inject({ method: 'GET', url: staffUrl(store, efua.id), headers: env.staffHeaders(store) })).data.staff;
    const afternoon = [...current.timeOff, { from: `${date}T11:00`, to: `${date}T13:00`, note: 'Doctor' }];
    const ok = await patchStaff(efua.id, { timeOff: afternoon });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal((await freeAt(braids.id, date, '11:00')).includes(efua.id), false);
    assert.deepEqual(await freeAt(braids.id, date, '10:00'), [efua.id]);

    const overBooking = [...afternoon, { from: date, to: date }];
    const refused = await patchStaff(efua.id, { timeOff: overBooking });
    expectError(refused, 409, 'conflict');
    assert.match(refused.data.details[0].message, new RegExp(`${booked.data.reference} ${date} 09:00 Knotless braids`));
    assert.equal((await env.inject({ method: 'GET', url: staffUrl(store, efua.id), headers: env.staffHeaders(store) })).data.staff.timeOff.length, afternoon.length, 'nothing changed');
    const kept = await patchStaff(efua.id, { timeOff: overBooking, keepBookings: true });
    assert.equal(kept.statusCode, 200, kept.body);
    assert.deepEqual(await freeAt(braids.id, date, '12:00'), [kojo.id]);

    const removal = await env.inject({ method: 'DELETE', url: staffUrl(store, efua.id), headers: env.staffHeaders(store) });
    expectError(removal, 409, 'conflict');
    assert.ok(removal.data.details.some((d: { message: string }) => d.message.startsWith(booked.data.reference)));
    // Put back as it was for the tests after.
    assert.equal((await patchStaff(efua.id, { timeOff: current.timeOff })).statusCode, 200);
  });

  test('staff move a booking to another time or person only onto free time; the person is kept when only the time changes', async () => {
    const date = dayAhead(6);
    const a = await book(bookingBody(braids.id, date, '12:00', { staffId: efua.id }, 11));
    const b = await book(bookingBody(braids.id, date, '13:00', { staffId: kojo.id }, 12));
    assert.equal(a.statusCode, 201, a.body);
    assert.equal(b.statusCode, 201, b.body);
    const patch = (id: string, payload: Record<string, unknown>) => env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/bookings/${id}`, headers: env.staffHeaders(store), payload });
    // Efua does not work at 15:00.
    expectError(await patch(a.data.bookingId, { status: 'rescheduled', bookingDate: date, bookingTime: '15:00' }), 409, 'slot-unavailable');
    const earlier = await patch(a.data.bookingId, { status: 'rescheduled', bookingDate: date, bookingTime: '11:00' });
    assert.equal(earlier.statusCode, 200, earlier.body);
    assert.equal(earlier.data.booking.staffId, efua.id);
    assert.equal(earlier.data.booking.bookingTime, '11:00');
    // Kojo is busy at 13:00: Efua's 11:00 cannot go to him at 13:00; it can go to him at 14:00.
    expectError(await patch(a.data.bookingId, { status: 'rescheduled', bookingDate: date, bookingTime: '13:00', staffId: kojo.id }), 409, 'slot-unavailable');
    const moved = await patch(a.data.bookingId, { status: 'rescheduled', bookingDate: date, bookingTime: '14:00', staffId: kojo.id });
    assert.equal(moved.statusCode, 200, moved.body);
    assert.deepEqual([moved.data.booking.staffId, moved.data.booking.staffName, moved.data.booking.bookingTime], [kojo.id, 'Kojo', '14:00']);
    // Only the person: Kojo's 13:00 goes to Efua at the same time (free again at 12:00–13:00? she works to 13:00, so no).
    expectError(await patch(b.data.bookingId, { staffId: efua.id }), 409, 'slot-unavailable');
    const noon = await book(bookingBody(braids.id, date, '12:00', { staffId: kojo.id }, 13));
    const toEfua = await patch(noon.data.bookingId, { staffId: efua.id });
    assert.equal(toEfua.statusCode, 200, toEfua.body);
    assert.equal(toEfua.data.booking.staffId, efua.id);
    assert.equal(toEfua.data.booking.bookingTime, '12:00');
    expectError(await patch(noon.data.bookingId, { staffId: 'stf_nobody' }), 404, 'staff-not-found');
  });

  test('the front desk books a person (or the freest one); owners may double-book a person knowingly', async () => {
    const date = dayAhead(7);
    const desk = (payload: Record<string, unknown>, headers = env.staffHeaders(store)) => env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/bookings`, headers, payload });
    const walkIn = await desk({ serviceId: braids.id, date, time: '12:00', source: 'walk_in', customer: { name: 'Adwoa', phone: '0241112233' } }, member.headers);
    assert.equal(walkIn.statusCode, 201, walkIn.body);
    assert.equal(walkIn.data.booking.staffId, efua.id);
    const second = await desk({ serviceId: braids.id, date, time: '12:00', source: 'phone', customer: { name: 'Yaw', phone: '0241112234' } }, member.headers);
    assert.equal(second.data.booking.staffId, kojo.id);
    expectError(await desk({ serviceId: braids.id, date, time: '12:00', source: 'phone', customer: { name: 'Kofi', phone: '0241112235' } }, member.headers), 409, 'slot-unavailable');
    const squeezed = await desk({ serviceId: braids.id, date, time: '12:00', source: 'phone', staffId: kojo.id, allowOverbook: true, customer: { name: 'Kofi', phone: '0241112235' } });
    assert.equal(squeezed.statusCode, 201, squeezed.body);
    assert.equal(squeezed.data.booking.staffId, kojo.id);
    assert.equal(squeezed.data.booking.overbooked, true);
  });

  test('across a daylight-saving change (Europe/London, March 2027) a person\'s hours stay on the wall clock and bookings land in them', async () => {
    const london = await env.createStore({ timezone: 'Europe/London', name: 'London Cuts' });
    const londonKey = await env.createKey(london);
    const cut = await env.createItem(london, { itemType: 'service', price: 30, name: 'Cut', schedule: { durationMinutes: 60, capacity: 1, slotIntervalMinutes: 60, maxAdvanceDays: 500, weeklyHours: every('08:00', '20:00') } });
    const person = await addStaff({ displayName: 'Tom', weeklyHours: every('09:00', '12:00'), timeOff: [{ from: '2027-03-29T10:00', to: '2027-03-29T11:00' }], serviceIds: [cut.id] }, env.staffHeaders(london), london);
    assert.equal(person.statusCode, 201, person.body);
    // Time off in the store's wall clock: 10:00 BST is 09:00 UTC.
    assert.deepEqual(person.data.staff.timeOff[0], { from: '2027-03-29T09:00:00.000Z', to: '2027-03-29T10:00:00.000Z', note: null });
    const res = await env.inject({ method: 'GET', url: `/v1IntegrationAvailability?storeId=${london.storeId}&serviceId=${cut.id}&from=2027-03-27T00:00:00Z&to=2027-03-30T00:00:00Z`, headers: env.keyHeaders(londonKey) });
    assert.equal(res.statusCode, 200, res.body);
    const got = res.data.slots.map((slot: { date: string; time: string; start: string }) => `${slot.date} ${slot.time} ${slot.start.slice(11, 16)}`);
    assert.deepEqual(got, [
      '2027-03-27 09:00 09:00', '2027-03-27 10:00 10:00', '2027-03-27 11:00 11:00',
      '2027-03-28 09:00 08:00', '2027-03-28 10:00 09:00', '2027-03-28 11:00 10:00',
      '2027-03-29 09:00 08:00', '2027-03-29 11:00 10:00',
    ]);
    const booked = await env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${london.storeId}`, headers: env.keyHeaders(londonKey), payload: { serviceId: cut.id, bookingDate: '2027-03-28', bookingTime: '11:00', customer: { name: 'Ann', phone: '+447700900123' } } });
    assert.equal(booked.statusCode, 201, booked.body);
    assert.deepEqual([booked.data.booking.startAt, booked.data.booking.staffName], ['2027-03-28T10:00:00.000Z', 'Tom']);
    const refused = await env.inject({ method: 'POST', url: `/v1IntegrationBookings?storeId=${london.storeId}`, headers: env.keyHeaders(londonKey), payload: { serviceId: cut.id, bookingDate: '2027-03-28', bookingTime: '12:00', customer: { name: 'Bob', phone: '+447700900124' } } });
    expectError(refused, 409, 'slot-unavailable');
  });

  test('50 concurrent requests for one person\'s last free hour: exactly one is booked', async () => {
    const date = dayAhead(8);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => book(bookingBody(braids.id, date, '09:00', i % 2 ? { staffId: efua.id } : {}, 100 + i))));
    const codes = results.map((r) => r.statusCode);
    assert.equal(codes.filter((c) => c === 201).length, 1, JSON.stringify(codes));
    for (const r of results.filter((x) => x.statusCode !== 201)) expectError(r, 409, 'slot-unavailable');
    const rows = await env.db.selectFrom('bookings').select('id').where('store_id', '=', store.storeId).where('staff_id', '=', efua.id).where('booking_date', '=', date).execute();
    assert.equal(rows.length, 1);
  });

  test('racing bookings of two services one person performs, at overlapping times: one wins', async () => {
    const date = dayAhead(9);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book(bookingBody(i % 2 ? wash.id : braids.id, date, '10:00', { staffId: efua.id }, 200 + i))),
    );
    assert.equal(results.filter((r) => r.statusCode === 201).length, 1, JSON.stringify(results.map((r) => r.statusCode)));
  });

  test('racing bookings of one person at times that overlap but start apart (10:00–11:30 and 11:00–12:00): one wins; at times apart: both', async () => {
    const date = dayAhead(11);
    const long = await env.createItem(store, { itemType: 'service', price: 300, name: 'Long braids', schedule: { durationMinutes: 90, capacity: 1, slotIntervalMinutes: 30, maxAdvanceDays: 365, weeklyHours: every('08:00', '20:00') } });
    const joined = await patchStaff(efua.id, { serviceIds: [braids.id, wash.id, long.id] });
    assert.equal(joined.statusCode, 200, joined.body);
    const overlapping = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book(i % 2 ? bookingBody(long.id, date, '10:00', { staffId: efua.id }, 400 + i) : bookingBody(wash.id, date, '11:00', { staffId: efua.id }, 400 + i))),
    );
    assert.equal(overlapping.filter((r) => r.statusCode === 201).length, 1, JSON.stringify(overlapping.map((r) => r.statusCode)));
    // Her hours are 09:00–13:00: on another day, 09:00–10:00 and 11:00–12:30 at once.
    const apart = await Promise.all([book(bookingBody(wash.id, dayAhead(12), '09:00', { staffId: efua.id }, 430)), book(bookingBody(long.id, dayAhead(12), '11:00', { staffId: efua.id }, 431))]);
    assert.deepEqual(apart.map((r) => r.statusCode), [201, 201], apart.map((r) => r.body).join(' '));
    await patchStaff(efua.id, { serviceIds: [braids.id, wash.id] });
  });

  if (env.dialect.name === 'postgres') {
    test('two instances on one PostgreSQL database: 40 racing requests for one person\'s hour give one booking', async () => {
      const date = dayAhead(10);
      const database = await connectDatabase(env.dialect.url, { schema: (env as any).schema, poolSize: 10 });
      const second = await buildApp(env.config, { database, logger: false });
      await second.ready();
      try {
        const results = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            (i % 2 ? second : env.app).inject({
              method: 'POST',
              url: `/v1IntegrationBookings?storeId=${store.storeId}`,
              headers: env.keyHeaders(key),
              payload: bookingBody(i % 3 ? braids.id : wash.id, date, '09:00', { staffId: efua.id }, 300 + i),
            }),
          ),
        );
        assert.equal(results.filter((r) => r.statusCode === 201).length, 1, JSON.stringify(results.map((r) => r.statusCode)));
      } finally {
        await second.close();
        await database.destroy();
      }
    });
  }
});
