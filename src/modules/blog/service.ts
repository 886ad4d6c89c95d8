// Store blog: authoring, sanitizing, public projection. The projection (blog_public_posts) holds
// published posts only and is written here alone, in the same transaction as the post change and
// its event, so the public API, pages and RSS change at the moment the post does.
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/sql.ts';
import type { Database } from '../../db/database.ts';
import { forUpdate, isUniqueViolation } from '../../db/sql.ts';
import { decodeCursor, encodeCursor } from '../../shared/cursor.ts';
import { conflict, notFound, validationFailed } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { slugify } from '../../shared/slug.ts';
import { nowIso } from '../../shared/time.ts';
import type { Store } from '../stores/service.ts';
import { BLOG_LIMITS, parsePostFields, RESERVED_SLUGS, type PostFields } from './post-input.ts';
import * as repo from './repository.ts';
import { renderPostHtml, safeHttpUrl } from './sanitize.ts';
import type { BlogPostRow, BlogPostStatus, BlogPublicPostRow } from './tables.ts';
// Registers the demo store's blog posts with the first-run seed.
import './demo-posts.ts';

export interface NewPostInput {
  title: string;
  slug?: string;
  excerpt?: string | null;
  coverImageUrl?: string | null;
  coverImageAlt?: string | null;
  contentHtml: string;
  status?: 'draft' | 'published';
}

export type UpdatePostInput = Partial<Omit<NewPostInput, 'status'>>;

/** The private record (staff API). */
export interface BlogPost {
  id: string;
  storeId: string;
  storeSlug: string;
  title: string;
  slug: string;
  excerpt: string | null;
  coverImageUrl: string | null;
  coverImageAlt: string | null;
  contentHtml: string;
  status: BlogPostStatus;
  publishedAt: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** The hosted page of the post (live only while published). */
  url: string;
}

/** The public projection (SPEC: storeSlug, postSlug, title, excerpt, cover, contentHtml, publishedAt, updatedAt). */
export interface PublicPost {
  storeSlug: string;
  postSlug: string;
  /** Same as postSlug: the list items of SPEC call it slug. */
  slug: string;
  title: string;
  excerpt: string | null;
  coverImageUrl: string | null;
  coverImageAlt: string | null;
  contentHtml: string;
  publishedAt: string;
  updatedAt: string;
  url: string;
}

export type PublicPostSummary = Omit<PublicPost, 'contentHtml'>;

export const PUBLIC_LIMIT = { min: 1, max: 50, default: 20 } as const;

const postNotFound = (id: string) => notFound('post-not-found', `No blog post ${id} in this store.`);
const slugInUse = (slug: string) =>
  conflict('conflict', `The slug "${slug}" is already used by another post of this store.`, [{ field: 'slug', message: 'already used in this store' }]);

export function createBlogService(ctx: AppContext) {
  const { db, config } = ctx;
  const stores = () => ctx.services.stores;

  const pageUrl = (storeSlug: string, postSlug?: string) =>
    `${config.publicBaseUrl}/s/${encodeURIComponent(storeSlug)}/blog${postSlug ? `/${encodeURIComponent(postSlug)}` : ''}`;

  function toPost(row: BlogPostRow, store: Store): BlogPost {
    return {
      id: row.id,
      storeId: row.store_id,
      storeSlug: store.slug,
      title: row.title,
      slug: row.slug,
      excerpt: row.excerpt,
      coverImageUrl: row.cover_image_url,
      coverImageAlt: row.cover_image_alt,
      contentHtml: row.content_html,
      status: row.status,
      publishedAt: row.published_at,
      createdBy: row.created_by,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      url: pageUrl(store.slug, row.slug),
    };
  }

  function toPublicSummary(row: BlogPublicPostRow): PublicPostSummary {
    return {
      storeSlug: row.store_slug,
      postSlug: row.post_slug,
      slug: row.post_slug,
      title: row.title,
      excerpt: row.excerpt,
      // Checked on write; checked again here like the HTML, so no stored value can put another scheme on a page.
      coverImageUrl: safeHttpUrl(row.cover_image_url),
      coverImageAlt: row.cover_image_alt,
      publishedAt: row.published_at,
      updatedAt: row.updated_at,
      url: pageUrl(row.store_slug, row.post_slug),
    };
  }

  /** Rendering sanitizes again: whatever reached the table, only the allowlist leaves it. */
  function toPublicPost(row: BlogPublicPostRow): PublicPost {
    return { ...toPublicSummary(row), contentHtml: renderPostHtml(row.content_html) };
  }

  function eventData(row: BlogPostRow, store: Store) {
    return {
      postId: row.id,
      storeSlug: store.slug,
      slug: row.slug,
      title: row.title,
      excerpt: row.excerpt,
      coverImageUrl: row.cover_image_url,
      status: row.status,
      publishedAt: row.published_at,
      updatedAt: row.updated_at,
      url: pageUrl(store.slug, row.slug),
    };
  }

  /** Keeps the projection equal to the post: present with its fields while published, absent otherwise. */
  async function syncProjection(trx: Executor<Database>, row: BlogPostRow, store: Store) {
    if (row.status === 'published' && row.published_at) {
      await repo.upsertPublicPost(trx, {
        post_id: row.id,
        store_id: row.store_id,
        store_slug: store.slug,
        post_slug: row.slug,
        title: row.title,
        excerpt: row.excerpt,
        cover_image_url: row.cover_image_url,
        cover_image_alt: row.cover_image_alt,
        content_html: row.content_html,
        published_at: row.published_at,
        updated_at: row.updated_at,
      });
    } else {
      await repo.deletePublicPost(trx, row.store_id, row.id);
    }
  }

  /**
   * The slug to store: an explicit one must be free (409 conflict otherwise); a generated one is
   * the transliterated title, numbered -2, -3… past the slugs already taken in the store and
   * those in `lost` (taken by a concurrent writer after this one chose them).
   */
  async function chooseSlug(trx: Executor<Database>, storeId: string, fields: PostFields, postId: string | null, current: string | null, lost: ReadonlySet<string> = new Set()) {
    if (fields.slug) {
      if (fields.slug !== current && (await repo.slugTaken(trx, storeId, fields.slug, postId))) throw slugInUse(fields.slug);
      return fields.slug;
    }
    if (current) return current;
    const base = slugify(fields.title, BLOG_LIMITS.slugMax - 4) || 'post';
    const taken = await repo.slugsLike(trx, storeId, base, postId);
    for (const reserved of RESERVED_SLUGS) taken.add(reserved);
    for (const slug of lost) taken.add(slug);
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  async function lockedPost(trx: Executor<Database>, storeId: string, id: string): Promise<BlogPostRow> {
    const row = await forUpdate(trx, trx.selectFrom('blog_posts').selectAll().where('store_id', '=', storeId).where('id', '=', id)).executeTakeFirst();
    if (!row) throw postNotFound(id);
    return row;
  }

  /** Public store by slug (404 store-not-found). */
  async function publicStore(storeSlug: string): Promise<Store> {
    const store = await stores().findStoreBySlug(storeSlug);
    if (!store) throw notFound('store-not-found', `No store ${storeSlug}.`);
    return store;
  }

  const service = {
    pageUrl,

    /** Creates a post as draft or published (the demo seed uses this). */
    async createPost(storeId: string, input: NewPostInput | Record<string, unknown>, createdBy: string): Promise<BlogPost> {
      const raw = input as Record<string, unknown>;
      const { value, errors } = parsePostFields(raw);
      const status = raw.status ?? 'draft';
      if (status !== 'draft' && status !== 'published') errors.push({ field: 'status', message: 'draft or published' });
      if (errors.length) throw validationFailed(errors);
      const store = await stores().getStore(storeId);
      return db.transaction().execute(async (trx) => {
        const now = nowIso();
        const row: BlogPostRow = {
          id: newId('post'),
          store_id: storeId,
          slug: '',
          title: value.title,
          excerpt: value.excerpt,
          cover_image_url: value.coverImageUrl,
          cover_image_alt: value.coverImageAlt,
          content_html: value.contentHtml,
          status: status as BlogPostStatus,
          published_at: status === 'published' ? now : null,
          created_by: createdBy,
          created_at: now,
          updated_at: now,
        };
        // A concurrent writer can take the chosen slug before this insert: it then inserts nothing
        // (ON CONFLICT DO NOTHING, which leaves a PostgreSQL transaction usable, unlike a failed
        // statement) and the next free slug is tried. Each miss is a slug another post now holds.
        const lost = new Set<string>();
        for (;;) {
          row.slug = await chooseSlug(trx, storeId, value, null, null, lost);
          if (await repo.insertPostIfSlugFree(trx, row)) break;
          if (value.slug) throw slugInUse(value.slug);
          lost.add(row.slug);
        }
        await syncProjection(trx, row, store);
        if (row.status === 'published') await ctx.services.events.emit(trx, storeId, 'blog.post.published', eventData(row, store));
        return toPost(row, store);
      });
    },

    async getPost(storeId: string, id: string): Promise<BlogPost> {
      const row = await repo.findPost(db, storeId, id);
      if (!row) throw postNotFound(id);
      return toPost(row, await stores().getStore(storeId));
    },

    async listPosts(storeId: string, options: { status?: BlogPostStatus; limit?: number; cursor?: string }) {
      const limit = options.limit ?? 50;
      const after = decodeCursor(options.cursor, 2) as [string, string] | null;
      const store = await stores().getStore(storeId);
      const rows = await repo.listPosts(db, storeId, { status: options.status, after, limit: limit + 1 });
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return { posts: page.map((r) => toPost(r, store)), nextCursor: rows.length > limit && last ? encodeCursor([last.created_at, last.id]) : null };
    },

    /** Changes the fields sent; a published post's projection follows in the same transaction. */
    async updatePost(storeId: string, id: string, patch: UpdatePostInput | Record<string, unknown>): Promise<BlogPost> {
      const store = await stores().getStore(storeId);
      let wantedSlug: string | null = null;
      try {
        return await db.transaction().execute(async (trx) => {
          const current = await lockedPost(trx, storeId, id);
          const merged = {
            title: current.title,
            excerpt: current.excerpt,
            coverImageUrl: current.cover_image_url,
            coverImageAlt: current.cover_image_alt,
            contentHtml: current.content_html,
            ...(patch as Record<string, unknown>),
          };
          const { value, errors } = parsePostFields(merged);
          if (errors.length) throw validationFailed(errors);
          wantedSlug = value.slug ?? null;
          const row: BlogPostRow = {
            ...current,
            // The slug stays when the title changes (links keep working); send slug to change it.
            slug: await chooseSlug(trx, storeId, value, id, current.slug),
            title: value.title,
            excerpt: value.excerpt,
            cover_image_url: value.coverImageUrl,
            cover_image_alt: value.coverImageAlt,
            content_html: value.contentHtml,
            updated_at: nowIso(),
          };
          await repo.updatePost(trx, storeId, id, row);
          await syncProjection(trx, row, store);
          if (row.status === 'published') await ctx.services.events.emit(trx, storeId, 'blog.post.updated', eventData(row, store));
          return toPost(row, store);
        });
      } catch (error) {
        // Only an explicit slug changes here, and chooseSlug saw it free: a concurrent writer took it since.
        if (wantedSlug && isUniqueViolation(error)) throw slugInUse(wantedSlug);
        throw error;
      }
    },

    /** Publishes a draft or archived post; publishedAt is set the first time and kept afterwards. */
    async publishPost(storeId: string, id: string): Promise<BlogPost> {
      const store = await stores().getStore(storeId);
      return db.transaction().execute(async (trx) => {
        const current = await lockedPost(trx, storeId, id);
        if (current.status === 'published') return toPost(current, store);
        const now = nowIso();
        const row: BlogPostRow = { ...current, status: 'published', published_at: current.published_at ?? now, updated_at: now };
        await repo.updatePost(trx, storeId, id, { status: row.status, published_at: row.published_at, updated_at: row.updated_at });
        await syncProjection(trx, row, store);
        await ctx.services.events.emit(trx, storeId, 'blog.post.published', eventData(row, store));
        return toPost(row, store);
      });
    },

    /** Moves a post to draft or archived; a published one leaves the public API, pages and RSS at once. */
    async unpublishPost(storeId: string, id: string, to: 'draft' | 'archived'): Promise<BlogPost> {
      const store = await stores().getStore(storeId);
      return db.transaction().execute(async (trx) => {
        const current = await lockedPost(trx, storeId, id);
        if (current.status === to) return toPost(current, store);
        const row: BlogPostRow = { ...current, status: to, updated_at: nowIso() };
        await repo.updatePost(trx, storeId, id, { status: row.status, updated_at: row.updated_at });
        await syncProjection(trx, row, store);
        if (current.status === 'published') await ctx.services.events.emit(trx, storeId, 'blog.post.unpublished', eventData(row, store));
        return toPost(row, store);
      });
    },

    async deletePost(storeId: string, id: string): Promise<void> {
      const store = await stores().getStore(storeId);
      await db.transaction().execute(async (trx) => {
        const current = await lockedPost(trx, storeId, id);
        await repo.deletePublicPost(trx, storeId, id);
        await repo.deletePost(trx, storeId, id);
        if (current.status === 'published') {
          await ctx.services.events.emit(trx, storeId, 'blog.post.unpublished', { ...eventData(current, store), status: 'deleted' });
        }
      });
    },

    /**
     * The public projection the fields would make if published now, for a preview: nothing is
     * stored. With `postId` the saved post's slug and first publication date are used.
     */
    async previewPost(storeId: string, input: Record<string, unknown>): Promise<{ store: Store; post: PublicPost }> {
      const { postId, ...fields } = input;
      const { value, errors } = parsePostFields(fields);
      if (errors.length) throw validationFailed(errors);
      const store = await stores().getStore(storeId);
      const current = typeof postId === 'string' ? await repo.findPost(db, storeId, postId) : undefined;
      if (typeof postId === 'string' && !current) throw postNotFound(postId);
      const slug = value.slug ?? current?.slug ?? (slugify(value.title, BLOG_LIMITS.slugMax - 4) || 'post');
      const now = nowIso();
      const post: PublicPost = {
        storeSlug: store.slug,
        postSlug: slug,
        slug,
        title: value.title,
        excerpt: value.excerpt,
        coverImageUrl: value.coverImageUrl,
        coverImageAlt: value.coverImageAlt,
        contentHtml: renderPostHtml(value.contentHtml),
        publishedAt: current?.published_at ?? now,
        updatedAt: now,
        url: pageUrl(store.slug, slug),
      };
      return { store, post };
    },

    // Public reads (projection only)

    publicStore,

    /** The store's slug changed (in `trx`): the public projection's URLs follow it. */
    async storeSlugChanged(trx: Executor<Database>, storeId: string, storeSlug: string): Promise<void> {
      await repo.setPublicStoreSlug(trx, storeId, storeSlug);
    },

    async publicList(storeSlug: string, options: { limit?: number; cursor?: string }) {
      const store = await publicStore(storeSlug);
      const limit = options.limit ?? PUBLIC_LIMIT.default;
      const after = decodeCursor(options.cursor, 2) as [string, string] | null;
      if (after && (typeof after[0] !== 'string' || typeof after[1] !== 'string')) {
        throw validationFailed([{ field: 'cursor', message: 'not a cursor returned by this endpoint' }]);
      }
      const rows = await repo.listPublicPosts(db, store.id, { after, limit: limit + 1 });
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        store,
        items: page.map(toPublicSummary),
        nextCursor: rows.length > limit && last ? encodeCursor([last.published_at, last.post_id]) : null,
      };
    },

    async publicPost(storeSlug: string, postSlug: string): Promise<{ store: Store; post: PublicPost }> {
      const store = await publicStore(storeSlug);
      const row = await repo.findPublicPost(db, store.id, postSlug);
      if (!row) throw notFound('post-not-found', `No published post ${postSlug} in this store.`);
      return { store, post: toPublicPost(row) };
    },

    /** The newest published posts with content (RSS). */
    async publicFeed(storeSlug: string, limit = PUBLIC_LIMIT.max): Promise<{ store: Store; posts: PublicPost[] }> {
      const store = await publicStore(storeSlug);
      const rows = await repo.listPublicPosts(db, store.id, { limit });
      return { store, posts: rows.map(toPublicPost) };
    },
  };
  return service;
}

export type BlogService = ReturnType<typeof createBlogService>;
