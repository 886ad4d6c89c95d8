// /developer/webhooks: endpoints, test event, delivery history.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function webhookRoutes(_app: FastifyInstance, _opts: { ctx: AppContext }) {}
