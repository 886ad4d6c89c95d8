import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type TestEnv, type TestStore } from '../helpers/app.ts';

const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)> '; DROP TABLE gallery_items; -- \u202e ✓ 漢字`;

/** A member with the staff role (no owner/admin rights) in `store`. */
async function staffMember(env: TestEnv, store: TestStore): Promise<Record<string, string>> {
  return (await env.addMember(store, { role: 'staff' })).headers;
}

describeEachDb('staff content management', (env) => {
  let store: TestStore;
  let other: TestStore;
  const call = (method: string, path: string, payload?: unknown, s: TestStore = store, headers?: Record<string, string>) =>
    env.inject({
      method: method as any,
      url: `/api/stores/${s.storeId}${path}`,
      headers: headers ?? env.staffHeaders(s),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  before(async () => {
    store = await env.createStore();
    other = await env.createStore();
  });

  describe('gallery', () => {
    test('create, list (unpublished included), update and delete an entry', async () => {
      const created = await call('POST', '/gallery', { url: '  https://img.example/1.jpg  ', caption: ' Front ', alt: 'Shop front', sortOrder: 5, isPublished: false });
      assert.equal(created.statusCode, 201, created.body);
      const entry = created.data.entry;
      assert.match(entry.id, /^gal_/);
      assert.equal(entry.url, 'https://img.example/1.jpg');
      assert.equal(entry.caption, 'Front');
      assert.equal(entry.isPublished, false);
      assert.equal(entry.sortOrder, 5);
      assert.match(entry.createdAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

      const list = await call('GET', '/gallery');
      assert.equal(list.statusCode, 200);
      assert.ok(list.data.gallery.some((g: any) => g.id === entry.id && g.isPublished === false));

      const updated = await call('PATCH', `/gallery/${entry.id}`, { caption: null, isPublished: true, sortOrder: -3 });
      assert.equal(updated.statusCode, 200, updated.body);
      assert.deepEqual({ ...updated.data.entry }, { ...entry, caption: null, isPublished: true, sortOrder: -3 });

      const deleted = await call('DELETE', `/gallery/${entry.id}`);
      assert.deepEqual(deleted.data, { ok: true, deleted: entry.id });
      expectError(await call('DELETE', `/gallery/${entry.id}`), 404, 'not-found');
      expectError(await call('PATCH', `/gallery/${entry.id}`, { caption: 'x' }), 404, 'not-found');
    });

    test('new entries default to published with sortOrder 0 and no caption or alt', async () => {
      const res = await call('POST', '/gallery', { url: 'https://img.example/defaults.jpg' });
      assert.equal(res.statusCode, 201);
      assert.equal(res.data.entry.isPublished, true);
      assert.equal(res.data.entry.sortOrder, 0);
      assert.equal(res.data.entry.caption, null);
      assert.equal(res.data.entry.alt, null);
    });

    test('refuses missing, non-http, malformed, oversized and wrongly typed input with 400 validation-failed', async () => {
      const cases: [unknown, string][] = [
        [{}, 'url'],
        [{ url: '' }, 'url'],
        [{ url: 'javascript:alert(1)' }, 'url'],
        [{ url: 'ftp://files.example/a.jpg' }, 'url'],
        [{ url: 'data:image/png;base64,AAAA' }, 'url'],
        [{ url: '/relative/path.jpg' }, 'url'],
        [{ url: 'not a url' }, 'url'],
        [{ url: `https://img.example/${'a'.repeat(2100)}` }, 'url'],
        [{ url: { href: 'https://x.example' } }, 'url'],
        [{ url: 'https://img.example/a.jpg', caption: 'c'.repeat(501) }, 'caption'],
        [{ url: 'https://img.example/a.jpg', alt: 'a'.repeat(301) }, 'alt'],
        [{ url: 'https://img.example/a.jpg', isPublished: 'maybe' }, 'isPublished'],
        [{ url: 'https://img.example/a.jpg', sortOrder: 1.5 }, 'sortOrder'],
        [{ url: 'https://img.example/a.jpg', sortOrder: 'first' }, 'sortOrder'],
        [{ url: 'https://img.example/a.jpg', sortOrder: 10_000_000 }, 'sortOrder'],
        [{ url: 'https://img.example/a.jpg', caption: { nested: true } }, 'caption'],
      ];
      for (const [payload, field] of cases) {
        const res = await call('POST', '/gallery', payload);
        expectError(res, 400, 'validation-failed');
        assert.ok(res.data.details.some((d: any) => d.field === field), `${JSON.stringify(payload).slice(0, 80)} → ${res.body}`);
      }
      const array = await call('POST', '/gallery', [{ url: 'https://img.example/a.jpg' }]);
      expectError(array, 400, 'validation-failed');
      const empty = await call('PATCH', '/gallery/gal_nothing', {});
      expectError(empty, 400, 'validation-failed');
    });

    test('a PATCH that would make the entry invalid changes nothing', async () => {
      const entry = (await call('POST', '/gallery', { url: 'https://img.example/keep.jpg', caption: 'keep' })).data.entry;
      expectError(await call('PATCH', `/gallery/${entry.id}`, { url: 'javascript:void(0)', caption: 'changed' }), 400, 'validation-failed');
      expectError(await call('PATCH', `/gallery/${entry.id}`, { url: null }), 400, 'validation-failed');
      const list = await call('GET', '/gallery');
      const stored = list.data.gallery.find((g: any) => g.id === entry.id);
      assert.equal(stored.url, 'https://img.example/keep.jpg');
      assert.equal(stored.caption, 'keep');
    });

    test('malformed JSON is 400 invalid-json and an oversized body is 413', async () => {
      const bad = await env.inject({ method: 'POST', url: `/api/stores/${store.storeId}/gallery`, headers: { ...env.staffHeaders(store), 'content-type': 'application/json' }, payload: '{"url": "https://x.example/a.jpg",' });
      expectError(bad, 400, 'invalid-json');
      const big = await call('POST', '/gallery', { url: 'https://img.example/a.jpg', caption: 'x'.repeat(1024 * 1024 + 1) });
      expectError(big, 413, 'payload-too-large');
    });

    test('hostile strings are stored and returned verbatim as JSON data', async () => {
      const created = await call('POST', '/gallery', { url: 'https://img.example/a.jpg?q=<script>', caption: HOSTILE, alt: HOSTILE.slice(0, 300) });
      assert.equal(created.statusCode, 201, created.body);
      assert.match(String(created.headers['content-type']), /^application\/json/);
      const list = await call('GET', '/gallery');
      const stored = list.data.gallery.find((g: any) => g.id === created.data.entry.id);
      assert.equal(stored.caption, HOSTILE.trim());
      assert.equal(stored.url, 'https://img.example/a.jpg?q=<script>');
      assert.equal(await env.db.selectFrom('gallery_items').select('id').where('id', '=', stored.id).executeTakeFirst().then((r) => r?.id), stored.id);
    });
  });

  describe('gallery order', () => {
    const ids = (gallery: any[]) => gallery.map((g) => g.id);

    test('PUT /gallery/order puts every entry in the order sent: sortOrder becomes the position, and integrations follow', async () => {
      const s = await env.createStore();
      const made = [];
      for (const n of [1, 2, 3, 4]) made.push((await call('POST', '/gallery', { url: `https://img.example/${n}.jpg` }, s)).data.entry.id);
      const order = [made[2], made[0], made[3], made[1]];
      const res = await call('PUT', '/gallery/order', { entryIds: order }, s);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(ids(res.data.gallery), order);
      assert.deepEqual(res.data.gallery.map((g: any) => g.sortOrder), [0, 1, 2, 3]);
      assert.deepEqual(ids((await call('GET', '/gallery', undefined, s)).data.gallery), order);
      const key = await env.createKey(s);
      const integration = await env.inject({ method: 'GET', url: `/integrationGallery?storeId=${s.storeId}`, headers: env.keyHeaders(key) });
      assert.deepEqual(ids(integration.data.gallery), order);
    });

    test('a list that misses an entry added meanwhile is 409 conflict and changes nothing', async () => {
      const s = await env.createStore();
      const a = (await call('POST', '/gallery', { url: 'https://img.example/a.jpg', sortOrder: 1 }, s)).data.entry.id;
      const b = (await call('POST', '/gallery', { url: 'https://img.example/b.jpg', sortOrder: 2 }, s)).data.entry.id;
      await call('POST', '/gallery', { url: 'https://img.example/c.jpg', sortOrder: 3 }, s);
      expectError(await call('PUT', '/gallery/order', { entryIds: [b, a] }, s), 409, 'conflict');
      const after = (await call('GET', '/gallery', undefined, s)).data.gallery;
      assert.deepEqual(after.map((g: any) => g.sortOrder), [1, 2, 3]);
    });

    test('unknown, repeated and other stores\' ids are 400 validation-failed naming the position', async () => {
      const s = await env.createStore();
      const a = (await call('POST', '/gallery', { url: 'https://img.example/a.jpg' }, s)).data.entry.id;
      const foreign = (await call('POST', '/gallery', { url: 'https://img.example/f.jpg' })).data.entry.id;
      const repeated = await call('PUT', '/gallery/order', { entryIds: [a, a] }, s);
      expectError(repeated, 400, 'validation-failed');
      assert.deepEqual(repeated.data.details, [{ field: 'entryIds[1]', message: 'listed more than once' }]);
      const unknown = await call('PUT', '/gallery/order', { entryIds: [a, foreign, 'gal_nope'] }, s);
      expectError(unknown, 400, 'validation-failed');
      assert.deepEqual(unknown.data.details.map((d: any) => d.field), ['entryIds[1]', 'entryIds[2]']);
      for (const payload of [{}, { entryIds: 'x' }, { entryIds: [1] }, { entryIds: [a], extra: true }, { entryIds: [''] }]) {
        expectError(await call('PUT', '/gallery/order', payload, s), 400, 'validation-failed');
      }
    });

    test('only owners and admins of the store may reorder', async () => {
      const s = await env.createStore();
      const a = (await call('POST', '/gallery', { url: 'https://img.example/a.jpg' }, s)).data.entry.id;
      const member = await staffMember(env, s);
      expectError(await call('PUT', '/gallery/order', { entryIds: [a] }, s, member), 403, 'forbidden');
      expectError(await call('PUT', '/gallery/order', { entryIds: [a] }, s, env.staffHeaders(other)), 403, 'forbidden');
      expectError(await call('PUT', '/gallery/order', { entryIds: [a] }, s, {}), 401, 'unauthorized');
    });
  });

  describe('promo', () => {
    test('GET is null before any promo; PUT creates, PUT again replaces whole keeping the id; DELETE removes', async () => {
      const s = await env.createStore();
      const empty = await call('GET', '/promo', undefined, s);
      assert.deepEqual(empty.data, { ok: true, promo: null, active: false });

      const first = await call('PUT', '/promo', { title: 'First', subtitle: 'sub', ctaLabel: 'Go', ctaUrl: 'https://shop.example' }, s);
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(first.data.active, true);
      assert.match(first.data.promo.id, /^promo_/);
      assert.equal(first.data.promo.subtitle, 'sub');

      const second = await call('PUT', '/promo', { title: 'Second', startsAt: '2030-01-01T00:00:00Z' }, s);
      assert.equal(second.data.promo.id, first.data.promo.id);
      assert.equal(second.data.promo.createdAt, first.data.promo.createdAt);
      assert.equal(second.data.promo.title, 'Second');
      assert.equal(second.data.promo.subtitle, null, 'fields not sent are cleared');
      assert.equal(second.data.promo.ctaUrl, null);
      assert.equal(second.data.promo.startsAt, '2030-01-01T00:00:00.000Z');
      assert.equal(second.data.active, false, 'scheduled for later');

      const got = await call('GET', '/promo', undefined, s);
      assert.deepEqual(got.data, second.data);

      assert.deepEqual((await call('DELETE', '/promo', undefined, s)).data, { ok: true });
      expectError(await call('DELETE', '/promo', undefined, s), 404, 'not-found');
      assert.equal((await call('GET', '/promo', undefined, s)).data.promo, null);
    });

    test('timestamps with an offset are stored in UTC with milliseconds', async () => {
      const res = await call('PUT', '/promo', { title: 'Offsets', startsAt: '2026-06-01T08:00+01:00', endsAt: '2026-06-30T23:59:59.5-05:00' });
      assert.equal(res.data.promo.startsAt, '2026-06-01T07:00:00.000Z');
      assert.equal(res.data.promo.endsAt, '2026-07-01T04:59:59.500Z');
    });

    test('refuses a bad title, URLs, timestamps and a window that ends before it starts', async () => {
      const cases: [unknown, string][] = [
        [{}, 'title'],
        [{ title: '   ' }, 'title'],
        [{ title: 't'.repeat(201) }, 'title'],
        [{ title: { text: 'x' } }, 'title'],
        [{ title: 'x', subtitle: 's'.repeat(301) }, 'subtitle'],
        [{ title: 'x', body: 'b'.repeat(5001) }, 'body'],
        [{ title: 'x', ctaLabel: 'l'.repeat(81) }, 'ctaLabel'],
        [{ title: 'x', ctaUrl: 'javascript:alert(1)' }, 'ctaUrl'],
        [{ title: 'x', imageUrl: 'mailto:a@b.c' }, 'imageUrl'],
        [{ title: 'x', startsAt: 'tomorrow' }, 'startsAt'],
        [{ title: 'x', startsAt: '2026-01-01' }, 'startsAt'],
        [{ title: 'x', startsAt: '2026-01-01T10:00:00' }, 'startsAt'],
        [{ title: 'x', startsAt: '2026-02-30T10:00:00Z' }, 'startsAt'],
        [{ title: 'x', endsAt: '2026-01-01T25:00:00Z' }, 'endsAt'],
        [{ title: 'x', endsAt: 1767225600000 }, 'endsAt'],
        [{ title: 'x', startsAt: '2026-06-02T00:00:00Z', endsAt: '2026-06-01T00:00:00Z' }, 'endsAt'],
        [{ title: 'x', startsAt: '2026-06-01T00:00:00Z', endsAt: '2026-06-01T01:00:00+01:00' }, 'endsAt'],
      ];
      for (const [payload, field] of cases) {
        const res = await call('PUT', '/promo', payload);
        expectError(res, 400, 'validation-failed');
        assert.ok(res.data.details.some((d: any) => d.field === field), `${JSON.stringify(payload).slice(0, 80)} → ${res.body}`);
      }
    });

    test('concurrent PUTs leave exactly one promo for the store', async () => {
      const s = await env.createStore();
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => call('PUT', '/promo', { title: `Racer ${i}` }, s)));
      for (const r of results) assert.equal(r.statusCode, 200, r.body);
      const rows = await env.db.selectFrom('promos').select(['id', 'title']).where('store_id', '=', s.storeId).execute();
      assert.equal(rows.length, 1);
      assert.equal(new Set(results.map((r) => r.data.promo.id)).size, 1, 'every PUT saw the one promo');
    });

    test('hostile strings round-trip as data', async () => {
      const res = await call('PUT', '/promo', { title: HOSTILE.slice(0, 200), body: HOSTILE, ctaLabel: '<b>Go</b>' });
      assert.equal(res.statusCode, 200);
      const got = await call('GET', '/promo');
      assert.equal(got.data.promo.body, HOSTILE.trim());
      assert.equal(got.data.promo.ctaLabel, '<b>Go</b>');
    });
  });

  describe('videos', () => {
    test('create, list, update (provider follows a new URL) and delete a video', async () => {
      const created = await call('POST', '/videos', { title: 'Tour', url: 'https://www.youtube.com/watch?v=abc', publishedAt: '2026-01-05T09:00:00Z' });
      assert.equal(created.statusCode, 201, created.body);
      const video = created.data.video;
      assert.match(video.id, /^vid_/);
      assert.equal(video.provider, 'youtube');
      assert.equal(video.thumbnailUrl, null);
      assert.equal(video.publishedAt, '2026-01-05T09:00:00.000Z');

      const list = await call('GET', '/videos');
      assert.ok(list.data.videos.some((v: any) => v.id === video.id));

      const moved = await call('PATCH', `/videos/${video.id}`, { url: 'https://vimeo.com/99' });
      assert.equal(moved.data.video.provider, 'vimeo');
      const named = await call('PATCH', `/videos/${video.id}`, { provider: 'Wistia', thumbnailUrl: 'https://img.example/t.png', publishedAt: null });
      assert.equal(named.data.video.provider, 'wistia');
      assert.equal(named.data.video.thumbnailUrl, 'https://img.example/t.png');
      assert.equal(named.data.video.publishedAt, null);
      assert.equal(named.data.video.url, 'https://vimeo.com/99');

      assert.deepEqual((await call('DELETE', `/videos/${video.id}`)).data, { ok: true, deleted: video.id });
      expectError(await call('DELETE', `/videos/${video.id}`), 404, 'not-found');
      expectError(await call('PATCH', `/videos/${video.id}`, { title: 'x' }), 404, 'not-found');
    });

    test('refuses bad titles, URLs, providers and timestamps', async () => {
      const cases: [unknown, string][] = [
        [{ url: 'https://vimeo.com/1' }, 'title'],
        [{ title: 'No url' }, 'url'],
        [{ title: 'x', url: 'vbscript:msgbox' }, 'url'],
        [{ title: 'x', url: 'https://vimeo.com/1', thumbnailUrl: 'file:///etc/passwd' }, 'thumbnailUrl'],
        [{ title: 'x', url: 'https://vimeo.com/1', provider: 'p'.repeat(41) }, 'provider'],
        [{ title: 'x', url: 'https://vimeo.com/1', publishedAt: 'last week' }, 'publishedAt'],
        [{ title: 't'.repeat(201), url: 'https://vimeo.com/1' }, 'title'],
        [{ title: ['a', 'b'], url: 'https://vimeo.com/1' }, 'title'],
      ];
      for (const [payload, field] of cases) {
        const res = await call('POST', '/videos', payload);
        expectError(res, 400, 'validation-failed');
        assert.ok(res.data.details.some((d: any) => d.field === field), `${JSON.stringify(payload)} → ${res.body}`);
      }
    });
  });

  describe('access', () => {
    test('without a session every staff content route is 401 unauthorized', async () => {
      for (const [method, path] of [['GET', '/gallery'], ['POST', '/gallery'], ['GET', '/promo'], ['PUT', '/promo'], ['DELETE', '/promo'], ['GET', '/videos'], ['POST', '/videos']]) {
        expectError(await call(method, path, method === 'GET' || method === 'DELETE' ? undefined : {}, store, {}), 401, 'unauthorized');
      }
      expectError(await call('GET', '/gallery', undefined, store, { authorization: 'Bearer sst_forged' }), 401, 'unauthorized');
    });

    test('an integration key is not a staff credential', async () => {
      const key = await env.createKey(store);
      expectError(await call('GET', '/gallery', undefined, store, env.keyHeaders(key)), 401, 'unauthorized');
    });

    test("store B's staff can neither read nor write store A's content (403), and B's ids paths cannot reach A's rows", async () => {
      const entry = (await call('POST', '/gallery', { url: 'https://img.example/a-only.jpg', caption: 'A' })).data.entry;
      const video = (await call('POST', '/videos', { title: 'A video', url: 'https://vimeo.com/a' })).data.video;
      await call('PUT', '/promo', { title: 'A promo' });
      const asB = env.staffHeaders(other);
      const attempts: [string, string, unknown?][] = [
        ['GET', '/gallery'],
        ['POST', '/gallery', { url: 'https://evil.example/x.jpg' }],
        ['PATCH', `/gallery/${entry.id}`, { caption: 'pwned' }],
        ['DELETE', `/gallery/${entry.id}`],
        ['GET', '/promo'],
        ['PUT', '/promo', { title: 'pwned' }],
        ['DELETE', '/promo'],
        ['GET', '/videos'],
        ['POST', '/videos', { title: 'x', url: 'https://evil.example/v' }],
        ['PATCH', `/videos/${video.id}`, { title: 'pwned' }],
        ['DELETE', `/videos/${video.id}`],
      ];
      for (const [method, path, payload] of attempts) expectError(await call(method, path, payload, store, asB), 403, 'forbidden');
      // B, on its own store, names A's ids: not found there.
      expectError(await call('PATCH', `/gallery/${entry.id}`, { caption: 'pwned' }, other), 404, 'not-found');
      expectError(await call('DELETE', `/gallery/${entry.id}`, undefined, other), 404, 'not-found');
      expectError(await call('PATCH', `/videos/${video.id}`, { title: 'pwned' }, other), 404, 'not-found');
      expectError(await call('DELETE', `/videos/${video.id}`, undefined, other), 404, 'not-found');

      const gallery = (await call('GET', '/gallery')).data.gallery;
      assert.equal(gallery.find((g: any) => g.id === entry.id).caption, 'A');
      assert.equal((await call('GET', '/promo')).data.promo.title, 'A promo');
      assert.equal((await call('GET', '/videos')).data.videos.find((v: any) => v.id === video.id).title, 'A video');
      assert.ok(!(await call('GET', '/gallery', undefined, other)).data.gallery.some((g: any) => g.id === entry.id));
    });

    test('a staff-role member reads content but cannot change it', async () => {
      const member = await staffMember(env, store);
      assert.equal((await call('GET', '/gallery', undefined, store, member)).statusCode, 200);
      assert.equal((await call('GET', '/promo', undefined, store, member)).statusCode, 200);
      assert.equal((await call('GET', '/videos', undefined, store, member)).statusCode, 200);
      expectError(await call('POST', '/gallery', { url: 'https://img.example/m.jpg' }, store, member), 403, 'forbidden');
      expectError(await call('PUT', '/promo', { title: 'member' }, store, member), 403, 'forbidden');
      expectError(await call('POST', '/videos', { title: 'm', url: 'https://vimeo.com/m' }, store, member), 403, 'forbidden');
    });

    test('every staff content route is in the OpenAPI document', async () => {
      const doc = (await env.inject({ method: 'GET', url: '/openapi.json' })).data;
      const expected = [
        'get /integrationGallery', 'get /v1IntegrationPromo', 'get /integrationVideos',
        'get /api/stores/{storeId}/gallery', 'post /api/stores/{storeId}/gallery', 'put /api/stores/{storeId}/gallery/order', 'patch /api/stores/{storeId}/gallery/{entryId}', 'delete /api/stores/{storeId}/gallery/{entryId}',
        'get /api/stores/{storeId}/promo', 'put /api/stores/{storeId}/promo', 'delete /api/stores/{storeId}/promo',
        'get /api/stores/{storeId}/videos', 'post /api/stores/{storeId}/videos', 'patch /api/stores/{storeId}/videos/{videoId}', 'delete /api/stores/{storeId}/videos/{videoId}',
      ];
      for (const op of expected) {
        const [method, path] = op.split(' ');
        assert.ok(doc.paths[path]?.[method], `${op} is documented`);
        assert.ok(doc.paths[path][method].summary, `${op} has a summary`);
      }
    });
  });
});
