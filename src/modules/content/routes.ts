// Promo, gallery and video routes: integration reads and staff management.
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { App } from '../../app.ts';
import { authStoreId, requireMember } from '../../http/auth.ts';
import { integrationDocs, integrationRoute } from '../../http/integration-route.ts';
import { responses } from '../../http/schemas.ts';
import { isPromoActive } from './content-input.ts';
import {
  CreateGalleryItemBody,
  CreateVideoBody,
  GalleryItemSchema,
  GalleryResponse,
  PromoResponse,
  PutPromoBody,
  ReorderGalleryBody,
  StaffPromoResponse,
  StaffVideoSchema,
  UpdateGalleryItemBody,
  UpdateVideoBody,
  VideosResponse,
} from './schemas.ts';
import { nowIso } from '../../shared/time.ts';

/** CONTRACT §3: gallery and promo 120 s (SPEC suggests 60–300 s); the video feed the same. */
const CONTENT_CACHE_CONTROL = 'private, max-age=120';

export async function contentRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify as App;
  const content = ctx.services.content;
  const StoreIdQuery = Type.Object({ storeId: Type.Optional(Type.String({ description: 'store identifier (400 missing-store-id when absent)' })) });

  app.get('/v1IntegrationPromo', {
    ...integrationRoute(app, 'content:read'),
    schema: {
      tags: ['content'],
      summary: 'The store promo, or null when there is none or now is outside its startsAt/endsAt window',
      ...integrationDocs,
      querystring: StoreIdQuery,
      response: responses({ 200: PromoResponse }),
    },
  }, async (request, reply) => {
    const storeId = authStoreId(request);
    reply.header('cache-control', CONTENT_CACHE_CONTROL);
    return { ok: true, storeId, promo: await content.activePromo(storeId) };
  });

  app.get('/integrationGallery', {
    ...integrationRoute(app, 'content:read'),
    schema: {
      tags: ['content'],
      summary: 'Published gallery entries with a URL, by sortOrder then createdAt',
      ...integrationDocs,
      querystring: StoreIdQuery,
      response: responses({ 200: GalleryResponse }),
    },
  }, async (request, reply) => {
    const storeId = authStoreId(request);
    reply.header('cache-control', CONTENT_CACHE_CONTROL);
    return { ok: true, storeId, gallery: await content.publishedGallery(storeId) };
  });

  app.get('/integrationVideos', {
    ...integrationRoute(app, 'content:read'),
    schema: {
      tags: ['content'],
      summary: 'The store video feed; 404 video-feed-not-configured while the store has no videos',
      ...integrationDocs,
      querystring: StoreIdQuery,
      response: responses({ 200: VideosResponse }),
    },
  }, async (request, reply) => {
    const storeId = authStoreId(request);
    const videos = await content.videoFeed(storeId);
    reply.header('cache-control', CONTENT_CACHE_CONTROL);
    return { ok: true, storeId, videos };
  });

  // Staff management. Every member reads; owners and admins write (as for the catalog).
  const staffSecurity: Record<string, string[]>[] = [{ bearer: [] }];
  const readers = requireMember(ctx);
  const writers = requireMember(ctx, ['owner', 'admin']);
  const StoreParams = Type.Object({ storeId: Type.String() });
  const EntryParams = Type.Object({ storeId: Type.String(), entryId: Type.String({ maxLength: 100 }) });
  const VideoParams = Type.Object({ storeId: Type.String(), videoId: Type.String({ maxLength: 100 }) });
  const GalleryItemResponse = Type.Object({ ok: Type.Boolean(), entry: GalleryItemSchema });
  const VideoResponse = Type.Object({ ok: Type.Boolean(), video: StaffVideoSchema });
  const Deleted = Type.Object({ ok: Type.Boolean(), deleted: Type.String() });

  app.get('/api/stores/:storeId/gallery', {
    preValidation: readers,
    schema: {
      tags: ['staff: content'],
      summary: 'Every gallery entry, unpublished included, in display order',
      security: staffSecurity,
      params: StoreParams,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), gallery: Type.Array(GalleryItemSchema) }) }),
    },
  }, async (request) => ({ ok: true, gallery: await content.listGallery(authStoreId(request)) }));

  app.post('/api/stores/:storeId/gallery', {
    preValidation: writers,
    schema: { tags: ['staff: content'], summary: 'Add a gallery entry', security: staffSecurity, params: StoreParams, body: CreateGalleryItemBody, response: responses({ 201: GalleryItemResponse }) },
  }, async (request, reply) => reply.code(201).send({ ok: true, entry: await content.createGalleryItem(authStoreId(request), request.body) }));

  app.put('/api/stores/:storeId/gallery/order', {
    preValidation: writers,
    schema: {
      tags: ['staff: content'],
      summary: 'Reorder the whole gallery in one step: list every entry id once in display order (409 conflict when entries are missing from the list)',
      security: staffSecurity,
      params: StoreParams,
      body: ReorderGalleryBody,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), gallery: Type.Array(GalleryItemSchema) }) }),
    },
  }, async (request) => ({ ok: true, gallery: await content.reorderGallery(authStoreId(request), (request.body as { entryIds: string[] }).entryIds) }));

  app.patch('/api/stores/:storeId/gallery/:entryId', {
    preValidation: writers,
    schema: {
      tags: ['staff: content'],
      summary: 'Update a gallery entry (only the fields sent; isPublished:false hides it from integrations)',
      security: staffSecurity,
      params: EntryParams,
      body: UpdateGalleryItemBody,
      response: responses({ 200: GalleryItemResponse }),
    },
  }, async (request) => {
    const { entryId } = request.params as { entryId: string };
    return { ok: true, entry: await content.updateGalleryItem(authStoreId(request), entryId, request.body as Record<string, unknown>) };
  });

  app.delete('/api/stores/:storeId/gallery/:entryId', {
    preValidation: writers,
    schema: { tags: ['staff: content'], summary: 'Delete a gallery entry', security: staffSecurity, params: EntryParams, response: responses({ 200: Deleted }) },
  }, async (request) => {
    const { entryId } = request.params as { entryId: string };
    await content.deleteGalleryItem(authStoreId(request), entryId);
    return { ok: true, deleted: entryId };
  });

  app.get('/api/stores/:storeId/promo', {
    preValidation: readers,
    schema: {
      tags: ['staff: content'],
      summary: 'The store promo (one per store), whether or not it is inside its window',
      security: staffSecurity,
      params: StoreParams,
      response: responses({ 200: StaffPromoResponse }),
    },
  }, async (request) => {
    const promo = await content.getPromo(authStoreId(request));
    return { ok: true, promo, active: !!promo && isPromoActive(promo, nowIso()) };
  });

  app.put('/api/stores/:storeId/promo', {
    preValidation: writers,
    schema: {
      tags: ['staff: content'],
      summary: 'Set the store promo: creates it or replaces it whole (fields not sent become null)',
      security: staffSecurity,
      params: StoreParams,
      body: PutPromoBody,
      response: responses({ 200: StaffPromoResponse }),
    },
  }, async (request) => {
    const promo = await content.putPromo(authStoreId(request), request.body);
    return { ok: true, promo, active: isPromoActive(promo, nowIso()) };
  });

  app.delete('/api/stores/:storeId/promo', {
    preValidation: writers,
    schema: { tags: ['staff: content'], summary: 'Remove the store promo (404 when there is none)', security: staffSecurity, params: StoreParams, response: responses({ 200: Type.Object({ ok: Type.Boolean() }) }) },
  }, async (request) => {
    await content.deletePromo(authStoreId(request));
    return { ok: true };
  });

  app.get('/api/stores/:storeId/videos', {
    preValidation: readers,
    schema: {
      tags: ['staff: content'],
      summary: 'Every video of the store, in feed order',
      security: staffSecurity,
      params: StoreParams,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), videos: Type.Array(StaffVideoSchema) }) }),
    },
  }, async (request) => ({ ok: true, videos: await content.listVideos(authStoreId(request)) }));

  app.post('/api/stores/:storeId/videos', {
    preValidation: writers,
    schema: { tags: ['staff: content'], summary: 'Add a video to the feed', security: staffSecurity, params: StoreParams, body: CreateVideoBody, response: responses({ 201: VideoResponse }) },
  }, async (request, reply) => reply.code(201).send({ ok: true, video: await content.createVideo(authStoreId(request), request.body) }));

  app.patch('/api/stores/:storeId/videos/:videoId', {
    preValidation: writers,
    schema: { tags: ['staff: content'], summary: 'Update a video (only the fields sent)', security: staffSecurity, params: VideoParams, body: UpdateVideoBody, response: responses({ 200: VideoResponse }) },
  }, async (request) => {
    const { videoId } = request.params as { videoId: string };
    return { ok: true, video: await content.updateVideo(authStoreId(request), videoId, request.body as Record<string, unknown>) };
  });

  app.delete('/api/stores/:storeId/videos/:videoId', {
    preValidation: writers,
    schema: { tags: ['staff: content'], summary: 'Delete a video (the feed 404s once the last one is gone)', security: staffSecurity, params: VideoParams, response: responses({ 200: Deleted }) },
  }, async (request) => {
    const { videoId } = request.params as { videoId: string };
    await content.deleteVideo(authStoreId(request), videoId);
    return { ok: true, deleted: videoId };
  });
}
