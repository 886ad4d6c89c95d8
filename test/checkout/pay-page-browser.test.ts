// The sandbox payment page as a customer sees it, in headless Chromium at phone (390 px) and
// desktop (1280 px) widths: buttons of one height with Pay on one line, table headers with scope,
// no serious axe-core violations, a way back to the shop once the order is paid, and an HTML page
// (not JSON) when the form is out of date. Screenshots go to test-output/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { freePort, launchChromium, OUTPUT } from '../helpers/browser.ts';
import { describeEachDb } from '../helpers/app.ts';
import { createOrder, createShop, orderStatus, type Shop } from './helpers.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const port = await freePort();
const base = `http://127.0.0.1:${port}`;

const partner: Server = createHttpServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end('<!doctype html><title>Partner</title><p>Back on the partner site</p>');
});
await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
const partnerBase = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;

let browser: Browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => partner.close(() => resolve()));
});

/** axe-core's serious and critical findings on the open page (the page's CSP is bypassed to inject it). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => (await (window as any).axe.run()).violations as Array<{ id: string; impact: string; nodes: unknown[] }>);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`);
}

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

describeEachDb('sandbox payment page for customers, in headless Chromium', (env) => {
  let shop: Shop;
  before(async () => {
    await env.app.listen({ host: '127.0.0.1', port });
    shop = await createShop(env);
  });

  const urls = { returnUrl: `${partnerBase}/checkout/success?cart=7`, cancelUrl: `${partnerBase}/checkout/cancel` };

  for (const viewport of WIDTHS) {
    test(`at ${viewport.width} px: Pay, Decline and Cancel are one height, Pay's label on one line, no sideways scroll, headers scoped, no serious axe violations`, async () => {
      // Two lines and a large total make the longest Pay label the page shows.
      const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 40 }, { id: shop.sticker.id, qty: 3 }], urls);
      const context = await browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      try {
        await page.goto(order.checkoutUrl);
        await page.screenshot({ path: `${OUTPUT}/pay-page-${viewport.name}-${env.dialect.name}.png`, fullPage: true });
        const boxes = await page.$$eval('.actions button', (buttons) =>
          buttons.map((b) => ({ text: b.textContent, height: b.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(b).lineHeight), scroll: b.scrollWidth - b.clientWidth })),
        );
        assert.deepEqual(boxes.map((b) => b.text?.replace(/\s+/g, ' ')), ['Pay GHS 509.00', 'Decline', 'Cancel']);
        assert.equal(new Set(boxes.map((b) => Math.round(b.height))).size, 1, `one height: ${JSON.stringify(boxes)}`);
        assert.ok(boxes[0].height < 2 * boxes[0].lineHeight + 24, `Pay is one line: ${JSON.stringify(boxes[0])}`);
        assert.ok(boxes.every((b) => b.height >= 44), 'touch targets are at least 44 px high');
        assert.ok(boxes.every((b) => b.scroll <= 0), 'no label is cut off');
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll');
        assert.deepEqual(await page.$$eval('th:not([scope])', (ths) => ths.map((t) => t.textContent)), [], 'every th has a scope');
        assert.deepEqual(await seriousViolations(page), []);
      } finally {
        await context.close();
      }
    });
  }

  test('after paying, the page links back to the shop (returnUrl with trxref and reference) instead of a dead end', async () => {
    const order = await createOrder(env, shop, [{ id: shop.sticker.id, qty: 1 }], urls);
    const context = await browser.newContext({ viewport: WIDTHS[0], bypassCSP: true });
    const page = await context.newPage();
    try {
      await page.goto(order.checkoutUrl);
      await Promise.all([page.waitForURL((u) => u.toString().startsWith(partnerBase)), page.getByRole('button', { name: /^Pay/ }).click()]);
      // The customer comes back to the payment link later (history, a bookmark, a second tab).
      await page.goto(order.checkoutUrl);
      assert.match(await page.locator('main').innerText(), /This checkout is paid; it can no longer be paid here\./);
      await page.screenshot({ path: `${OUTPUT}/pay-page-paid-${env.dialect.name}.png`, fullPage: true });
      assert.deepEqual(await seriousViolations(page), []);
      await Promise.all([page.waitForURL((u) => u.toString().startsWith(partnerBase)), page.getByRole('link', { name: 'Back to Ama’s Shop' }).click()]);
      const landed = new URL(page.url());
      assert.equal(landed.pathname, '/checkout/success');
      assert.equal(landed.searchParams.get('cart'), '7');
      assert.equal(landed.searchParams.get('trxref'), order.reference);
      assert.equal(landed.searchParams.get('reference'), order.reference);
    } finally {
      await context.close();
    }
  });

  test('a form with a wrong token gets an HTML error page (403) with a way back, and the order stays unpaid', async () => {
    const order = await createOrder(env, shop, [{ id: shop.sticker.id, qty: 1 }], urls);
    const context = await browser.newContext({ viewport: WIDTHS[0], bypassCSP: true });
    const page = await context.newPage();
    try {
      await page.goto(order.checkoutUrl);
      await page.$$eval('input[name="token"]', (inputs) => inputs.forEach((i) => ((i as HTMLInputElement).value = 'forged-token-value')));
      const [response] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: /^Pay/ }).click()]);
      assert.equal(response?.status(), 403);
      assert.match(String(await response?.headerValue('content-type')), /^text\/html/);
      assert.equal(await page.title(), 'This payment form is out of date');
      assert.match(await page.locator('main').innerText(), /reload the page[\s\S]*Request id for support: req_/);
      await page.screenshot({ path: `${OUTPUT}/pay-page-bad-token-${env.dialect.name}.png`, fullPage: true });
      assert.deepEqual(await seriousViolations(page), []);
      await page.getByRole('link', { name: 'Back to the payment page' }).click();
      await page.waitForURL(order.checkoutUrl);
      assert.equal((await orderStatus(env, shop, `reference=${order.reference}`)).data.order.status, 'pending_payment');
    } finally {
      await context.close();
    }
  });

  test('non-browser clients still get the JSON error body for a wrong token', async () => {
    const order = await createOrder(env, shop, [{ id: shop.sticker.id, qty: 1 }], urls);
    const res = await fetch(order.checkoutUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: 'action=pay&token=forged' });
    assert.equal(res.status, 403);
    assert.equal((await res.json()).error, 'forbidden');
  });
}, { env: { PUBLIC_BASE_URL: base } });
