import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type TestStore } from '../helpers/app.ts';
import { blogClient } from './helpers.ts';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Minimal XML well-formedness check: every tag closes in order, no stray '<' or '&'. */
function assertWellFormedXml(xml: string) {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  assert.ok(!/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(body), 'bare & in XML');
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|<|>/g;
  let m: RegExpExecArray | null;
  while ((m = tag.exec(body))) {
    if (m[0] === '<') assert.fail(`stray < at ${m.index}`);
    if (m[0] === '>') assert.fail(`stray > at ${m.index}: ${body.slice(m.index - 40, m.index + 10)}`);
    if (m[4]) continue;
    if (m[1]) assert.equal(stack.pop(), m[2], `closing </${m[2]}>`);
    else stack.push(m[2]);
  }
  assert.deepEqual(stack, []);
}

function meta(html: string, attr: 'name' | 'property', key: string): string | null {
  const re = new RegExp(`<meta ${attr}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`);
  return re.exec(html)?.[1] ?? null;
}

describeEachDb('public blog: API, pages, RSS', (env) => {
  const blog = blogClient(env);
  let store: TestStore;
  let other: TestStore;

  before(async () => {
    store = await env.createStore({ name: 'Café <Olé> & Co' });
    other = await env.createStore();
  });

  test('list: newest publishedAt first, summary fields, ISO UTC ms, cache and CORS headers, no drafts', async () => {
    const s = await env.createStore();
    const first = await blog.create(s, { title: 'First public post', excerpt: 'One', coverImageUrl: 'https://img.example/1.png', status: 'published' });
    await blog.create(s, { title: 'Draft never public' });
    const archived = await blog.create(s, { title: 'Archived post here', status: 'published' });
    await blog.staff(s, 'POST', `/${archived.id}/unpublish`, { to: 'archived' });
    const second = await blog.create(s, { title: 'Second public post', status: 'published' });
    const res = await env.inject({ method: 'GET', url: `/api/public/blog?storeSlug=${s.slug}&limit=20`, headers: { origin: 'https://shop.example' } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], 'public, max-age=60');
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.deepEqual(res.data.items.map((p: any) => p.slug), [second.slug, first.slug]);
    const item = res.data.items[1];
    assert.equal(item.title, 'First public post');
    assert.equal(item.excerpt, 'One');
    assert.equal(item.coverImageUrl, 'https://img.example/1.png');
    assert.match(item.publishedAt, ISO_MS);
    assert.equal(item.publishedAt, first.publishedAt);
    assert.equal(item.contentHtml, undefined);
    assert.equal(res.data.nextCursor, null);
  });

  test('list and post: bad input and unknown stores', async () => {
    expectError(await env.inject({ method: 'GET', url: '/api/public/blog' }), 400, 'validation-failed');
    expectError(await env.inject({ method: 'GET', url: '/api/public/blog?storeSlug=no-such-store' }), 404, 'store-not-found');
    for (const q of ['limit=0', 'limit=51', 'limit=abc', 'cursor=%%%', 'cursor=bm90LWpzb24', `cursor=${Buffer.from('[1,2,3]').toString('base64url')}`]) {
      expectError(await env.inject({ method: 'GET', url: `/api/public/blog?storeSlug=${store.slug}&${q}` }), 400, 'validation-failed');
    }
    expectError(await env.inject({ method: 'GET', url: '/api/public/blog/some-post' }), 400, 'validation-failed');
    expectError(await env.inject({ method: 'GET', url: '/api/public/blog/some-post?storeSlug=no-such-store' }), 404, 'store-not-found');
    expectError(await blog.publicPost(store, 'no-such-post'), 404, 'post-not-found');
    // No client writes on the public interface.
    expectError(await env.inject({ method: 'POST', url: `/api/public/blog?storeSlug=${store.slug}`, payload: { title: 'x' } }), 404, 'not-found');
  });

  test('a post: the projection fields with sanitized contentHtml', async () => {
    const post = await blog.create(store, { title: 'Full post body', excerpt: 'Short', coverImageUrl: 'https://img.example/c.jpg', coverImageAlt: 'Cover', contentHtml: '<h2>Hi</h2><p>Text <a href="https://ex.example/">link</a></p>', status: 'published' });
    const res = await blog.publicPost(store, post.slug);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], 'public, max-age=60');
    const { requestId: _r, ...body } = res.data;
    assert.deepEqual(body, {
      ok: true,
      storeSlug: store.slug,
      postSlug: post.slug,
      slug: post.slug,
      title: 'Full post body',
      excerpt: 'Short',
      coverImageUrl: 'https://img.example/c.jpg',
      coverImageAlt: 'Cover',
      contentHtml: '<h2>Hi</h2><p>Text <a href="https://ex.example/" rel="noopener noreferrer">link</a></p>',
      publishedAt: post.publishedAt,
      updatedAt: post.updatedAt,
      url: post.url,
    });
  });

  test('drafts are never public: API, page and RSS', async () => {
    const draft = await blog.create(store, { title: 'Secret draft plan', slug: 'secret-draft' });
    expectError(await blog.publicPost(store, draft.slug), 404, 'post-not-found');
    const page = await blog.page(store, draft.slug);
    assert.equal(page.statusCode, 404);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.ok(!page.body.includes('Secret draft plan'));
    assert.ok(!(await blog.page(store)).body.includes('Secret draft plan'));
    assert.ok(!(await blog.rss(store)).body.includes('Secret draft plan'));
    assert.ok(!JSON.stringify((await blog.publicList(store, '&limit=50')).data).includes('secret-draft'));
  });

  test('unpublish removes a post from the API, both pages and RSS at once; republish brings it back', async () => {
    const post = await blog.create(store, { title: 'Here and then gone', contentHtml: '<p>Body of gone</p>', status: 'published' });
    assert.equal((await blog.publicPost(store, post.slug)).statusCode, 200);
    assert.equal((await blog.page(store, post.slug)).statusCode, 200);
    assert.ok((await blog.page(store)).body.includes('Here and then gone'));
    assert.ok((await blog.rss(store)).body.includes('Here and then gone'));
    assert.ok((await blog.publicList(store, '&limit=50')).data.items.some((p: any) => p.slug === post.slug));

    const res = await blog.staff(store, 'POST', `/${post.id}/unpublish`, { to: 'draft' });
    assert.equal(res.statusCode, 200);
    expectError(await blog.publicPost(store, post.slug), 404, 'post-not-found');
    assert.equal((await blog.page(store, post.slug)).statusCode, 404);
    assert.ok(!(await blog.page(store)).body.includes('Here and then gone'));
    assert.ok(!(await blog.rss(store)).body.includes('Here and then gone'));
    assert.ok(!(await blog.publicList(store, '&limit=50')).data.items.some((p: any) => p.slug === post.slug));

    await blog.staff(store, 'POST', `/${post.id}/publish`);
    assert.equal((await blog.page(store, post.slug)).statusCode, 200);
  });

  test('cursor pagination over 45 posts: no duplicates or gaps while posts are published between pages', async () => {
    const s = await env.createStore();
    const originals: string[] = [];
    for (let i = 0; i < 45; i++) originals.push((await blog.create(s, { title: `Paged post number ${i}`, status: 'published' })).slug);
    const seen: string[] = [];
    const seenDates: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await blog.publicList(s, `&limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      assert.equal(res.statusCode, 200, res.body);
      seen.push(...res.data.items.map((p: any) => p.slug));
      seenDates.push(...res.data.items.map((p: any) => p.publishedAt));
      cursor = res.data.nextCursor;
      pages++;
      // Newer posts land before the cursor: they must not shift the pages being read.
      await blog.create(s, { title: `Inserted between pages ${pages}`, status: 'published' });
      await blog.create(s, { title: `Draft between pages ${pages}` });
    } while (cursor);
    assert.equal(pages, 5);
    assert.deepEqual(seen, [...originals].reverse());
    assert.equal(new Set(seen).size, 45);
    assert.deepEqual([...seenDates].sort().reverse(), seenDates);
    const fresh = await blog.publicList(s, '&limit=50');
    assert.equal(fresh.data.items.length, 50);
    assert.match(fresh.data.items[0].title, /^Inserted between pages/);
  });

  test('another store\'s posts never appear in this store\'s API, pages or feed', async () => {
    const foreign = await blog.create(other, { title: 'Foreign store post', slug: 'foreign-post', status: 'published' });
    expectError(await blog.publicPost(store, foreign.slug), 404, 'post-not-found');
    assert.equal((await blog.page(store, foreign.slug)).statusCode, 404);
    assert.ok(!(await blog.rss(store)).body.includes('Foreign store post'));
    assert.ok(!(await blog.publicList(store, '&limit=50')).data.items.some((p: any) => p.slug === 'foreign-post'));
  });

  describe('pages', () => {
    test('post page: title, meta description, Open Graph, canonical, JSON-LD BlogPosting, RSS link, escaping', async () => {
      const post = await blog.create(store, {
        title: 'Tips & "tricks" <for> you',
        excerpt: 'Short & sweet </script><script>alert(1)</script>',
        coverImageUrl: 'https://img.example/og.jpg?a=1&b=2',
        coverImageAlt: 'Cover "alt"',
        contentHtml: '<p>Body text</p>',
        status: 'published',
      });
      const res = await blog.page(store, post.slug);
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(res.headers['cache-control'], 'public, max-age=60');
      assert.ok(String(res.headers['content-security-policy']).includes("script-src 'self'"));
      const html = res.body;
      assert.match(html, /^<!doctype html>/);
      assert.ok(html.includes('<title>Tips &amp; &quot;tricks&quot; &lt;for&gt; you · Café &lt;Olé&gt; &amp; Co</title>'));
      assert.ok(html.includes('<meta name="viewport" content="width=device-width, initial-scale=1">'));
      assert.equal(meta(html, 'name', 'description'), 'Short &amp; sweet &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      assert.equal(meta(html, 'property', 'og:title'), 'Tips &amp; &quot;tricks&quot; &lt;for&gt; you · Café &lt;Olé&gt; &amp; Co');
      assert.equal(meta(html, 'property', 'og:type'), 'article');
      assert.equal(meta(html, 'property', 'og:image'), 'https://img.example/og.jpg?a=1&amp;b=2');
      assert.equal(meta(html, 'property', 'og:url'), post.url);
      assert.ok(meta(html, 'property', 'og:description'));
      assert.ok(html.includes(`<link rel="canonical" href="${post.url}">`));
      assert.equal(post.url, `http://localhost:3000/s/${store.slug}/blog/${post.slug}`);
      assert.ok(html.includes(`<link rel="alternate" type="application/rss+xml"`));
      assert.ok(html.includes(`href="http://localhost:3000/api/public/blog/rss?storeSlug=${store.slug}"`));
      const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
      assert.ok(ld, 'JSON-LD present');
      const data = JSON.parse(ld[1]);
      assert.equal(data['@type'], 'BlogPosting');
      assert.equal(data.headline, 'Tips & "tricks" <for> you');
      assert.equal(data.datePublished, post.publishedAt);
      assert.deepEqual(data.image, ['https://img.example/og.jpg?a=1&b=2']);
      assert.equal(data.url, post.url);
      // Only the JSON-LD data block: no executable script anywhere.
      assert.equal(html.match(/<script/g)?.length, 1);
      assert.ok(!/\son[a-z]+=/i.test(html));
      assert.ok(html.includes('<p>Body text</p>'));
    });

    test('list page: title, image, excerpt and date of each post, Open Graph, canonical, RSS link', async () => {
      const s = await env.createStore({ name: 'List Page Store', timezone: 'Africa/Lagos' } as any);
      await blog.create(s, { title: 'Listed with image', excerpt: 'The excerpt text', coverImageUrl: 'https://img.example/l.png', coverImageAlt: 'L', status: 'published' });
      const res = await blog.page(s);
      assert.equal(res.statusCode, 200);
      const html = res.body;
      assert.ok(html.includes('<title>List Page Store · Blog</title>'));
      assert.ok(meta(html, 'name', 'description'));
      assert.equal(meta(html, 'property', 'og:type'), 'website');
      assert.ok(html.includes(`<link rel="canonical" href="http://localhost:3000/s/${s.slug}/blog">`));
      assert.ok(html.includes('Listed with image'));
      assert.ok(html.includes('src="https://img.example/l.png"'));
      assert.ok(html.includes('The excerpt text'));
      assert.match(html, /<time datetime="\d{4}-\d{2}-\d{2}T[^"]+Z">\d{1,2} [A-Z][a-z]+ \d{4}<\/time>/);
      assert.ok(html.includes('application/rss+xml'));
    });

    test('list page links to older posts with a cursor; unknown stores and posts get an HTML 404 page', async () => {
      const s = await env.createStore();
      for (let i = 0; i < 22; i++) await blog.create(s, { title: `Many posts ${i}`, status: 'published' });
      const page1 = await blog.page(s);
      const next = /<a class="more" rel="next" href="([^"]+)">/.exec(page1.body);
      assert.ok(next);
      const page2 = await env.inject({ method: 'GET', url: next[1].replace('http://localhost:3000', '').replace(/&amp;/g, '&') });
      assert.equal(page2.statusCode, 200);
      assert.ok(page2.body.includes('Many posts 1<') && page2.body.includes('Many posts 0<'));
      assert.ok(!page2.body.includes('Many posts 21<'));

      const noStore = await env.inject({ method: 'GET', url: '/s/no-such-store/blog' });
      assert.equal(noStore.statusCode, 404);
      assert.match(String(noStore.headers['content-type']), /^text\/html/);
      assert.ok(noStore.body.includes('<title>Not found</title>'));
      assert.ok(noStore.body.includes('<meta name="robots" content="noindex">'));
      const noPost = await env.inject({ method: 'GET', url: `/s/${s.slug}/blog/nope` });
      assert.equal(noPost.statusCode, 404);
      assert.ok(noPost.body.includes('All posts'));
      const hostile = await env.inject({ method: 'GET', url: `/s/${s.slug}/blog/%3Cscript%3Ealert(1)%3C%2Fscript%3E` });
      assert.equal(hostile.statusCode, 404);
      assert.ok(!hostile.body.includes('<script>alert'));
      const badCursor = await env.inject({ method: 'GET', url: `/s/${s.slug}/blog?cursor=garbage` });
      assert.equal(badCursor.statusCode, 400);
      assert.match(String(badCursor.headers['content-type']), /^text\/html/);
    });
  });

  describe('RSS', () => {
    test('RSS 2.0 with channel elements, atom:link rel=self, full-URL guids, content:encoded; well-formed XML', async () => {
      const s = await env.createStore({ name: 'Feed & <Store>' });
      const a = await blog.create(s, { title: 'Feed item one & more', excerpt: 'Ex <1>', contentHtml: '<p>One <a href="https://a.example/?x=1&y=2">l</a></p>', status: 'published' });
      const b = await blog.create(s, { title: 'Feed item two ]]> cdata', contentHtml: '<p>Two ]]&gt; </p>', status: 'published' });
      const res = await blog.rss(s);
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'application/rss+xml; charset=utf-8');
      assert.equal(res.headers['cache-control'], 'public, max-age=60');
      const xml = res.body;
      assertWellFormedXml(xml);
      assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0" xmlns:atom="http:\/\/www.w3.org\/2005\/Atom" xmlns:content="http:\/\/purl.org\/rss\/1.0\/modules\/content\/">/);
      assert.ok(xml.includes('<title>Feed &amp; &lt;Store&gt; · Blog</title>'));
      assert.ok(xml.includes(`<link>http://localhost:3000/s/${s.slug}/blog</link>`));
      assert.match(xml, /<description>[^<]+<\/description>/);
      assert.ok(xml.includes(`<atom:link href="http://localhost:3000/api/public/blog/rss?storeSlug=${s.slug}" rel="self" type="application/rss+xml"/>`));
      const items = xml.split('<item>').slice(1);
      assert.equal(items.length, 2);
      assert.ok(items[0].includes(`<guid isPermaLink="true">${b.url}</guid>`));
      assert.ok(items[1].includes(`<guid isPermaLink="true">${a.url}</guid>`));
      assert.ok(items[1].includes(`<link>${a.url}</link>`));
      assert.ok(items[1].includes('<title>Feed item one &amp; more</title>'));
      assert.ok(items[1].includes('<description>Ex &lt;1&gt;</description>'));
      assert.ok(items[1].includes('<content:encoded>&lt;p&gt;One &lt;a href=&quot;https://a.example/?x=1&amp;amp;y=2&quot; rel=&quot;noopener noreferrer&quot;&gt;l&lt;/a&gt;&lt;/p&gt;</content:encoded>'));
      assert.match(xml, /<lastBuildDate>[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT<\/lastBuildDate>/);
      assert.match(items[1], /<pubDate>[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
      expectError(await env.inject({ method: 'GET', url: '/api/public/blog/rss' }), 400, 'validation-failed');
      expectError(await env.inject({ method: 'GET', url: '/api/public/blog/rss?storeSlug=nope-nope' }), 404, 'store-not-found');
    });

    test('a store without posts has an empty, valid feed', async () => {
      const s = await env.createStore();
      const res = await blog.rss(s);
      assert.equal(res.statusCode, 200);
      assertWellFormedXml(res.body);
      assert.ok(!res.body.includes('<item>'));
      assert.ok(!res.body.includes('<lastBuildDate>'));
      assert.ok(res.body.includes('<atom:link '));
    });
  });
});
