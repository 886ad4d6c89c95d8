import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb } from '../helpers/app.ts';
import { seedDemo } from '../../src/seed/demo.ts';

describeEachDb('blog demo posts', (env) => {
  test('the demo seed publishes two posts, visible on the public API, page and RSS', async () => {
    const result = await seedDemo(env.app.ctx, { onlyIfEmpty: false });
    assert.equal(result.seeded, true);
    const list = await env.inject({ method: 'GET', url: `/api/public/blog?storeSlug=${result.storeSlug}` });
    assert.equal(list.statusCode, 200, list.body);
    assert.equal(list.data.items.length, 2);
    for (const item of list.data.items) {
      assert.ok(item.coverImageUrl.startsWith(`${env.config.publicBaseUrl}/demo-assets/`), item.coverImageUrl);
      const page = await env.inject({ method: 'GET', url: `/s/${result.storeSlug}/blog/${item.slug}` });
      assert.equal(page.statusCode, 200);
    }
    const rss = await env.inject({ method: 'GET', url: `/api/public/blog/rss?storeSlug=${result.storeSlug}` });
    assert.equal(rss.body.split('<item>').length - 1, 2);
  });
});
