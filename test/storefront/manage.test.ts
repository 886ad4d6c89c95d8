// The manage link's pages over HTTP: the booking in the store's name, zone and locale with its
// contact; cancel (asked first) and move to a free time of the same service, recorded as the
// customer's with their event, mail and the store's alert; refusals past the cut-off; one not-found
// page for wrong, malformed and expired links, throttled per address; bad input answered with pages.
import { mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, type Response, type TestEnv } from '../helpers/app.ts';
import { book, dayAhead, salon, staffPatch, ZONE, type Salon } from '../messages/helpers.ts';

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const DAY_MS = 24 * 3600 * 1000;

const pathOf = (booking: { manageUrl: string }) => new URL(booking.manageUrl).pathname;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
/** The times the page offers as buttons, in order. */
const timesOffered = (body: string) => [...body.matchAll(/name="time" value="(\d\d:\d\d)"/g)].map((m) => m[1]);
/** The page's words; Intl may put no-break spaces in times ("10:00 am"), read as spaces. */
const textOf = (body: string) => body.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<[^>]+>/g, ' ').replace(/[\s\u00a0\u202f]+/g, ' ');

/** Every answer of these pages is an HTML page the browser must neither cache nor index nor leak in a Referer. */
function assertPage(res: Response, status: number) {
  assert.equal(res.statusCode, status, textOf(res.body).slice(0, 400));
  assert.match(String(res.headers['content-type']), /^text\/html; charset=utf-8/);
  assert.equal(res.headers['cache-control'], 'no-store');
  assert.equal(res.headers['referrer-policy'], 'no-referrer');
  assert.match(String(res.headers['x-robots-tag']), /noindex/);
  assert.match(res.body, /^<!doctype html>/);
  assert.doesNotMatch(res.body, /Store Integration Service/);
  assert.doesNotMatch(res.body, /<script/i, 'no script on the pages');
}

/** A service of the salon with one seat an hour, 09:00–17:00 every day: a taken time is gone. */
async function oneSeat(env: TestEnv, name = 'Adom Braids'): Promise<Salon> {
  const s = await salon(env, name);
  const service = await env.createItem(s.store, {
    itemType: 'service',
    price: 120,
    name: 'Silk press',
    schedule: { durationMinutes: 60, capacity: 1, slotIntervalMinutes: 60, maxAdvanceDays: 30, weeklyHours: WEEK.map((day) => ({ day, start: '09:00', end: '17:00' })) },
  });
  return { ...s, service };
}

async function freeTimes(env: TestEnv, s: Salon, date: string): Promise<string[]> {
  const res = await env.inject({
    method: 'GET',
    url: `/v1IntegrationAvailability?storeId=${s.store.storeId}&serviceId=${s.service.id}&from=${date}T00:00:00Z&to=${date}T23:59:59Z`,
    headers: env.keyHeaders(s.key),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.data.slots.map((slot: { time: string }) => slot.time);
}

const outbox = (env: TestEnv, bookingId: string) => env.db.selectFrom('mail_outbox').select(['kind', 'to_address']).where('booking_id', '=', bookingId).orderBy('created_at').execute();

async function updatesOf(env: TestEnv, s: Salon, bookingId: string) {
  const rows = await env.db.selectFrom('events').select('payload').where('store_id', '=', s.store.storeId).where('type', '=', 'booking.updated').execute();
  return rows.map((r) => JSON.parse(r.payload).data).filter((d) => d.bookingId === bookingId);
}

const whenInStore = (iso: string) => new Intl.DateTimeFormat('en-GH', { dateStyle: 'full', timeStyle: 'short', timeZone: ZONE }).format(new Date(iso)).replace(/[\u00a0\u202f]/g, ' ');
/** The picker's words for a calendar day: "Tue 1 Dec". */
const dayLabel = (date: string) => {
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GH', { ...options, timeZone: 'UTC' }).format(Date.parse(`${date}T12:00:00Z`));
  return `${part({ weekday: 'short' })} ${part({ day: 'numeric' })} ${part({ month: 'short' })}`;
};

describeEachDb('manage link pages', (env) => {
  const get = (url: string, remoteAddress?: string) => env.inject({ method: 'GET', url, ...(remoteAddress ? { remoteAddress } : {}) });
  const post = (url: string, fields?: Record<string, string>) =>
    env.inject({ method: 'POST', url, ...(fields ? { headers: FORM, payload: form(fields) } : {}) });

  test('GET /b/:token shows the booking in the store\'s name, zone and locale, with its contact and both actions', async () => {
    const s = await salon(env);
    const booking = await book(env, s);
    const res = await get(pathOf(booking));
    assertPage(res, 200);
    assert.match(res.body, /<html lang="en-GH">/);
    assert.match(res.body, /<title>Your booking · Adom Braids<\/title>/);
    const text = textOf(res.body);
    assert.ok(text.includes(whenInStore(booking.startAt)), `the time as Accra writes it: ${whenInStore(booking.startAt)}`);
    assert.match(whenInStore(booking.startAt), /^\w+day, \d{1,2} \w+ \d{4} at 10:00 am$/);
    for (const expected of ['Knotless braids', '1 h 30 min (until 11:30 am)', 'Waiting for confirmation', booking.reference, 'Esi Owusu', '12 Oxford St, Osu, Accra', 'Contact Adom Braids']) {
      assert.ok(text.includes(expected), expected);
    }
    assert.ok(res.body.includes('href="tel:+233207654321"'), 'tap to call, E.164');
    assert.ok(res.body.includes('href="https://wa.me/233207654321"'), 'WhatsApp');
    assert.ok(res.body.includes('href="mailto:hello@adom.example"'));
    assert.ok(res.body.includes('href="https://maps.example/adom"'));
    assert.ok(res.body.includes(`href="${pathOf(booking)}/move"`), 'Move to another time');
    assert.ok(res.body.includes(`href="${pathOf(booking)}/cancel"`), 'Cancel booking');
    assert.ok(res.headers['ratelimit-limit'], 'the per-address budget applies');
    assert.ok(Buffer.byteLength(res.body) < 12_000, `a small page (${Buffer.byteLength(res.body)} bytes)`);

    assert.equal((await staffPatch(env, s, booking.bookingId, { status: 'confirmed' })).statusCode, 200);
    assert.ok(textOf((await get(pathOf(booking))).body).includes('Confirmed'));
  });

  test('the store\'s opening hours show when set; a booking the store cancelled says so, with the reason, and offers nothing', async () => {
    const s = await salon(env);
    const hours = await env.inject({ method: 'PATCH', url: `/api/stores/${s.store.storeId}`, headers: env.staffHeaders(s.store), payload: { hours: [{ day: 'mon', start: '08:00', end: '18:00' }] } });
    assert.equal(hours.statusCode, 200, hours.body);
    const booking = await book(env, s);
    const cancelled = await staffPatch(env, s, booking.bookingId, { status: 'cancelled', cancellationReason: 'The stylist is ill' });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const res = await get(pathOf(booking));
    assertPage(res, 200);
    const text = textOf(res.body);
    assert.ok(text.includes('Cancelled by Adom Braids'));
    assert.ok(text.includes('The stylist is ill'));
    assert.ok(text.includes('Monday 8:00 am – 6:00 pm'), text);
    assert.ok(text.includes('Sunday Closed'));
    assert.ok(!res.body.includes('/move"') && !res.body.includes('/cancel"'), 'no actions');
    assertPage(await post(`${pathOf(booking)}/cancel`), 409);
  });

  test('cancel: asked first, done once, the time is free again; recorded as the customer\'s with its event, mail and the owner\'s alert', async () => {
    const s = await oneSeat(env);
    const date = dayAhead(4);
    const booking = await book(env, s, { date, time: '11:00' });
    assert.ok(!(await freeTimes(env, s, date)).includes('11:00'));
    const path = pathOf(booking);

    const ask = await get(`${path}/cancel`);
    assertPage(ask, 200);
    assert.ok(ask.body.includes(`<form method="post" action="${path}/cancel">`));
    assert.match(textOf(ask.body), /Yes, cancel/);
    assert.ok(ask.body.includes(`href="${path}">Keep it</a>`));

    // The confirmation page's form sends no fields: the browser posts an empty form.
    const done = await env.inject({ method: 'POST', url: `${path}/cancel`, headers: FORM, payload: '' });
    assert.equal(done.statusCode, 303, done.body);
    assert.equal(done.headers.location, `${path}?done=cancelled`);
    assert.equal(done.headers['cache-control'], 'no-store');
    const after = await get(done.headers.location as string);
    assertPage(after, 200);
    assert.match(textOf(after.body), /Your booking is cancelled\. Adom Braids has been told\./);
    assert.match(textOf(after.body), /Cancelled by you/);
    assert.ok(!after.body.includes(`${path}/move"`) && !after.body.includes(`${path}/cancel"`), 'no actions once cancelled');

    assert.ok((await freeTimes(env, s, date)).includes('11:00'), 'the time is free again');
    const record = await env.inject({ method: 'GET', url: `/api/stores/${s.store.storeId}/bookings/${booking.bookingId}`, headers: env.staffHeaders(s.store) });
    assert.equal(record.data.booking.status, 'cancelled');
    assert.equal(record.data.booking.cancellation.by, 'customer');
    const updates = await updatesOf(env, s, booking.bookingId);
    assert.deepEqual(updates.map((u) => [u.status, u.changedBy]), [['cancelled', 'customer']]);
    const mails = await outbox(env, booking.bookingId);
    assert.ok(mails.some((m) => m.kind === 'booking.cancelled' && m.to_address === 'esi@example.test'), JSON.stringify(mails));
    assert.ok(mails.some((m) => m.kind === 'alert.booking.changed' && m.to_address === s.store.email), JSON.stringify(mails));

    // Once: a second cancel changes nothing and says why.
    const again = await post(`${path}/cancel`);
    assertPage(again, 409);
    assert.match(textOf(again.body), /This booking is cancelled\. Nothing was changed\./);
    assert.equal((await outbox(env, booking.bookingId)).filter((m) => m.kind === 'booking.cancelled').length, 1);
    assert.equal((await updatesOf(env, s, booking.bookingId)).length, 1);
    // The action pages send a closed booking back to its page.
    for (const action of ['cancel', 'move']) {
      const res = await get(`${path}/${action}`);
      assert.equal(res.statusCode, 303, action);
      assert.equal(res.headers.location, path);
    }
    // A notice that does not match the booking is not shown.
    assert.doesNotMatch(textOf((await get(`${path}?done=moved`)).body), /is moved/);
  });

  test('move: only free times of the same service are offered; the booking moves (old time free, new time taken), the customer is mailed and the owner alerted', async () => {
    const s = await oneSeat(env);
    const date = dayAhead(3);
    const booking = await book(env, s, { date, time: '10:00' });
    await book(env, s, { date, time: '13:00', name: 'Kofi Mensah', email: 'kofi@example.test' });
    const path = pathOf(booking);

    const picker = await get(`${path}/move?date=${date}`);
    assertPage(picker, 200);
    const free = await freeTimes(env, s, date);
    assert.deepEqual(free, ['09:00', '11:00', '12:00', '14:00', '15:00', '16:00']);
    assert.deepEqual(timesOffered(picker.body), free, 'the service\'s free times (not the salon\'s other service, open until 20:00), not its own or taken ones');
    assert.ok(picker.body.includes(`<input type="hidden" name="date" value="${date}">`));
    assert.ok(picker.body.includes(`<form method="post" action="${path}/move">`));
    // 14 days, today first, the chosen one marked.
    const days = [...picker.body.matchAll(/<li><a href="[^"]*\/move\?date=(\d{4}-\d{2}-\d{2})"( aria-current="date")?>(.*?)<\/a><\/li>/g)];
    assert.equal(days.length, 14);
    assert.equal(days[0][1], dayAhead(0));
    assert.deepEqual(days.filter((d) => d[2]).map((d) => d[1]), [date]);
    assert.equal(textOf(days.find((d) => d[2])![3]).trim(), dayLabel(date), 'weekday and date in the store\'s locale');
    assert.match(textOf(picker.body), /Later days/, 'the service books 30 days ahead');

    const moved = await post(`${path}/move`, { date, time: '15:00' });
    assert.equal(moved.statusCode, 303, textOf(moved.body));
    assert.equal(moved.headers.location, `${path}?done=moved`);
    const page = await get(moved.headers.location as string);
    assertPage(page, 200);
    assert.match(textOf(page.body), /Your booking is moved\. The new time is below; a confirmation is on its way by email\./);
    assert.ok(textOf(page.body).includes(whenInStore(`${date}T15:00:00.000Z`)));

    const now = await freeTimes(env, s, date);
    assert.ok(now.includes('10:00'), 'the old time is free');
    assert.ok(!now.includes('15:00'), 'the new time is taken');
    const updates = await updatesOf(env, s, booking.bookingId);
    assert.deepEqual(updates.map((u) => [u.bookingTime, u.changedBy]), [['15:00', 'customer']]);
    const mails = await outbox(env, booking.bookingId);
    assert.ok(mails.some((m) => m.kind === 'booking.rescheduled' && m.to_address === 'esi@example.test'), JSON.stringify(mails));
    assert.ok(mails.some((m) => m.kind === 'alert.booking.changed' && m.to_address === s.store.email), JSON.stringify(mails));
  });

  test('a time taken meanwhile: the move page again, same day, saying so, with the nearest free times', async () => {
    const s = await oneSeat(env);
    const date = dayAhead(5);
    const booking = await book(env, s, { date, time: '10:00' });
    const path = pathOf(booking);
    assert.ok(timesOffered((await get(`${path}/move?date=${date}`)).body).includes('14:00'));
    // Someone else books 14:00 while the customer looks at the page.
    await book(env, s, { date, time: '14:00', name: 'Kofi Mensah', email: 'kofi@example.test' });
    const res = await post(`${path}/move`, { date, time: '14:00' });
    assertPage(res, 409);
    const text = textOf(res.body);
    assert.match(text, /Sorry, 2:00 pm was just taken by someone else\. The nearest free times that day:/);
    const notice = res.body.match(/<div class="notice error"[\s\S]*?<\/form><\/div>/)?.[0] ?? '';
    assert.deepEqual(timesOffered(notice), ['12:00', '13:00', '15:00']);
    assert.ok(res.body.includes(`move?date=${date}" aria-current="date"`), 'the same day');
    assert.ok(!timesOffered(res.body).includes('14:00'));
    const record = await env.inject({ method: 'GET', url: `/api/stores/${s.store.storeId}/bookings/${booking.bookingId}`, headers: env.staffHeaders(s.store) });
    assert.equal(record.data.booking.bookingTime, '10:00', 'not moved');
  });

  test('a day without free times says so and links the next day that has some', async () => {
    const s = await oneSeat(env);
    const date = dayAhead(6);
    const full = dayAhead(7);
    const booking = await book(env, s, { date, time: '10:00' });
    await env.inject({ method: 'PATCH', url: `/api/stores/${s.store.storeId}/items/${s.service.id}`, headers: env.staffHeaders(s.store), payload: { schedule: { durationMinutes: 60, capacity: 1, slotIntervalMinutes: 60, maxAdvanceDays: 30, weeklyHours: WEEK.map((day) => ({ day, start: '09:00', end: '17:00' })), closedDates: [full, dayAhead(8)] } } });
    const res = await get(`${pathOf(booking)}/move?date=${full}`);
    assertPage(res, 200);
    assert.match(textOf(res.body), /No free times that day\./);
    assert.ok(res.body.includes(`href="${pathOf(booking)}/move?date=${dayAhead(9)}">Next free day: `), textOf(res.body));
    assert.deepEqual(timesOffered(res.body), []);
  });

  test('past the cut-off: cancel and move are refused, the page says so and shows how to reach the store', async () => {
    const s = await salon(env);
    const cutoff = await env.inject({ method: 'PATCH', url: `/api/stores/${s.store.storeId}`, headers: env.staffHeaders(s.store), payload: { cancellationCutoffMinutes: 7 * 24 * 60 } });
    assert.equal(cutoff.statusCode, 200, cutoff.body);
    const booking = await book(env, s, { date: dayAhead(3), time: '10:00' });
    const path = pathOf(booking);

    const page = await get(path);
    assertPage(page, 200);
    assert.match(textOf(page.body), /This booking can no longer be changed online\. Changes close 7 days before the start\. To move or cancel it, contact Adom Braids:/);
    assert.ok(page.body.includes('<a class="button call" href="tel:+233207654321">'), 'tap to call, prominent');
    assert.ok(page.body.includes('<a class="button call" href="https://wa.me/233207654321">'), 'WhatsApp, prominent');
    assert.ok(!page.body.includes(`${path}/move"`) && !page.body.includes(`${path}/cancel"`), 'no actions');

    for (const res of [await post(`${path}/cancel`), await post(`${path}/move`, { date: dayAhead(4), time: '10:00' })]) {
      assertPage(res, 409);
      assert.match(textOf(res.body), /This booking can no longer be changed online\. Nothing was changed\./);
      assert.ok(res.body.includes('href="tel:+233207654321"'));
    }
    const record = await env.inject({ method: 'GET', url: `/api/stores/${s.store.storeId}/bookings/${booking.bookingId}`, headers: env.staffHeaders(s.store) });
    assert.equal(record.data.booking.status, 'pending');
    assert.equal(record.data.booking.bookingDate, dayAhead(3));
    assert.deepEqual(await updatesOf(env, s, booking.bookingId), []);
    assert.equal((await get(`${path}/move`)).statusCode, 303);
  });

  test('the link works until 7 days after the booking ends (a passed booking offers nothing), then answers the not-found page', async () => {
    const s = await salon(env);
    const booking = await book(env, s, { date: dayAhead(1), time: '10:00' });
    const notFound = await get('/b/AAAAAAAAAAAAAAAAAAAAAAAA', '192.0.2.50');
    const endsAt = Date.parse(booking.endAt);
    try {
      mock.timers.enable({ apis: ['Date'], now: endsAt + 6 * DAY_MS });
      const passed = await get(pathOf(booking));
      assertPage(passed, 200);
      assert.match(textOf(passed.body), /This booking has passed\./);
      assert.ok(!passed.body.includes('/move"') && !passed.body.includes('/cancel"'));
      mock.timers.setTime(endsAt + 8 * DAY_MS);
      const expired = await get(pathOf(booking), '192.0.2.50');
      assertPage(expired, 404);
      assert.equal(expired.body, notFound.body, 'the same page as an unknown token');
      assertPage(await post(`${pathOf(booking)}/cancel`), 404);
    } finally {
      mock.timers.reset();
    }
  });

  test('unknown, malformed and over-long tokens and unknown paths under /b/ get one not-found page that names no store', async () => {
    const s = await salon(env);
    const booking = await book(env, s);
    const ip = '192.0.2.60';
    const pages: Response[] = [];
    for (const url of ['/b/AAAAAAAAAAAAAAAAAAAAAAAA', '/b/abc', `/b/${'x'.repeat(300)}`, '/b/%00', '/b/', `${pathOf(booking)}/nope`, `/b/abc/move?date=${dayAhead(1)}`, `/b/${'a'.repeat(24)}/cancel`]) {
      const res = await get(url, ip);
      assertPage(res, 404);
      pages.push(res);
    }
    for (const res of [
      await env.inject({ method: 'POST', url: '/b/AAAAAAAAAAAAAAAAAAAAAAAA/cancel', remoteAddress: ip }),
      await env.inject({ method: 'POST', url: '/b/AAAAAAAAAAAAAAAAAAAAAAAA/move', headers: FORM, payload: form({ date: dayAhead(1), time: '10:00' }), remoteAddress: ip }),
      await env.inject({ method: 'DELETE', url: pathOf(booking), remoteAddress: ip }),
    ]) {
      assertPage(res, 404);
      pages.push(res);
    }
    for (const res of pages) assert.equal(res.body, pages[0].body);
    assert.match(textOf(pages[0].body), /This booking link is not valid or has expired/);
    assert.doesNotMatch(pages[0].body, /Adom Braids/);
  });

  test('a link shows its own booking only: another store\'s booking is not on it', async () => {
    const a = await salon(env, 'Adom Braids');
    const b = await salon(env, 'Kente Cuts');
    const mine = await book(env, a, { name: 'Esi Owusu' });
    const theirs = await book(env, b, { name: 'Yaw Boateng' });
    const page = textOf((await get(pathOf(mine))).body);
    assert.ok(page.includes('Adom Braids') && page.includes(mine.reference) && page.includes('Esi Owusu'));
    assert.ok(!page.includes('Kente Cuts') && !page.includes(theirs.reference) && !page.includes('Yaw Boateng'));
  });

  test('guessing is throttled: 60 unknown tokens from one address get 429 with the same page; a valid link still works', async () => {
    const s = await salon(env);
    const booking = await book(env, s);
    const statuses: number[] = [];
    let last: Response | null = null;
    for (let i = 0; i < 60; i++) {
      last = await get(`/b/${String(i).padStart(24, 'Z')}`, '198.51.100.7');
      statuses.push(last.statusCode);
    }
    assert.deepEqual(statuses.slice(0, 20), Array(20).fill(404));
    assert.deepEqual(statuses.slice(20), Array(40).fill(429));
    assertPage(last!, 429);
    assert.ok(Number(last!.headers['retry-after']) >= 1);
    assert.match(textOf(last!.body), /This booking link is not valid or has expired/);
    assertPage(await get(pathOf(booking), '198.51.100.8'), 200);
    // A customer behind the same (shared) address whose link is valid is served.
    assertPage(await get(pathOf(booking), '198.51.100.7'), 200);
  });

  test('hostile names, notes and store names stay text', async () => {
    const s = await salon(env, 'Ama & <b>Sons</b>');
    const booking = await book(env, s, { name: '<img src=x onerror=alert(1)>Ama', notes: '</dd><script>alert(2)</script><a href="https://evil.example">x</a>' });
    for (const url of [pathOf(booking), `${pathOf(booking)}/cancel`, `${pathOf(booking)}/move`]) {
      const res = await get(url);
      assertPage(res, 200);
      assert.doesNotMatch(res.body, /<img|<b>Sons|evil\.example">/);
      assert.ok(res.body.includes('Ama &amp; &lt;b&gt;Sons&lt;/b&gt;'), url);
    }
    assert.ok((await get(pathOf(booking))).body.includes('&lt;img src=x onerror=alert(1)&gt;Ama'));
  });

  test('bad input is answered with a page, never JSON or a 500', async () => {
    const s = await salon(env);
    const booking = await book(env, s, { date: dayAhead(3) });
    const path = pathOf(booking);
    const pageOf = async (res: Response, status: number, says?: RegExp) => {
      assertPage(res, status);
      if (says) assert.match(textOf(res.body), says);
    };
    // The move page with a day that cannot be chosen shows today with a notice.
    for (const date of ['x', '2026-02-30', '2020-01-01', dayAhead(400), '2027-13-01', '0000-00-00', '9999-99-99', '-1']) {
      const res = await get(`${path}/move?date=${date}`);
      await pageOf(res, 400, /Choose a day from the list\./);
      assert.ok(res.body.includes(`move?date=${dayAhead(0)}" aria-current="date"`));
    }
    await pageOf(await get(`${path}/move?date=${dayAhead(1)}&date=${dayAhead(2)}`), 400, /Something was missing/);
    await pageOf(await get(`${path}?done=moved&done=cancelled`), 400);
    assert.ok((await get(`${path}?done=${'z'.repeat(50)}`)).statusCode === 200, 'an unknown notice is ignored');
    // The move form: missing or malformed fields, repeated fields, no body.
    await pageOf(await post(`${path}/move`, { date: dayAhead(4) }), 400, /Choose a time from the list\./);
    await pageOf(await post(`${path}/move`, { date: 'tomorrow', time: '10:00' }), 400, /Choose a time from the list\./);
    await pageOf(await post(`${path}/move`, { date: dayAhead(4), time: '25:00' }), 400, /Choose a time from the list\./);
    for (const date of ['2027-13-01', '0000-00-00', '9999-99-99']) {
      await pageOf(await post(`${path}/move`, { date, time: '10:00' }), 400, /Choose a time from the list\./);
    }
    for (const time of ['x', '-1']) await pageOf(await post(`${path}/move`, { date: dayAhead(4), time }), 400, /Choose a time from the list\./);
    await pageOf(await post(`${path}/move`, { date: '2020-01-01', time: '10:00' }), 409, /Choose a day from the list\./);
    await pageOf(await env.inject({ method: 'POST', url: `${path}/move`, headers: FORM, payload: `date=${dayAhead(4)}&time=10:00&time=11:00` }), 400, /Something was missing/);
    await pageOf(await env.inject({ method: 'POST', url: `${path}/move` }), 400, /Choose a time from the list\./);
    // Not a form: JSON, text, multipart; too large.
    await pageOf(await env.inject({ method: 'POST', url: `${path}/move`, payload: { date: dayAhead(4), time: '10:00' } }), 415, /Not a form from this page/);
    await pageOf(await env.inject({ method: 'POST', url: `${path}/cancel`, headers: { 'content-type': 'text/plain' }, payload: 'cancel' }), 415);
    await pageOf(await env.inject({ method: 'POST', url: `${path}/cancel`, headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--\r\n' }), 415);
    await pageOf(await env.inject({ method: 'POST', url: `${path}/move`, headers: FORM, payload: `date=${dayAhead(4)}&time=10:00&pad=${'a'.repeat(5000)}` }), 413, /Too much data/);
    // None of it changed the booking.
    const record = await env.inject({ method: 'GET', url: `/api/stores/${s.store.storeId}/bookings/${booking.bookingId}`, headers: env.staffHeaders(s.store) });
    assert.equal(record.data.booking.status, 'pending');
    assert.equal(record.data.booking.bookingDate, dayAhead(3));
  });
});
