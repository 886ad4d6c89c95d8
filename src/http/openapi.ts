import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { CONTRACT_VERSION, ErrorBody } from './schemas.ts';
import { finishDocument } from './openapi-finish.ts';
import { NAMED_SCHEMAS } from './openapi-named.ts';
import { addWebhooks } from './openapi-webhooks.ts';

/** `/openapi.json` generated from the route schemas, and a viewer at `/docs`. */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  app.addSchema(ErrorBody);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Store Integration Service',
        version: CONTRACT_VERSION,
        description:
          'Catalog, content, availability, bookings, checkout and blog for small stores. Integration endpoints take the ' +
          'store\'s key in `x-api-key` (and `Authorization: Bearer`) with `storeId` in the query; send ' +
          `\`X-Service-Contract-Version: ${CONTRACT_VERSION}\`. Every error has the body {ok:false, error, message, requestId, details?}.`,
      },
      servers: [{ url: config.publicBaseUrl }],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'integration key (isk_…)' },
          bearer: { type: 'http', scheme: 'bearer', description: 'integration key, or a staff session token (sst_…)' },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    // OpenAPI 3.1 has `const`; keeping it lets named schemas match the route schemas that embed them.
    convertConstToEnum: false,
    transformObject: (documentObject) => addWebhooks(finishDocument((documentObject as { openapiObject: object }).openapiObject, NAMED_SCHEMAS)),
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // Same rule as the service's own CSP: upgrade-insecure-requests only behind https.
    transformStaticCSP: (header) => (config.publicBaseUrl.startsWith('https:') ? header : header.replace(/\s*upgrade-insecure-requests;?/, '')),
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
