// "The store speaks", end to end on both engines, through a real SMTP server and Chromium where a
// person acts: a partner's booking → the owner's alert mail and the console's notice → the customer's
// mail with a calendar event (parsed back with ical.js) → the owner confirms in the console → the
// reminder at its offset (the clock moved, not slept) → the customer opens the manage link on a
// phone with JavaScript off and moves the booking → the store is alerted, the old time is free and the
// new one taken → past the cut-off the page refuses to cancel and shows the store's contact. Each mail's
// HTML is rendered at 390 px and photographed with the pages.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import ICAL from 'ical.js';
import type { TestStore } from '../../test/helpers/app.ts';
import { startSmtpPeer, waitFor } from '../../test/helpers/smtp.ts';
import { startMessageWorkers, runReminders } from '../../src/modules/messages/worker.ts';
import { checkA11y, describeConsole, inspect, signInThroughUi, SHOTS } from './harness.ts';
import { createService, dayIn, partnerBooks } from './booking-helpers.ts';

const ZONE = 'Africa/Accra';
const smtp = await startSmtpPeer();
after(() => smtp.stop());

describeConsole(
  'the store speaks: alerts, customer mail, reminders and the manage link',
  (c) => {
    let store: TestStore;
    let key = '';
    let serviceId = '';
    before(async () => {
      await startMessageWorkers(c.env.app.ctx, { pollMs: 50 });
      store = await c.env.createStore({ name: 'Adom Braids', timezone: ZONE });
      const profile = await c.env.inject({
        method: 'PATCH',
        url: `/api/stores/${store.storeId}`,
        headers: c.env.staffHeaders(store),
        payload: { contact: { phone: '020 765 4321', whatsapp: '0207654321', email: 'hello@adom.example', address: '12 Oxford St, Osu' }, reminderMinutes: [1440] },
      });
      assert.equal(profile.statusCode, 200, profile.body);
      key = await c.env.createKey(store);
      serviceId = (await createService(c.env, store, { name: 'Knotless braids', start: '08:00', end: '18:00', capacity: 1 })).id;
    });

    const mailsTo = (address: string, reference: string) => smtp.messages.filter((m) => m.to.includes(address) && m.raw.includes(reference));
    const mailPage = async (raw: string, name: string) => {
      const parsed = await simpleParser(raw);
      const { context, page } = await c.newPage(390);
      try {
        await page.setContent(parsed.html as string);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 1, `${name}: ${overflow}px wider than 390 px`);
        await checkA11y(page, name);
        await page.screenshot({ path: join(SHOTS, `mail-${name}-390-${c.env.dialect.name}.png`), fullPage: true });
      } finally {
        await context.close();
      }
      return parsed;
    };

    test('a booking told to everyone it concerns, reminded, and moved by its customer on a phone', async () => {
      const ownerEmail = (await c.env.inject({ method: 'GET', url: '/api/auth/me', headers: c.env.staffHeaders(store) })).data.user.email as string;
      const { context, page } = await c.newPage();
      await page.clock.install();
      try {
        await signInThroughUi(page, store.email, store.password);
        await page.waitForURL(/\/today/);
        await page.waitForResponse((r) => r.url().includes(`/api/stores/${store.storeId}/bookings?limit=`) && r.ok());

        // A partner's website books.
        const date = dayIn(ZONE, 3);
        const booking = await partnerBooks(c.env, store, key, { serviceId, date, time: '10:00', name: 'Esi Owusu', email: 'esi@example.test' });

        // The owner: an alert by mail, and a notice in the open console within a poll.
        await waitFor('the owner\'s alert', () => mailsTo(ownerEmail, booking.reference).length === 1);
        assert.match(mailsTo(ownerEmail, booking.reference)[0].text, /Subject: New booking: Knotless braids/);
        await page.clock.fastForward('00:16');
        await page.getByRole('link', { name: /^New booking: Esi Owusu, Knotless braids/ }).waitFor();

        // The customer: a mail in the store's name with the booking as a calendar event.
        await waitFor('the received mail', () => mailsTo('esi@example.test', booking.reference).length === 1);
        const received = await mailPage(mailsTo('esi@example.test', booking.reference)[0].raw, 'received');
        assert.equal(received.from?.value[0].name, 'Adom Braids');
        const ics = received.attachments.find((a) => a.contentType.startsWith('text/calendar'))!.content.toString('utf8');
        const calendar = new ICAL.Component(ICAL.parse(ics));
        assert.equal(calendar.getFirstPropertyValue('method'), 'REQUEST');
        const event = calendar.getFirstSubcomponent('vevent')!;
        assert.equal(event.getFirstPropertyValue('uid'), `${booking.bookingId}@127.0.0.1`);
        const manageUrl = /(http:\/\/127\.0\.0\.1:\d+\/b\/[0-9A-Za-z]{24})/.exec(received.text ?? '')![1];

        // The owner confirms in the console; the customer is told.
        await page.getByRole('link', { name: /^New booking: Esi Owusu/ }).click();
        await page.getByRole('button', { name: 'Confirm', exact: true }).click();
        await waitFor('the confirmed mail', () => mailsTo('esi@example.test', booking.reference).length === 2);
        await mailPage(mailsTo('esi@example.test', booking.reference)[1].raw, 'confirmed');
        await page.getByText('Booking confirmed').first().waitFor();
        await page.getByRole('heading', { name: 'Messages' }).waitFor();
        await inspect(page, 'booking-messages-story', c.env.dialect.name);

        // A day before, the reminder (the scan runs with the clock at that moment).
        const start = Date.parse((await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings/${booking.bookingId}`, headers: c.env.staffHeaders(store) })).data.booking.startAt);
        assert.equal(await runReminders(c.env.app.ctx, start - 1440 * 60_000 - 60_000), 0, 'not yet');
        assert.equal(await runReminders(c.env.app.ctx, start - 1440 * 60_000), 1);
        await waitFor('the reminder', () => mailsTo('esi@example.test', booking.reference).length === 3);
        const reminder = await mailPage(mailsTo('esi@example.test', booking.reference)[2].raw, 'reminder');
        assert.match(reminder.subject ?? '', /^Reminder: Knotless braids tomorrow/);

        // The customer moves it on a phone, JavaScript off.
        const phone = await c.browser.newContext({ viewport: { width: 390, height: 800 }, javaScriptEnabled: false });
        try {
          const tab = await phone.newPage();
          await tab.goto(manageUrl);
          await tab.getByRole('link', { name: 'Move to another time' }).click();
          const later = dayIn(ZONE, 4);
          await tab.locator(`a[href*="date=${later}"]`).first().click();
          await tab.getByRole('button', { name: /^2:00\s?pm$/i }).click();
          await tab.getByText(/moved/i).first().waitFor();
          await tab.screenshot({ path: join(SHOTS, `manage-moved-390-${c.env.dialect.name}.png`), fullPage: true });
          const moved = (await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings/${booking.bookingId}`, headers: c.env.staffHeaders(store) })).data.booking;
          assert.equal(moved.bookingDate, later);
          assert.equal(moved.bookingTime, '14:00');
          // The old time is free again, the new one taken (capacity 1).
          const slots = async (day: string) =>
            (await c.env.inject({ method: 'GET', url: `/v1IntegrationAvailability?storeId=${store.storeId}&serviceId=${serviceId}&from=${day}T00:00:00Z&to=${day}T23:59:00Z`, headers: c.env.keyHeaders(key) })).data.slots.map((s: { time: string }) => s.time);
          assert.ok((await slots(date)).includes('10:00'));
          assert.ok(!(await slots(later)).includes('14:00'));
          // The store is alerted, the customer told.
          await waitFor('the owner\'s moved alert', () => mailsTo(ownerEmail, booking.reference).some((m) => /Subject: Moved by the customer/.test(m.text)));
          await waitFor('the moved mail', () => mailsTo('esi@example.test', booking.reference).length === 4);
          await mailPage(mailsTo('esi@example.test', booking.reference)[3].raw, 'moved');

          // Past the cut-off, the page says how to reach the store instead of offering a change.
          await c.env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}`, headers: c.env.staffHeaders(store), payload: { cancellationCutoffMinutes: 43200 } });
          await tab.goto(manageUrl);
          await tab.getByText(/can no longer be changed online/i).waitFor();
          assert.equal(await tab.getByRole('button', { name: 'Cancel booking' }).count(), 0);
          assert.equal(await tab.locator('a[href="tel:+233207654321"]').count() > 0, true);
          assert.equal(await tab.locator('a[href="https://wa.me/233207654321"]').count() > 0, true);
          await tab.screenshot({ path: join(SHOTS, `manage-cutoff-390-${c.env.dialect.name}.png`), fullPage: true });
          const refused = await fetch(`${manageUrl}/cancel`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
          assert.ok(refused.status === 409 || refused.status === 303, String(refused.status));
          const still = (await c.env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/bookings/${booking.bookingId}`, headers: c.env.staffHeaders(store) })).data.booking;
          assert.equal(still.status, 'rescheduled', 'not cancelled');
        } finally {
          await phone.close();
        }
      } finally {
        await context.close();
      }
    });
  },
  { env: { SMTP_URL: smtp.url } },
);
