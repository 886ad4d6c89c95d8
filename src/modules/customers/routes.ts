// Customer routes: GET /integrationCustomers and staff management.
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { App } from '../../app.ts';
import { authStoreId, requireMember } from '../../http/auth.ts';
import { integrationDocs, integrationRoute } from '../../http/integration-route.ts';
import { responses } from '../../http/schemas.ts';
import {
  CreateCustomerBody,
  CustomerResponse,
  CustomersQuery,
  IntegrationCustomersQuery,
  IntegrationCustomersResponse,
  StaffCustomersResponse,
  UpdateCustomerBody,
} from './schemas.ts';

type ListQuery = { limit?: number; cursor?: string; q?: string };

export async function customersRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify as App;
  const customers = ctx.services.customers;

  app.get('/integrationCustomers', {
    // customers:read is not in the default website set: such a key gets 403 forbidden.
    ...integrationRoute(app, 'customers:read'),
    schema: {
      tags: ['customers'],
      summary: 'Customer records, newest first (scope customers:read; personal data, never cached)',
      ...integrationDocs,
      querystring: IntegrationCustomersQuery,
      response: responses({ 200: IntegrationCustomersResponse }),
    },
  }, async (request, reply) => {
    const storeId = authStoreId(request);
    const { limit = 20, cursor, q } = request.query as ListQuery;
    const page = await customers.list(storeId, { limit, cursor, q });
    reply.header('cache-control', 'no-store');
    return { ok: true, storeId, count: page.customers.length, ...page };
  });

  // Staff management: every member reads, adds and edits customers; owners and admins delete.
  const security: Record<string, string[]>[] = [{ bearer: [] }];
  const StoreParams = Type.Object({ storeId: Type.String() });
  const CustomerParams = Type.Object({ storeId: Type.String(), customerId: Type.String({ maxLength: 100 }) });

  app.get('/api/stores/:storeId/customers', {
    preValidation: requireMember(ctx),
    schema: {
      tags: ['staff: customers'],
      summary: 'Customers of the store, newest first, with search and cursor pagination',
      security,
      params: StoreParams,
      querystring: CustomersQuery,
      response: responses({ 200: StaffCustomersResponse }),
    },
  }, async (request, reply) => {
    const { limit = 20, cursor, q } = request.query as ListQuery;
    const page = await customers.list(authStoreId(request), { limit, cursor, q });
    reply.header('cache-control', 'no-store');
    return { ok: true, count: page.customers.length, ...page };
  });

  app.post('/api/stores/:storeId/customers', {
    preValidation: requireMember(ctx),
    schema: {
      tags: ['staff: customers'],
      summary: 'Add a customer by hand (409 conflict when the email or phone already belongs to a customer of this store)',
      security,
      params: StoreParams,
      body: CreateCustomerBody,
      response: responses({ 201: CustomerResponse }),
    },
  }, async (request, reply) => reply.code(201).send({ ok: true, customer: await customers.createCustomer(authStoreId(request), request.body) }));

  app.get('/api/stores/:storeId/customers/:customerId', {
    preValidation: requireMember(ctx),
    schema: { tags: ['staff: customers'], summary: 'One customer', security, params: CustomerParams, response: responses({ 200: CustomerResponse }) },
  }, async (request, reply) => {
    const { customerId } = request.params as { customerId: string };
    reply.header('cache-control', 'no-store');
    return { ok: true, customer: await customers.getCustomer(authStoreId(request), customerId) };
  });

  app.patch('/api/stores/:storeId/customers/:customerId', {
    preValidation: requireMember(ctx),
    schema: {
      tags: ['staff: customers'],
      summary: 'Update name, email, phone, notes or tags (only the fields sent; null clears email, phone or notes)',
      security,
      params: CustomerParams,
      body: UpdateCustomerBody,
      response: responses({ 200: CustomerResponse }),
    },
  }, async (request) => {
    const { customerId } = request.params as { customerId: string };
    return { ok: true, customer: await customers.updateCustomer(authStoreId(request), customerId, request.body as Record<string, unknown>) };
  });

  app.delete('/api/stores/:storeId/customers/:customerId', {
    preValidation: requireMember(ctx, ['owner', 'admin']),
    schema: {
      tags: ['staff: customers'],
      summary: 'Delete a customer (409 conflict while bookings or orders refer to it)',
      security,
      params: CustomerParams,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), deleted: Type.String() }) }),
    },
  }, async (request) => {
    const { customerId } = request.params as { customerId: string };
    await customers.deleteCustomer(authStoreId(request), customerId);
    return { ok: true, deleted: customerId };
  });
}
