// The hosted store page and its booking flow in a real browser: Debian's chromium driven by
// playwright-core against the app listening on 127.0.0.1. A customer with JavaScript off (a cheap
// phone with scripts blocked) opens the store's link, books a service through the day and time links
// and the details form, and lands on the booking's manage link. Each step is also checked with
// JavaScript on (axe-core, nothing wider than a 390 px screen, tap targets at least 44 px high) and
// photographed at 390 and 1280 px (test-output/storefront/, git-ignored): look at the pictures.
import { after, before, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort, launchChromium, OUTPUT } from '../helpers/browser.ts';
import { describeEachDb } from '../helpers/app.ts';
import { book, dayAhead, salon } from '../messages/helpers.ts';

const SHOTS = join(OUTPUT, 'storefront');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** tsx compiles named functions with an `__name` helper; evaluated code needs it in the page too. */
const KEEP_NAMES = 'globalThis.__name = (fn) => fn;';
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let browser: Browser;

before(async () => {
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
});

/** Checks the page as it is now (axe, 390 px fit, 44 px tap targets), then photographs it at 390 and 1280 px. */
async function inspect(page: Page, name: string, engine: string) {
  await page.setViewportSize({ width: 390, height: 800 });
  const measured = await page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - window.innerWidth,
    small: [...document.querySelectorAll('a, button, input:not([type=hidden]):not([tabindex="-1"]), textarea')]
      .map((el) => ({ text: (el.textContent || el.getAttribute('name') || '').trim().slice(0, 40), height: el.getBoundingClientRect().height }))
      .filter((t) => t.height > 0 && t.height < 44),
  }));
  assert.ok(measured.overflow <= 1, `${name}: the page is ${measured.overflow}px wider than a 390 px screen`);
  assert.deepEqual(measured.small, [], `${name}: tap targets under 44 px high`);
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, options: unknown): Promise<any> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v: any) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n: any) => n.target.join(' ')).slice(0, 5) }));
  });
  const serious = violations.filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(serious, [], `${name}: axe found serious violations:\n${JSON.stringify(serious, null, 2)}`);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: join(SHOTS, `store-${name}-${engine}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 800 });
}

/** Moves the clock the form token reads past the seconds a person takes to fill it in, then back. */
async function afterAFewSeconds<T>(work: () => Promise<T>): Promise<T> {
  mock.timers.enable({ apis: ['Date'], now: Date.now() + 3000 });
  try {
    return await work();
  } finally {
    mock.timers.reset();
  }
}

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
});
