import { Type } from 'typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { App } from '../../app.ts';
import { actorOf, authStoreId, requireMember } from '../../http/auth.ts';
import { integrationDocs, integrationRoute } from '../../http/integration-route.ts';
import { Nullable, responses } from '../../http/schemas.ts';
import { badRequest } from '../../shared/errors.ts';
import { parseTimestamp } from '../../shared/time.ts';
import type { CachedResponse } from './cache.ts';
import { sendCached, serveHit } from './replies.ts';
import { CatalogResponse, CreateItemBody, ItemSchema, LegacyCatalogResponse, PublicCatalogResponse, StockAdjustBody, UpdateItemBody } from './schemas.ts';

const CATALOG_CACHE_CONTROL = 'private, max-age=60';

/**
 * Serves a catalog response: synchronously from its prepared replies when it is in the cache (the
 * common case: no promise, no await, no pass through Fastify's send), else once `load` has built it.
 */
function serveCatalog(request: FastifyRequest, reply: FastifyReply, hit: CachedResponse | undefined, load: () => Promise<CachedResponse>, cacheControl: string) {
  if (hit) {
    serveHit(request, reply, hit, cacheControl);
    return undefined;
  }
  return load().then((built) => sendCached(request, reply, built, cacheControl));
}

export async function catalogRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify as App;
  const catalog = ctx.services.catalog;

  app.get('/v1IntegrationProducts', {
    ...integrationRoute(app, 'catalog:read'),
    schema: {
      tags: ['catalog'],
      summary: 'Store catalog: products, services and courses (published only)',
      ...integrationDocs,
      querystring: Type.Object({ storeId: Type.Optional(Type.String()) }),
      response: responses({ 200: CatalogResponse, 304: Type.Null({ description: 'not modified (If-None-Match)' }) }),
    },
  }, (request, reply) => {
    const storeId = authStoreId(request);
    return serveCatalog(request, reply, catalog.cachedCatalog(storeId, 'v1'), () => catalog.integrationCatalog(storeId), CATALOG_CACHE_CONTROL);
  });

  app.get('/integrationProducts', {
    ...integrationRoute(app, 'catalog:read'),
    schema: {
      tags: ['catalog'],
      summary: 'Legacy catalog shape (developer reference): price in integer minor units',
      ...integrationDocs,
      querystring: Type.Object({
        storeId: Type.Optional(Type.String()),
        updatedSince: Type.Optional(Type.String({ description: 'ISO 8601 timestamp: only items updated after it' })),
      }),
      response: responses({ 200: LegacyCatalogResponse, 304: Type.Null() }),
    },
  }, (request, reply) => {
    const { updatedSince } = request.query as { updatedSince?: string };
    const storeId = authStoreId(request);
    if (updatedSince === undefined) {
      return serveCatalog(request, reply, catalog.cachedCatalog(storeId, 'legacy'), () => catalog.legacyCatalog(storeId), CATALOG_CACHE_CONTROL);
    }
    const since = parseTimestamp(updatedSince);
    if (!since) throw badRequest('validation-failed', 'updatedSince must be an ISO 8601 timestamp.', [{ field: 'updatedSince', message: 'not an ISO 8601 timestamp' }]);
    return catalog.legacyCatalogSince(storeId, since).then((built) => sendCached(request, reply, built, CATALOG_CACHE_CONTROL));
  });

  app.get('/publicQuickPayCatalog', {
    config: { rateLimit: app.rateLimits.perIp },
    schema: {
      tags: ['catalog'],
      summary: 'Public read-only catalog for storefronts (no key, no stock counts)',
      querystring: Type.Object({ storeId: Type.String({ description: 'the store (required: 400 missing-store-id when absent or empty)' }) }),
      response: responses({ 200: PublicCatalogResponse, 304: Type.Null() }),
    },
  }, (request, reply) => {
    const { storeId } = request.query as { storeId: string };
    if (!storeId) throw badRequest('missing-store-id', 'Send the storeId query parameter.');
    return serveCatalog(request, reply, catalog.cachedCatalog(storeId, 'public'), () => catalog.publicCatalog(storeId), 'public, max-age=60');
  });

  // Staff catalog management.
  const StoreParams = Type.Object({ storeId: Type.String() });
  const ItemParams = Type.Object({ storeId: Type.String(), itemId: Type.String() });
  const staffSecurity: Record<string, string[]>[] = [{ bearer: [] }];

  app.get('/api/stores/:storeId/items', {
    preValidation: requireMember(ctx),
    schema: {
      tags: ['staff: catalog'],
      summary: 'All items of the store, unpublished included',
      security: staffSecurity,
      params: StoreParams,
      querystring: Type.Object({ itemType: Type.Optional(Type.Union([Type.Literal('product'), Type.Literal('service'), Type.Literal('course')])) }),
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), items: Type.Array(ItemSchema) }) }),
    },
  }, async (request) => ({ ok: true, items: await catalog.listItems(authStoreId(request), request.query as { itemType?: string }) }));

  app.post('/api/stores/:storeId/items', {
    preValidation: requireMember(ctx, ['owner', 'admin']),
    schema: {
      tags: ['staff: catalog'],
      summary: 'Create an item (product, service with schedule, or course)',
      security: staffSecurity,
      params: StoreParams,
      body: CreateItemBody,
      response: responses({ 201: Type.Object({ ok: Type.Boolean(), item: ItemSchema }) }),
    },
  }, async (request, reply) => reply.code(201).send({ ok: true, item: await catalog.createItem(authStoreId(request), request.body) }));

  app.get('/api/stores/:storeId/items/:itemId', {
    preValidation: requireMember(ctx),
    schema: { tags: ['staff: catalog'], summary: 'One item', security: staffSecurity, params: ItemParams, response: responses({ 200: Type.Object({ ok: Type.Boolean(), item: ItemSchema }) }) },
  }, async (request) => ({ ok: true, item: await catalog.getItem(authStoreId(request), (request.params as { itemId: string }).itemId) }));

  app.patch('/api/stores/:storeId/items/:itemId', {
    preValidation: requireMember(ctx, ['owner', 'admin']),
    schema: {
      tags: ['staff: catalog'],
      summary: 'Update an item (only the fields sent)',
      security: staffSecurity,
      params: ItemParams,
      body: UpdateItemBody,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), item: ItemSchema }) }),
    },
  }, async (request) => ({
    ok: true,
    item: await catalog.updateItem(authStoreId(request), (request.params as { itemId: string }).itemId, request.body as Record<string, unknown>),
  }));

  app.patch('/api/stores/:storeId/items/:itemId/stock', {
    preValidation: requireMember(ctx),
    schema: {
      tags: ['staff: catalog'],
      summary: 'Adjust a product\'s stock: {add} received (negative: removed) or {stockCount}; every member, staff included',
      description: 'Staff may count stock (goods arrive while the owner is out) but not change prices, create or delete items. 422 not-stocked for services and courses; 409 conflict when an add would go below zero or the product does not track stock.',
      security: staffSecurity,
      params: ItemParams,
      body: StockAdjustBody,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), item: ItemSchema }) }),
    },
  }, async (request) => {
    const { itemId } = request.params as { itemId: string };
    const item = await catalog.adjustStock(authStoreId(request), itemId, request.body as { add?: number; stockCount?: number });
    request.log.info({ itemId, change: request.body, actor: actorOf(request) }, 'stock adjusted');
    return { ok: true, item };
  });

  app.delete('/api/stores/:storeId/items/:itemId', {
    preValidation: requireMember(ctx, ['owner', 'admin']),
    schema: { tags: ['staff: catalog'], summary: 'Delete an item', security: staffSecurity, params: ItemParams, response: responses({ 200: Type.Object({ ok: Type.Boolean(), deleted: Nullable(Type.String()) }) }) },
  }, async (request) => {
    const { itemId } = request.params as { itemId: string };
    await catalog.deleteItem(authStoreId(request), itemId);
    return { ok: true, deleted: itemId };
  });
}
