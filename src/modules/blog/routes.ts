// Blog: staff authoring, public API, pages, RSS and uploads.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function blogRoutes(_app: FastifyInstance, _opts: { ctx: AppContext }) {}
