// Customer routes: GET /integrationCustomers and staff management.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function customersRoutes(_app: FastifyInstance, _opts: { ctx: AppContext }) {}
