import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Blog posts (private records) and their public projection (published posts only).
// The projection is written only by the blog service, in the transaction of the post change.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blog_posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text')
    .addColumn('cover_image_url', 'text')
    .addColumn('cover_image_alt', 'text')
    .addColumn('content_html', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blog_posts_store_slug_unique').on('blog_posts').columns(['store_id', 'slug']).unique().execute();
  await db.schema.createIndex('blog_posts_store_updated_idx').on('blog_posts').columns(['store_id', 'updated_at', 'id']).execute();

  await db.schema
    .createTable('blog_public_posts')
    .addColumn('post_id', 'text', (c) => c.primaryKey().references('blog_posts.id').onDelete('cascade'))
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('store_slug', 'text', (c) => c.notNull())
    .addColumn('post_slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text')
    .addColumn('cover_image_url', 'text')
    .addColumn('cover_image_alt', 'text')
    .addColumn('content_html', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blog_public_posts_store_slug_unique').on('blog_public_posts').columns(['store_id', 'post_slug']).unique().execute();
  await db.schema.createIndex('blog_public_posts_feed_idx').on('blog_public_posts').columns(['store_id', 'published_at', 'post_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blog_public_posts').execute();
  await db.schema.dropTable('blog_posts').execute();
}
