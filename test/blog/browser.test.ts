// The hosted pages in a real browser: Debian's chromium driven by playwright-core against the app
// listening on 127.0.0.1. Screenshots go to test-output/ (git-ignored).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { freePort, launchChromium, OUTPUT } from '../helpers/browser.ts';
import { describeEachDb, type TestStore } from '../helpers/app.ts';
import { blogClient } from './helpers.ts';
import { png } from '../helpers/png.ts';


/** tsx compiles named functions with an `__name` helper; evaluated code needs it in the page too. */
const KEEP_NAMES = 'globalThis.__name = (fn) => fn;';

async function newPage(options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  await context.addInitScript(KEEP_NAMES);
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let browser: Browser;

before(async () => {
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
});

describeEachDb('blog pages in headless Chromium', (env) => {
  const blog = blogClient(env);
  let store: TestStore;
  let post: any;

  before(async () => {
    await env.app.listen({ host: '127.0.0.1', port });
    store = await env.createStore({ name: 'Lagos Coffee Roasters' });
    const boundary = '----browser-test';
    const cover = png(320, 180, [180, 90, 40]);
    const upload = await env.inject({
      method: 'POST',
      url: `/api/uploads?storeId=${store.storeId}`,
      headers: { ...env.staffHeaders(store), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`),
        cover,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    assert.equal(upload.statusCode, 201, upload.body);
    await blog.create(store, { title: 'Harvest notes from the highlands', excerpt: 'What the new crop tastes like.', status: 'published', contentHtml: '<p>Earlier post.</p>' });
    post = await blog.create(store, {
      title: 'How we roast: a long title that wraps nicely on a phone screen',
      excerpt: 'Light, medium and dark: what changes in the cup.',
      coverImageUrl: upload.data.url,
      coverImageAlt: 'Roasted beans',
      status: 'published',
      contentHtml:
        '<h2>Light roast</h2><p>Bright and <strong>fruity</strong>. Read <a href="https://example.com/roasting">more</a>.</p><ul><li>Ethiopia</li><li>Kenya</li></ul><blockquote>Coffee is a fruit.</blockquote><p><img src="https://example.invalid/x.png" onerror="alert(1)" alt="x"></p><script>document.title="pwned"</script>',
    });
  });

  test('the post page renders with its meta tags, cover image, no script errors, and fits a phone', async () => {
    const { page, close } = await newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    const errors: string[] = [];
    const dialogs: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && !/Failed to load resource|ERR_NAME_NOT_RESOLVED/.test(m.text()) && errors.push(m.text()));
    page.on('dialog', async (d) => {
      dialogs.push(d.message());
      await d.dismiss();
    });
    const res = await page.goto(`${base}/s/${store.slug}/blog/${post.slug}`, { waitUntil: 'load' });
    assert.equal(res?.status(), 200);
    assert.equal(await page.title(), `${post.title} · Lagos Coffee Roasters`);
    const head = await page.evaluate(() => {
      const meta = (sel: string) => document.querySelector(sel)?.getAttribute('content') ?? null;
      return {
        description: meta('meta[name="description"]'),
        ogTitle: meta('meta[property="og:title"]'),
        ogDescription: meta('meta[property="og:description"]'),
        ogImage: meta('meta[property="og:image"]'),
        ogType: meta('meta[property="og:type"]'),
        canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
        rss: document.querySelector('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute('href') ?? null,
        jsonLd: JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? 'null'),
        h1: document.querySelector('article h1')?.textContent,
        coverLoaded: (document.querySelector('img.cover') as HTMLImageElement | null)?.naturalWidth ?? 0,
        scripts: document.querySelectorAll('script:not([type="application/ld+json"])').length,
        scrollWidth: document.documentElement.scrollWidth,
        linkRel: document.querySelector('.content a')?.getAttribute('rel'),
      };
    });
    assert.equal(head.description, 'Light, medium and dark: what changes in the cup.');
    assert.equal(head.ogTitle, `${post.title} · Lagos Coffee Roasters`);
    assert.equal(head.ogDescription, head.description);
    assert.equal(head.ogImage, post.coverImageUrl);
    assert.ok(head.ogImage?.startsWith(`${base}/uploads/`));
    assert.equal(head.ogType, 'article');
    assert.equal(head.canonical, post.url);
    assert.equal(head.rss, `${base}/api/public/blog/rss?storeSlug=${store.slug}`);
    assert.equal(head.jsonLd['@type'], 'BlogPosting');
    assert.equal(head.jsonLd.headline, post.title);
    assert.equal(head.jsonLd.datePublished, post.publishedAt);
    assert.equal(head.h1, post.title);
    assert.equal(head.coverLoaded, 320, 'the uploaded cover decodes in the browser');
    assert.equal(head.scripts, 0);
    assert.equal(head.linkRel, 'noopener noreferrer');
    assert.ok(head.scrollWidth <= 390, `no horizontal scroll on a phone (scrollWidth ${head.scrollWidth})`);
    assert.deepEqual(dialogs, []);
    assert.deepEqual(errors, []);
    await page.screenshot({ path: `${OUTPUT}/blog-post-${env.dialect.name}.png`, fullPage: true });
    assert.ok(existsSync(`${OUTPUT}/blog-post-${env.dialect.name}.png`));
    await close();
  });

  test('the list page renders posts with title, image, excerpt and date, and its meta tags', async () => {
    const { page, close } = await newPage({ viewport: { width: 1200, height: 900 } });
    const res = await page.goto(`${base}/s/${store.slug}/blog`, { waitUntil: 'load' });
    assert.equal(res?.status(), 200);
    assert.equal(await page.title(), 'Lagos Coffee Roasters · Blog');
    // Covers are lazy-loaded: wait until the browser has decoded them (fails the test on timeout).
    await page.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0), undefined, { timeout: 10_000 });
    const info = await page.evaluate(() => ({
      description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
      ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
      ogType: document.querySelector('meta[property="og:type"]')?.getAttribute('content'),
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
      cards: [...document.querySelectorAll('li.card')].map((c) => ({
        title: c.querySelector('h2')?.textContent,
        excerpt: c.querySelector('p')?.textContent ?? null,
        date: c.querySelector('time')?.textContent,
        image: (c.querySelector('img') as HTMLImageElement | null)?.naturalWidth ?? null,
      })),
    }));
    assert.ok(info.description);
    assert.equal(info.ogTitle, 'Lagos Coffee Roasters · Blog');
    assert.equal(info.ogType, 'website');
    assert.equal(info.canonical, `${base}/s/${store.slug}/blog`);
    assert.equal(info.cards.length, 2);
    assert.equal(info.cards[0].title, post.title);
    assert.equal(info.cards[0].excerpt, 'Light, medium and dark: what changes in the cup.');
    assert.match(info.cards[0].date ?? '', /^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    assert.equal(info.cards[0].image, 320);
    assert.equal(info.cards[1].title, 'Harvest notes from the highlands');
    assert.equal(info.cards[1].image, null);
    await page.screenshot({ path: `${OUTPUT}/blog-list-${env.dialect.name}.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 375);
    await page.screenshot({ path: `${OUTPUT}/blog-list-phone-${env.dialect.name}.png`, fullPage: true });
    await close();
  });

  test('the RSS feed parses as XML in the browser with the required RSS 2.0 elements', async () => {
    const { page, close } = await newPage();
    await page.goto(`${base}/s/${store.slug}/blog`);
    const feed = await page.evaluate(async (url) => {
      const res = await fetch(url);
      const text = await res.text();
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const channel = doc.querySelector('rss > channel');
      const first = channel?.querySelector('item');
      const ns = (el: Element | null | undefined, uri: string, name: string) => el?.getElementsByTagNameNS(uri, name)[0] ?? null;
      return {
        type: res.headers.get('content-type'),
        parseError: doc.getElementsByTagName('parsererror').length > 0,
        version: doc.documentElement.getAttribute('version'),
        title: channel?.querySelector(':scope > title')?.textContent,
        link: channel?.querySelector(':scope > link')?.textContent,
        description: channel?.querySelector(':scope > description')?.textContent,
        self: ns(channel, 'http://www.w3.org/2005/Atom', 'link')?.getAttribute('href'),
        selfRel: ns(channel, 'http://www.w3.org/2005/Atom', 'link')?.getAttribute('rel'),
        items: channel?.querySelectorAll('item').length,
        itemTitle: first?.querySelector('title')?.textContent,
        itemLink: first?.querySelector('link')?.textContent,
        guid: first?.querySelector('guid')?.textContent,
        guidPermalink: first?.querySelector('guid')?.getAttribute('isPermaLink'),
        pubDate: first?.querySelector('pubDate')?.textContent,
        encoded: ns(first, 'http://purl.org/rss/1.0/modules/content/', 'encoded')?.textContent,
      };
    }, `${base}/api/public/blog/rss?storeSlug=${store.slug}`);
    assert.equal(feed.type, 'application/rss+xml; charset=utf-8');
    assert.equal(feed.parseError, false);
    assert.equal(feed.version, '2.0');
    assert.equal(feed.title, 'Lagos Coffee Roasters · Blog');
    assert.equal(feed.link, `${base}/s/${store.slug}/blog`);
    assert.ok(feed.description);
    assert.equal(feed.self, `${base}/api/public/blog/rss?storeSlug=${store.slug}`);
    assert.equal(feed.selfRel, 'self');
    assert.equal(feed.items, 2);
    assert.equal(feed.itemTitle, post.title);
    assert.equal(feed.itemLink, post.url);
    assert.equal(feed.guid, post.url);
    assert.equal(feed.guidPermalink, 'true');
    assert.equal(new Date(feed.pubDate ?? '').toISOString().slice(0, 19), post.publishedAt.slice(0, 19));
    assert.ok(feed.encoded?.startsWith('<h2>Light roast</h2>'));
    assert.ok(!feed.encoded?.includes('onerror') && !feed.encoded?.includes('<script'));
    await close();
  });

  test('the 404 page renders as HTML for an unknown post', async () => {
    const { page, close } = await newPage();
    const res = await page.goto(`${base}/s/${store.slug}/blog/no-such-post`);
    assert.equal(res?.status(), 404);
    assert.equal(await page.title(), 'Not found');
    assert.equal(await page.locator('h1').textContent(), 'Not found');
    await close();
  });
}, { env: { PUBLIC_BASE_URL: base } });
