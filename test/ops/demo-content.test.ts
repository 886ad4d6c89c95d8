// The demo store (npm start's first run) shows only what the service does, with pictures that ship
// with it: every image URL of the catalog, gallery, promo, videos and blog is served by the service
// itself at /demo-assets/ (small SVG files), so the demo works offline and on several instances.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { seedDemo } from '../../src/seed/demo.ts';
import { describeEachDb } from '../helpers/app.ts';

describeEachDb('demo store content', (env) => {
  let creds: { storeId: string; storeSlug: string; integrationKey: string };
  const read = async (url: string) => {
    const res = await env.inject({ method: 'GET', url, headers: { 'x-api-key': creds.integrationKey } });
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    return res.data;
  };
  before(async () => {
    const seeded = await seedDemo(env.app.ctx, { onlyIfEmpty: false });
    creds = JSON.parse(readFileSync(seeded.credentialsPath, 'utf8'));
  });

  test('every demo picture is served by the service from /demo-assets/ as a small SVG', async () => {
    const q = `storeId=${creds.storeId}`;
    const catalog = await read(`/v1IntegrationProducts?${q}`);
    const promo = (await read(`/v1IntegrationPromo?${q}`)).promo;
    const gallery = (await read(`/integrationGallery?${q}`)).gallery;
    const videos = (await read(`/integrationVideos?${q}`)).videos;
    const posts = (await read(`/api/public/blog?storeSlug=${creds.storeSlug}`)).items;
    const urls = new Set<string>([
      ...catalog.products.flatMap((p: any) => [p.imageUrl, ...(p.imageUrls ?? [])]),
      promo.imageUrl,
      ...gallery.map((g: any) => g.url),
      ...videos.map((v: any) => v.thumbnailUrl),
      ...posts.map((p: any) => p.coverImageUrl),
    ].filter(Boolean));
    assert.ok(urls.size >= 17, `all pictures counted: ${urls.size}`);
    const prefix = `${env.config.publicBaseUrl}/demo-assets/`;
    for (const url of urls) {
      assert.ok(url.startsWith(prefix), `${url} is the service's own`);
      const res = await env.inject({ method: 'GET', url: url.slice(env.config.publicBaseUrl.length) });
      assert.equal(res.statusCode, 200, url);
      assert.match(String(res.headers['content-type']), /^image\/svg\+xml/);
      assert.match(String(res.headers['content-security-policy']), /default-src 'none'/);
      assert.ok(res.rawPayload.length < 10_000, `${url} is small (${res.rawPayload.length} bytes)`);
      assert.match(res.body, /^<svg [^>]*role="img" aria-label="[^"]+"/);
    }
    assert.equal((await env.inject({ method: 'GET', url: '/demo-assets/../demo.ts' })).statusCode, 404);
  });

  test('the demo copy promises nothing the service does not do (no discount codes at checkout)', async () => {
    const promo = (await read(`/v1IntegrationPromo?storeId=${creds.storeId}`)).promo;
    const text = [promo.title, promo.subtitle, promo.body, promo.ctaLabel].join(' ');
    assert.doesNotMatch(text, /\bcode\b|% off|discount|coupon/i);
    assert.equal(promo.ctaUrl, `${env.config.publicBaseUrl}/s/${creds.storeSlug}/blog`);
    const posts = (await read(`/api/public/blog?storeSlug=${creds.storeSlug}`)).items;
    for (const post of posts) {
      const full = await env.inject({ method: 'GET', url: `/api/public/blog/${post.slug}?storeSlug=${creds.storeSlug}` });
      assert.equal(full.statusCode, 200, full.body);
      assert.doesNotMatch(JSON.stringify(full.data), /\bcode\b|% off|coupon|delivery or pickup/i);
    }
  });
});

describeEachDb('demo store activity', (env) => {
  test('the demo has bookings from the first free slots on (some confirmed) and orders, paid and awaiting cash', async () => {
    const seeded = await seedDemo(env.app.ctx, { onlyIfEmpty: false });
    const creds = JSON.parse(readFileSync(seeded.credentialsPath, 'utf8'));
    const login = await env.inject({ method: 'POST', url: '/api/auth/login', payload: creds.staff });
    const staff = { authorization: `Bearer ${login.data.token}` };
    const bookings = await env.inject({ method: 'GET', url: `/v1IntegrationBookings?storeId=${creds.storeId}`, headers: { 'x-api-key': creds.integrationKey } });
    assert.equal(bookings.statusCode, 200, bookings.body);
    const list = bookings.data.bookings;
    assert.equal(list.length, 6);
    assert.deepEqual([...new Set(list.map((b: any) => b.serviceId))].sort(), ['braiding-appointment', 'skin-consultation']);
    assert.ok(list.some((b: any) => b.status === 'confirmed') && list.some((b: any) => b.status === 'pending'));
    const week = Date.now() + 8 * 86_400_000;
    assert.ok(list.every((b: any) => Date.parse(b.startAt) > Date.now() && Date.parse(b.startAt) < week), 'within the coming week');
    const orders = await env.inject({ method: 'GET', url: `/api/stores/${creds.storeId}/orders`, headers: staff });
    assert.equal(orders.statusCode, 200, orders.body);
    assert.deepEqual(orders.data.orders.map((o: any) => o.status).sort(), ['paid', 'paid', 'pending_cash_collection']);
    const customers = await env.inject({ method: 'GET', url: `/api/stores/${creds.storeId}/customers`, headers: staff });
    assert.ok(customers.data.customers.length >= 4, 'bookings and orders brought their customers');
  });
});
