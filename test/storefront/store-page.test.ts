// The hosted store page and its booking flow over HTTP: the page in the store's name, locale and
// zone with its services, products, posts, contact and link-preview tags; the flow's steps as links;
// the booking (sourceChannel store_page, the phone in E.164) and its manage link; a time taken
// meanwhile; a service with performers; spam held off (honeypot, form token too fast, forged or
// stale, a budget per address); a store that turns its page off; bad input answered with pages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, type Response } from '../helpers/app.ts';
import { book, dayAhead, salon, type Salon } from '../messages/helpers.ts';
import { later } from './page-checks.ts';

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** The page's words; Intl may put no-break spaces in times ("10:00 am"), read as spaces. */
const textOf = (body: string) => body.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/[\s\u00a0\u202f]+/g, ' ');
const hrefs = (body: string) => [...body.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
const hidden = (body: string) => Object.fromEntries([...body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2].replace(/&amp;/g, '&')]));

/** An HTML page, never JSON, never a script, never our name. */
function assertPage(res: Response, status: number, label = '') {
  assert.equal(res.statusCode, status, `${label} ${textOf(res.body).slice(0, 500)}`);
  assert.match(String(res.headers['content-type']), /^text\/html; charset=utf-8/, `${label} ${res.body.slice(0, 300)}`);
  assert.match(res.body, /^<!doctype html>/);
  assert.doesNotMatch(res.body, /Store Integration Service/);
  assert.doesNotMatch(res.body, /<script/i);
}

describeEachDb('hosted store page and booking flow', (env) => {
  let s: Salon;
  let page: string;
  const get = (url: string, remoteAddress?: string) => env.inject({ method: 'GET', url, ...(remoteAddress ? { remoteAddress } : {}) });
  const post = (url: string, fields: Record<string, string>, remoteAddress?: string) =>
    env.inject({ method: 'POST', url, headers: FORM, payload: new URLSearchParams(fields).toString(), ...(remoteAddress ? { remoteAddress } : {}) });

  /** Walks the flow to the details form of `time` on `date`; returns the form's hidden fields. */
  async function detailsForm(serviceId: string, date: string, time: string, staffId?: string) {
    const query = new URLSearchParams({ serviceId, ...(staffId ? { staffId } : {}), date, time });
    const res = await get(`${page}/book?${query}`);
    assertPage(res, 200);
    assert.match(res.body, /<h1>Your details<\/h1>/, textOf(res.body).slice(0, 300));
    return hidden(res.body);
  }

  const person = { name: 'Esi Owusu', phone: '024 111 2223', email: 'esi@example.test', note: 'Waist length, please.' };

  test('setup: a salon with a service, products, a hidden service and a post', async () => {
    s = await salon(env);
    page = `/s/${s.store.slug}`;
    await env.createItem(s.store, { itemType: 'product', name: 'Edge control', price: 45, stockCount: 3 });
    await env.createItem(s.store, { itemType: 'product', name: 'Braid spray', price: 30, stockCount: 0 });
    await env.createItem(s.store, { itemType: 'service', name: 'Secret service', price: 10, published: false, schedule: { durationMinutes: 30, capacity: 1, weeklyHours: [{ day: 'mon', start: '09:00', end: '17:00' }] } });
    const post = await env.inject({
      method: 'POST',
      url: `/api/stores/${s.store.storeId}/blog/posts`,
      headers: env.staffHeaders(s.store),
      payload: { title: 'Caring for knotless braids', contentHtml: '<p>Moisturise the scalp.</p>', status: 'published' },
    });
    assert.equal(post.statusCode, 201, post.body);
  });

  test('the store page: name, contact, services with price, length and Book, products in or out of stock, the latest post, preview tags', async () => {
    const res = await get(page);
    assertPage(res, 200);
    assert.equal(res.headers['cache-control'], 'public, max-age=60');
    const words = textOf(res.body);
    assert.match(words, /<?Adom Braids/);
    assert.match(res.body, /<h1>Adom Braids<\/h1>/);
    assert.match(words, /Knotless braids GH₵250\.00 · 1 h 30 min Book/);
    assert.match(words, /Edge control GH₵45\.00 In stock/);
    assert.match(words, /Braid spray GH₵30\.00 Out of stock/);
    assert.doesNotMatch(words, /Secret service/);
    assert.match(words, /Caring for knotless braids/);
    assert.ok(hrefs(res.body).includes(`${page}/book?serviceId=${s.service.id}`));
    assert.ok(hrefs(res.body).includes(`${page}/book`), 'Book now');
    assert.ok(hrefs(res.body).includes('tel:+233207654321'));
    assert.ok(hrefs(res.body).includes('https://wa.me/233207654321'));
    assert.ok(hrefs(res.body).some((h) => h.endsWith(`/s/${s.store.slug}/blog/caring-for-knotless-braids`)));
    const base = env.app.ctx.config.publicBaseUrl;
    assert.match(res.body, new RegExp(`<meta property="og:url" content="${base}${page}">`));
    assert.match(res.body, /<meta property="og:title" content="Adom Braids">/);
    assert.match(res.body, /<meta property="og:description" content="Book Knotless braids with Adom Braids online\. 12 Oxford St, Osu, Accra">/);
    assert.match(res.body, new RegExp(`<link rel="canonical" href="${base}${page}">`));
    assert.doesNotMatch(res.body, /noindex/, 'the store page may be found');
    assert.match(res.body, /<html lang="en-GH">/);

    const info = await env.inject({ method: 'GET', url: `/v1IntegrationStore?storeId=${s.store.storeId}`, headers: env.keyHeaders(s.key) });
    assert.equal(info.data.store.storePageUrl, `${base}${page}`);
    // The blog's pages lead to it.
    const blog = await get(`${page}/blog`);
    assert.match(blog.body, new RegExp(`<a href="${base}${page}">Book with Adom Braids</a>`));
  });

  test('the flow: service → day → time as links, then the details form; the booking comes from the store page and opens its manage link', async () => {
    const services = await get(`${page}/book`);
    assertPage(services, 200);
    assert.equal(services.headers['cache-control'], 'no-store');
    assert.ok(hrefs(services.body).includes(`${page}/book?serviceId=${s.service.id}`));
    assert.doesNotMatch(textOf(services.body), /Secret service/);

    const date = dayAhead(3);
    const day = await get(`${page}/book?serviceId=${s.service.id}&date=${date}`);
    assertPage(day, 200);
    const dayLinks = hrefs(/<ul class="days">.*?<\/ul>/s.exec(day.body)![0]);
    assert.equal(dayLinks.length, 14, 'two weeks of days');
    assert.match(day.body, /aria-current="date"/);
    const times = hrefs(day.body).filter((h) => h.includes('&time='));
    assert.equal(times[0], `${page}/book?serviceId=${s.service.id}&date=${date}&time=08:00`);
    assert.equal(times.length, 22, '08:00 to 18:30 every 30 minutes (a 90-minute service ends by 20:00)');

    const fields = await detailsForm(s.service.id, date, '10:00');
    assert.deepEqual(Object.keys(fields).sort(), ['date', 'serviceId', 'time', 'token']);
    const res = await later(3000, () => post(`${page}/book`, { ...fields, ...person, website: '' }));
    assert.equal(res.statusCode, 303, textOf(res.body).slice(0, 400));
    const location = String(res.headers.location);
    assert.match(location, /^\/b\/[0-9A-Za-z]{24}\?done=booked$/);

    const list = await env.inject({ method: 'GET', url: `/api/stores/${s.store.storeId}/bookings?limit=5`, headers: env.staffHeaders(s.store) });
    const booking = list.data.bookings.find((b: { customer: { name: string } }) => b.customer.name === 'Esi Owusu');
    assert.ok(booking);
    assert.equal(booking.sourceChannel, 'store_page');
    assert.equal(booking.bookingDate, date);
    assert.equal(booking.bookingTime, '10:00');
    assert.equal(booking.customer.phone, '+233241112223');
    assert.equal(booking.customer.email, 'esi@example.test');
    assert.equal(booking.notes, 'Waist length, please.');
    assert.equal(new URL(booking.manageUrl).pathname, location.split('?')[0]);

    const manage = await get(location);
    assert.equal(manage.statusCode, 200);
    assert.match(textOf(manage.body), /Your booking request is sent\. Adom Braids will confirm it\. Keep this page: its address is your link to see, move or cancel the booking\. It is also in the email on its way to you\./);

    // The same form again (a double tap, a reload of the POST): the same booking, not a second one.
    const again = await later(4000, () => post(`${page}/book`, { ...fields, ...person, website: '' }));
    assert.equal(again.statusCode, 303);
    assert.equal(again.headers.location, location);
    const all = await env.inject({ method: 'GET', url: `/api/stores/${s.store.storeId}/bookings?limit=50`, headers: env.staffHeaders(s.store) });
    assert.equal(all.data.bookings.filter((b: { customer: { name: string } }) => b.customer.name === 'Esi Owusu').length, 1);
  });

  test('two taps at once on one form: one booking, both sent to it', async () => {
    const fields = await detailsForm(s.service.id, dayAhead(4), '11:00');
    const taps = await later(3000, () => Promise.all([1, 2].map(() => post(`${page}/book`, { ...fields, ...person, name: 'Kofi Twin', website: '' }))));
    assert.deepEqual(taps.map((r) => r.statusCode), [303, 303], taps.map((r) => textOf(r.body).slice(0, 200)).join('\n'));
    assert.equal(taps[0].headers.location, taps[1].headers.location);
    const all = await env.inject({ method: 'GET', url: `/api/stores/${s.store.storeId}/bookings?limit=50`, headers: env.staffHeaders(s.store) });
    assert.equal(all.data.bookings.filter((b: { customer: { name: string } }) => b.customer.name === 'Kofi Twin').length, 1);
  });

  test('what to fix is said next to each field, the values are kept (as text), and nothing is booked', async () => {
    const fields = await detailsForm(s.service.id, dayAhead(5), '09:00');
    const res = await later(3000, () => post(`${page}/book`, { ...fields, name: '<b>Ama</b>', phone: '12345', email: 'not-an-email', note: 'x'.repeat(501), website: '' }));
    assertPage(res, 400);
    const words = textOf(res.body);
    assert.match(words, /Check these before booking:/);
    assert.match(words, /Enter a phone number that can be called/);
    assert.match(words, /Enter an email address such as ama@example\.com, or leave it empty\./);
    assert.match(words, /Your note is too long \(500 characters at most\)\./);
    assert.match(res.body, /id="phone"[^>]*aria-describedby="phone-hint phone-error" aria-invalid="true"/);
    assert.match(res.body, /value="&lt;b&gt;Ama&lt;\/b&gt;"/);
    assert.notEqual(hidden(res.body).token, fields.token, 'a fresh token');
    const empty = await later(3000, () => post(`${page}/book`, { ...fields, name: ' ', phone: '', website: '' }));
    assertPage(empty, 400);
    assert.match(textOf(empty.body), /Enter your name\..*Enter your phone number\./);
    const all = await env.inject({ method: 'GET', url: `/api/stores/${s.store.storeId}/bookings?limit=50`, headers: env.staffHeaders(s.store) });
    assert.equal(all.data.bookings.filter((b: { bookingDate: string }) => b.bookingDate === dayAhead(5)).length, 0);
  });

  test('spam: a filled honeypot, a form sent within seconds, a forged or another store\'s token, a stale form book nothing', async () => {
    const count = async () => (await env.inject({ method: 'GET', url: `/api/stores/${s.store.storeId}/bookings?limit=100`, headers: env.staffHeaders(s.store) })).data.bookings.length;
    const before = await count();
    const fields = await detailsForm(s.service.id, dayAhead(6), '12:00');
    const honeypot = await later(3000, () => post(`${page}/book`, { ...fields, ...person, website: 'http://spam.example' }));
    assertPage(honeypot, 400);
    assert.match(textOf(honeypot.body), /Your booking was not sent/);

    const fast = await post(`${page}/book`, { ...fields, ...person, website: '' });
    assertPage(fast, 400);
    assert.match(textOf(fast.body), /Check your details, then press Book again\./);
    assert.match(fast.body, /value="Esi Owusu"/, 'what was typed is kept');

    const forged = await later(3000, () => post(`${page}/book`, { ...fields, ...person, token: fields.token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) }));
    assertPage(forged, 400);
    assert.match(textOf(forged.body), /This form is not from this page/);
    const missing = await later(3000, () => post(`${page}/book`, { serviceId: fields.serviceId, date: fields.date, time: fields.time, ...person }));
    assertPage(missing, 400);

    const other = await salon(env, 'Other Salon');
    const otherForm = hidden((await get(`/s/${other.store.slug}/book?serviceId=${other.service.id}&date=${dayAhead(6)}&time=12:00`)).body);
    const crossed = await later(3000, () => post(`${page}/book`, { ...fields, ...person, token: otherForm.token }));
    assertPage(crossed, 400);
    assert.match(textOf(crossed.body), /This form is not from this page/);
    // Another store's service, through this store's page (and its own token): not bookable here, and
    // nothing is booked in the other store either; its form sent to this page books nothing too.
    const foreign = await later(3000, () => post(`${page}/book`, { ...fields, ...person, serviceId: other.service.id }));
    assertPage(foreign, 400);
    assert.match(textOf(foreign.body), /That service cannot be booked online now\./);
    const foreignForm = await later(3000, () => post(`${page}/book`, { ...otherForm, ...person }));
    assertPage(foreignForm, 400);
    const otherBookings = await env.inject({ method: 'GET', url: `/api/stores/${other.store.storeId}/bookings?limit=10`, headers: env.staffHeaders(other.store) });
    assert.equal(otherBookings.data.bookings.length, 0);

    const stale = await later(3 * 3600_000, () => post(`${page}/book`, { ...fields, ...person }));
    assertPage(stale, 400);
    assert.match(textOf(stale.body), /This form was open a long time\./);
    assert.equal(await count(), before);
  });

  test('a time taken meanwhile: the time step again, same day, saying so, with the nearest free times as links', async () => {
    const one = await env.createItem(s.store, {
      itemType: 'service',
      price: 120,
      name: 'Silk press',
      schedule: { durationMinutes: 60, capacity: 1, slotIntervalMinutes: 60, maxAdvanceDays: 30, weeklyHours: WEEK.map((day) => ({ day, start: '09:00', end: '17:00' })) },
    });
    const date = dayAhead(2);
    const fields = await detailsForm(one.id, date, '13:00');
    await book(env, { ...s, service: one }, { date, time: '13:00', name: 'Quick Kojo' });
    const res = await later(3000, () => post(`${page}/book`, { ...fields, ...person }));
    assertPage(res, 409);
    const words = textOf(res.body);
    assert.match(words, /Sorry, 1:00 pm is no longer free\. The nearest free times that day:/);
    const offered = hrefs(res.body).filter((h) => h.includes('&time=')).slice(0, 3);
    assert.deepEqual(offered.map((h) => h.slice(-5)), ['11:00', '12:00', '14:00'], 'the notice comes first: the three nearest, in order');
    // Opening the taken time's form link says so too.
    const link = await get(`${page}/book?serviceId=${one.id}&date=${date}&time=13:00`);
    assertPage(link, 200);
    assert.match(textOf(link.body), /is no longer free/);
  });

  test('a service with performers asks who (or anyone free); the booking is with the person chosen', async () => {
    const colour = await env.createItem(s.store, {
      itemType: 'service',
      price: 300,
      name: 'Colour',
      schedule: { durationMinutes: 60, capacity: 1, slotIntervalMinutes: 60, maxAdvanceDays: 30, weeklyHours: WEEK.map((day) => ({ day, start: '09:00', end: '17:00' })) },
    });
    const people = [];
    for (const displayName of ['Abena', 'Yaw']) {
      const res = await env.inject({
        method: 'POST',
        url: `/api/stores/${s.store.storeId}/staff`,
        headers: env.staffHeaders(s.store),
        payload: { displayName, weeklyHours: WEEK.map((day) => ({ day, start: '09:00', end: '17:00' })), serviceIds: [colour.id] },
      });
      assert.equal(res.statusCode, 201, res.body);
      people.push(res.data.staff);
    }
    const who = await get(`${page}/book?serviceId=${colour.id}`);
    assertPage(who, 200);
    assert.match(textOf(who.body), /Who would you like\? .*Anyone free .*Abena .*Yaw/);
    assert.ok(hrefs(who.body).includes(`${page}/book?serviceId=${colour.id}&staffId=any`));
    assert.ok(hrefs(who.body).includes(`${page}/book?serviceId=${colour.id}&staffId=${people[1].id}`));
    // An unknown person asks again.
    assert.match(textOf((await get(`${page}/book?serviceId=${colour.id}&staffId=stf_nobody`)).body), /Who would you like\?/);

    const date = dayAhead(2);
    const fields = await detailsForm(colour.id, date, '10:00', people[1].id);
    assert.equal(fields.staffId, people[1].id);
    const res = await later(3000, () => post(`${page}/book`, { ...fields, ...person, name: 'Adjoa Colour' }));
    assert.equal(res.statusCode, 303, textOf(res.body).slice(0, 300));
    const list = await env.inject({ method: 'GET', url: `/api/stores/${s.store.storeId}/bookings?limit=10`, headers: env.staffHeaders(s.store) });
    const booking = list.data.bookings.find((b: { customer: { name: string } }) => b.customer.name === 'Adjoa Colour');
    assert.equal(booking.staffId, people[1].id);
    assert.equal(booking.staffName, 'Yaw');
    // Yaw is taken at 10:00 now; anyone free still offers it (Abena).
    const yaw = await get(`${page}/book?serviceId=${colour.id}&staffId=${people[1].id}&date=${date}`);
    assert.ok(!hrefs(yaw.body).some((h) => h.endsWith('&time=10:00')));
    const anyone = await get(`${page}/book?serviceId=${colour.id}&staffId=any&date=${date}`);
    assert.ok(hrefs(anyone.body).some((h) => h.endsWith('&time=10:00')));
  });

  test('bad input is answered with a page, never JSON or a 500', async () => {
    const fields = await detailsForm(s.service.id, dayAhead(7), '15:00');
    const cases: [string, Promise<Response>, number][] = [
      ['unknown store', get('/s/no-such-store'), 404],
      ['unknown store, flow', get('/s/no-such-store/book'), 404],
      ['very long slug', get(`/s/${'x'.repeat(5000)}`), 404],
      ['unknown service', get(`${page}/book?serviceId=itm_nope`), 200],
      ['malformed day', get(`${page}/book?serviceId=${s.service.id}&date=2026-02-31`), 400],
      ['past day', get(`${page}/book?serviceId=${s.service.id}&date=2020-01-01`), 400],
      ['malformed time', get(`${page}/book?serviceId=${s.service.id}&date=${dayAhead(7)}&time=25:99`), 400],
      ['hostile query', get(`${page}/book?serviceId=%3Cscript%3E&date=%22%3E&time=%27`), 200],
      ['hostile query, known service', get(`${page}/book?serviceId=${s.service.id}&date=%22%3E&time=%27`), 400],
      ['control characters', get(`${page}/book?serviceId=a&date=%00`), 400],
      ['overlong query', get(`${page}/book?serviceId=${'x'.repeat(300)}`), 400],
      ['JSON body', env.inject({ method: 'POST', url: `${page}/book`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(fields) }), 415],
      ['oversized form', post(`${page}/book`, { ...fields, note: 'x'.repeat(10_000) }), 413],
      ['field twice', env.inject({ method: 'POST', url: `${page}/book`, headers: FORM, payload: `${new URLSearchParams(fields)}&name=a&name=b` }), 400],
      ['empty form', post(`${page}/book`, {}), 400],
      ['no time', post(`${page}/book`, { serviceId: s.service.id, token: fields.token }), 400],
      // Days that match the pattern but are no day at all, and times that are not times.
      ...['2027-13-01', '0000-00-00', '9999-99-99', '2026-00-10', '2026-02-29'].flatMap((date): [string, Promise<Response>, number][] => [
        [`impossible day ${date}`, get(`${page}/book?serviceId=${s.service.id}&date=${date}`), 400],
        [`impossible day ${date} with a time`, get(`${page}/book?serviceId=${s.service.id}&date=${date}&time=10:00`), 400],
        [`impossible day ${date} posted`, post(`${page}/book`, { ...fields, date }), 400],
      ]),
      ...['x', '-1', '24:00', '9:5', '10:00:00'].flatMap((time): [string, Promise<Response>, number][] => [
        [`impossible time ${time}`, get(`${page}/book?serviceId=${s.service.id}&date=${dayAhead(7)}&time=${encodeURIComponent(time)}`), 400],
        [`impossible time ${time} posted`, post(`${page}/book`, { ...fields, time }), 400],
      ]),
    ];
    for (const [name, pending, status] of cases) {
      const res = await pending;
      assert.equal(res.statusCode, status, `${name}: ${textOf(res.body).slice(0, 200)}`);
      assertPage(res, status, name);
    }
    assert.match(textOf((await get(`${page}/book?serviceId=itm_nope`)).body), /That service cannot be booked online now\./);
    assert.match(textOf((await get(`${page}/book?serviceId=${s.service.id}&date=2027-13-01&time=10:00`)).body), /Choose a day from the list\./);
    assert.match(textOf((await get(`${page}/book?serviceId=${s.service.id}&date=${dayAhead(7)}&time=x`)).body), /Choose a time from the list\./);
    assert.match(textOf((await post(`${page}/book`, { ...fields, date: '9999-99-99' })).body), /Choose a time first/);
  });

  test('the store turns its page off: the page, the flow and a form in flight answer not found; on again, they work', async () => {
    const fields = await detailsForm(s.service.id, dayAhead(8), '16:00');
    const off = await env.inject({ method: 'PATCH', url: `/api/stores/${s.store.storeId}`, headers: env.staffHeaders(s.store), payload: { storePageEnabled: false } });
    assert.equal(off.statusCode, 200, off.body);
    assert.equal(off.data.store.storePageEnabled, false);
    for (const res of [await get(page), await get(`${page}/book`), await later(3000, () => post(`${page}/book`, { ...fields, ...person }))]) {
      assertPage(res, 404);
      assert.doesNotMatch(res.body, /Adom Braids/, 'names no store');
    }
    const info = await env.inject({ method: 'GET', url: `/v1IntegrationStore?storeId=${s.store.storeId}`, headers: env.keyHeaders(s.key) });
    assert.equal(info.data.store.storePageUrl, null);
    assert.doesNotMatch((await get(`${page}/blog`)).body, /Book with/, 'the blog no longer leads to it');
    const on = await env.inject({ method: 'PATCH', url: `/api/stores/${s.store.storeId}`, headers: env.staffHeaders(s.store), payload: { storePageEnabled: true } });
    assert.equal(on.statusCode, 200);
    assertPage(await get(page), 200);
  });
});

describeEachDb('hosted store page: bookings per address', (env) => {
  test('an address gets RATE_LIMIT_STORE_PAGE_BOOKINGS_PER_IP bookings an hour, then a 429 page; another address still books', async () => {
    const s = await salon(env);
    const page = `/s/${s.store.slug}`;
    const formFor = async (time: string) => hidden((await env.inject({ method: 'GET', url: `${page}/book?serviceId=${s.service.id}&date=${dayAhead(2)}&time=${time}` })).body);
    const send = (fields: Record<string, string>, remoteAddress: string) =>
      env.inject({ method: 'POST', url: `${page}/book`, headers: FORM, remoteAddress, payload: new URLSearchParams({ ...fields, name: 'Ama', phone: '0241112223' }).toString() });
    const statuses = [];
    const bodies = [];
    for (const time of ['09:00', '10:00', '11:00']) {
      const fields = await formFor(time);
      const res = await later(3000, () => send(fields, '203.0.113.7'));
      statuses.push(res.statusCode);
      bodies.push(textOf(res.body).slice(0, 300));
    }
    assert.deepEqual(statuses, [303, 303, 429], bodies.join('\n'));
    const fields = await formFor('12:00');
    const other = await later(3000, () => send(fields, '203.0.113.8'));
    assert.equal(other.statusCode, 303);
  });
}, { env: { RATE_LIMIT_STORE_PAGE_BOOKINGS_PER_IP: '2' } });

describeEachDb('hosted store page: a service that asks a deposit', (env) => {
  test('the page and the form say the deposit; Book goes to the payment page; paid, the manage link says so; unpaid, the time is free again', async () => {
    const s = await salon(env);
    const page = `/s/${s.store.slug}`;
    const deposit = await env.createItem(s.store, {
      itemType: 'service',
      price: 400,
      name: 'Goddess locs',
      schedule: { durationMinutes: 240, capacity: 1, slotIntervalMinutes: 60, maxAdvanceDays: 60, weeklyHours: WEEK.map((day) => ({ day, start: '08:00', end: '20:00' })), deposit: { percent: 25 } },
    });
    assert.match(textOf((await env.inject({ method: 'GET', url: page })).body), /Goddess locs GH₵400\.00 · 4 h · GH₵100\.00 deposit Book/);
    const date = dayAhead(4);
    const form = await env.inject({ method: 'GET', url: `${page}/book?serviceId=${deposit.id}&date=${date}&time=10:00` });
    assertPage(form, 200);
    const words = textOf(form.body);
    assert.match(words, /Deposit GH₵100\.00/);
    assert.match(words, /asks a deposit to hold this time: you pay it next, by card or mobile money\. Unpaid within 30 minutes, the booking is cancelled\./);
    assert.match(words, /Book 10:00\s?am and pay the deposit/);
    const fields = hidden(form.body);
    const sent = await later(3000, () =>
      env.inject({ method: 'POST', url: `${page}/book`, headers: FORM, payload: new URLSearchParams({ ...fields, name: 'Akosua', phone: '024 555 1212', email: '', note: '', website: '' }).toString() }),
    );
    assert.equal(sent.statusCode, 303, textOf(sent.body).slice(0, 300));
    const pay = new URL(sent.headers.location!, 'http://localhost:3000');
    assert.match(pay.pathname, /^\/pay\/ORD-[0-9A-Z]{12}$/);
    const reference = pay.pathname.split('/').pop()!;
    const row = await env.db.selectFrom('orders').select(['booking_id', 'total_minor', 'return_url']).where('reference', '=', reference).executeTakeFirstOrThrow();
    assert.equal(row.total_minor, 10000);
    const booking = await env.db.selectFrom('bookings').select(['source_channel', 'manage_token']).where('id', '=', row.booking_id!).executeTakeFirstOrThrow();
    assert.equal(booking.source_channel, 'store_page');
    // Before paying, the manage link asks for it.
    const manage = `/b/${booking.manage_token}`;
    assert.match(textOf((await env.inject({ method: 'GET', url: manage })).body), /Pay the deposit of GH₵100\.00 by .* to keep this time\./);
    // Paid on the hosted page: back to the manage link, which says it is paid.
    const payPage = await env.inject({ method: 'GET', url: pay.pathname });
    const token = /name="token" value="([^"]+)"/.exec(payPage.body)![1];
    const paid = await env.inject({ method: 'POST', url: pay.pathname, headers: FORM, payload: new URLSearchParams({ action: 'pay', token }).toString() });
    assert.equal(paid.statusCode, 303);
    const back = new URL(paid.headers.location!);
    assert.equal(back.pathname, manage);
    const after = textOf((await env.inject({ method: 'GET', url: `${back.pathname}${back.search}` })).body);
    assert.match(after, /Your deposit is paid\. Adom Braids will confirm your booking\./);
    assert.match(after, /Deposit GH₵100\.00, paid/);

    // Another customer leaves it unpaid; when the hold ends the time shows on the page again.
    const second = hidden((await env.inject({ method: 'GET', url: `${page}/book?serviceId=${deposit.id}&date=${date}&time=15:00` })).body);
    const held = await later(3000, () =>
      env.inject({ method: 'POST', url: `${page}/book`, headers: FORM, payload: new URLSearchParams({ ...second, name: 'Kwabena', phone: '024 555 1313', website: '' }).toString() }),
    );
    assert.equal(held.statusCode, 303);
    const times = async () => hrefs((await env.inject({ method: 'GET', url: `${page}/book?serviceId=${deposit.id}&date=${date}` })).body).filter((h) => h.includes('time='));
    assert.ok(!(await times()).some((h) => h.endsWith('time=15:00')), 'held while the deposit is due');
    const expiresAt = (await env.db.selectFrom('orders').select('expires_at').where('reference', '=', held.headers.location!.split('/').pop()!).executeTakeFirstOrThrow()).expires_at!;
    await later(Date.parse(expiresAt) - Date.now() + 1000, () => env.app.ctx.services.checkout.expireDue());
    assert.ok((await times()).some((h) => h.endsWith('time=15:00')), 'free again once the deposit was not paid');
  });
});
