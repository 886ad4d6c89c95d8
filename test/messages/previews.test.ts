// Every message kind, previewed with the store's own data through the staff API and rendered in
// Chromium as a mail app would show it: at 390 px nothing overflows and nothing needs zooming, axe
// finds nothing serious, and the pictures are saved (test-output/messages/) to be looked at. Also
// the members' choice of store alerts.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import ICAL from 'ical.js';
import { describeEachDb, expectError } from '../helpers/app.ts';
import { launchChromium, OUTPUT } from '../helpers/browser.ts';
import { MESSAGE_KINDS } from '../../src/modules/messages/kinds.ts';
import { salon } from './helpers.ts';

const SHOTS = join(OUTPUT, 'messages');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let browser: Browser;

before(async () => {
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});
after(() => browser?.close());

describeEachDb('message previews and alert choices', (env) => {
  test('each kind renders in the store\'s voice, fits a 390 px phone, and passes axe', async () => {
    const s = await salon(env, 'Adom Braids & Beauty');
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    try {
      for (const kind of MESSAGE_KINDS) {
        const res = await env.inject({ method: 'GET', url: `/api/stores/${s.store.storeId}/messages/preview?kind=${kind}`, headers: env.staffHeaders(s.store) });
        assert.equal(res.statusCode, 200, `${kind}: ${res.body}`);
        const m = res.data;
        assert.equal(m.from, 'Adom Braids & Beauty');
        assert.ok(m.subject.length > 5 && m.subject.length < 120, `${kind}: ${m.subject}`);
        assert.doesNotMatch(m.html + m.text, /Store Integration Service/);
        assert.match(m.text, /Adom Braids & Beauty/);
        if (kind.startsWith('alert.')) {
          assert.equal(m.replyTo, null);
          assert.equal(m.calendar, null);
          assert.match(m.text, new RegExp(`/console/s/${s.store.storeId}/`));
        } else {
          assert.equal(m.replyTo, 'hello@adom.example');
          assert.match(m.text, /12 Oxford St, Osu, Accra/);
          assert.ok(m.html.includes('href="tel:+233207654321"'), kind);
        }
        if (kind.startsWith('booking.')) {
          const calendar = new ICAL.Component(ICAL.parse(m.calendar));
          assert.equal(calendar.getFirstPropertyValue('method'), kind === 'booking.cancelled' ? 'CANCEL' : 'REQUEST');
          assert.match(m.text, /Knotless braids \(medium\)/);
        }
        if (kind.startsWith('order.') || kind.startsWith('alert.order.')) assert.match(m.text, /Curl cream 250 ml/);
        // Dates in the store's locale (en-GH writes 12-hour times).
        if (kind.startsWith('booking.')) assert.match(m.text, /\d{1,2}:\d{2} (am|pm)/);

        await page.setViewportSize({ width: 390, height: 800 });
        await page.setContent(m.html, { waitUntil: 'load' });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 1, `${kind}: ${overflow}px wider than a 390 px screen`);
        const smallest = await page.evaluate(() => Math.min(...[...document.querySelectorAll('p, td, a, h1')].map((el) => parseFloat(getComputedStyle(el).fontSize))));
        assert.ok(smallest >= 13, `${kind}: text as small as ${smallest}px`);
        await page.evaluate(axeSource);
        const violations = await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run(ctx: unknown, options: unknown): Promise<any> } }).axe;
          const r = await axe.run(document, { resultTypes: ['violations'] });
          return r.violations.filter((v: any) => v.impact === 'serious' || v.impact === 'critical').map((v: any) => `${v.id}: ${v.help}`);
        });
        assert.deepEqual(violations, [], kind);
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await page.screenshot({ path: join(SHOTS, `${kind}-${width}-${env.dialect.name}.png`), fullPage: true });
        }
      }
    } finally {
      await context.close();
    }
  });

  test('a booking that asks a deposit: the customer\'s mail says what to pay, by when, with the payment link; it fits a 390 px phone and passes axe', async () => {
    const s = await salon(env, 'Adom Braids');
    const locs = await env.createItem(s.store, {
      itemType: 'service',
      price: 400,
      name: 'Goddess locs',
      schedule: { durationMinutes: 240, weeklyHours: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, start: '08:00', end: '20:00' })), deposit: { percent: 25 } },
    });
    const date = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
    const res = await env.inject({
      method: 'POST',
      url: `/v1IntegrationBookings?storeId=${s.store.storeId}`,
      headers: env.keyHeaders(s.key),
      payload: { serviceId: locs.id, bookingDate: date, bookingTime: '10:00', customer: { name: 'Akosua', phone: '0245551212', email: 'akosua@example.test' } },
    });
    assert.equal(res.statusCode, 201, res.body);
    const row = (await env.db.selectFrom('mail_outbox').selectAll().where('booking_id', '=', res.data.booking.bookingId).execute()).find((r) => r.kind === 'booking.received');
    assert.ok(row, 'the customer is written to');
    const m = await env.app.ctx.services.messages.renderRow(row as any);
    assert.match(m.subject, /^Pay your deposit to keep /);
    assert.match(m.text, /held until \d{1,2}:\d{2}\s(am|pm): pay the deposit of GH₵100\.00 by then to keep it/);
    assert.ok(m.html!.includes(`href="${res.data.payment.checkoutUrl}"`), 'the payment link');
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    try {
      await page.setContent(m.html!, { waitUntil: 'load' });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `${overflow}px wider than a 390 px screen`);
      await page.evaluate(axeSource);
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(ctx: unknown, options: unknown): Promise<any> } }).axe;
        const r = await axe.run(document, { resultTypes: ['violations'] });
        return r.violations.filter((v: any) => v.impact === 'serious' || v.impact === 'critical').map((v: any) => `${v.id}: ${v.help}`);
      });
      assert.deepEqual(violations, []);
      await page.screenshot({ path: join(SHOTS, `booking.received-deposit-390-${env.dialect.name}.png`), fullPage: true });
    } finally {
      await context.close();
    }
  });

  test('previews: an unknown kind is 400, another store\'s owner 403, no session 401', async () => {
    const s = await salon(env, 'Guarded');
    const other = await env.createStore();
    const url = `/api/stores/${s.store.storeId}/messages/preview`;
    expectError(await env.inject({ method: 'GET', url: `${url}?kind=booking.exploded`, headers: env.staffHeaders(s.store) }), 400, 'validation-failed');
    expectError(await env.inject({ method: 'GET', url, headers: env.staffHeaders(s.store) }), 400, 'validation-failed');
    expectError(await env.inject({ method: 'GET', url: `${url}?kind=booking.confirmed`, headers: env.staffHeaders(other) }), 403, 'forbidden');
    expectError(await env.inject({ method: 'GET', url: `${url}?kind=booking.confirmed` }), 401, 'unauthorized');
  });

  test('alert choices: owners get every alert by default, staff none; each member changes only their own, per store', async () => {
    const s = await salon(env, 'Choosy');
    const staff = await env.addMember(s.store, { role: 'staff' });
    const mine = await env.inject({ method: 'GET', url: '/api/me/notifications', headers: env.staffHeaders(s.store) });
    assert.equal(mine.statusCode, 200, mine.body);
    assert.deepEqual(mine.data.stores[0].notifications, { newBooking: true, bookingChanged: true, newOrder: true, orderPaid: true });
    const theirs = await env.inject({ method: 'GET', url: '/api/me/notifications', headers: staff.headers });
    assert.deepEqual(theirs.data.stores[0].notifications, { newBooking: false, bookingChanged: false, newOrder: false, orderPaid: false });

    // Who is alerted is remembered per store, and forgotten as soon as a choice changes.
    const ownerEmail = (await env.inject({ method: 'GET', url: '/api/auth/me', headers: env.staffHeaders(s.store) })).data.user.email;
    assert.deepEqual((await env.app.ctx.services.stores.alertRecipients(s.store.storeId, 'newBooking')).map((r) => r.email), [ownerEmail]);
    const changed = await env.inject({ method: 'PATCH', url: '/api/me/notifications', headers: staff.headers, payload: { storeId: s.store.storeId, newBooking: true } });
    assert.deepEqual((await env.app.ctx.services.stores.alertRecipients(s.store.storeId, 'newBooking')).map((r) => r.email).sort(), [ownerEmail, staff.email].sort());
    assert.equal(changed.statusCode, 200, changed.body);
    assert.deepEqual(changed.data.store.notifications, { newBooking: true, bookingChanged: false, newOrder: false, orderPaid: false });
    const ownerOff = await env.inject({ method: 'PATCH', url: '/api/me/notifications', headers: env.staffHeaders(s.store), payload: { storeId: s.store.storeId, newBooking: false } });
    assert.equal(ownerOff.data.store.notifications.newBooking, false);
    assert.equal(ownerOff.data.store.notifications.newOrder, true);

    const recipients = await env.app.ctx.services.stores.alertRecipients(s.store.storeId, 'newBooking');
    assert.deepEqual(recipients.map((r) => r.email), [staff.email]);

    const stranger = await env.createStore();
    expectError(await env.inject({ method: 'PATCH', url: '/api/me/notifications', headers: env.staffHeaders(stranger), payload: { storeId: s.store.storeId, newBooking: true } }), 403, 'forbidden');
    expectError(await env.inject({ method: 'PATCH', url: '/api/me/notifications', headers: staff.headers, payload: { storeId: s.store.storeId } }), 400, 'validation-failed');
    expectError(await env.inject({ method: 'PATCH', url: '/api/me/notifications', headers: staff.headers, payload: { storeId: s.store.storeId, newBooking: 'yes' } }), 400, 'validation-failed');
    expectError(await env.inject({ method: 'PATCH', url: '/api/me/notifications', headers: staff.headers, payload: { storeId: s.store.storeId, everything: true } }), 400, 'validation-failed');
    expectError(await env.inject({ method: 'GET', url: '/api/me/notifications' }), 401, 'unauthorized');
  });
});
