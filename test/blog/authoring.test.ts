import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type TestStore } from '../helpers/app.ts';
import { blogClient, eventRecorder, eventsOf, staffMember } from './helpers.ts';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describeEachDb('blog authoring (staff API)', (env) => {
  const blog = blogClient(env);
  let store: TestStore;
  let other: TestStore;

  before(async () => {
    store = await env.createStore();
    other = await env.createStore();
  });

  describe('create', () => {
    test('creates a draft by default with every record field, createdBy and a slug from the title', async () => {
      const res = await blog.staff(store, 'POST', '', {
        title: '  Our   spring menu  ',
        excerpt: ' New dishes ',
        coverImageUrl: 'https://img.example/cover.jpg',
        coverImageAlt: 'A plate',
        contentHtml: '<p>Fresh <strong>greens</strong></p>',
      });
      assert.equal(res.statusCode, 201, res.body);
      const post = res.data.post;
      assert.match(post.id, /^post_/);
      assert.equal(post.storeId, store.storeId);
      assert.equal(post.storeSlug, store.slug);
      assert.equal(post.title, 'Our spring menu');
      assert.equal(post.slug, 'our-spring-menu');
      assert.equal(post.excerpt, 'New dishes');
      assert.equal(post.coverImageUrl, 'https://img.example/cover.jpg');
      assert.equal(post.coverImageAlt, 'A plate');
      assert.equal(post.contentHtml, '<p>Fresh <strong>greens</strong></p>');
      assert.equal(post.status, 'draft');
      assert.equal(post.publishedAt, null);
      const owner = await env.inject({ method: 'GET', url: '/api/auth/me', headers: env.staffHeaders(store) });
      assert.equal(post.createdBy, owner.data.user.id);
      assert.match(post.createdAt, ISO_MS);
      assert.equal(post.updatedAt, post.createdAt);
      assert.equal(post.url, `http://localhost:3000/s/${store.slug}/blog/our-spring-menu`);
      const got = await blog.staff(store, 'GET', `/${post.id}`);
      assert.deepEqual(got.data.post, post);
      assert.deepEqual(await eventsOf(env, store.storeId).then((e) => e.filter((x) => x.data.postId === post.id)), []);
    });

    test('createdBy is the staff user who wrote the post', async () => {
      const member = await staffMember(env, store);
      const me = await env.inject({ method: 'GET', url: '/api/auth/me', headers: member });
      assert.match(me.data.user.id, /^usr_/);
      const res = await blog.staff(store, 'POST', '', { title: 'Written by staff', contentHtml: '<p>x</p>' }, member);
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.data.post.createdBy, me.data.user.id);
      const owner = await blog.create(store, { title: 'Written by owner' });
      assert.notEqual(owner.createdBy, res.data.post.createdBy);
    });

    test('creates published: publishedAt set, projection written, blog.post.published emitted', async () => {
      const post = await blog.create(store, { title: 'Published right away', status: 'published' });
      assert.equal(post.status, 'published');
      assert.match(post.publishedAt, ISO_MS);
      const pub = await blog.publicPost(store, post.slug);
      assert.equal(pub.statusCode, 200, pub.body);
      assert.equal(pub.data.title, 'Published right away');
      const events = (await eventsOf(env, store.storeId)).filter((e) => e.data.postId === post.id);
      assert.deepEqual(events.map((e) => e.type), ['blog.post.published']);
      assert.equal(events[0].data.url, post.url);
    });

    test('transliterates titles into slugs and numbers duplicates -2, -3', async () => {
      const a = await blog.create(store, { title: 'Crème brûlée & Straße' });
      assert.equal(a.slug, 'creme-brulee-and-strasse');
      const ru = await blog.create(store, { title: 'Привет, мир!' });
      assert.equal(ru.slug, 'privet-mir');
      const el = await blog.create(store, { title: 'Καλημέρα κόσμε' });
      assert.equal(el.slug, 'kalimera-kosme');
      const b = await blog.create(store, { title: 'Crème Brulee and Strasse' });
      assert.equal(b.slug, 'creme-brulee-and-strasse-2');
      const c = await blog.create(store, { title: 'creme brulee & strasse' });
      assert.equal(c.slug, 'creme-brulee-and-strasse-3');
      const none = await blog.create(store, { title: '漢字漢字漢字' });
      assert.match(none.slug, /^post(-\d+)?$/);
    });

    test('a title that would slug to "rss" gets a number (the feed path is reserved)', async () => {
      const post = await blog.create(store, { title: 'R.S.S.' });
      assert.equal(post.slug, 'r-s-s');
      const rss = await blog.create(store, { title: 'RSS!!' });
      assert.equal(rss.slug, 'rss-2');
      const res = await blog.staff(store, 'POST', '', { title: 'Explicit rss', slug: 'rss', contentHtml: '' });
      expectError(res, 400, 'validation-failed');
      assert.deepEqual(res.data.details.map((d: any) => d.field), ['slug']);
    });

    test('an explicit slug is used; taken in the same store is 409 conflict, in another store is fine', async () => {
      const post = await blog.create(store, { title: 'Custom slug post', slug: 'my-custom-slug' });
      assert.equal(post.slug, 'my-custom-slug');
      const dup = await blog.staff(store, 'POST', '', { title: 'Another post', slug: 'my-custom-slug', contentHtml: '' });
      expectError(dup, 409, 'conflict');
      assert.equal(dup.data.details[0].field, 'slug');
      const elsewhere = await blog.create(other, { title: 'Other store', slug: 'my-custom-slug' });
      assert.equal(elsewhere.slug, 'my-custom-slug');
    });

    test('concurrent creates with one title all succeed with distinct numbered slugs', async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, () => blog.staff(store, 'POST', '', { title: 'Race condition special', contentHtml: '<p>x</p>', status: 'published' })),
      );
      for (const r of results) assert.equal(r.statusCode, 201, r.body);
      const slugs = results.map((r) => r.data.post.slug).sort();
      assert.equal(new Set(slugs).size, 8);
      assert.ok(slugs.includes('race-condition-special'));
      for (let n = 2; n <= 8; n++) assert.ok(slugs.includes(`race-condition-special-${n}`), slugs.join());
    });

    test('title must be 5–120 characters (code points, after trimming)', async () => {
      for (const title of ['', '    ', 'abcd', '  ab  ', 'x'.repeat(121), '😀😀😀😀']) {
        const res = await blog.staff(store, 'POST', '', { title, contentHtml: '' });
        expectError(res, 400, 'validation-failed');
        assert.deepEqual(res.data.details.map((d: any) => d.field), ['title'], title);
      }
      for (const title of ['abcde', 'x'.repeat(120), '😀😀😀😀😀', `  ${'y'.repeat(120)}  `]) {
        const res = await blog.staff(store, 'POST', '', { title, contentHtml: '' });
        assert.equal(res.statusCode, 201, `${title}: ${res.body}`);
      }
    });

    test('links must be http(s): coverImageUrl with another scheme or relative is refused with field details', async () => {
      for (const url of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '/images/a.png', '//cdn.example/a.png', 'ftp://x.example/a.png', 'https://', 'not a url']) {
        const res = await blog.staff(store, 'POST', '', { title: 'Bad cover', coverImageUrl: url, contentHtml: '' });
        expectError(res, 400, 'validation-failed');
        assert.deepEqual(res.data.details.map((d: any) => d.field), ['coverImageUrl'], url);
      }
      const ok = await blog.create(store, { title: 'Good cover', coverImageUrl: 'http://img.example/a.png' });
      assert.equal(ok.coverImageUrl, 'http://img.example/a.png');
    });

    test('every bad field is reported at once; wrong types, unknown fields and bad status are 400', async () => {
      const res = await blog.staff(store, 'POST', '', { title: 'abc', slug: 'Not A Slug', excerpt: 'e'.repeat(501), coverImageUrl: 'nope', coverImageAlt: 'a'.repeat(301), contentHtml: '' });
      expectError(res, 400, 'validation-failed');
      assert.deepEqual(res.data.details.map((d: any) => d.field).sort(), ['coverImageAlt', 'coverImageUrl', 'excerpt', 'slug', 'title']);
      expectError(await blog.staff(store, 'POST', '', { title: 12345, contentHtml: '' }), 400, 'validation-failed');
      expectError(await blog.staff(store, 'POST', '', { title: 'Missing content' }), 400, 'validation-failed');
      expectError(await blog.staff(store, 'POST', '', { title: 'Unknown field', contentHtml: '', admin: true }), 400, 'validation-failed');
      expectError(await blog.staff(store, 'POST', '', { title: 'Bad status', contentHtml: '', status: 'archived' }), 400, 'validation-failed');
      expectError(await blog.staff(store, 'POST', '', { title: 'Control\u0007char', contentHtml: '' }), 400, 'validation-failed');
      expectError(await blog.staff(store, 'POST', '', { title: 'Too long content', contentHtml: 'x'.repeat(200_001) }), 400, 'validation-failed');
      const malformed = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/blog/posts`, headers: { ...env.staffHeaders(store), 'content-type': 'application/json' }, payload: '{"title":' });
      expectError(malformed, 400, 'invalid-json');
      const huge = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/blog/posts`, headers: env.staffHeaders(store), payload: { title: 'Huge', contentHtml: 'x'.repeat(1_100_000) } });
      expectError(huge, 413, 'payload-too-large');
    });
  });

  describe('update, publish, unpublish, delete', () => {
    test('update changes the sent fields; the slug stays unless sent; a draft emits nothing', async () => {
      const post = await blog.create(store, { title: 'Draft to edit', excerpt: 'Old' });
      const res = await blog.staff(store, 'PATCH', `/${post.id}`, { title: 'Draft edited title', excerpt: null, contentHtml: '<p>New <em>body</em></p>' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.data.post.title, 'Draft edited title');
      assert.equal(res.data.post.slug, 'draft-to-edit');
      assert.equal(res.data.post.excerpt, null);
      assert.equal(res.data.post.contentHtml, '<p>New <em>body</em></p>');
      assert.ok(res.data.post.updatedAt >= post.updatedAt);
      const renamed = await blog.staff(store, 'PATCH', `/${post.id}`, { slug: 'draft-renamed' });
      assert.equal(renamed.data.post.slug, 'draft-renamed');
      const same = await blog.staff(store, 'PATCH', `/${post.id}`, { slug: 'draft-renamed' });
      assert.equal(same.statusCode, 200, same.body);
      const taken = await blog.create(store, { title: 'Slug owner post' });
      expectError(await blog.staff(store, 'PATCH', `/${post.id}`, { slug: taken.slug }), 409, 'conflict');
      const bad = await blog.staff(store, 'PATCH', `/${post.id}`, { title: 'abc' });
      expectError(bad, 400, 'validation-failed');
      assert.equal((await blog.staff(store, 'GET', `/${post.id}`)).data.post.title, 'Draft edited title');
      assert.deepEqual((await eventsOf(env, store.storeId)).filter((e) => e.data.postId === post.id), []);
      expectError(await blog.staff(store, 'PATCH', `/${post.id}`, { status: 'published' }), 400, 'validation-failed');
    });

    test('publish → update → unpublish(draft) → publish → unpublish(archived): projection and events follow', async () => {
      const post = await blog.create(store, { title: 'Lifecycle post' });
      const newEvents = eventRecorder(env, store.storeId, post.id);
      assert.deepEqual(await newEvents(), []);
      expectError(await blog.publicPost(store, post.slug), 404, 'post-not-found');

      const published = await blog.staff(store, 'POST', `/${post.id}/publish`);
      assert.equal(published.statusCode, 200, published.body);
      assert.equal(published.data.post.status, 'published');
      const firstPublishedAt = published.data.post.publishedAt;
      assert.match(firstPublishedAt, ISO_MS);
      assert.equal((await blog.publicPost(store, post.slug)).statusCode, 200);
      assert.deepEqual(await newEvents(), ['blog.post.published']);
      const again = await blog.staff(store, 'POST', `/${post.id}/publish`);
      assert.equal(again.data.post.publishedAt, firstPublishedAt);
      assert.deepEqual(await newEvents(), []);

      const updated = await blog.staff(store, 'PATCH', `/${post.id}`, { title: 'Lifecycle post, revised', contentHtml: '<p>v2</p>' });
      assert.equal(updated.statusCode, 200);
      const pub = await blog.publicPost(store, post.slug);
      assert.equal(pub.data.title, 'Lifecycle post, revised');
      assert.equal(pub.data.contentHtml, '<p>v2</p>');
      assert.equal(pub.data.updatedAt, updated.data.post.updatedAt);
      const updatedEvents = await eventsOf(env, store.storeId).then((all) => all.filter((e) => e.data.postId === post.id && e.type === 'blog.post.updated'));
      assert.equal(updatedEvents.length, 1);
      assert.equal(updatedEvents[0].data.title, 'Lifecycle post, revised');
      assert.deepEqual(await newEvents(), ['blog.post.updated']);

      const draft = await blog.staff(store, 'POST', `/${post.id}/unpublish`, {});
      assert.equal(draft.data.post.status, 'draft');
      expectError(await blog.publicPost(store, post.slug), 404, 'post-not-found');
      assert.deepEqual(await newEvents(), ['blog.post.unpublished']);

      await blog.staff(store, 'POST', `/${post.id}/publish`);
      assert.deepEqual(await newEvents(), ['blog.post.published']);
      const archived = await blog.staff(store, 'POST', `/${post.id}/unpublish`, { to: 'archived' });
      assert.equal(archived.data.post.status, 'archived');
      assert.equal(archived.data.post.publishedAt, firstPublishedAt);
      expectError(await blog.publicPost(store, post.slug), 404, 'post-not-found');
      assert.deepEqual(await newEvents(), ['blog.post.unpublished']);
      const noop = await blog.staff(store, 'POST', `/${post.id}/unpublish`, { to: 'archived' });
      assert.equal(noop.statusCode, 200);
      expectError(await blog.staff(store, 'POST', `/${post.id}/unpublish`, { to: 'published' }), 400, 'validation-failed');
      // Archived → draft is a move between private states: no public change, no event.
      const toDraft = await blog.staff(store, 'POST', `/${post.id}/unpublish`, { to: 'draft' });
      assert.equal(toDraft.data.post.status, 'draft');
      assert.deepEqual(await newEvents(), []);
    });

    test('delete removes the post and its projection; unknown ids are 404 post-not-found', async () => {
      const post = await blog.create(store, { title: 'Delete me please', status: 'published' });
      const del = await blog.staff(store, 'DELETE', `/${post.id}`);
      assert.deepEqual(del.data, { ok: true, deleted: post.id });
      expectError(await blog.publicPost(store, post.slug), 404, 'post-not-found');
      for (const [method, path] of [['GET', ''], ['PATCH', ''], ['DELETE', ''], ['POST', '/publish'], ['POST', '/unpublish']] as const) {
        expectError(await blog.staff(store, method, `/${post.id}${path}`, method === 'PATCH' ? { title: 'Whatever title' } : undefined), 404, 'post-not-found');
      }
      const types = (await eventsOf(env, store.storeId)).filter((e) => e.data.postId === post.id).map((e) => e.type);
      assert.deepEqual(types.sort(), ['blog.post.published', 'blog.post.unpublished']);
    });

    test('concurrent publishes of one draft publish it once (one event, one publishedAt)', async () => {
      const post = await blog.create(store, { title: 'Raced publish post' });
      const results = await Promise.all(Array.from({ length: 6 }, () => blog.staff(store, 'POST', `/${post.id}/publish`)));
      for (const r of results) assert.equal(r.statusCode, 200, r.body);
      assert.equal(new Set(results.map((r) => r.data.post.publishedAt)).size, 1);
      const types = (await eventsOf(env, store.storeId)).filter((e) => e.data.postId === post.id).map((e) => e.type);
      assert.deepEqual(types, ['blog.post.published']);
    });

    test('racing publish, unpublish and update leave the projection consistent with the final status', async () => {
      const post = await blog.create(store, { title: 'Raced mixed changes', status: 'published' });
      const ops = [];
      for (let i = 0; i < 4; i++) {
        ops.push(blog.staff(store, 'POST', `/${post.id}/unpublish`, { to: i % 2 ? 'archived' : 'draft' }));
        ops.push(blog.staff(store, 'POST', `/${post.id}/publish`));
        ops.push(blog.staff(store, 'PATCH', `/${post.id}`, { title: `Raced mixed changes ${i}` }));
      }
      for (const r of await Promise.all(ops)) assert.equal(r.statusCode, 200, r.body);
      const final = (await blog.staff(store, 'GET', `/${post.id}`)).data.post;
      const pub = await blog.publicPost(store, post.slug);
      if (final.status === 'published') {
        assert.equal(pub.statusCode, 200);
        assert.equal(pub.data.title, final.title);
        assert.equal(pub.data.updatedAt, final.updatedAt);
      } else {
        expectError(pub, 404, 'post-not-found');
      }
      // Publish and unpublish events alternate, so their counts differ by the final state.
      const types = (await eventsOf(env, store.storeId)).filter((e) => e.data.postId === post.id).map((e) => e.type);
      const count = (t: string) => types.filter((x) => x === t).length;
      assert.equal(count('blog.post.published') - count('blog.post.unpublished'), final.status === 'published' ? 1 : 0, types.join());
    });

    test('the staff list pages through every post with filters', async () => {
      const mine = await env.createStore();
      for (let i = 0; i < 5; i++) await blog.create(mine, { title: `Listed post ${i}`, status: i % 2 ? 'published' : 'draft' });
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await blog.staff(mine, 'GET', `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        assert.equal(res.statusCode, 200, res.body);
        seen.push(...res.data.posts.map((p: any) => p.title));
        cursor = res.data.nextCursor;
      } while (cursor);
      assert.deepEqual(seen, ['Listed post 4', 'Listed post 3', 'Listed post 2', 'Listed post 1', 'Listed post 0']);
      const published = await blog.staff(mine, 'GET', '?status=published');
      assert.deepEqual(published.data.posts.map((p: any) => p.title), ['Listed post 3', 'Listed post 1']);
      expectError(await blog.staff(mine, 'GET', '?cursor=garbage'), 400, 'validation-failed');
      expectError(await blog.staff(mine, 'GET', '?limit=0'), 400, 'validation-failed');
    });
  });

  describe('preview', () => {
    const preview = (s: TestStore, payload: unknown, headers?: Record<string, string>) =>
      env.inject({ method: 'POST', url: `/api/stores/${s.storeId}/blog/preview`, headers: headers ?? env.staffHeaders(s), payload: payload as object });
    const article = (html: string) => /<article>[\s\S]*<\/article>/.exec(html)?.[0];

    test('renders the public post page for unsaved fields, sanitized the same way, and stores nothing', async () => {
      const mine = await env.createStore();
      const res = await preview(mine, {
        title: 'Not saved yet',
        excerpt: 'Short',
        coverImageUrl: 'https://img.example/c.jpg',
        coverImageAlt: 'Cover',
        contentHtml: '<p><strong>Bold</strong> <a href="https://example.com/x">link</a> <a href="javascript:alert(1)">bad</a></p><script>alert(1)</script><pre>code</pre>',
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['cache-control'], 'no-store');
      const html: string = res.data.html;
      assert.match(html, /^<!doctype html>/);
      assert.match(html, /<title>Not saved yet · /);
      assert.match(html, /<h1>Not saved yet<\/h1>/);
      assert.match(html, /<img class="cover" src="https:\/\/img.example\/c.jpg" alt="Cover">/);
      assert.match(html, /<strong>Bold<\/strong> <a href="https:\/\/example.com\/x" rel="noopener noreferrer">link<\/a> <a>bad<\/a>/);
      assert.doesNotMatch(html, /javascript:|alert\(1\)|<pre>/);
      assert.match(html, new RegExp(`<link rel="canonical" href="[^"]+/s/${mine.slug}/blog/not-saved-yet">`));
      assert.deepEqual((await blog.staff(mine, 'GET', '')).data.posts, []);
    });

    test("a saved post's preview shows the article exactly as its public page does", async () => {
      const post = await blog.create(store, { title: 'Preview equals page', slug: 'preview-equals', excerpt: 'E', contentHtml: '<h2>Hi</h2><ul><li>one</li></ul><blockquote><p>q</p></blockquote>', status: 'published' });
      const res = await preview(store, { postId: post.id, title: post.title, excerpt: post.excerpt, contentHtml: post.contentHtml, coverImageUrl: null, coverImageAlt: null });
      assert.equal(res.statusCode, 200, res.body);
      const page = await blog.page(store, 'preview-equals');
      assert.equal(page.statusCode, 200);
      assert.ok(article(page.body));
      assert.equal(article(res.data.html), article(page.body));
      assert.equal(/<style>[\s\S]*<\/style>/.exec(res.data.html)?.[0], /<style>[\s\S]*<\/style>/.exec(page.body)?.[0]);
    });

    test('bad fields are 400 with details; an unknown or foreign postId is 404; other stores and no session are refused', async () => {
      const bad = await preview(store, { title: 'abc', contentHtml: '<p>x</p>', coverImageUrl: 'javascript:alert(1)' });
      expectError(bad, 400, 'validation-failed');
      assert.deepEqual(bad.data.details.map((d: any) => d.field).sort(), ['coverImageUrl', 'title']);
      expectError(await preview(store, { title: 'Valid title', contentHtml: '', status: 'published' }), 400, 'validation-failed');
      const foreign = await blog.create(other, { title: 'Other store post' });
      expectError(await preview(store, { title: 'Valid title', contentHtml: '', postId: foreign.id }), 404, 'post-not-found');
      expectError(await preview(store, { title: 'Valid title', contentHtml: '' }, env.staffHeaders(other)), 403, 'forbidden');
      expectError(await preview(store, { title: 'Valid title', contentHtml: '' }, {}), 401, 'unauthorized');
    });
  });

  describe('auth and tenant isolation', () => {
    test('no session is 401; another store\'s staff reads and writes nothing of this store', async () => {
      const post = await blog.create(store, { title: 'Private draft post', status: 'published' });
      expectError(await env.inject({ method: 'GET', url: `/api/stores/${store.storeId}/blog/posts` }), 401, 'unauthorized');
      expectError(await blog.staff(store, 'POST', '', { title: 'No auth here', contentHtml: '' }, { authorization: 'Bearer sst_wrong' }), 401, 'unauthorized');

      const asOther = env.staffHeaders(other);
      expectError(await blog.staff(store, 'GET', '', undefined, asOther), 403, 'forbidden');
      expectError(await blog.staff(store, 'GET', `/${post.id}`, undefined, asOther), 403, 'forbidden');
      expectError(await blog.staff(store, 'POST', '', { title: 'Intruder post', contentHtml: '' }, asOther), 403, 'forbidden');
      expectError(await blog.staff(store, 'PATCH', `/${post.id}`, { title: 'Pwned title' }, asOther), 403, 'forbidden');
      expectError(await blog.staff(store, 'POST', `/${post.id}/unpublish`, {}, asOther), 403, 'forbidden');
      expectError(await blog.staff(store, 'DELETE', `/${post.id}`, undefined, asOther), 403, 'forbidden');
      // Through its own store's path, the other staff cannot reach this post id either.
      expectError(await blog.staff(other, 'GET', `/${post.id}`), 404, 'post-not-found');
      expectError(await blog.staff(other, 'PATCH', `/${post.id}`, { title: 'Pwned title' }), 404, 'post-not-found');
      expectError(await blog.staff(other, 'POST', `/${post.id}/unpublish`, {}), 404, 'post-not-found');
      expectError(await blog.staff(other, 'DELETE', `/${post.id}`), 404, 'post-not-found');

      const after = await blog.staff(store, 'GET', `/${post.id}`);
      assert.equal(after.data.post.title, 'Private draft post');
      assert.equal(after.data.post.status, 'published');
      expectError(await env.inject({ method: 'GET', url: `/api/public/blog/${post.slug}?storeSlug=${other.slug}` }), 404, 'post-not-found');
    });

    test('an integration key is not a staff credential', async () => {
      const key = await env.createKey(store);
      expectError(await blog.staff(store, 'GET', '', undefined, { 'x-api-key': key, authorization: `Bearer ${key}` }), 401, 'unauthorized');
    });
  });
});
