// /developer/webhooks: endpoints, secret rotation, test event, delivery history (CONTRACT §6).
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authStoreId, requireDeveloper } from '../../http/auth.ts';
import { responses } from '../../http/schemas.ts';
import { DeveloperQuery } from './schemas.ts';
import {
  CreateWebhookBody,
  DeliveriesQuery,
  DeliveryParams,
  DeliverySchema,
  EndpointParams,
  RotateSecretResponse,
  TestResultSchema,
  UpdateWebhookBody,
  WebhookEndpointSchema,
} from './webhooks-schemas.ts';

export async function webhookRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const events = ctx.services.events;
  const security: Record<string, string[]>[] = [{ bearer: [] }, { apiKey: [] }];
  const config = { integration: true };
  const tags = ['developer'];
  const endpointId = (request: { params: unknown }) => (request.params as { endpointId: string }).endpointId;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/developer/webhooks', {
    config,
    preValidation: requireDeveloper(ctx),
    schema: {
      tags,
      summary: 'Register a webhook endpoint; its whsec_ secret is shown only now',
      security,
      querystring: DeveloperQuery,
      body: CreateWebhookBody,
      response: responses({ 201: Type.Object({ ok: Type.Boolean(), endpoint: WebhookEndpointSchema, secret: Type.String({ description: 'whsec_… (shown only now)' }) }) }),
    },
  }, async (request, reply) => {
    const result = await events.createEndpoint(authStoreId(request), request.body as any);
    return reply.code(201).send({ ok: true, ...result });
  });

  app.get('/developer/webhooks', {
    config,
    preValidation: requireDeveloper(ctx),
    schema: {
      tags,
      summary: 'Webhook endpoints of the store (never their secrets)',
      security,
      querystring: DeveloperQuery,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), storeId: Type.String(), endpoints: Type.Array(WebhookEndpointSchema) }) }),
    },
  }, async (request) => ({ ok: true, storeId: authStoreId(request), endpoints: await events.listEndpoints(authStoreId(request)) }));

  app.patch('/developer/webhooks/:endpointId', {
    config,
    preValidation: requireDeveloper(ctx),
    schema: {
      tags,
      summary: 'Change URL, events, description, enable/disable, or rotate the secret (new secret shown once)',
      security,
      params: EndpointParams,
      querystring: DeveloperQuery,
      body: UpdateWebhookBody,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), endpoint: WebhookEndpointSchema, secret: Type.Optional(Type.String({ description: 'the new whsec_ secret, only when rotateSecret was true' })) }) }),
    },
  }, async (request) => ({ ok: true, ...(await events.updateEndpoint(authStoreId(request), endpointId(request), request.body as any)) }));

  app.delete('/developer/webhooks/:endpointId', {
    config,
    preValidation: requireDeveloper(ctx),
    schema: {
      tags,
      summary: 'Delete an endpoint, with its pending deliveries and history',
      security,
      params: EndpointParams,
      querystring: DeveloperQuery,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), endpointId: Type.String() }) }),
    },
  }, async (request) => {
    await events.deleteEndpoint(authStoreId(request), endpointId(request));
    return { ok: true, endpointId: endpointId(request) };
  });

  app.post('/developer/webhooks/:endpointId/rotate-secret', {
    config,
    preValidation: requireDeveloper(ctx),
    schema: {
      tags,
      summary: 'Replace the signing secret; the new whsec_ secret is shown only now, the old one keeps signing beside it for 24 h',
      description:
        'For 24 hours every delivery carries two signatures in webhook-signature (new secret first, then the old one, space-separated); ' +
        'after that only the new one. Rotating again within the 24 hours keeps only the secret that rotation replaced. ' +
        '409 conflict when another rotation of the endpoint ran at the same time; 404 not-found for an unknown endpoint or one of another store.',
      security,
      params: EndpointParams,
      querystring: DeveloperQuery,
      response: responses({ 200: RotateSecretResponse }),
    },
  }, async (request) => ({ ok: true, ...(await events.rotateSecret(authStoreId(request), endpointId(request))) }));

  app.post('/developer/webhooks/:endpointId/test', {
    config,
    preValidation: requireDeveloper(ctx),
    schema: {
      tags,
      summary: 'Send one signed webhook.test event now and return the result',
      security,
      params: EndpointParams,
      querystring: DeveloperQuery,
      response: responses({ 200: TestResultSchema }),
    },
  }, async (request) => ({ ok: true, ...(await events.sendTest(authStoreId(request), endpointId(request))) }));

  app.get('/developer/webhooks/:endpointId/deliveries', {
    config,
    preValidation: requireDeveloper(ctx),
    schema: {
      tags,
      summary: 'Delivery history of an endpoint, newest first: attempts, response codes, planned retries, terminal failures',
      security,
      params: EndpointParams,
      querystring: DeliveriesQuery,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), storeId: Type.String(), endpointId: Type.String(), deliveries: Type.Array(DeliverySchema), nextCursor: Type.Union([Type.String(), Type.Null()]) }) }),
    },
  }, async (request) => ({ ok: true, storeId: authStoreId(request), endpointId: endpointId(request), ...(await events.listDeliveries(authStoreId(request), endpointId(request), request.query as any)) }));

  app.post('/developer/webhooks/:endpointId/deliveries/:deliveryId/redeliver', {
    config,
    preValidation: requireDeveloper(ctx),
    schema: {
      tags,
      summary: 'Send a succeeded or failed delivery again: the same event (same webhook-id), due now, with a fresh retry schedule',
      description:
        'The delivery worker makes the attempts; the history keeps every earlier attempt. 409 conflict for a pending or retrying delivery ' +
        '(still on its schedule) and for a disabled endpoint (enable it first); 404 not-found for an unknown delivery or one of another endpoint or store.',
      security,
      params: DeliveryParams,
      querystring: DeveloperQuery,
      response: responses({ 202: Type.Object({ ok: Type.Boolean(), delivery: DeliverySchema }) }),
    },
  }, async (request, reply) => {
    const { deliveryId } = request.params as { deliveryId: string };
    const delivery = await events.redeliver(authStoreId(request), endpointId(request), deliveryId);
    return reply.code(202).send({ ok: true, delivery });
  });
}
