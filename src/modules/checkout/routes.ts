// Checkout, order status, the hosted payment page, the Paystack callback and webhook, and staff
// order management under /api/stores/:storeId/orders.
import { timingSafeEqual } from 'node:crypto';
import { Type } from 'typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { App } from '../../app.ts';
import { actorOf, authStoreId, requireMember } from '../../http/auth.ts';
import { integrationDocs, integrationRoute } from '../../http/integration-route.ts';
import { sendError, toAppError } from '../../http/errors.ts';
import { sendIdempotent } from '../../http/idempotency.ts';
import { responses } from '../../http/schemas.ts';
import { AppError, forbidden, notFound, validationFailed } from '../../shared/errors.ts';
import { refundResultOf, verifyPaystackSignature } from './providers/paystack.ts';
import { ProviderError } from './providers/types.ts';
import { payPageCsp, renderMessagePage, renderPayPage, withReference } from './pay-page.ts';
import {
  CheckoutBody,
  CheckoutResponse,
  CounterSaleBody,
  FulfilmentBody,
  HtmlPage,
  MarkPaidBody,
  ORDER_NAMED_BY,
  OrderDetailResponse,
  OrderResponse,
  OrderStatusQuery,
  OrderStatusResponse,
  OrdersQuery,
  OrdersResponse,
  PayFormBody,
  PayParams,
  PreviewBody,
  PreviewResponse,
  RefundBody,
} from './schemas.ts';
import type { CounterSaleInput, FulfilmentStatus, Order } from './service.ts';
import { frontDeskCustomerErrors } from '../customers/customer-input.ts';
import type { OrderRow } from './tables.ts';

const errorRef = Type.Ref('ErrorBody');

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Where the customer goes after the payment step: returnUrl unless the checkout closed unpaid. */
function redirectTarget(order: OrderRow): string | null {
  const failed = ['payment_failed', 'cancelled', 'expired'].includes(order.status);
  const url = failed ? order.cancel_url : order.return_url;
  return url ? withReference(url, order.reference) : null;
}

/** Browsers (their navigations and form posts send Accept: text/html); other clients get CONTRACT §3 JSON. */
function wantsHtml(request: FastifyRequest): boolean {
  return /\btext\/html\b/.test(request.headers.accept ?? '');
}

const PAGE_ERRORS: Record<number, { title: string; message?: string }> = {
  400: { title: 'This payment form is not complete', message: 'Open the payment page again and use its buttons.' },
  403: { title: 'This payment form is out of date' },
  404: { title: 'Checkout not found', message: 'This payment link is not valid.' },
  429: { title: 'Too many attempts', message: 'Wait a minute, then open the payment page again.' },
};

/**
 * Errors of the payment page routes: a browser gets an HTML page with the same status (and a way
 * back to the payment page), never raw JSON; other clients the usual flat JSON body.
 */
function payPageErrorHandler(error: Error, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error as FastifyError);
  if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: appError.code }, 'request rejected');
  if (!wantsHtml(request)) return sendError(request, reply, appError);
  const page = PAGE_ERRORS[appError.status] ?? { title: 'Something went wrong', message: 'The payment could not be processed. Try again in a moment.' };
  const reference = (request.params as { reference?: string } | undefined)?.reference;
  const link = reference && appError.status !== 404 ? { href: `/pay/${encodeURIComponent(reference)}`, label: 'Back to the payment page' } : undefined;
  if (appError.headers) reply.headers(appError.headers);
  return sendHtml(reply, appError.status, renderMessagePage(page.title, page.message ?? appError.message, { link, requestId: request.id }));
}

function sendHtml(reply: FastifyReply, status: number, body: string, csp = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'") {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', csp)
    .send(body);
}

export async function checkoutRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify as App;
  const checkout = ctx.services.checkout;

  // ---- integration ----

  app.post('/integrationCheckoutCreate', {
    ...integrationRoute(app, 'checkout:write'),
    schema: {
      tags: ['checkout'],
      summary: 'Create a checkout: order with catalog prices, stock reserved for 30 minutes, hosted payment URL (Idempotency-Key supported)',
      description:
        'Accepts the basic and the extended payload. 201 with a new order; 200 with the still-pending order when clientOrderId repeats. ' +
        '422 item-not-found / not-purchasable, 409 out-of-stock, 502 payment-provider-error.',
      ...integrationDocs,
      body: CheckoutBody,
      response: responses({ 200: CheckoutResponse, 201: CheckoutResponse, 502: errorRef }),
    },
  }, async (request, reply) => {
    const storeId = authStoreId(request);
    reply.header('cache-control', 'no-store');
    return sendIdempotent(ctx, request, reply, storeId, 'checkout.create', (record) => checkout.create(storeId, request.body, { beforeCommit: record }));
  });

  app.post('/v1IntegrationCheckoutPreview', {
    ...integrationRoute(app, 'checkout:write'),
    schema: {
      tags: ['checkout'],
      summary: 'Totals, fees and split for a checkout payload; nothing is stored or reserved',
      ...integrationDocs,
      body: PreviewBody,
      response: responses({ 200: PreviewResponse }),
    },
  }, async (request, reply) => {
    const storeId = authStoreId(request);
    reply.header('cache-control', 'no-store');
    return sendIdempotent(ctx, request, reply, storeId, 'checkout.preview', () => checkout.preview(storeId, request.body));
  });

  app.post('/v1IntegrationCheckoutCancel', {
    ...integrationRoute(app, 'checkout:write'),
    schema: {
      tags: ['checkout'],
      summary: 'Cancel a checkout still waiting for payment (e.g. a cart across stores whose other checkout failed): status cancelled, its stock back at once (Idempotency-Key supported)',
      description: '404 order-not-found; 409 conflict when the order is no longer waiting for payment (paid, cancelled, expired…), also when the provider says it was paid meanwhile (the payment is then recorded).',
      ...integrationDocs,
      querystring: Type.Object({ storeId: Type.Optional(Type.String()) }),
      body: Type.Object({ reference: Type.String({ minLength: 1, maxLength: 200, description: 'the checkout\'s reference (or its clientOrderId)' }) }),
      response: responses({ 200: OrderStatusResponse }),
    },
  }, async (request, reply) => {
    const storeId = authStoreId(request);
    reply.header('cache-control', 'no-store');
    const { reference } = request.body as { reference: string };
    return sendIdempotent(ctx, request, reply, storeId, 'checkout.cancel', async () => ({ status: 200, body: { ok: true, storeId, order: await checkout.cancelCheckout(storeId, reference) } }));
  });

  app.get('/v1IntegrationOrderStatus', {
    ...integrationRoute(app, 'orders:read'),
    schema: {
      tags: ['checkout'],
      summary: 'Order and payment status by reference, trxref or clientOrderId (scope orders:read)',
      description: 'Send one of the query parameters reference, trxref, clientOrderId (listed in x-required-one-of); without any, 400 validation-failed naming reference.',
      // Parameters cannot be required as a group in OpenAPI: the extension states it for tools that read it.
      'x-required-one-of': ORDER_NAMED_BY,
      ...integrationDocs,
      querystring: OrderStatusQuery,
      response: responses({ 200: OrderStatusResponse }),
    },
  }, async (request, reply) => {
    const storeId = authStoreId(request);
    const q = request.query as { reference?: string; trxref?: string; clientOrderId?: string };
    const value = q.reference || q.trxref || q.clientOrderId;
    if (!value) throw validationFailed([{ field: 'reference', message: 'send reference (or trxref, or clientOrderId)' }]);
    reply.header('cache-control', 'no-store');
    return { ok: true, storeId, order: await checkout.lookup(storeId, value) };
  });

  // ---- hosted payment page (sandbox) and provider callbacks: public, the reference is the capability ----

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const pageConfig = { rateLimit: app.rateLimits.perIp };
  const errorHandler = payPageErrorHandler;

  app.get('/pay/:reference', {
    config: pageConfig,
    errorHandler,
    schema: {
      tags: ['payment page'],
      summary: 'Sandbox hosted payment page: store, items, total, Pay / Decline / Cancel',
      params: PayParams,
      produces: ['text/html'],
      response: { 200: HtmlPage, 404: HtmlPage },
    },
  }, async (request, reply) => {
    const { reference } = request.params as { reference: string };
    const found = await checkout.findByReference(reference);
    if (!found || found.row.provider !== 'sandbox') return sendHtml(reply, 404, renderMessagePage('Checkout not found', 'This payment link is not valid.'));
    const store = await ctx.services.stores.getStore(found.row.store_id);
    const back = found.row.status === 'pending_payment' ? null : redirectTarget(found.row);
    return sendHtml(reply, 200, renderPayPage(found.row, found.lines, store.name, back), payPageCsp(found.row));
  });

  app.post('/pay/:reference', {
    config: pageConfig,
    errorHandler,
    schema: {
      tags: ['payment page'],
      summary: 'Sandbox page action: pay → 303 to returnUrl; decline or cancel → 303 to cancelUrl (both with trxref and reference)',
      description: 'Errors answer browsers (Accept: text/html) with an HTML page of the same status, other clients with the JSON error body.',
      params: PayParams,
      consumes: ['application/x-www-form-urlencoded'],
      body: PayFormBody,
      response: { 303: Type.Null({ description: 'redirect' }), ...responses({}) },
    },
  }, async (request, reply) => {
    const { reference } = request.params as { reference: string };
    const { action, token } = request.body as { action: 'pay' | 'decline' | 'cancel'; token: string };
    const found = await checkout.findByReference(reference);
    if (!found || found.row.provider !== 'sandbox') throw notFound('order-not-found', 'No such checkout.');
    if (!sameToken(token, found.row.pay_token)) throw forbidden('The payment form is not valid for this checkout; reload the page.');
    let order = found.row;
    // A stale page (order already paid, closed or expired) changes nothing and just goes back.
    if (order.status === 'pending_payment') {
      const result =
        action === 'pay'
          ? await checkout.confirmPayment(reference, { amountMinor: order.total_minor, currency: order.currency, via: 'sandbox', by: 'sandbox' })
          : await checkout.closeUnpaid(reference, action === 'decline' ? 'payment_failed' : 'cancelled', action === 'decline' ? 'declined on the sandbox page' : 'cancelled by the customer');
      order = result.row ?? order;
    }
    const target = redirectTarget(order);
    if (!target) throw new AppError(409, 'conflict', 'This checkout has no return URL.');
    return reply.code(303).header('cache-control', 'no-store').redirect(target, 303);
  });

  app.get('/pay/:reference/return', {
    config: pageConfig,
    errorHandler,
    schema: {
      tags: ['payment page'],
      summary: 'Provider callback: verifies the payment with the provider, then 303 to returnUrl or cancelUrl with trxref and reference',
      params: PayParams,
      produces: ['text/html'],
      querystring: Type.Object({ trxref: Type.Optional(Type.String({ maxLength: 200 })), reference: Type.Optional(Type.String({ maxLength: 200 })) }),
      response: { 303: Type.Null({ description: 'redirect' }), 404: HtmlPage },
    },
  }, async (request, reply) => {
    const { reference } = request.params as { reference: string };
    const found = await checkout.findByReference(reference);
    if (!found) return sendHtml(reply, 404, renderMessagePage('Checkout not found', 'This payment link is not valid.'));
    let order = found.row;
    if (order.status === 'pending_payment' && order.provider === checkout.provider.name && order.provider !== 'sandbox') {
      try {
        const verified = await checkout.verifyPayment(order.payment_reference ?? order.reference, 'return');
        if (verified.outcome === 'success' && verified.amountMinor !== null) {
          order = (await checkout.confirmPayment(reference, { amountMinor: verified.amountMinor, currency: verified.currency ?? '', paidAt: verified.paidAt, via: `${order.provider} verify`, by: 'return' })).row ?? order;
        } else if (verified.outcome === 'failed') {
          order = (await checkout.closeUnpaid(reference, 'payment_failed', `${order.provider} reported the payment failed`)).row ?? order;
        }
      } catch (error) {
        // The webhook settles it later; the customer sees "pending" on the partner site meanwhile.
        if (!(error instanceof ProviderError)) throw error;
        request.log.warn({ err: error, reference }, 'payment verify failed');
      }
    }
    const target = redirectTarget(order);
    if (!target) return sendHtml(reply, 404, renderMessagePage('Checkout not found', 'This checkout has no return address.'));
    return reply.code(303).header('cache-control', 'no-store').redirect(target, 303);
  });

  // Paystack webhook: the signature covers the raw body, so this route parses JSON itself.
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    hook.post('/webhooks/paystack', {
      config: { rateLimit: app.rateLimits.perIp },
      schema: {
        tags: ['payment page'],
        summary: 'Paystack webhook (x-paystack-signature: HMAC-SHA512 of the body with the secret key); charge.success marks the order paid once; refund.processed and refund.failed settle a refund asked of Paystack',
        response: responses({ 200: Type.Object({ ok: Type.Boolean(), applied: Type.Boolean() }) }),
      },
    }, async (request) => {
      const secret = ctx.config.paystackSecretKey;
      if (ctx.config.paymentProvider !== 'paystack' || !secret) throw notFound('not-found', 'Paystack is not configured.');
      const raw = request.body as Buffer;
      if (!Buffer.isBuffer(raw) || !verifyPaystackSignature(secret, raw, request.headers['x-paystack-signature'])) {
        throw new AppError(401, 'invalid-signature', 'The x-paystack-signature header does not match the body.');
      }
      let event: any;
      try {
        event = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError(400, 'invalid-json', 'The request body is not valid JSON.');
      }
      const data = event?.data ?? {};
      if (event?.event === 'refund.processed' || event?.event === 'refund.failed') {
        const reference = data.transaction_reference;
        const amount = Number(data.amount);
        if (typeof reference !== 'string' || reference.includes('\u0000') || reference.length > 200 || !Number.isInteger(amount)) return { ok: true, applied: false };
        const outcome = refundResultOf({ ...data, status: event.event === 'refund.processed' ? 'processed' : 'failed' });
        return { ok: true, applied: (await checkout.refundCallback(reference, amount, outcome)).applied };
      }
      // The raw body skips the service's input rules: a reference no order can have (a NUL, which
      // PostgreSQL refuses in text, or an absurd length) is acknowledged and ignored like any unknown one.
      if (event?.event !== 'charge.success' || typeof data.reference !== 'string' || data.reference.includes('\u0000') || data.reference.length > 200) {
        return { ok: true, applied: false };
      }
      const found = await checkout.findByReference(data.reference);
      // Unknown references are acknowledged (Paystack would retry them for days).
      if (!found || found.row.provider !== 'paystack' || !Number.isInteger(data.amount)) return { ok: true, applied: false };
      const result = await checkout.confirmPayment(data.reference, { amountMinor: data.amount, currency: String(data.currency ?? ''), paidAt: data.paid_at ?? data.paidAt ?? null, via: 'paystack webhook', by: 'callback' });
      return { ok: true, applied: result.applied };
    });
  });

  // ---- staff ----

  const security: Record<string, string[]>[] = [{ bearer: [] }];
  const StoreParams = Type.Object({ storeId: Type.String() });
  const OrderParams = Type.Object({ storeId: Type.String(), orderId: Type.String({ maxLength: 200, description: 'orderId or reference' }) });
  const orderIdOf = (request: { params: unknown }) => (request.params as { orderId: string }).orderId;
  const withRefunds = async (storeId: string, order: Order) => ({ ...order, refunds: await checkout.refundsOf(storeId, order.orderId, order.currency) });

  app.get('/api/stores/:storeId/orders', {
    preValidation: requireMember(ctx),
    schema: { tags: ['staff: orders'], summary: 'Orders, newest first, optionally by status, customer, booking, item and the days they were paid', security, params: StoreParams, querystring: OrdersQuery, response: responses({ 200: OrdersResponse }) },
  }, async (request, reply) => {
    const { limit = 20, cursor, status, customerId, bookingId, itemId, paidFrom, paidTo } = request.query as { limit?: number; cursor?: string; status?: string; customerId?: string; bookingId?: string; itemId?: string; paidFrom?: string; paidTo?: string };
    const statuses = status?.split(',').map((s) => s.trim()).filter(Boolean);
    const page = await checkout.listOrders(authStoreId(request), { limit, cursor, statuses, customerId, bookingId, itemId, paidFrom, paidTo });
    reply.header('cache-control', 'no-store');
    return { ok: true, count: page.orders.length, ...page };
  });

  app.post('/api/stores/:storeId/orders', {
    preValidation: requireMember(ctx),
    schema: {
      tags: ['staff: orders'],
      summary: 'A sale at the counter: products at catalog prices, stock taken at once (409 out-of-stock), paid now or to collect; sourceChannel counter',
      security,
      params: StoreParams,
      body: CounterSaleBody,
      response: responses({ 201: OrderResponse }),
    },
  }, async (request, reply) => {
    const body = request.body as CounterSaleInput;
    const problems = body.customer ? frontDeskCustomerErrors(body.customer, 'customer', false) : [];
    if (problems.length) throw validationFailed(problems);
    const order = await checkout.counterSale(authStoreId(request), body);
    request.log.info({ orderId: order.orderId, paid: body.paid, actor: actorOf(request) }, 'counter sale');
    return reply.code(201).send({ ok: true, order });
  });

  app.get('/api/stores/:storeId/orders/:orderId', {
    preValidation: requireMember(ctx),
    schema: { tags: ['staff: orders'], summary: 'One order (by orderId or reference), with its refunds', security, params: OrderParams, response: responses({ 200: OrderDetailResponse }) },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { ok: true, order: await withRefunds(authStoreId(request), await checkout.getOrder(authStoreId(request), orderIdOf(request))) };
  });

  app.post('/api/stores/:storeId/orders/:orderId/mark-paid', {
    preValidation: requireMember(ctx),
    schema: {
      tags: ['staff: orders'],
      summary: 'Settle a pending order as paid (cash collected, manual or mobile-money transfer seen, manual review resolved)',
      security,
      params: OrderParams,
      body: MarkPaidBody,
      response: responses({ 200: OrderResponse }),
    },
  }, async (request) => ({ ok: true, order: await checkout.markPaid(authStoreId(request), orderIdOf(request), request.body as { method?: string; note?: string }) }));

  app.post('/api/stores/:storeId/orders/:orderId/refund', {
    preValidation: requireMember(ctx, ['owner', 'admin']),
    schema: {
      tags: ['staff: orders'],
      summary:
        'Refund a paid order, whole or in part (amountMinor; owner or admin). Paid through Paystack: asked of Paystack, pending until it confirms (then partially_refunded or refunded, order.refunded); a refusal is 502 with the refund recorded as failed. Sandbox and manual payments: refunded at once. restock puts the items back when the order is refunded whole',
      security,
      params: OrderParams,
      body: RefundBody,
      response: responses({ 200: OrderDetailResponse }),
    },
  }, async (request) => {
    const storeId = authStoreId(request);
    const order = await checkout.refund(storeId, orderIdOf(request), (request.body ?? {}) as { restock?: boolean; note?: string; amountMinor?: number }, actorOf(request));
    return { ok: true, order: await withRefunds(storeId, order) };
  });

  app.post('/api/stores/:storeId/orders/:orderId/fulfilment', {
    preValidation: requireMember(ctx),
    schema: { tags: ['staff: orders'], summary: 'Move a paid order to pending_delivery or confirmed', security, params: OrderParams, body: FulfilmentBody, response: responses({ 200: OrderResponse }) },
  }, async (request) => {
    const { status } = request.body as { status: FulfilmentStatus };
    return { ok: true, order: await checkout.moveFulfilment(authStoreId(request), orderIdOf(request), status) };
  });

  app.post('/api/stores/:storeId/orders/:orderId/cancel', {
    preValidation: requireMember(ctx),
    schema: { tags: ['staff: orders'], summary: 'Cancel an unpaid order; its stock goes back', security, params: OrderParams, response: responses({ 200: OrderResponse }) },
  }, async (request) => ({ ok: true, order: await checkout.cancel(authStoreId(request), orderIdOf(request)) }));
}
