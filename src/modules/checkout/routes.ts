// Checkout, order status, payment pages and provider webhooks; staff order management.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function checkoutRoutes(_app: FastifyInstance, _opts: { ctx: AppContext }) {}
