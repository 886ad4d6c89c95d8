// The hosted store page and its booking flow in a real browser: Debian's chromium driven by
// playwright-core against the app listening on 127.0.0.1. A customer with JavaScript off (a cheap
// phone with scripts blocked) opens the store's link, books a service through the day and time links
// and the details form, and lands on the booking's manage link. Each step is also checked with
// JavaScript on (axe-core, nothing wider than a 390 px screen, tap targets at least 44 px high) and
// photographed at 390 and 1280 px (test-output/storefront/, git-ignored): look at the pictures. A
// service that asks a deposit: booked with JavaScript off, paid on the sandbox payment page, back on
// the manage link; another left unpaid until its hold ends (the clock moved): cancelled, the time
// free on the store page again, its payment page closed.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort, launchChromium } from '../helpers/browser.ts';
import { describeEachDb } from '../helpers/app.ts';
import { book, dayAhead, salon } from '../messages/helpers.ts';
import { checkPage, KEEP_NAMES, later } from './page-checks.ts';

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let browser: Browser;

before(async () => {
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
});

/** Checks the page as it is now (page-checks.ts), its pictures named store-<name>. */
const inspect = (page: Page, name: string, engine: string) => checkPage(page, `store-${name}`, engine);
/** The seconds a person takes over the form, as the clock the form token reads moves instead of the test waiting. */
const afterAFewSeconds = <T>(work: () => Promise<T>) => later(3000, work);

describeEachDb('store page in Chromium', (env) => {
  let noScript: BrowserContext;
  let scripted: BrowserContext;

  before(async () => {
    await env.app.listen({ host: '127.0.0.1', port });
    noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 800 }, baseURL: base });
    scripted = await browser.newContext({ viewport: { width: 390, height: 800 }, baseURL: base });
    await scripted.addInitScript(KEEP_NAMES);
  });

  after(async () => {
    await noScript?.close();
    await scripted?.close();
  });

  test('with JavaScript off a customer books from the shared link and lands on the manage link; with it on, every step is accessible and fits a phone', async () => {
    const engine = env.dialect.name;
    const s = await salon(env);
    const hours = await env.inject({
      method: 'PATCH',
      url: `/api/stores/${s.store.storeId}`,
      headers: env.staffHeaders(s.store),
      payload: { hours: ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day, start: '08:00', end: '20:00' })).concat([{ day: 'sat', start: '09:00', end: '14:00' }]) },
    });
    assert.equal(hours.statusCode, 200, hours.body);
    const silk = await env.createItem(s.store, { itemType: 'service', price: 120, name: 'Silk press and trim for shoulder-length natural hair', description: 'Wash, deep condition, blow-dry and a silk press. Bring your own products if you prefer.', schedule: { durationMinutes: 60, capacity: 1, slotIntervalMinutes: 60, maxAdvanceDays: 30, weeklyHours: WEEK.map((day) => ({ day, start: '09:00', end: '17:00' })) } });
    await env.createItem(s.store, { itemType: 'product', name: 'Edge control', price: 45, stockCount: 3 });
    await env.createItem(s.store, { itemType: 'product', name: 'Braid spray (large bottle, unscented)', price: 30, stockCount: 0 });
    const post = await env.inject({
      method: 'POST',
      url: `/api/stores/${s.store.storeId}/blog/posts`,
      headers: env.staffHeaders(s.store),
      payload: { title: 'Caring for knotless braids in the harmattan', contentHtml: '<p>Moisturise the scalp.</p>', status: 'published' },
    });
    assert.equal(post.statusCode, 201, post.body);
    const home = `/s/${s.store.slug}`;
    const date = dayAhead(3);

    // The customer, scripts off: store page → Book → a day → a time → details → booked.
    const page = await noScript.newPage();
    const opened = await page.goto(home);
    assert.equal(opened?.status(), 200);
    assert.equal(await page.title(), 'Book online · Adom Braids');
    assert.equal(await page.evaluate(() => document.scripts.length), 0, 'the page has no script to miss');
    await page.getByRole('link', { name: 'Book Knotless braids' }).click();
    await page.waitForURL(`${base}${home}/book?serviceId=${s.service.id}`);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Choose a time');
    const days = page.getByRole('navigation', { name: 'Day' }).getByRole('listitem');
    assert.equal(await days.count(), 14);
    await days.nth(3).getByRole('link').click();
    await page.waitForURL(`${base}${home}/book?serviceId=${s.service.id}&date=${date}`);
    const ten = page.getByRole('link', { name: /^10:00\s?am$/ });
    assert.ok((await ten.boundingBox())!.height >= 44, 'time links are easy to tap');
    await ten.click();
    await page.waitForURL(`${base}${home}/book?serviceId=${s.service.id}&date=${date}&time=10:00`);
    await page.getByLabel('Your name').fill('Esi Owusu');
    await page.getByLabel('Phone number').fill('024 111 2223');
    await page.getByLabel('Email (optional)').fill('esi@example.test');
    await page.getByLabel('Note for Adom Braids (optional)').fill('Waist length, please.');
    // A person takes a few seconds over the form; the clock moves instead of the test waiting.
    await afterAFewSeconds(async () => {
      await page.getByRole('button', { name: /^Book 10:00\s?am$/ }).click();
      await page.waitForURL(/\/b\/[0-9A-Za-z]{24}\?done=booked$/);
    });
    assert.match(await page.getByRole('status').innerText(), /Your booking request is sent\. Adom Braids will confirm it\./);
    assert.match((await page.locator('.details').textContent()) ?? '', /Knotless braids/);
    const booked = page.url();

    // The same steps with scripts on: checked and photographed.
    const checker = await scripted.newPage();
    const look = async (path: string, name: string) => {
      const res = await checker.goto(path);
      assert.ok(res && res.status() < 500, `${name}: ${res?.status()}`);
      await inspect(checker, name, engine);
    };
    await look(home, 'home');
    await look(`${home}/book`, 'services');
    await look(`${home}/book?serviceId=${s.service.id}&date=${date}`, 'times');
    await look(`${home}/book?serviceId=${s.service.id}&date=${date}&time=11:00`, 'details');
    // The form sent with mistakes: said next to each field and in a summary at the top.
    await checker.getByLabel('Your name').fill('Ama');
    await checker.getByLabel('Phone number').fill('12345');
    await checker.getByLabel('Email (optional)').fill('ama@');
    await afterAFewSeconds(async () => {
      await checker.getByRole('button', { name: /^Book 11:00\s?am$/ }).click();
      await checker.getByRole('alert').waitFor();
    });
    assert.equal(await checker.getByLabel('Phone number').getAttribute('aria-invalid'), 'true');
    await inspect(checker, 'details-errors', engine);
    // A time taken meanwhile.
    await checker.goto(`${home}/book?serviceId=${silk.id}&date=${date}&time=13:00`);
    await book(env, { ...s, service: silk }, { date, time: '13:00', name: 'Quick Kojo' });
    await checker.getByLabel('Your name').fill('Ama Mensah');
    await checker.getByLabel('Phone number').fill('0241112224');
    await afterAFewSeconds(async () => {
      await checker.getByRole('button', { name: /^Book 1:00\s?pm$/ }).click();
      await checker.getByText(/1:00\s?pm is no longer free/).waitFor();
    });
    await inspect(checker, 'taken', engine);
    await look(booked, 'booked');
    await look('/s/no-such-store', 'not-found');
  });

  test('a deposit: booked with JavaScript off, paid on the payment page, back on the manage link; left unpaid, the time is free again', async () => {
    const engine = env.dialect.name;
    const s = await salon(env, 'Adom Braids');
    const locs = await env.createItem(s.store, {
      itemType: 'service',
      price: 400,
      name: 'Goddess locs',
      schedule: { durationMinutes: 240, capacity: 1, slotIntervalMinutes: 60, maxAdvanceDays: 30, weeklyHours: WEEK.map((day) => ({ day, start: '08:00', end: '20:00' })), deposit: { percent: 25 } },
    });
    const home = `/s/${s.store.slug}`;
    const date = dayAhead(5);
    const page = await noScript.newPage();
    await page.goto(`${home}/book?serviceId=${locs.id}&date=${date}&time=10:00`);
    assert.match(await page.locator('.details').innerText(), /Deposit\s+GH₵100\.00/);
    await page.getByLabel('Your name').fill('Akosua Boateng');
    await page.getByLabel('Phone number').fill('024 555 1212');
    await afterAFewSeconds(async () => {
      await page.getByRole('button', { name: /^Book 10:00\s?am and pay the deposit$/ }).click();
      await page.waitForURL(/\/pay\/ORD-[0-9A-Z]{12}$/);
    });
    assert.match(await page.locator('body').innerText(), /Deposit: Goddess locs/);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL(/\/b\/[0-9A-Za-z]{24}\?trxref=/);
    assert.match(await page.getByRole('status').innerText(), /Your deposit is paid\.\s+Adom Braids will confirm your booking\./);
    assert.match(await page.locator('.details').innerText(), /Deposit\s+GH₵100\.00, paid/);
    const paidManage = page.url();

    // Scripts on: the deposit's steps checked and photographed.
    const checker = await scripted.newPage();
    await checker.goto(`${home}/book?serviceId=${locs.id}&date=${date}&time=14:00`);
    await inspect(checker, 'deposit-details', engine);
    await checker.getByLabel('Your name').fill('Kwabena Asare');
    await checker.getByLabel('Phone number').fill('024 555 1313');
    await afterAFewSeconds(async () => {
      await checker.getByRole('button', { name: /and pay the deposit$/ }).click();
      await checker.waitForURL(/\/pay\/ORD-/);
    });
    await inspect(checker, 'deposit-pay', engine);
    const unpaidPay = checker.url();
    const reference = unpaidPay.split('/').pop()!;
    const order = await env.db.selectFrom('orders').select(['booking_id', 'expires_at']).where('reference', '=', reference).executeTakeFirstOrThrow();
    const token = (await env.db.selectFrom('bookings').select('manage_token').where('id', '=', order.booking_id!).executeTakeFirstOrThrow()).manage_token;
    await checker.goto(`/b/${token}`);
    assert.match(await checker.locator('.notice.warn').innerText(), /Pay the deposit of GH₵100\.00 by .* to keep this time\./);
    await inspect(checker, 'deposit-due', engine);
    await checker.goto(paidManage);
    await inspect(checker, 'deposit-paid', engine);
    const times = async () => {
      await checker.goto(`${home}/book?serviceId=${locs.id}&date=${date}`);
      return checker.getByRole('link', { name: /^2:00\s?pm$/ }).count();
    };
    assert.equal(await times(), 0, 'held while the deposit is due');
    // Nobody pays: when the hold ends the booking is cancelled and the time is offered again.
    await later(Date.parse(order.expires_at!) - Date.now() + 1000, () => env.app.ctx.services.checkout.expireDue());
    assert.equal(await times(), 1, 'free again');
    await checker.goto(`/b/${token}`);
    assert.match(await checker.locator('.details').innerText(), /the deposit was not paid in time/);
    await inspect(checker, 'deposit-unpaid', engine);
    await checker.goto(unpaidPay);
    assert.doesNotMatch(await checker.locator('body').innerText(), /Pay GH/, 'the payment page is closed');

  });
}, { env: { PUBLIC_BASE_URL: base } });
