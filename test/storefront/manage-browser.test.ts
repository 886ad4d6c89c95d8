// The manage link in a real browser with JavaScript off, as on a cheap phone with scripts blocked:
// Debian's chromium driven by playwright-core against the app listening on 127.0.0.1. The customer
// moves the booking through the day links and a time button, then cancels through the confirmation
// page. Each page is checked in a second context with JavaScript on (axe-core, nothing wider than a
// 390 px screen, tap targets at least 44 px high) and photographed at 390 and 1280 px
// (test-output/storefront/, git-ignored): look at the pictures.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort, launchChromium } from '../helpers/browser.ts';
import { describeEachDb } from '../helpers/app.ts';
import { book, dayAhead, salon, ZONE } from '../messages/helpers.ts';
import { checkPage, KEEP_NAMES } from './page-checks.ts';

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let browser: Browser;

before(async () => {
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
});

/** Opens `url` with JavaScript on and checks it (page-checks.ts: axe, 390 px fit, 44 px targets, pictures). */
async function inspect(checker: Page, url: string, name: string, engine: string) {
  const res = await checker.goto(url, { waitUntil: 'load' });
  assert.ok(res && res.status() < 500, `${name}: ${res?.status()}`);
  await checkPage(checker, name, engine);
}

describeEachDb('manage link in Chromium without JavaScript', (env) => {
  let noScript: BrowserContext;
  let scripted: BrowserContext;

  before(async () => {
    await env.app.listen({ host: '127.0.0.1', port });
    noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 800 } });
    scripted = await browser.newContext({ viewport: { width: 390, height: 800 } });
    await scripted.addInitScript(KEEP_NAMES);
  });

  after(async () => {
    await noScript?.close();
    await scripted?.close();
  });

  test('move through the day links and a time button, then cancel through the confirmation page; every page is accessible and fits a phone', async () => {
    const engine = env.dialect.name;
    const s = await salon(env);
    const hours = await env.inject({
      method: 'PATCH',
      url: `/api/stores/${s.store.storeId}`,
      headers: env.staffHeaders(s.store),
      payload: { hours: ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day, start: '08:00', end: '20:00' })).concat([{ day: 'sat', start: '09:00', end: '14:00' }]) },
    });
    assert.equal(hours.statusCode, 200, hours.body);
    const booking = await book(env, s, { date: dayAhead(2), time: '10:00', name: 'Esi Owusu', notes: 'Shoulder length, please.' });
    const path = new URL(booking.manageUrl).pathname;
    const target = dayAhead(4);
    const checker = await scripted.newPage();
    await inspect(checker, `${base}${path}`, 'booking', engine);
    await inspect(checker, `${base}${path}/move?date=${target}`, 'move', engine);
    await inspect(checker, `${base}${path}/cancel`, 'cancel', engine);
    await inspect(checker, `${base}/b/NotAValidLinkAtAll000000`, 'not-valid', engine);

    const page = await noScript.newPage();
    const opened = await page.goto(`${base}${path}`);
    assert.equal(opened?.status(), 200);
    assert.equal(await page.title(), 'Your booking · Adom Braids');
    // (Evaluated through the DevTools protocol, which runs with the page's scripts off.)
    assert.equal(await page.evaluate(() => document.scripts.length), 0, 'the page has no script to miss');
    await page.getByRole('link', { name: 'Move to another time' }).click();
    await page.waitForURL(`${base}${path}/move`);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Move your booking');
    // The day picker: 14 days, today first.
    const days = page.getByRole('navigation', { name: 'Choose a day' }).getByRole('listitem');
    assert.equal(await days.count(), 14);
    const label = (date: string) => {
      const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GH', { ...options, timeZone: 'UTC' }).format(Date.parse(`${date}T12:00:00Z`));
      return `${part({ weekday: 'short' })} ${part({ day: 'numeric' })} ${part({ month: 'short' })}`;
    };
    assert.equal(await days.first().getByRole('link').getAttribute('aria-current'), 'date', 'today, chosen');
    assert.equal(await days.first().getByRole('link').getAttribute('href'), `${path}/move?date=${dayAhead(0)}`);
    await page.getByRole('link', { name: label(target), exact: true }).click();
    await page.waitForURL(`${base}${path}/move?date=${target}`);
    assert.equal(await page.getByRole('link', { name: label(target), exact: true }).getAttribute('aria-current'), 'date');
    const threePm = page.getByRole('button', { name: /^3:00\s?pm$/ });
    assert.ok((await threePm.boundingBox())!.height >= 44, 'time buttons are easy to tap');
    await threePm.click();
    await page.waitForURL(`${base}${path}?done=moved`);
    const moved = page.getByRole('status');
    assert.match((await moved.textContent()) ?? '', /Your booking is moved\./);
    const when = new Intl.DateTimeFormat('en-GH', { dateStyle: 'full', timeStyle: 'short', timeZone: ZONE }).format(Date.parse(`${target}T15:00:00Z`));
    assert.ok(((await page.locator('.details').textContent()) ?? '').includes(when), 'the new time');
    await inspect(checker, page.url(), 'moved', engine);

    await page.getByRole('link', { name: 'Cancel booking' }).click();
    await page.waitForURL(`${base}${path}/cancel`);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Cancel this booking?');
    assert.ok(await page.getByRole('link', { name: 'Keep it' }).isVisible());
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await page.waitForURL(`${base}${path}?done=cancelled`);
    assert.match(await page.getByRole('status').innerText(), /Your booking is cancelled\.\s+Adom Braids has been told\./);
    assert.equal(await page.getByRole('link', { name: 'Cancel booking' }).count(), 0, 'nothing more to do');
    assert.equal(await page.getByRole('link', { name: 'Move to another time' }).count(), 0);
    await inspect(checker, page.url(), 'cancelled', engine);

    const record = await env.inject({ method: 'GET', url: `/api/stores/${s.store.storeId}/bookings/${booking.bookingId}`, headers: env.staffHeaders(s.store) });
    assert.equal(record.data.booking.status, 'cancelled');
    assert.equal(record.data.booking.bookingDate, target);
    assert.equal(record.data.booking.cancellation.by, 'customer');
  });

  test('past the cut-off the page says so and puts calling and WhatsApp first', async () => {
    const s = await salon(env, 'Kente Cuts & Colour');
    const cutoff = await env.inject({ method: 'PATCH', url: `/api/stores/${s.store.storeId}`, headers: env.staffHeaders(s.store), payload: { cancellationCutoffMinutes: 3 * 24 * 60 } });
    assert.equal(cutoff.statusCode, 200, cutoff.body);
    const booking = await book(env, s, { date: dayAhead(1), time: '09:30' });
    const checker = await scripted.newPage();
    await inspect(checker, booking.manageUrl.replace('http://localhost:3000', base), 'cutoff', env.dialect.name);
    const page = await noScript.newPage();
    await page.goto(booking.manageUrl.replace('http://localhost:3000', base));
    assert.ok(await page.getByText('This booking can no longer be changed online.').isVisible());
    assert.equal(await page.locator('.notice a.button').first().getAttribute('href'), 'tel:+233207654321');
    assert.equal(await page.getByRole('link', { name: 'Move to another time' }).count(), 0);
  });
});
