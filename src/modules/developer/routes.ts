import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { actorOf, authStoreId, requireDeveloper } from '../../http/auth.ts';
import { responses } from '../../http/schemas.ts';
import { CreateKeyBody, DeveloperQuery, KeySchema } from './schemas.ts';
import { webhookRoutes } from './webhooks-routes.ts';
import { syncRoutes } from './sync-routes.ts';

export async function developerRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const keys = ctx.services.keys;
  const security: Record<string, string[]>[] = [{ bearer: [] }, { apiKey: [] }];
  const config = { integration: true };

  app.post('/developer/keys', {
    config,
    preValidation: requireDeveloper(ctx),
    schema: {
      tags: ['developer'],
      summary: 'Create an integration key for the store; the secret is shown once',
      description:
        'An owner or admin session may give the key any scopes. A key (scope developer) may only create keys whose scopes are all its own: ' +
        'otherwise 403 forbidden naming the scopes it lacks (with no scopes given, the default website set is asked for, and must be within them too). ' +
        'The new key records createdBy (key:<keyId> or user:<userId>); a key made by a key is revoked when that key is.',
      security,
      querystring: DeveloperQuery,
      body: CreateKeyBody,
      response: responses({ 201: Type.Object({ ok: Type.Boolean(), key: KeySchema, secret: Type.String({ description: 'isk_… (shown only now)' }) }) }),
    },
  }, async (request, reply) => {
    const result = await keys.create(authStoreId(request), (request.body ?? {}) as any, actorOf(request));
    reply.header('cache-control', 'no-store');
    return reply.code(201).send({ ok: true, ...result });
  });

  app.get('/developer/keys', {
    config,
    preValidation: requireDeveloper(ctx),
    schema: { tags: ['developer'], summary: 'Keys of the store (never their secrets)', security, querystring: DeveloperQuery, response: responses({ 200: Type.Object({ ok: Type.Boolean(), keys: Type.Array(KeySchema) }) }) },
  }, async (request) => ({ ok: true, keys: await keys.list(authStoreId(request)) }));

  app.post('/developer/keys/:keyId/revoke', {
    config,
    preValidation: requireDeveloper(ctx),
    schema: {
      tags: ['developer'],
      summary: 'Revoke a key now, and the keys it created (every instance within 1 s)',
      description:
        'Revoking a key also revokes every key it created, and the keys those created, in the same transaction (they share its revokedAt). ' +
        'Each stops working on every instance within 1 s. Keys that created this one are not affected.',
      security,
      params: Type.Object({ keyId: Type.String() }),
      querystring: DeveloperQuery,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), key: KeySchema }) }),
    },
  }, async (request) => ({ ok: true, key: await keys.revoke(authStoreId(request), (request.params as { keyId: string }).keyId) }));

  await app.register(webhookRoutes, { ctx });
  await app.register(syncRoutes, { ctx });
}
