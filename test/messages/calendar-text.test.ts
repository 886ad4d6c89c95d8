// Text in calendar files (RFC 5545): every value escaped and folded, so a name holding line breaks,
// semicolons, commas, quotes or backslashes stays inside its own property and never adds one (an
// ATTENDEE, an X- property) to a customer's invitation. Names with control characters are refused
// at input, and a name stored before that rule is still written on one line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ICAL from 'ical.js';
import { bookingCalendar } from '../../src/modules/messages/calendar.ts';
import type { BookingSnapshot } from '../../src/modules/messages/kinds.ts';
import { postCsv, postFeed } from '../sync/helpers.ts';
import { describeEachDb, expectError } from '../helpers/app.ts';

const HOSTILE = 'Adom\r\nATTENDEE:mailto:evil@example.test\r\nX-EVIL:1;"quoted", \\ back\nMETHOD:CANCEL\r';

function calendarOf(names: { store: string; address: string; service: string; customer: string }) {
  const booking = {
    bookingId: 'bkg_calendar1',
    calendarSequence: 2,
    startAt: '2026-12-10T10:00:00.000Z',
    endAt: '2026-12-10T11:30:00.000Z',
    serviceName: names.service,
    reference: 'BKG-CAL1',
    manageUrl: 'https://shop.example.test/b/abc',
    customer: { name: names.customer, email: 'esi@example.test' },
  } as unknown as BookingSnapshot;
  return bookingCalendar(booking, { name: names.store, address: names.address, organizerEmail: 'hello@adom.example.test' }, 'request', 'https://shop.example.test');
}

test('a store, address, service and customer named with CR/LF and iCalendar syntax: one property per line, each value whole', () => {
  const ics = calendarOf({ store: HOSTILE, address: `12 Oxford St\nOsu;${HOSTILE}`, service: `Braids\r\nX-EVIL:2`, customer: HOSTILE });
  // Unfolded (a CRLF and one space continue a line), every line is one property of a known name.
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);
  const names = lines.map((line) => line.split(/[;:]/)[0]);
  const known = ['BEGIN', 'END', 'VERSION', 'PRODID', 'METHOD', 'NAME', 'X-WR-CALNAME', 'UID', 'SEQUENCE', 'DTSTAMP', 'DTSTART', 'DTEND', 'SUMMARY', 'LOCATION', 'DESCRIPTION', 'ORGANIZER', 'ATTENDEE', 'URL', 'STATUS'];
  assert.deepEqual(names.filter((n) => !known.includes(n)), [], ics);
  assert.equal(names.filter((n) => n === 'ATTENDEE').length, 1, 'the customer alone is invited');
  assert.equal(names.filter((n) => n === 'METHOD').length, 1);
  assert.ok(lines.every((line) => !/[\r\n]/.test(line)), 'no bare CR or LF inside a line');
  assert.ok(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75), 'folded at 75 octets');

  // Parsed back with an iCalendar parser, the values are the names as given (text values keep their
  // line breaks, escaped; the calendar's name and the parameters are put on one line).
  const calendar = new ICAL.Component(ICAL.parse(ics));
  assert.equal(calendar.getAllProperties('method').length, 1);
  assert.equal(calendar.getFirstPropertyValue('method'), 'REQUEST');
  // ical.js keeps an X- property's value as written: here the escaped TEXT of the name on one line.
  assert.equal(calendar.getFirstPropertyValue('x-wr-calname'), 'Adom ATTENDEE:mailto:evil@example.test X-EVIL:1\\;"quoted"\\, \\\\ back METHOD:CANCEL');
  const event = calendar.getFirstSubcomponent('vevent')!;
  assert.equal(event.getFirstPropertyValue('summary'), `Braids\r\nX-EVIL:2 at ${HOSTILE}`.replace(/\r\n|\r/g, '\n'));
  assert.equal(event.getFirstPropertyValue('location'), `12 Oxford St\nOsu;${HOSTILE}`.replace(/\r\n|\r/g, '\n'));
  assert.equal(event.getAllProperties('attendee').length, 1);
  assert.equal(event.getFirstPropertyValue('attendee'), 'MAILTO:esi@example.test');
  assert.equal(event.getFirstProperty('organizer')!.getParameter('cn'), "Adom ATTENDEE:mailto:evil@example.test X-EVIL:1;'quoted', \\ back METHOD:CANCEL");
  assert.equal(event.getAllProperties('x-evil').length, 0);
  assert.equal(calendar.getAllProperties('x-evil').length, 0);
});

describeEachDb('names with control characters are refused at input', (env) => {
  test('store, service and staff names with line breaks or other control characters: 400 validation-failed naming the field; nothing saved', async () => {
    const store = await env.createStore({ name: 'Adom Braids' });
    const staff = env.staffHeaders(store);
    for (const name of ['Adom\r\nX-EVIL:1', 'Adom\nBraids', 'Adom\tBraids', 'Adom\u0007', 'Adom\u007f']) {
      const rename = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}`, headers: staff, payload: { name } });
      expectError(rename, 400, 'validation-failed');
      assert.equal(rename.data.details[0].field, 'name', rename.body);
      const signup = await env.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: `ctl-${Math.random()}@example.test`, password: 'long enough pw', name: 'Owner', store: { name } } });
      expectError(signup, 400, 'validation-failed');
      const item = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/items`, headers: staff, payload: { name, itemType: 'service', price: 10, schedule: { durationMinutes: 30 } } });
      expectError(item, 400, 'validation-failed');
      const person = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/staff`, headers: staff, payload: { displayName: name } });
      expectError(person, 400, 'validation-failed');
      const feed = await postFeed(env, store, { mode: 'upsert', items: [{ id: 'braids', name, itemType: 'product', price: 10 }] });
      assert.equal(feed.statusCode, 400, feed.body);
    }
    const csv = await postCsv(env, store, 'id,name,itemType,price\nbraids,"Two\nlines",product,10\n');
    assert.equal(csv.statusCode, 400, csv.body);
    assert.match(csv.body, /control characters/);
    // Names on one line, with the characters calendars escape, are fine.
    const fine = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}`, headers: staff, payload: { name: 'Adom; Braids, "Osu" \\ Accra' } });
    assert.equal(fine.statusCode, 200, fine.body);
    const items = await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/items`, headers: staff });
    assert.equal(items.data.items.length, 0, 'no item was saved');
  });
});
