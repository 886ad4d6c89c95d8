// Promo, gallery and video routes: integration reads and staff management.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function contentRoutes(_app: FastifyInstance, _opts: { ctx: AppContext }) {}
