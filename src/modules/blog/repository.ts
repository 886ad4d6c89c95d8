// Blog queries. Every query is scoped by store; the first argument is the db or a transaction.
import type { Executor } from '../../db/sql.ts';
import type { Database } from '../../db/database.ts';
import type { BlogPostRow, BlogPostStatus, BlogPublicPostRow } from './tables.ts';

type Db = Executor<Database>;

export const findPost = (db: Db, storeId: string, id: string) =>
  db.selectFrom('blog_posts').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

/** Inserts the post unless another post of the store holds its slug; false when it did not. */
export async function insertPostIfSlugFree(db: Db, row: BlogPostRow): Promise<boolean> {
  const inserted = await db
    .insertInto('blog_posts')
    .values(row)
    .onConflict((oc) => oc.columns(['store_id', 'slug']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export const updatePost = (db: Db, storeId: string, id: string, patch: Partial<BlogPostRow>) =>
  db.updateTable('blog_posts').set(patch).where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

export const deletePost = (db: Db, storeId: string, id: string) =>
  db.deleteFrom('blog_posts').where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

/** Slugs of the store equal to `base` or starting with `base-` (for numbering), other than `exceptId`'s. */
export async function slugsLike(db: Db, storeId: string, base: string, exceptId: string | null): Promise<Set<string>> {
  let q = db
    .selectFrom('blog_posts')
    .select('slug')
    .where('store_id', '=', storeId)
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]));
  if (exceptId) q = q.where('id', '<>', exceptId);
  return new Set((await q.execute()).map((r) => r.slug));
}

export const slugTaken = async (db: Db, storeId: string, slug: string, exceptId: string | null) => {
  let q = db.selectFrom('blog_posts').select('id').where('store_id', '=', storeId).where('slug', '=', slug);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
};

/** Staff listing: newest created first, keyset after (created_at, id). */
export function listPosts(db: Db, storeId: string, options: { status?: BlogPostStatus; after?: [string, string] | null; limit: number }) {
  let q = db.selectFrom('blog_posts').selectAll().where('store_id', '=', storeId);
  if (options.status) q = q.where('status', '=', options.status);
  const after = options.after;
  if (after) q = q.where((eb) => eb.or([eb('created_at', '<', after[0]), eb.and([eb('created_at', '=', after[0]), eb('id', '<', after[1])])]));
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

// Public projection

export const upsertPublicPost = (db: Db, row: BlogPublicPostRow) => {
  const { post_id: _id, ...fields } = row;
  return db
    .insertInto('blog_public_posts')
    .values(row)
    .onConflict((oc) => oc.column('post_id').doUpdateSet(fields))
    .execute();
};

/** A store's new slug on its published posts (their public URLs are built from it). */
export const setPublicStoreSlug = (db: Db, storeId: string, storeSlug: string) =>
  db.updateTable('blog_public_posts').set({ store_slug: storeSlug }).where('store_id', '=', storeId).execute();

export const deletePublicPost = (db: Db, storeId: string, postId: string) =>
  db.deleteFrom('blog_public_posts').where('store_id', '=', storeId).where('post_id', '=', postId).execute();

/** Public feed: newest publishedAt first, keyset after (published_at, post_id) so inserts never shift pages. */
export function listPublicPosts(db: Db, storeId: string, options: { after?: [string, string] | null; limit: number }) {
  let q = db.selectFrom('blog_public_posts').selectAll().where('store_id', '=', storeId);
  const after = options.after;
  if (after) {
    q = q.where((eb) => eb.or([eb('published_at', '<', after[0]), eb.and([eb('published_at', '=', after[0]), eb('post_id', '<', after[1])])]));
  }
  return q.orderBy('published_at', 'desc').orderBy('post_id', 'desc').limit(options.limit).execute();
}

export const findPublicPost = (db: Db, storeId: string, postSlug: string) =>
  db.selectFrom('blog_public_posts').selectAll().where('store_id', '=', storeId).where('post_slug', '=', postSlug).executeTakeFirst();
