import type { RequestOptions, RequestSender } from '../client.js';
import { visibleGallery } from '../browser/rules.js';
import type { GalleryEntry, Promo, Video } from '../types.js';

export function promoResource(sender: RequestSender, storeId: string) {
  return {
    /** GET /v1IntegrationPromo: the current promo, or null when there is none or now is outside its window. */
    async get(options: RequestOptions = {}): Promise<Promo | null> {
      return (await sender.send<{ promo: Promo | null }>({ method: 'GET', path: '/v1IntegrationPromo', query: { storeId }, call: options })).promo;
    },
  };
}

export function galleryResource(sender: RequestSender, storeId: string) {
  return {
    /** GET /integrationGallery: the entries to show (non-empty url, isPublished not false), in display order. */
    async list(options: RequestOptions = {}): Promise<GalleryEntry[]> {
      return visibleGallery(await sender.send<{ gallery: GalleryEntry[] }>({ method: 'GET', path: '/integrationGallery', query: { storeId }, call: options }));
    },
  };
}

export function videosResource(sender: RequestSender, storeId: string) {
  return {
    /** GET /integrationVideos: the video feed, newest first (404 video-feed-not-configured when the store has none). */
    async list(options: RequestOptions = {}): Promise<Video[]> {
      return (await sender.send<{ videos: Video[] }>({ method: 'GET', path: '/integrationVideos', query: { storeId }, call: options })).videos;
    },
  };
}
