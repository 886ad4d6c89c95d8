import type { Executor } from '../../db/sql.ts';
import type { Database } from '../../db/database.ts';
import type { GalleryItemRow, PromoRow, VideoRow } from './tables.ts';

type Db = Executor<Database>;

// Gallery
export const listGallery = (db: Db, storeId: string, options: { publishedOnly?: boolean } = {}) => {
  let q = db.selectFrom('gallery_items').selectAll().where('store_id', '=', storeId);
  if (options.publishedOnly) q = q.where('is_published', '=', 1).where('url', '<>', '');
  return q.orderBy('sort_order').orderBy('created_at').orderBy('id').execute();
};

export const findGalleryItem = (db: Db, storeId: string, id: string) =>
  db.selectFrom('gallery_items').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

export const insertGalleryItem = (db: Db, row: GalleryItemRow) => db.insertInto('gallery_items').values(row).execute();

export const updateGalleryItem = (db: Db, storeId: string, id: string, patch: Partial<GalleryItemRow>) =>
  db.updateTable('gallery_items').set(patch).where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

export const deleteGalleryItem = (db: Db, storeId: string, id: string) =>
  db.deleteFrom('gallery_items').where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

// Promo: at most one row per store (unique index on store_id).
export const findPromo = (db: Db, storeId: string) => db.selectFrom('promos').selectAll().where('store_id', '=', storeId).executeTakeFirst();

/** Inserts the store's promo or replaces the fields of the existing one (keeping its id and createdAt). */
export const upsertPromo = (db: Db, row: PromoRow) => {
  const { id: _id, store_id: _store, created_at: _created, ...fields } = row;
  return db
    .insertInto('promos')
    .values(row)
    .onConflict((oc) => oc.column('store_id').doUpdateSet(fields))
    .execute();
};

export const deletePromo = (db: Db, storeId: string) => db.deleteFrom('promos').where('store_id', '=', storeId).executeTakeFirst();

// Videos
export const listVideos = (db: Db, storeId: string) =>
  db.selectFrom('videos').selectAll().where('store_id', '=', storeId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();

export const findVideo = (db: Db, storeId: string, id: string) =>
  db.selectFrom('videos').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

export const insertVideo = (db: Db, row: VideoRow) => db.insertInto('videos').values(row).execute();

export const updateVideo = (db: Db, storeId: string, id: string, patch: Partial<VideoRow>) =>
  db.updateTable('videos').set(patch).where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

export const deleteVideo = (db: Db, storeId: string, id: string) =>
  db.deleteFrom('videos').where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
