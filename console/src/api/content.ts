// Content: the promo, the gallery and the video feed (query keys and hooks). Every member reads;
// owners and admins write (the API refuses the others with 403).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from './client';
import type { paths } from './schema';

export type PromoBody = paths['/api/stores/{storeId}/promo']['put']['requestBody']['content']['application/json'];
export type PromoState = Awaited<ReturnType<typeof getPromo>>;
export type Promo = NonNullable<PromoState['promo']>;
export type GalleryEntry = Awaited<ReturnType<typeof listGallery>>[number];
export type GalleryInput = paths['/api/stores/{storeId}/gallery']['post']['requestBody']['content']['application/json'];
export type GalleryPatch = NonNullable<paths['/api/stores/{storeId}/gallery/{entryId}']['patch']['requestBody']>['content']['application/json'];
export type Video = Awaited<ReturnType<typeof listVideos>>[number];
export type VideoInput = paths['/api/stores/{storeId}/videos']['post']['requestBody']['content']['application/json'];
export type VideoPatch = NonNullable<paths['/api/stores/{storeId}/videos/{videoId}']['patch']['requestBody']>['content']['application/json'];

export const contentKeys = {
  all: (storeId: string) => ['stores', storeId, 'content'] as const,
  promo: (storeId: string) => [...contentKeys.all(storeId), 'promo'] as const,
  gallery: (storeId: string) => [...contentKeys.all(storeId), 'gallery'] as const,
  videos: (storeId: string) => [...contentKeys.all(storeId), 'videos'] as const,
};

const path = (storeId: string) => ({ params: { path: { storeId } } });

function getPromo(storeId: string) {
  return ok(api.GET('/api/stores/{storeId}/promo', path(storeId)));
}

function listGallery(storeId: string) {
  return ok(api.GET('/api/stores/{storeId}/gallery', path(storeId))).then((r) => r.gallery);
}

function listVideos(storeId: string) {
  return ok(api.GET('/api/stores/{storeId}/videos', path(storeId))).then((r) => r.videos);
}

// Promo

/** The promo and whether integrations show it now (`active`: inside its window). */
export function usePromo(storeId: string) {
  return useQuery({ queryKey: contentKeys.promo(storeId), queryFn: () => getPromo(storeId) });
}

export function useSavePromo(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PromoBody) => ok(api.PUT('/api/stores/{storeId}/promo', { ...path(storeId), body })),
    onSuccess: (data) => client.setQueryData(contentKeys.promo(storeId), data),
  });
}

export function useDeletePromo(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => ok(api.DELETE('/api/stores/{storeId}/promo', path(storeId))),
    onSuccess: () => client.setQueryData(contentKeys.promo(storeId), { ok: true, promo: null, active: false }),
  });
}

// Gallery

export function useGallery(storeId: string) {
  return useQuery({ queryKey: contentKeys.gallery(storeId), queryFn: () => listGallery(storeId) });
}

export function useCreateGalleryEntry(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GalleryInput) => ok(api.POST('/api/stores/{storeId}/gallery', { ...path(storeId), body })).then((r) => r.entry),
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.gallery(storeId) }),
  });
}

export function useUpdateGalleryEntry(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, patch }: { entryId: string; patch: GalleryPatch }) =>
      ok(api.PATCH('/api/stores/{storeId}/gallery/{entryId}', { params: { path: { storeId, entryId } }, body: patch })).then((r) => r.entry),
    onSuccess: (entry) =>
      client.setQueryData<GalleryEntry[]>(contentKeys.gallery(storeId), (list) => list?.map((e) => (e.id === entry.id ? entry : e))),
  });
}

export function useDeleteGalleryEntry(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => ok(api.DELETE('/api/stores/{storeId}/gallery/{entryId}', { params: { path: { storeId, entryId } } })),
    onSuccess: (_data, entryId) => client.setQueryData<GalleryEntry[]>(contentKeys.gallery(storeId), (list) => list?.filter((e) => e.id !== entryId)),
  });
}

/**
 * Saves a new display order (PUT /gallery/order, every entry once). The list shows the new order at
 * once and goes back to the saved one if the service refuses it.
 */
export function useReorderGallery(storeId: string) {
  const client = useQueryClient();
  const key = contentKeys.gallery(storeId);
  const mutationKey = [...key, 'order'];
  return useMutation({
    mutationKey,
    // One order change at a time, in the order they were made (quick Move up, Move up…).
    scope: { id: `gallery-order-${storeId}` },
    mutationFn: (ordered: GalleryEntry[]) =>
      ok(api.PUT('/api/stores/{storeId}/gallery/order', { ...path(storeId), body: { entryIds: ordered.map((e) => e.id) } })).then((r) => r.gallery),
    onMutate: async (ordered) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<GalleryEntry[]>(key);
      client.setQueryData(key, ordered);
      return { previous };
    },
    onError: (_error, _ordered, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
      void client.invalidateQueries({ queryKey: key });
    },
    // A later move already shows its own order: only the last answer replaces the list.
    onSuccess: (gallery) => {
      if (client.isMutating({ mutationKey }) <= 1) client.setQueryData(key, gallery);
    },
  });
}

// Videos

/** Every video in feed order: newest publishedAt first, undated ones last. */
export function useVideos(storeId: string) {
  return useQuery({ queryKey: contentKeys.videos(storeId), queryFn: () => listVideos(storeId) });
}

export function useCreateVideo(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VideoInput) => ok(api.POST('/api/stores/{storeId}/videos', { ...path(storeId), body })).then((r) => r.video),
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.videos(storeId) }),
  });
}

export function useUpdateVideo(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ videoId, patch }: { videoId: string; patch: VideoPatch }) =>
      ok(api.PATCH('/api/stores/{storeId}/videos/{videoId}', { params: { path: { storeId, videoId } }, body: patch })).then((r) => r.video),
    // The feed order follows publishedAt, which an edit may change: read the list again.
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.videos(storeId) }),
  });
}

export function useDeleteVideo(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (videoId: string) => ok(api.DELETE('/api/stores/{storeId}/videos/{videoId}', { params: { path: { storeId, videoId } } })),
    onSuccess: (_data, videoId) => client.setQueryData<Video[]>(contentKeys.videos(storeId), (list) => list?.filter((v) => v.id !== videoId)),
  });
}
