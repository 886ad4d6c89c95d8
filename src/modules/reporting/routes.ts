// GET /integrationTopSelling and staff reports.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function reportingRoutes(_app: FastifyInstance, _opts: { ctx: AppContext }) {}
