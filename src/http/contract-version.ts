import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../shared/errors.ts';
import { CONTRACT_VERSION } from './schemas.ts';

/** A request without the header is served as the current version; any other value is refused. */
export function checkContractVersion(request: FastifyRequest) {
  const received = request.headers['x-service-contract-version'];
  if (received === undefined) return;
  const value = Array.isArray(received) ? received.join(',') : received;
  if (value.trim() !== CONTRACT_VERSION) {
    throw new AppError(400, 'contract-version-mismatch', `This service speaks contract version ${CONTRACT_VERSION}.`, undefined, {
      expectedVersion: CONTRACT_VERSION,
      receivedVersion: value,
    });
  }
}

/** Request id and contract version on every response; version check for non-integration routes. */
export function registerRequestContext(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorateRequest('staffUser', null);
  app.decorateRequest('credentialMemo', null);
  app.addHook('onRequest', async (request) => {
    // Integration routes check the version after authentication (CONTRACT §3 order).
    if (!request.routeOptions.config?.integration && request.is404 !== true) checkContractVersion(request);
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-service-request-id', request.id);
    reply.header('x-service-contract-version', CONTRACT_VERSION);
  });
}
