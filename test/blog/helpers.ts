// Blog test helpers: staff calls and the event rows a change wrote.
import assert from 'node:assert/strict';
import type { TestEnv, TestStore } from '../helpers/app.ts';

export function blogClient(env: TestEnv) {
  const staff = (store: TestStore, method: string, path: string, payload?: unknown, headers?: Record<string, string>) =>
    env.inject({
      method: method as any,
      url: `/api/stores/${store.storeId}/blog/posts${path}`,
      headers: headers ?? env.staffHeaders(store),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  return {
    staff,
    async create(store: TestStore, input: Record<string, unknown> = {}) {
      const res = await staff(store, 'POST', '', { title: 'A post title', contentHtml: '<p>Hello</p>', ...input });
      assert.equal(res.statusCode, 201, res.body);
      return res.data.post;
    },
    publicList: (store: TestStore, query = '') => env.inject({ method: 'GET', url: `/api/public/blog?storeSlug=${store.slug}${query}` }),
    publicPost: (store: TestStore, slug: string) => env.inject({ method: 'GET', url: `/api/public/blog/${encodeURIComponent(slug)}?storeSlug=${store.slug}` }),
    page: (store: TestStore, slug?: string) => env.inject({ method: 'GET', url: `/s/${store.slug}/blog${slug ? `/${encodeURIComponent(slug)}` : ''}` }),
    rss: (store: TestStore) => env.inject({ method: 'GET', url: `/api/public/blog/rss?storeSlug=${store.slug}` }),
  };
}

/**
 * Blog events recorded for `storeId`, read straight from the outbox table. Ordered by createdAt;
 * events of the same millisecond have no defined order, so tests that need the exact sequence
 * use `eventRecorder`.
 */
export async function eventsOf(env: TestEnv, storeId: string): Promise<{ id: string; type: string; data: any }[]> {
  const rows = await env.db.selectFrom('events').select(['type', 'payload', 'created_at', 'id']).where('store_id', '=', storeId).orderBy('created_at').orderBy('id').execute();
  return rows.filter((r) => r.type.startsWith('blog.')).map((r) => ({ id: r.id, type: r.type, data: JSON.parse(r.payload).data }));
}

/** Returns, on each call, the types of the blog events of `postId` written since the previous call. */
export function eventRecorder(env: TestEnv, storeId: string, postId: string) {
  const seen = new Set<string>();
  return async (): Promise<string[]> => {
    const fresh = (await eventsOf(env, storeId)).filter((e) => e.data.postId === postId && !seen.has(e.id));
    for (const e of fresh) seen.add(e.id);
    return fresh.map((e) => e.type);
  };
}

/** A second member (role staff) of `store`, logged in. */
export async function staffMember(env: TestEnv, store: TestStore): Promise<Record<string, string>> {
  return (await env.addMember(store, { role: 'staff' })).headers;
}
