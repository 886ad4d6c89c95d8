// GET /integrationTopSelling and the staff sales report.
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { App } from '../../app.ts';
import { authStoreId, requireMember } from '../../http/auth.ts';
import { integrationDocs, integrationRoute } from '../../http/integration-route.ts';
import { responses } from '../../http/schemas.ts';
import { SalesQuery, SalesResponse, TopSellingQuery, TopSellingResponse } from './schemas.ts';

export async function reportingRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify as App;
  const reporting = ctx.services.reporting;

  app.get('/integrationTopSelling', {
    // Ranking is part of the website set (SPEC: one website key serves the whole site).
    ...integrationRoute(app, 'catalog:read'),
    schema: {
      tags: ['reports'],
      summary: 'Top-selling products from paid orders of the last `days` days (scope catalog:read)',
      ...integrationDocs,
      querystring: TopSellingQuery,
      response: responses({ 200: TopSellingResponse }),
    },
  }, async (request, reply) => {
    const { days = 30, limit = 10 } = request.query as { days?: number; limit?: number };
    reply.header('cache-control', 'private, max-age=60');
    return reporting.topSelling(authStoreId(request), days, limit);
  });

  app.get('/api/stores/:storeId/reports/sales', {
    preValidation: requireMember(ctx),
    schema: {
      tags: ['staff: reports'],
      summary: 'Paid orders and revenue per day (store time zone), every day of the range',
      security: [{ bearer: [] }],
      params: Type.Object({ storeId: Type.String() }),
      querystring: SalesQuery,
      response: responses({ 200: SalesResponse }),
    },
  }, async (request, reply) => {
    const { from, to } = request.query as { from: string; to: string };
    reply.header('cache-control', 'no-store');
    return reporting.salesByDay(authStoreId(request), from, to);
  });
}
