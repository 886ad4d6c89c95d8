// What the storefront's page tests check on every page a customer sees, and the clock they move.
import { mock } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { OUTPUT } from '../helpers/browser.ts';

export const SHOTS = join(OUTPUT, 'storefront');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** tsx compiles named functions with an `__name` helper; code evaluated in a page needs it there too (an init script). */
export const KEEP_NAMES = 'globalThis.__name = (fn) => fn;';

/**
 * The page as it is now, in a context with JavaScript on: nothing wider than a 390 px screen, every
 * tap target (links, buttons, fields) at least 44 px high, axe-core finds nothing serious; then
 * photographed at 390 and 1280 px (test-output/storefront/<name>-<engine>-<width>.png), and left at 390 px.
 */
export async function checkPage(page: Page, name: string, engine: string) {
  mkdirSync(SHOTS, { recursive: true });
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
    await page.screenshot({ path: join(SHOTS, `${name}-${engine}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 800 });
}

/** Runs `work` with the clock `ms` ahead (the form token's few seconds, a form left open for hours), then puts it back. */
export async function later<T>(ms: number, work: () => Promise<T>): Promise<T> {
  mock.timers.enable({ apis: ['Date'], now: Date.now() + ms });
  try {
    return await work();
  } finally {
    mock.timers.reset();
  }
}
