// What every integration endpoint (a partner website calling with a per-store key) shares: key
// authentication with a scope, checked in CONTRACT §3's order, the key's rate-limit budget, and in the
// OpenAPI document the key security schemes and headers.
//
//   app.get('/v1IntegrationPromo', {
//     ...integrationRoute(app, 'content:read'),
//     schema: { ...integrationDocs, tags: ['content'], querystring: …, response: … },
//   }, handler);
import type { App } from '../app.ts';
import { requireIntegrationKey, type ScopeNeed } from './auth.ts';
import { integrationHeaders } from './schemas.ts';

/** Route options: `config` (integration route, per-key budget) and the key check as `preValidation` (`scope`: one, or a list of which any one will do). */
export function integrationRoute(app: App, scope: ScopeNeed) {
  return {
    config: { integration: true, rateLimit: app.rateLimits.perKey },
    preValidation: requireIntegrationKey(app.ctx, scope),
  };
}

/** Schema parts: the key security schemes and the integration headers (a route may extend `headers`). */
export const integrationDocs: { security: Record<string, string[]>[]; headers: typeof integrationHeaders } = {
  security: [{ apiKey: [] }, { bearer: [] }],
  headers: integrationHeaders,
};
