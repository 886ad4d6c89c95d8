import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb } from '../helpers/app.ts';

describeEachDb('blog routes in /openapi.json', (env) => {
  test('every blog route is documented', async () => {
    const res = await env.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(res.statusCode, 200, res.body);
    const paths = res.data.paths as Record<string, Record<string, unknown>>;
    const expected: [string, string][] = [
      ['get', '/api/stores/{storeId}/blog/posts'],
      ['post', '/api/stores/{storeId}/blog/posts'],
      ['get', '/api/stores/{storeId}/blog/posts/{postId}'],
      ['patch', '/api/stores/{storeId}/blog/posts/{postId}'],
      ['delete', '/api/stores/{storeId}/blog/posts/{postId}'],
      ['post', '/api/stores/{storeId}/blog/posts/{postId}/publish'],
      ['post', '/api/stores/{storeId}/blog/posts/{postId}/unpublish'],
      ['get', '/api/public/blog'],
      ['get', '/api/public/blog/rss'],
      ['get', '/api/public/blog/{postSlug}'],
      ['get', '/s/{storeSlug}/blog'],
      ['get', '/s/{storeSlug}/blog/{postSlug}'],
      ['post', '/api/uploads'],
      ['get', '/uploads/{storeId}/{file}'],
    ];
    for (const [method, path] of expected) assert.ok(paths[path]?.[method], `${method.toUpperCase()} ${path}`);
    const rss = paths['/api/public/blog/rss'].get as any;
    assert.ok(rss.responses['200'].content['application/rss+xml']);
    const page = paths['/s/{storeSlug}/blog/{postSlug}'].get as any;
    assert.ok(page.responses['200'].content['text/html']);
  });
});
