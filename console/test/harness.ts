// The console's end-to-end harness: the real service (the same buildApp as production, serving the
// built console) listening on loopback, once per database engine, and headless Chromium driving it
// through the UI only. Every page a test opens can be checked with axe-core and photographed at
// 390 and 1280 px (test-output/console/, git-ignored): look at the pictures.
// What a page looks like does not depend on the database: those checks (axe, the 390 px fit, the
// pictures) are made on the SQLite leg of each file, while every flow and its assertions run on both
// engines. CONSOLE_VISUAL_CHECKS=all makes them on every leg.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeEachDb, type TestEnv } from '../../test/helpers/app.ts';
import { freePort, launchChromium, OUTPUT } from '../../test/helpers/browser.ts';
import { consoleBuilt } from '../../src/http/console.ts';

export const SHOTS = join(OUTPUT, 'console');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface ConsoleEnv {
  env: TestEnv;
  base: string;
  browser: Browser;
  /** A new browser context (own cookies) with a page at `width` px (1280 unless given). */
  newPage(width?: number): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * How long a page step may wait (Playwright's default timeout for every page these tests open). Far
 * above what a step takes on a quiet machine; it only matters when the machine is busy (three test
 * files at once on two cores, each with its Chromium), where 15 s was seen to run out.
 */
export const PAGE_TIMEOUT_MS = 30_000;

let browser: Browser | null = null;
/** Whether the leg running now checks and photographs what people see (see the top of this file). */
let visualChecks = true;
// One port per test file (each file runs in its own process); the app's PUBLIC_BASE_URL names it.
const PORT = await freePort();

/**
 * Runs `body` once per engine against a listening service whose PUBLIC_BASE_URL is its real address.
 * `env` overrides configuration (e.g. SMTP_URL).
 */
export function describeConsole(title: string, body: (c: ConsoleEnv) => void, options: { env?: Record<string, string> } = {}) {
  assert.ok(consoleBuilt(), 'the console is built (npm test builds it: node scripts/build.mjs)');
  before(async () => {
    browser ??= await launchChromium();
    mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    browser = null;
  });
  const base = `http://127.0.0.1:${PORT}`;
  describeEachDb(title, (env) => {
    const c: ConsoleEnv = {
      env,
      base,
      get browser() {
        return browser!;
      },
      async newPage(width = 1280) {
        const context = await browser!.newContext({ viewport: { width, height: 900 }, baseURL: base, locale: 'en-GB', timezoneId: 'UTC' });
        const page = await context.newPage();
        page.setDefaultTimeout(PAGE_TIMEOUT_MS);
        return { context, page };
      },
    };
    before(async () => {
      visualChecks = env.dialect.name === 'sqlite' || process.env.CONSOLE_VISUAL_CHECKS === 'all';
      await env.app.listen({ host: '127.0.0.1', port: PORT });
    });
    body(c);
  }, { env: { PUBLIC_BASE_URL: base, ...options.env } });
}

/** Waits until no CSS transition runs (folding navigation, notices fading in or out). */
async function settle(page: Page) {
  await page.waitForFunction(() => !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running'), undefined, { timeout: 5_000 });
}

/** axe-core on the page as it is now: no serious or critical violations. */
export async function checkA11y(page: Page, label: string) {
  if (!visualChecks) return;
  // A notice fading in or out is half transparent: axe would judge its text's contrast mid-fade.
  await settle(page);
  // Evaluated through the DevTools protocol, so the console's CSP (script-src 'self') does not apply.
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, options: unknown): Promise<any> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v: any) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n: any) => n.target.join(' ')).slice(0, 5) }));
  });
  const serious = result.filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(serious, [], `${label}: axe found serious violations:\n${JSON.stringify(serious, null, 2)}`);
}

/**
 * Screenshots of the page at 390 px and 1280 px wide (full page), after checking that nothing
 * overflows horizontally at 390 px. Restores the page's width afterwards.
 */
export async function shoot(page: Page, name: string, engine: string) {
  if (!visualChecks) return;
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    // The AppShell animates its padding when the navigation bar folds away (200 ms): on a busy
    // machine the page is still wider than the screen after the pause above. Measure once it ends.
    await settle(page);
    if (width === 390) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `${name}: the page is ${overflow}px wider than a 390 px screen`);
    }
    // A full-page picture taken while scrolled draws the fixed header and navigation where the
    // window is, across the middle of the page: take it from the top, then scroll back.
    const scrolled = await page.evaluate(() => window.scrollY);
    if (scrolled) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SHOTS, `${name}-${width}-${engine}.png`), fullPage: true });
    if (scrolled) await page.evaluate((y) => window.scrollTo(0, y), scrolled);
  }
  await page.setViewportSize(original);
}

/** Checks the page (axe) and photographs it (390/1280) in one step. */
export async function inspect(page: Page, name: string, engine: string) {
  await checkA11y(page, name);
  await shoot(page, name, engine);
}

/**
 * Closes the success notices still showing, as a person would when one sits over the button
 * they want next (they close by themselves after a few seconds).
 */
export async function dismissNotices(page: Page) {
  const close = page.locator('.mantine-Notification-root').getByRole('button', { name: 'Dismiss' });
  for (let i = await close.count(); i > 0; i--) await close.first().click();
  await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached' });
}

/** Signs up through the UI; returns to the Today page of the new store. */
export async function signUpThroughUi(page: Page, input: { name: string; email: string; password: string; storeName: string; timezone?: string }) {
  await page.goto('/console/signup');
  await page.getByLabel('Your name').fill(input.name);
  await page.getByLabel('Email').fill(input.email);
  await page.getByLabel(/^Password/).fill(input.password);
  await page.getByLabel('Store name').fill(input.storeName);
  if (input.timezone) {
    await page.getByLabel(/^Time zone/).and(page.locator('input')).fill(input.timezone);
    await page.getByRole('option', { name: input.timezone, exact: true }).click();
  }
  await page.getByRole('button', { name: 'Create store' }).click();
  await page.waitForURL(/\/console\/s\/[a-z0-9]+\/today/);
  return /\/console\/s\/([a-z0-9]+)\//.exec(page.url())![1];
}

export async function signInThroughUi(page: Page, email: string, password: string) {
  await page.goto('/console/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A member invited over the API who accepted with a password of their own; returns that password. */
export async function inviteMember(env: TestEnv, owner: { storeId: string; token: string }, member: { email: string; name: string; role: 'owner' | 'admin' | 'staff' }) {
  const joined = await env.addMember({ storeId: owner.storeId, token: owner.token } as Parameters<TestEnv['addMember']>[0], member);
  return joined.password;
}
