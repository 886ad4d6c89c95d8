// Promo, gallery and videos (staff management and integration reads).
import type { AppContext } from '../../context.ts';
import { forUpdate } from '../../db/sql.ts';
import { conflict, notFound, validationFailed, type ErrorDetail } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { nowIso } from '../../shared/time.ts';
import { isPromoActive, parseGalleryInput, parsePromoInput, parseVideoInput, type PromoInput } from './content-input.ts';
import * as repo from './repository.ts';
import type { GalleryItemRow, PromoRow, VideoRow } from './tables.ts';

export interface GalleryItem {
  id: string;
  url: string;
  caption: string | null;
  alt: string | null;
  isPublished: boolean;
  sortOrder: number;
  createdAt: string;
}

/** The promo object of CONTRACT §4; the staff view adds createdAt and updatedAt. */
export interface Promo extends PromoInput {
  id: string;
  createdAt: string;
  updatedAt: string;
}

export interface Video {
  id: string;
  title: string;
  url: string;
  thumbnailUrl: string | null;
  provider: string | null;
  publishedAt: string | null;
  createdAt: string;
}

export function toGalleryItem(row: GalleryItemRow): GalleryItem {
  return {
    id: row.id,
    url: row.url,
    caption: row.caption,
    alt: row.alt,
    isPublished: Number(row.is_published) === 1,
    sortOrder: Number(row.sort_order),
    createdAt: row.created_at,
  };
}

export function toPromo(row: PromoRow): Promo {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    body: row.body,
    imageUrl: row.image_url,
    ctaLabel: row.cta_label,
    ctaUrl: row.cta_url,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toVideo(row: VideoRow): Video {
  return {
    id: row.id,
    title: row.title,
    url: row.url,
    thumbnailUrl: row.thumbnail_url,
    provider: row.provider,
    publishedAt: row.published_at,
    createdAt: row.created_at,
  };
}

/** Feed order: newest publishedAt first, videos without one after those; then newest added first. */
export function sortVideos(videos: Video[]): Video[] {
  return [...videos].sort((a, b) => {
    if (a.publishedAt !== b.publishedAt) {
      if (a.publishedAt === null) return 1;
      if (b.publishedAt === null) return -1;
      return a.publishedAt < b.publishedAt ? 1 : -1;
    }
    if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
    return a.id < b.id ? 1 : -1;
  });
}

const galleryNotFound = (id: string) => notFound('not-found', `No gallery entry ${id} in this store.`);
const videoNotFound = (id: string) => notFound('not-found', `No video ${id} in this store.`);

export function createContentService(ctx: AppContext) {
  const { db } = ctx;

  const service = {
    // Gallery

    /** Every entry, unpublished included, in display order (staff view). */
    async listGallery(storeId: string): Promise<GalleryItem[]> {
      return (await repo.listGallery(db, storeId)).map(toGalleryItem);
    },

    /** Published entries with a URL, by sortOrder then createdAt (integration view). */
    async publishedGallery(storeId: string): Promise<GalleryItem[]> {
      return (await repo.listGallery(db, storeId, { publishedOnly: true })).map(toGalleryItem);
    },

    async getGalleryItem(storeId: string, id: string): Promise<GalleryItem> {
      const row = await repo.findGalleryItem(db, storeId, id);
      if (!row) throw galleryNotFound(id);
      return toGalleryItem(row);
    },

    async createGalleryItem(storeId: string, raw: unknown): Promise<GalleryItem> {
      const { value, errors } = parseGalleryInput(raw);
      if (!value) throw validationFailed(errors);
      const row: GalleryItemRow = {
        id: newId('gal'),
        store_id: storeId,
        url: value.url,
        caption: value.caption,
        alt: value.alt,
        is_published: value.isPublished ? 1 : 0,
        sort_order: value.sortOrder,
        created_at: nowIso(),
      };
      await repo.insertGalleryItem(db, row);
      return toGalleryItem(row);
    },

    async updateGalleryItem(storeId: string, id: string, patch: Record<string, unknown>): Promise<GalleryItem> {
      const current = await service.getGalleryItem(storeId, id);
      const { value, errors } = parseGalleryInput({ ...current, ...patch });
      if (!value) throw validationFailed(errors);
      const result = await repo.updateGalleryItem(db, storeId, id, {
        url: value.url,
        caption: value.caption,
        alt: value.alt,
        is_published: value.isPublished ? 1 : 0,
        sort_order: value.sortOrder,
      });
      if (Number(result.numUpdatedRows) === 0) throw galleryNotFound(id);
      return service.getGalleryItem(storeId, id);
    },

    /**
     * Puts the whole gallery in the order given (every entry once): each entry's sortOrder becomes
     * its position, in one transaction. A list that misses entries (one was added since the caller
     * loaded the gallery) is 409, so a stale screen never scrambles an order it did not show.
     */
    async reorderGallery(storeId: string, entryIds: string[]): Promise<GalleryItem[]> {
      const errors: ErrorDetail[] = [];
      const seen = new Set<string>();
      entryIds.forEach((id, i) => {
        if (seen.has(id)) errors.push({ field: `entryIds[${i}]`, message: 'listed more than once' });
        seen.add(id);
      });
      if (errors.length) throw validationFailed(errors);
      return db.transaction().execute(async (trx) => {
        const rows = await forUpdate(trx, trx.selectFrom('gallery_items').select('id').where('store_id', '=', storeId)).execute();
        const known = new Set(rows.map((r) => r.id));
        entryIds.forEach((id, i) => {
          if (!known.has(id)) errors.push({ field: `entryIds[${i}]`, message: 'no such gallery entry in this store' });
        });
        if (errors.length) throw validationFailed(errors);
        const missing = rows.length - entryIds.length;
        if (missing > 0) {
          throw conflict('conflict', `The gallery has ${missing} ${missing === 1 ? 'entry' : 'entries'} more than the list sent (added since it was loaded): reload it and try again.`);
        }
        for (const [position, id] of entryIds.entries()) await repo.updateGalleryItem(trx, storeId, id, { sort_order: position });
        return (await repo.listGallery(trx, storeId)).map(toGalleryItem);
      });
    },

    async deleteGalleryItem(storeId: string, id: string): Promise<void> {
      const result = await repo.deleteGalleryItem(db, storeId, id);
      if (Number(result.numDeletedRows) === 0) throw galleryNotFound(id);
    },

    // Promo: one current promo per store; PUT replaces it whole.

    async getPromo(storeId: string): Promise<Promo | null> {
      const row = await repo.findPromo(db, storeId);
      return row ? toPromo(row) : null;
    },

    /** The promo to show now, or null (none, or outside its startsAt/endsAt window). */
    async activePromo(storeId: string, now = nowIso()): Promise<Promo | null> {
      const promo = await service.getPromo(storeId);
      return promo && isPromoActive(promo, now) ? promo : null;
    },

    /** Creates the store's promo or replaces every field of the current one (fields not sent become null). */
    async putPromo(storeId: string, raw: unknown): Promise<Promo> {
      const { value, errors } = parsePromoInput(raw);
      if (!value) throw validationFailed(errors);
      const now = nowIso();
      await repo.upsertPromo(db, {
        id: newId('promo'),
        store_id: storeId,
        title: value.title,
        subtitle: value.subtitle,
        body: value.body,
        image_url: value.imageUrl,
        cta_label: value.ctaLabel,
        cta_url: value.ctaUrl,
        starts_at: value.startsAt,
        ends_at: value.endsAt,
        created_at: now,
        updated_at: now,
      });
      return (await service.getPromo(storeId))!;
    },

    async deletePromo(storeId: string): Promise<void> {
      const result = await repo.deletePromo(db, storeId);
      if (Number(result.numDeletedRows) === 0) throw notFound('not-found', 'This store has no promo.');
    },

    // Videos

    /** Every video of the store in feed order. */
    async listVideos(storeId: string): Promise<Video[]> {
      return sortVideos((await repo.listVideos(db, storeId)).map(toVideo));
    },

    /** GET /integrationVideos: the feed is configured when the store has at least one video. */
    async videoFeed(storeId: string): Promise<Video[]> {
      const videos = await service.listVideos(storeId);
      if (videos.length === 0) throw notFound('video-feed-not-configured', 'This store has no video feed: add videos in the staff API first.');
      return videos;
    },

    async getVideo(storeId: string, id: string): Promise<Video> {
      const row = await repo.findVideo(db, storeId, id);
      if (!row) throw videoNotFound(id);
      return toVideo(row);
    },

    async createVideo(storeId: string, raw: unknown): Promise<Video> {
      const { value, errors } = parseVideoInput(raw);
      if (!value) throw validationFailed(errors);
      const row: VideoRow = {
        id: newId('vid'),
        store_id: storeId,
        title: value.title,
        url: value.url,
        thumbnail_url: value.thumbnailUrl,
        provider: value.provider,
        published_at: value.publishedAt,
        created_at: nowIso(),
      };
      await repo.insertVideo(db, row);
      return toVideo(row);
    },

    async updateVideo(storeId: string, id: string, patch: Record<string, unknown>): Promise<Video> {
      const current = await service.getVideo(storeId, id);
      const merged: Record<string, unknown> = { ...current, ...patch };
      // A new URL without a provider re-derives the provider from that URL.
      if (patch.url !== undefined && patch.provider === undefined) delete merged.provider;
      const { value, errors } = parseVideoInput(merged);
      if (!value) throw validationFailed(errors);
      const result = await repo.updateVideo(db, storeId, id, {
        title: value.title,
        url: value.url,
        thumbnail_url: value.thumbnailUrl,
        provider: value.provider,
        published_at: value.publishedAt,
      });
      if (Number(result.numUpdatedRows) === 0) throw videoNotFound(id);
      return service.getVideo(storeId, id);
    },

    async deleteVideo(storeId: string, id: string): Promise<void> {
      const result = await repo.deleteVideo(db, storeId, id);
      if (Number(result.numDeletedRows) === 0) throw videoNotFound(id);
    },
  };
  return service;
}

export type ContentService = ReturnType<typeof createContentService>;
