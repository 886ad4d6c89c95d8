import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stores')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('notifications_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('memberships_pk', ['store_id', 'user_id'])
    .execute();
  await db.schema.createIndex('memberships_user_idx').on('memberships').column('user_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_subject_idx').on('login_failures').columns(['subject', 'failed_at']).execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_store_idx').on('api_keys').column('store_id').execute();

  await db.schema
    .createTable('items')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('category', 'text')
    .addColumn('description', 'text')
    .addColumn('price_minor', 'integer', (c) => c.notNull())
    .addColumn('stock_count', 'integer')
    .addColumn('image_url', 'text')
    .addColumn('image_urls', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('image_alt', 'text')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('schedule', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('items_pk', ['store_id', 'id'])
    .execute();

  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('bookings_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('orders_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_spent_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customers_store_email_idx').on('customers').columns(['store_id', 'email']).execute();
  await db.schema.createIndex('customers_store_phone_idx').on('customers').columns(['store_id', 'phone']).execute();
  await db.schema.createIndex('customers_store_created_idx').on('customers').columns(['store_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('gallery_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('caption', 'text')
    .addColumn('alt', 'text')
    .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gallery_items_store_idx').on('gallery_items').column('store_id').execute();

  await db.schema
    .createTable('promos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text')
    .addColumn('body', 'text')
    .addColumn('image_url', 'text')
    .addColumn('cta_label', 'text')
    .addColumn('cta_url', 'text')
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('promos_store_idx').on('promos').column('store_id').execute();

  await db.schema
    .createTable('videos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('thumbnail_url', 'text')
    .addColumn('provider', 'text')
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('videos_store_idx').on('videos').column('store_id').execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_store_created_idx').on('events').columns(['store_id', 'created_at']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['store_id', 'scope', 'key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['idempotency_keys', 'events', 'videos', 'promos', 'gallery_items', 'customers', 'items', 'api_keys', 'login_failures', 'sessions', 'memberships', 'users', 'stores']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
