// Availability and booking routes (integration and staff).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function bookingsRoutes(_app: FastifyInstance, _opts: { ctx: AppContext }) {}
