import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb } from '../helpers/app.ts';
import { blogClient } from './helpers.ts';

describeEachDb('blog slugs under concurrent writes', (env) => {
  const blog = blogClient(env);

  test('40 posts created at once with one title each get the next free slug, none fails', async () => {
    const store = await env.createStore();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => blog.staff(store, 'POST', '', { title: 'Weekend opening hours', contentHtml: `<p>${i}</p>`, status: i % 2 ? 'published' : 'draft' })),
    );
    assert.deepEqual(answers.filter((r) => r.statusCode !== 201).map((r) => `${r.statusCode} ${r.body}`), []);
    const slugs = answers.map((r) => r.data.post.slug).sort();
    const expected = ['weekend-opening-hours', ...Array.from({ length: 39 }, (_, i) => `weekend-opening-hours-${i + 2}`)].sort();
    assert.deepEqual(slugs, expected);
    const published = await blog.publicList(store, '&limit=50');
    assert.equal(published.data.items.length, 20);
  });
});
