import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type TestEnv, type TestStore } from '../helpers/app.ts';
import { integrationAuthMatrix } from '../helpers/integration-auth-matrix.ts';

const HOUR = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function staff(env: TestEnv, store: TestStore, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload?: unknown) {
  const res = await env.inject({ method, url: `/api/stores/${store.storeId}${path}`, headers: env.staffHeaders(store), ...(payload !== undefined ? { payload: payload as object } : {}) });
  assert.ok(res.statusCode < 300, `${method} ${path}: ${res.statusCode} ${res.body}`);
  return res.data;
}

describeEachDb('content integration reads', (env) => {
  let store: TestStore;
  let key: string;
  const read = (path: string, s: TestStore = store, k: string = key) => env.inject({ method: 'GET', url: `${path}?storeId=${s.storeId}`, headers: env.keyHeaders(k) });

  before(async () => {
    store = await env.createStore();
    key = await env.createKey(store);
  });

  describe('GET /integrationGallery', () => {
    test('an empty gallery is an empty array', async () => {
      const fresh = await env.createStore();
      const res = await read('/integrationGallery', fresh, await env.createKey(fresh));
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.data, { ok: true, storeId: fresh.storeId, gallery: [] });
    });

    test('returns published entries only, by sortOrder then createdAt, with every field, cached 120 s', async () => {
      const second = (await staff(env, store, 'POST', '/gallery', { url: 'https://img.example/b.jpg', caption: 'B', alt: 'b alt', sortOrder: 2 })).entry;
      const firstA = (await staff(env, store, 'POST', '/gallery', { url: 'https://img.example/a1.jpg', sortOrder: 1 })).entry;
      const hidden = (await staff(env, store, 'POST', '/gallery', { url: 'https://img.example/hidden.jpg', sortOrder: 0, isPublished: false })).entry;
      const firstB = (await staff(env, store, 'POST', '/gallery', { url: 'http://img.example/a2.jpg', sortOrder: 1 })).entry;
      const res = await read('/integrationGallery');
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['cache-control'], 'private, max-age=120');
      assert.deepEqual(res.data.gallery.map((g: any) => g.id), [firstA.id, firstB.id, second.id]);
      assert.ok(!res.data.gallery.some((g: any) => g.id === hidden.id));
      assert.deepEqual(res.data.gallery[2], {
        id: second.id,
        url: 'https://img.example/b.jpg',
        caption: 'B',
        alt: 'b alt',
        isPublished: true,
        sortOrder: 2,
        createdAt: second.createdAt,
      });
      assert.ok(res.data.gallery.every((g: any) => g.isPublished === true && typeof g.url === 'string' && g.url !== ''));
    });

    test('unpublishing an entry removes it at once; republishing brings it back', async () => {
      const entry = (await staff(env, store, 'POST', '/gallery', { url: 'https://img.example/toggle.jpg' })).entry;
      assert.ok((await read('/integrationGallery')).data.gallery.some((g: any) => g.id === entry.id));
      await staff(env, store, 'PATCH', `/gallery/${entry.id}`, { isPublished: false });
      assert.ok(!(await read('/integrationGallery')).data.gallery.some((g: any) => g.id === entry.id));
      await staff(env, store, 'PATCH', `/gallery/${entry.id}`, { isPublished: true });
      assert.ok((await read('/integrationGallery')).data.gallery.some((g: any) => g.id === entry.id));
    });

    test('entries with an empty url stored by other writers never appear', async () => {
      const entry = (await staff(env, store, 'POST', '/gallery', { url: 'https://img.example/blank.jpg' })).entry;
      await env.db.updateTable('gallery_items').set({ url: '' }).where('id', '=', entry.id).execute();
      assert.ok(!(await read('/integrationGallery')).data.gallery.some((g: any) => g.id === entry.id));
    });

    test("never returns another store's entries", async () => {
      const other = await env.createStore();
      await staff(env, other, 'POST', '/gallery', { url: 'https://other.example/secret.jpg' });
      const res = await read('/integrationGallery');
      assert.ok(!res.data.gallery.some((g: any) => g.url.includes('other.example')));
    });
  });

  describe('GET /v1IntegrationPromo', () => {
    let promoStore: TestStore;
    let promoKey: string;
    before(async () => {
      promoStore = await env.createStore();
      promoKey = await env.createKey(promoStore);
    });
    const promo = () => read('/v1IntegrationPromo', promoStore, promoKey);

    test('is null when the store has no promo', async () => {
      const res = await promo();
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['cache-control'], 'private, max-age=120');
      assert.deepEqual(res.data, { ok: true, storeId: promoStore.storeId, promo: null });
    });

    test('returns the CONTRACT §4 promo object while inside its window', async () => {
      const startsAt = iso(-HOUR);
      const endsAt = iso(HOUR);
      const put = await staff(env, promoStore, 'PUT', '/promo', {
        title: 'Harmattan sale',
        subtitle: '20% off',
        body: 'All week long.',
        imageUrl: 'https://img.example/promo.jpg',
        ctaLabel: 'Shop now',
        ctaUrl: 'https://shop.example/sale',
        startsAt,
        endsAt,
      });
      const res = await promo();
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.data.promo, {
        id: put.promo.id,
        title: 'Harmattan sale',
        subtitle: '20% off',
        body: 'All week long.',
        imageUrl: 'https://img.example/promo.jpg',
        ctaLabel: 'Shop now',
        ctaUrl: 'https://shop.example/sale',
        startsAt,
        endsAt,
      });
    });

    test('is null before startsAt and from endsAt on', async () => {
      await staff(env, promoStore, 'PUT', '/promo', { title: 'Later', startsAt: iso(HOUR), endsAt: iso(2 * HOUR) });
      assert.equal((await promo()).data.promo, null);
      await staff(env, promoStore, 'PUT', '/promo', { title: 'Over', startsAt: iso(-2 * HOUR), endsAt: iso(-HOUR) });
      assert.equal((await promo()).data.promo, null);
      await staff(env, promoStore, 'PUT', '/promo', { title: 'Open start', endsAt: iso(HOUR) });
      assert.equal((await promo()).data.promo.title, 'Open start');
      await staff(env, promoStore, 'PUT', '/promo', { title: 'Open end', startsAt: iso(-HOUR) });
      assert.equal((await promo()).data.promo.title, 'Open end');
    });

    test('an always-on promo has null bounds, and deleting it makes the read null', async () => {
      await staff(env, promoStore, 'PUT', '/promo', { title: 'Always' });
      const res = await promo();
      assert.equal(res.data.promo.title, 'Always');
      assert.equal(res.data.promo.startsAt, null);
      assert.equal(res.data.promo.endsAt, null);
      await staff(env, promoStore, 'DELETE', '/promo');
      assert.equal((await promo()).data.promo, null);
    });

    test("never returns another store's promo", async () => {
      const other = await env.createStore();
      await staff(env, other, 'PUT', '/promo', { title: 'Other store promo' });
      const fresh = await env.createStore();
      const res = await read('/v1IntegrationPromo', fresh, await env.createKey(fresh));
      assert.equal(res.data.promo, null);
    });
  });

  describe('GET /integrationVideos', () => {
    test('is 404 video-feed-not-configured while the store has no videos', async () => {
      const fresh = await env.createStore();
      const freshKey = await env.createKey(fresh);
      expectError(await read('/integrationVideos', fresh, freshKey), 404, 'video-feed-not-configured');
      // Another store's videos do not configure this store's feed.
      await staff(env, store, 'POST', '/videos', { title: 'Elsewhere', url: 'https://www.youtube.com/watch?v=other' });
      expectError(await read('/integrationVideos', fresh, freshKey), 404, 'video-feed-not-configured');
    });

    test('lists videos newest publishedAt first, undated last, with every field, cached 120 s', async () => {
      const s = await env.createStore();
      const k = await env.createKey(s);
      const old = (await staff(env, s, 'POST', '/videos', { title: 'Old', url: 'https://vimeo.com/1', publishedAt: '2025-01-01T10:00:00Z' })).video;
      const undated = (await staff(env, s, 'POST', '/videos', { title: 'Undated', url: 'https://cdn.example/v.mp4' })).video;
      const recent = (await staff(env, s, 'POST', '/videos', {
        title: 'Recent',
        url: 'https://youtu.be/abc',
        thumbnailUrl: 'https://img.example/t.jpg',
        publishedAt: '2026-03-01T12:00:00+02:00',
      })).video;
      const res = await read('/integrationVideos', s, k);
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['cache-control'], 'private, max-age=120');
      assert.deepEqual(res.data.videos.map((v: any) => v.id), [recent.id, old.id, undated.id]);
      assert.deepEqual(res.data.videos[0], {
        id: recent.id,
        title: 'Recent',
        url: 'https://youtu.be/abc',
        thumbnailUrl: 'https://img.example/t.jpg',
        provider: 'youtube',
        publishedAt: '2026-03-01T10:00:00.000Z',
      });
      assert.equal(res.data.videos[1].provider, 'vimeo');
      assert.equal(res.data.videos[2].provider, null);
    });

    test('goes back to 404 once the last video is deleted', async () => {
      const s = await env.createStore();
      const k = await env.createKey(s);
      const v = (await staff(env, s, 'POST', '/videos', { title: 'Only', url: 'https://vimeo.com/2' })).video;
      assert.equal((await read('/integrationVideos', s, k)).statusCode, 200);
      await staff(env, s, 'DELETE', `/videos/${v.id}`);
      expectError(await read('/integrationVideos', s, k), 404, 'video-feed-not-configured');
    });
  });
});

describeEachDb('GET /integrationGallery auth matrix', (env) => {
  integrationAuthMatrix(env, { path: '/integrationGallery', scope: 'content:read', scopesWithoutIt: ['catalog:read', 'customers:read'] });
});

describeEachDb('GET /v1IntegrationPromo auth matrix', (env) => {
  integrationAuthMatrix(env, { path: '/v1IntegrationPromo', scope: 'content:read', scopesWithoutIt: ['catalog:read'] });
});

describeEachDb('GET /integrationVideos auth matrix', (env) => {
  integrationAuthMatrix(env, {
    path: '/integrationVideos',
    scope: 'content:read',
    scopesWithoutIt: ['bookings:read', 'developer'],
    prepare: async (e, s) => {
      const res = await e.inject({ method: 'POST', url: `/api/stores/${s.storeId}/videos`, headers: e.staffHeaders(s), payload: { title: 'Matrix', url: 'https://vimeo.com/3' } });
      assert.equal(res.statusCode, 201, res.body);
    },
  });
});
