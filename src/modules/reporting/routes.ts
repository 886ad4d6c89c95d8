// GET /integrationTopSelling, the staff reports and the console's overview.
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { App } from '../../app.ts';
import { authStoreId, requireMember } from '../../http/auth.ts';
import { integrationDocs, integrationRoute } from '../../http/integration-route.ts';
import { responses } from '../../http/schemas.ts';
import type { Role } from '../stores/service.ts';
import { BookingsReportQuery, BookingsReportResponse, OverviewQuery, OverviewResponse, SalesQuery, SalesResponse, SummaryQuery, SummaryResponse, TopSellingQuery, TopSellingResponse } from './schemas.ts';
import type { ReportPeriod } from './service.ts';

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
      summary: 'Paid orders and revenue per day (store time zone), every day of the range, and grouped by day, week or month',
      security: [{ bearer: [] }],
      params: Type.Object({ storeId: Type.String() }),
      querystring: SalesQuery,
      response: responses({ 200: SalesResponse }),
    },
  }, async (request, reply) => {
    const { from, to, period } = request.query as { from: string; to: string; period?: ReportPeriod };
    reply.header('cache-control', 'no-store');
    return reporting.salesByDay(authStoreId(request), from, to, period);
  });

  app.get('/api/stores/:storeId/reports/summary', {
    preValidation: requireMember(ctx, ['owner', 'admin']),
    schema: {
      tags: ['staff: reports'],
      summary: 'What an owner reads of a period: revenue, best sellers, bookings by status and no-show rate, busiest days and hours, returning customers (owners and admins)',
      security: [{ bearer: [] }],
      params: Type.Object({ storeId: Type.String() }),
      querystring: SummaryQuery,
      response: responses({ 200: SummaryResponse }),
    },
  }, async (request, reply) => {
    const { from, to } = request.query as { from: string; to: string };
    reply.header('cache-control', 'no-store');
    return reporting.summary(authStoreId(request), from, to);
  });

  app.get('/api/stores/:storeId/reports/bookings', {
    preValidation: requireMember(ctx),
    schema: {
      tags: ['staff: reports'],
      summary: 'Bookings per status with bookingDate between from and to (store dates, both optional), every status listed',
      security: [{ bearer: [] }],
      params: Type.Object({ storeId: Type.String() }),
      querystring: BookingsReportQuery,
      response: responses({ 200: BookingsReportResponse }),
    },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return reporting.bookingsByStatus(authStoreId(request), request.query as { from?: string; to?: string });
  });

  app.get('/api/stores/:storeId/overview', {
    preValidation: requireMember(ctx),
    schema: {
      tags: ['staff: reports'],
      summary: "The console's Today page in one request: today's and the next 7 days' bookings, pending approvals, orders waiting for payment or delivery, 30 days of sales; for owners and admins, the week's failed webhook deliveries and sync runs and a new store's next steps",
      security: [{ bearer: [] }],
      params: Type.Object({ storeId: Type.String() }),
      querystring: OverviewQuery,
      response: responses({ 200: OverviewResponse }),
    },
  }, async (request, reply) => {
    const { limit = 10 } = request.query as { limit?: number };
    reply.header('cache-control', 'no-store');
    return reporting.overview(authStoreId(request), (request.auth as { role: Role }).role, limit);
  });
}
