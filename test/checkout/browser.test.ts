// The sandbox payment page in a real browser (Debian's chromium via playwright-core): the app listens
// on 127.0.0.1, a stand-in partner site on another loopback port receives the redirects. Proves the
// page's Content-Security-Policy lets the 303 after a form post reach the partner's returnUrl/cancelUrl.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { freePort, launchChromium, OUTPUT } from '../helpers/browser.ts';
import { describeEachDb } from '../helpers/app.ts';
import { createOrder, createShop, orderStatus, stockOf, type Shop } from './helpers.ts';

const port = await freePort();
const base = `http://127.0.0.1:${port}`;

// The partner website: records every landing and shows a small page.
const landings: URL[] = [];
const partner: Server = createHttpServer((req, res) => {
  landings.push(new URL(req.url ?? '/', 'http://partner.local'));
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

describeEachDb('sandbox payment page in headless Chromium', (env) => {
  let shop: Shop;
  before(async () => {
    await env.app.listen({ host: '127.0.0.1', port });
    shop = await createShop(env);
  });

  const urls = { returnUrl: `${partnerBase}/checkout/success?cart=42`, cancelUrl: `${partnerBase}/checkout/cancel` };

  async function clickThrough(checkoutUrl: string, button: RegExp, screenshot?: string) {
    const context = await browser.newContext({ viewport: { width: 420, height: 760 } });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    try {
      await page.goto(checkoutUrl);
      assert.equal(await page.title(), 'Pay Ama’s Shop');
      if (screenshot) await page.screenshot({ path: `${OUTPUT}/${screenshot}`, fullPage: true });
      await Promise.all([page.waitForURL((u) => u.toString().startsWith(partnerBase), { timeout: 15_000 }), page.getByRole('button', { name: button }).click()]);
      assert.deepEqual(violations, []);
      return new URL(page.url());
    } finally {
      await context.close();
    }
  }

  test('Pay lands on returnUrl with trxref and reference, and the order is paid', async () => {
    const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 2 }], urls);
    assert.equal(order.checkoutUrl, `${base}/pay/${order.reference}`);
    const landed = await clickThrough(order.checkoutUrl, /^Pay/, `pay-page-${env.dialect.name}.png`);
    assert.equal(landed.pathname, '/checkout/success');
    assert.equal(landed.searchParams.get('cart'), '42');
    assert.equal(landed.searchParams.get('trxref'), order.reference);
    assert.equal(landed.searchParams.get('reference'), order.reference);
    const o = (await orderStatus(env, shop, `reference=${order.reference}`)).data.order;
    assert.equal(o.status, 'paid');
    assert.equal(o.amountPaidMinor, 2500);
  });

  test('Decline and Cancel land on cancelUrl with trxref and reference, and release the stock', async () => {
    const stock = await stockOf(env, shop, shop.mug.id);
    for (const [button, status] of [[/^Decline$/, 'payment_failed'], [/^Cancel$/, 'cancelled']] as const) {
      const order = await createOrder(env, shop, [{ id: shop.mug.id, qty: 1 }], urls);
      const landed = await clickThrough(order.checkoutUrl, button);
      assert.equal(landed.pathname, '/checkout/cancel');
      assert.equal(landed.searchParams.get('trxref'), order.reference);
      assert.equal(landed.searchParams.get('reference'), order.reference);
      assert.equal((await orderStatus(env, shop, `reference=${order.reference}`)).data.order.status, status);
    }
    assert.equal(await stockOf(env, shop, shop.mug.id), stock);
  });
}, { env: { PUBLIC_BASE_URL: base } });
