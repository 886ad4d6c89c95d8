// /developer/sync-runs: apply a catalog feed, list runs, roll back.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function syncRoutes(_app: FastifyInstance, _opts: { ctx: AppContext }) {}
