// PATCH /api/stores/{storeId} with `slug`: owners and admins rename the store's address; the rules
// are signup's; the public blog (API, pages, RSS, post URLs) moves to the new slug at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, expectError, type TestStore } from '../helpers/app.ts';
import { blogClient, staffMember } from '../blog/helpers.ts';

describeEachDb('changing the store slug', (env) => {
  const blog = blogClient(env);
  const patch = (store: TestStore, payload: Record<string, unknown>, headers = env.staffHeaders(store)) =>
    env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}`, headers, payload });

  test('an owner changes the slug; the public blog, its pages, RSS and post URLs follow, the old slug is 404', async () => {
    const store = await env.createStore({ name: 'Adom Salon' });
    const oldSlug = store.slug;
    const post = await blog.create(store, { title: 'Braids for the season' });
    assert.equal((await blog.staff(store, 'POST', `/${post.id}/publish`)).statusCode, 200);

    const res = await patch(store, { slug: 'adom-hair-studio' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.store.slug, 'adom-hair-studio');
    const moved = { ...store, slug: 'adom-hair-studio' };

    const list = await blog.publicList(moved);
    assert.equal(list.statusCode, 200, list.body);
    assert.equal(list.data.items.length, 1);
    assert.equal(list.data.items[0].storeSlug, 'adom-hair-studio');
    assert.equal(list.data.items[0].url, `http://localhost:3000/s/adom-hair-studio/blog/${post.slug}`);
    assert.equal((await blog.page(moved)).statusCode, 200);
    assert.equal((await blog.page(moved, post.slug)).statusCode, 200);
    assert.match((await blog.rss(moved)).body, /\/s\/adom-hair-studio\/blog\//);
    const staffView = await blog.staff(store, 'GET', `/${post.id}`);
    assert.equal(staffView.data.post.url, `http://localhost:3000/s/adom-hair-studio/blog/${post.slug}`);

    expectError(await blog.publicList({ ...store, slug: oldSlug }), 404, 'store-not-found');
    assert.equal((await blog.page({ ...store, slug: oldSlug })).statusCode, 404);
  });

  test('a slug another store has is 409 slug-taken naming the field; nothing changes', async () => {
    const a = await env.createStore();
    const b = await env.createStore();
    const res = await patch(a, { slug: b.slug, name: 'Renamed too' });
    expectError(res, 409, 'slug-taken');
    assert.deepEqual(res.data.details, [{ field: 'slug', message: 'already used by another store' }]);
    const now = await env.inject({ method: 'GET', url: `/api/stores/${a.storeId}`, headers: env.staffHeaders(a) });
    assert.equal(now.data.store.slug, a.slug);
    assert.notEqual(now.data.store.name, 'Renamed too');
  });

  test('the store\'s own slug again is accepted and changes nothing', async () => {
    const store = await env.createStore();
    const res = await patch(store, { slug: store.slug });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.data.store.slug, store.slug);
  });

  test('signup\'s rules: lowercase letters and digits in words joined by single hyphens, 2 to 60 characters', async () => {
    const store = await env.createStore();
    for (const slug of ['Upper-Case', 'two--hyphens', '-leading', 'trailing-', 'with space', 'a', 'x'.repeat(61), 'ünïcode', '', 42]) {
      const res = await patch(store, { slug });
      expectError(res, 400, 'validation-failed');
      assert.ok(res.data.details.some((d: any) => d.field === 'slug'), res.body);
    }
  });

  test('a staff member cannot change the slug (403); an admin can', async () => {
    const store = await env.createStore();
    const staff = await staffMember(env, store);
    expectError(await patch(store, { slug: 'staff-choice' }, staff), 403, 'forbidden');
    const admin = (await env.addMember(store, { role: 'admin' })).headers;
    const res = await patch(store, { slug: `admin-choice-${store.storeId}` }, admin);
    assert.equal(res.statusCode, 200, res.body);
  });
});
