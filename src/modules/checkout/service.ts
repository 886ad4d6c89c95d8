// Checkout, preview, orders and payments. Totals come from the catalog and store settings, never
// from the payload. Stock is reserved in the order's transaction and released when the payment
// fails, is cancelled or the checkout expires. Every status change is a conditional update
// (`WHERE status IN …`), so a payment confirmed twice (redirect and webhook racing) applies once.
import { DateTime } from 'luxon';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { isPostgres, isUniqueViolation, type Executor } from '../../db/sql.ts';
import { decodeCursor, encodeCursor } from '../../shared/cursor.ts';
import { AppError, conflict, notFound, unprocessable, validationFailed, type ErrorDetail } from '../../shared/errors.ts';
import { crockfordCode, newId, randomToken } from '../../shared/ids.ts';
import { toMajor } from '../../shared/money.ts';
import { addSeconds, nowIso } from '../../shared/time.ts';
import type { Item } from '../catalog/service.ts';
import type { EventType } from '../events/service.ts';
import type { Store } from '../stores/service.ts';
import type { CustomerKind, OrderSnapshot, StaffKind } from '../messages/kinds.ts';
import { parseCheckoutPayload, type CheckoutInput, type CheckoutLineInput } from './payload.ts';
import { createPaystackProvider } from './providers/paystack.ts';
import { createSandboxProvider } from './providers/sandbox.ts';
import { ProviderError, type InitializeRequest, type PaymentProvider, type RefundResult } from './providers/types.ts';
import * as repo from './repository.ts';
import type { OrderLineRow, OrderRow, RefundRow } from './tables.ts';
import type { DepositFollow } from '../bookings/service.ts';
import { computeTotals, type PricedLine, type Totals } from './totals.ts';

export const CHECKOUT_TTL_SECONDS = 30 * 60;

/**
 * When a real provider's payment is checked with it (reconciliation), in minutes after checkout: at 2,
 * 5, 15 and 60, then hourly until a day has passed. A check that finds the payment still pending
 * schedules the next; one that finds it paid or declined records that as the callback would have.
 */
export const CHECK_SCHEDULE_MINUTES = [2, 5, 15, ...Array.from({ length: 24 }, (_, i) => (i + 1) * 60)];
/** A check claimed by an instance is its own for this long; if it fails (provider down), it is retried after. */
const CHECK_LEASE_SECONDS = 120;

/** How the service learnt of a payment: the provider's callback, the customer's return, a status check, staff, the counter, the sandbox page. */
export type PaidVia = 'callback' | 'return' | 'status_check' | 'staff' | 'counter' | 'sandbox';

/** The time of check number `done` (0-based) of an order created at `createdAt`; null when the schedule is over. */
export function nextCheckAt(createdAt: string, done: number): string | null {
  const minutes = CHECK_SCHEDULE_MINUTES[done];
  return minutes === undefined ? null : addSeconds(createdAt, minutes * 60);
}
/** Money columns are 32-bit integers on PostgreSQL; no order (nor any of its lines) may exceed this. */
export const MAX_ORDER_TOTAL_MINOR = 2_000_000_000;
/** Orders waiting for money, with stock held. */
const AWAITING_PAYMENT = ['pending_payment', 'pending_cash_collection', 'pending_manual'];
/** Orders whose checkout closed without payment (stock released). */
const CLOSED_UNPAID = ['payment_failed', 'cancelled', 'expired'];
/** Paid orders, in fulfilment order. */
const PAID = ['paid', 'pending_delivery', 'confirmed'];

export type FulfilmentStatus = 'pending_delivery' | 'confirmed';

/** A booking's deposit payment, as booking create answers it. */
export interface DepositPayment {
  reference: string;
  checkoutUrl: string;
  amountDue: number;
  amountDueMinor: number;
  expiresAt: string;
}

/** A deposit order made ready before the booking's transaction (its payment already started). */
export interface PreparedDeposit {
  row: OrderRow;
  lines: OrderLineRow[];
  payment: DepositPayment;
}

/** A refund asked of a real provider is checked with it after this long, then hourly, for a week. */
const REFUND_FIRST_CHECK_SECONDS = 10 * 60;
const REFUND_CHECK_SECONDS = 60 * 60;
const REFUND_CHECK_FOR_SECONDS = 7 * 24 * 60 * 60;

/** A refund as the staff API shows it. */
export function toRefund(r: RefundRow, currency: string) {
  return {
    refundId: r.id,
    amount: money(Number(r.amount_minor), currency),
    amountMinor: Number(r.amount_minor),
    status: r.status,
    provider: r.provider,
    failure: r.failure,
    note: r.note,
    requestedBy: r.requested_by,
    createdAt: r.created_at,
    processedAt: r.processed_at,
  };
}

/** A counter sale (POST /api/stores/{storeId}/orders), as its schema admits it. */
export interface CounterSaleInput {
  items: { itemId: string; qty: number }[];
  customer?: { customerId: string } | { name: string; phone?: string | null; email?: string | null };
  paymentMethod: 'cash' | 'momo' | 'card' | 'other';
  paid: boolean;
  note?: string | null;
}

function money(minor: number, currency: string) {
  return toMajor(minor, currency);
}

/** An order's line rows, numbered from 1, from its priced lines. */
function lineRowsOf(orderId: string, storeId: string, lines: PricedLine[]): OrderLineRow[] {
  return lines.map((l, i) => ({
    order_id: orderId,
    line_no: i + 1,
    store_id: storeId,
    item_id: l.itemId,
    name: l.name,
    qty: l.qty,
    unit_price_minor: l.unitPriceMinor,
    line_total_minor: l.qty * l.unitPriceMinor,
  }));
}

function lineView(l: { itemId: string; name: string; qty: number; unitPriceMinor: number }, currency: string) {
  const lineTotalMinor = l.qty * l.unitPriceMinor;
  return {
    itemId: l.itemId,
    name: l.name,
    qty: l.qty,
    unitPrice: money(l.unitPriceMinor, currency),
    unitPriceMinor: l.unitPriceMinor,
    lineTotal: money(lineTotalMinor, currency),
    lineTotalMinor,
  };
}

function totalsView(t: Totals, currency: string) {
  return {
    subtotal: money(t.subtotalMinor, currency),
    subtotalMinor: t.subtotalMinor,
    fees: money(t.feesMinor, currency),
    feesMinor: t.feesMinor,
    total: money(t.totalMinor, currency),
    totalMinor: t.totalMinor,
    split: { storeMinor: t.storeMinor, platformMinor: t.platformMinor },
    feeBearer: t.feeBearer,
  };
}

function rowTotals(row: OrderRow): Totals {
  return {
    subtotalMinor: row.subtotal_minor,
    feesMinor: row.fees_minor,
    totalMinor: row.total_minor,
    storeMinor: row.store_minor,
    platformMinor: row.platform_minor,
    feeBearer: row.fee_bearer as Totals['feeBearer'],
  };
}

/** The order as the API shows it (order status lookup, staff, webhooks). */
export function toOrder(row: OrderRow, lines: OrderLineRow[]) {
  const c = row.currency;
  return {
    orderId: row.id,
    storeId: row.store_id,
    reference: row.reference,
    clientOrderId: row.client_order_id,
    status: row.status,
    paymentStatus: row.payment_status,
    paymentMethod: row.payment_method,
    provider: row.provider,
    paymentReference: row.payment_reference,
    amountPaid: money(row.amount_paid_minor, c),
    amountPaidMinor: Number(row.amount_paid_minor),
    currency: c,
    ...totalsView(rowTotals(row), c),
    syncStatus: row.sync_status,
    items: lines.map((l) => lineView({ itemId: l.item_id, name: l.name, qty: l.qty, unitPriceMinor: l.unit_price_minor }, c)),
    customer: JSON.parse(row.customer) as { name: string; email: string | null; phone: string | null },
    customerId: row.customer_id,
    delivery: row.delivery ? (JSON.parse(row.delivery) as { location: string | null; notes: string | null }) : null,
    sourceChannel: row.source_channel,
    sourceLabel: row.source_label,
    checkoutUrl: row.checkout_url,
    note: row.note,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    paidAt: row.paid_at,
    paidVia: row.paid_via as PaidVia | null,
    refunded: money(Number(row.refunded_minor ?? 0), c),
    refundedMinor: Number(row.refunded_minor ?? 0),
    refundPendingMinor: Number(row.refund_pending_minor ?? 0),
    bookingId: row.booking_id ?? null,
  };
}

export type Order = ReturnType<typeof toOrder>;

/** The checkout-create response body (CONTRACT §5). */
export type CheckoutResponse = ReturnType<typeof toCheckoutResponse>;

function toCheckoutResponse(row: OrderRow, lines: OrderLineRow[]) {
  const order = toOrder(row, lines);
  return {
    ok: true,
    storeId: row.store_id,
    orderId: row.id,
    reference: row.reference,
    clientOrderId: row.client_order_id,
    checkoutUrl: row.checkout_url,
    authorizationUrl: row.checkout_url,
    paymentReference: row.payment_reference,
    payment_reference: row.payment_reference,
    amountPaid: order.amountPaid,
    amountPaidMinor: order.amountPaidMinor,
    status: row.status,
    paymentStatus: row.payment_status,
    paymentMethod: row.payment_method,
    currency: row.currency,
    items: order.items,
    ...totalsView(rowTotals(row), row.currency),
    expiresAt: row.expires_at,
  };
}

/**
 * Lock order on PostgreSQL, everywhere: the order row, then the customer row, then item rows in
 * item-id order. Two transactions then never wait on each other in a cycle (no deadlocks), whatever
 * the cart order.
 */
function lockOrder(lines: CheckoutLineInput[]): CheckoutLineInput[] {
  return [...lines].sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));
}

/** A new order's payment bookkeeping: nothing paid, checked or refunded yet, made `now`. */
function unsettled(now: string) {
  return { checks_done: 0, paid_via: null, paid_at: null, booking_id: null, refunded_minor: 0, refund_pending_minor: 0, created_at: now, updated_at: now };
}

export function createPaymentProvider(ctx: AppContext): PaymentProvider {
  const { config } = ctx;
  if (config.paymentProvider === 'paystack') return createPaystackProvider(config.paystackBaseUrl, config.paystackSecretKey ?? '');
  return createSandboxProvider(config.publicBaseUrl);
}

export function createCheckoutService(ctx: AppContext) {
  const { db } = ctx;
  const provider = createPaymentProvider(ctx);

  /**
   * Stock changed and is committed: drop cached catalog responses on every instance. A failure here
   * (e.g. the database closing during shutdown) must not turn a committed order into an error reply.
   */
  async function refreshCatalog(storeId: string) {
    try {
      await ctx.services.catalog.invalidate(storeId);
    } catch (error) {
      ctx.log.warn({ err: error, storeId }, 'catalog cache invalidation failed after a stock change');
    }
  }

  async function withLines(row: OrderRow, executor: Executor<Database> = db) {
    return { row, lines: await repo.linesOf(executor, [row.id]) };
  }

  /**
   * Parses the payload, prices it from the catalog and checks it; nothing is written. For a create
   * (`requireUrls`) with a clientOrderId, also the store's live order for it, read with the items.
   */
  async function quote(storeId: string, raw: unknown, requireUrls: boolean) {
    const { value: input, errors } = parseCheckoutPayload(storeId, raw, { requireUrls });
    if (!input) throw validationFailed(errors);
    const store = await ctx.services.stores.getStore(storeId);
    if (input.currency && input.currency !== store.currency) {
      throw validationFailed([{ field: 'currency', message: `this store sells in ${store.currency}` }]);
    }
    if (requireUrls && input.paymentMethod === 'gateway_checkout' && provider.requiresEmail && !input.customer.email) {
      throw validationFailed([{ field: 'customer.email', message: 'is required for card and mobile-money checkout' }]);
    }
    const missing: ErrorDetail[] = [];
    const notForSale: ErrorDetail[] = [];
    const priced: (PricedLine & { stockCount: number | null })[] = [];
    const ids = input.lines.map((l) => l.itemId);
    let live: OrderRow | undefined;
    let items: Map<string, Item>;
    if (requireUrls && input.clientOrderId) {
      const read = await repo.itemsAndLiveOrder(db, storeId, ids, input.clientOrderId);
      items = await ctx.services.catalog.itemsOf(storeId, read.items);
      live = read.live;
    } else items = await ctx.services.catalog.findItems(storeId, ids);
    for (const line of input.lines) {
      const item = items.get(line.itemId);
      if (!item || !item.published) missing.push({ field: line.itemId, message: 'no such item in this store' });
      else if (item.itemType !== 'product') notForSale.push({ field: line.itemId, message: `a ${item.itemType} is booked, not bought: use /v1IntegrationBookings` });
      else priced.push({ itemId: item.id, name: item.name, qty: line.qty, unitPriceMinor: item.priceMinor, stockCount: item.stockCount });
    }
    if (missing.length) throw unprocessable('item-not-found', 'Some items are not in this store’s catalog.', missing);
    if (notForSale.length) throw unprocessable('not-purchasable', 'Services and courses cannot be bought through checkout.', notForSale);
    const totals = computeTotals(priced, store.settings);
    if (totals.totalMinor > MAX_ORDER_TOTAL_MINOR) {
      throw validationFailed([{ field: 'items', message: `the order total exceeds ${MAX_ORDER_TOTAL_MINOR} minor units; split the order` }]);
    }
    return { input, store, lines: priced, totals, live };
  }

  function previewBody(store: Store, input: CheckoutInput, lines: PricedLine[], totals: Totals) {
    return {
      ok: true,
      storeId: store.id,
      clientOrderId: input.clientOrderId,
      currency: store.currency,
      items: lines.map((l) => lineView(l, store.currency)),
      ...totalsView(totals, store.currency),
    };
  }

  /** A live order for the same clientOrderId: 200 with it while pending, 409 once it is paid. */
  async function existingForClientOrderId(storeId: string, clientOrderId: string) {
    return answerExisting(await repo.findLiveByClientOrderId(db, storeId, clientOrderId));
  }

  async function answerExisting(row: OrderRow | undefined) {
    if (!row) return null;
    if (!AWAITING_PAYMENT.includes(row.status)) {
      throw conflict('conflict', `Order ${row.reference} with this clientOrderId is already ${row.status}; use a new clientOrderId for a new order.`, [
        { field: 'clientOrderId', message: 'already used by a paid order' },
      ]);
    }
    const { lines } = await withLines(row);
    return { status: 200, body: toCheckoutResponse(row, lines) };
  }

  async function emitOrder(trx: Executor<Database>, type: EventType, row: OrderRow) {
    const lines = await repo.linesOf(trx, [row.id]);
    await ctx.services.events.emit(trx, row.store_id, type, toOrder(row, lines));
    return lines;
  }

  /**
   * The customer's message about an order (and the store's alert), in `trx`: received with how to pay
   * (manual methods), the receipt when paid, the refund. Returns whether anything was queued.
   */
  async function tellOfOrder(trx: Executor<Database>, row: OrderRow, lines: OrderLineRow[], kind: CustomerKind | null, alert: StaffKind | null, extra: Partial<OrderSnapshot> = {}) {
    const store = await ctx.services.stores.getStore(row.store_id, trx);
    const customer = JSON.parse(row.customer) as OrderSnapshot['customer'];
    const payload = {
      order: {
        orderId: row.id,
        reference: row.reference,
        currency: row.currency,
        items: lines.map((l) => ({ name: l.name, qty: l.qty, unitPriceMinor: l.unit_price_minor, lineTotalMinor: l.line_total_minor ?? l.qty * l.unit_price_minor })),
        subtotalMinor: row.subtotal_minor,
        feesMinor: row.fee_bearer === 'customer' ? row.fees_minor : 0,
        totalMinor: row.total_minor,
        paymentMethod: row.payment_method,
        paymentReference: row.payment_reference,
        status: row.status,
        customer,
        createdAt: row.created_at,
        paidAt: row.paid_at,
        ...extra,
      },
    };
    return ctx.services.messages.tell(trx, store, payload, { customerKind: kind, customerEmail: customer.email, staffKind: alert }, { orderId: row.id });
  }

  async function stockLines(trx: Executor<Database>, orderId: string): Promise<CheckoutLineInput[]> {
    return lockOrder((await repo.linesOf(trx, [orderId])).map((l) => ({ itemId: l.item_id, qty: l.qty })));
  }

  function refuseShortStock(lines: (PricedLine & { stockCount: number | null })[]) {
    const short = lines.filter((l) => l.stockCount !== null && l.stockCount < l.qty).map((l) => ({ field: l.itemId, message: `only ${l.stockCount} left` }));
    if (short.length) throw conflict('out-of-stock', 'Some items do not have enough stock.', short);
  }

  /** Starts a payment with the provider; one it cannot start is 502 payment-provider-error with `refusal`. */
  async function startPayment(request: InitializeRequest, refusal: string) {
    try {
      return await provider.initialize(request);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      ctx.log.warn({ err: error, reference: request.reference }, 'payment provider initialize failed');
      throw new AppError(502, 'payment-provider-error', refusal);
    }
  }

  /**
   * A refund processed, in `trx` (the order row locked): the order's refunded sum grows; whole, the
   * order is refunded (its items back on the shelf when asked, the clientOrderId free again), else
   * partially_refunded. The customer's spend goes down and they are told, order.refunded is sent, a
   * deposit's booking follows. `wasPending`: the part of the order's pending sum this refund was.
   */
  async function applyRefund(trx: Executor<Database>, row: OrderRow, refund: RefundRow, wasPending: number) {
    const now = nowIso();
    const amount = Number(refund.amount_minor);
    const inReview = row.payment_status === 'manual_review';
    const refunded = Number(row.refunded_minor) + amount;
    const whole = refunded >= Number(row.amount_paid_minor);
    const restock = whole && Number(row.stock_held) === 1 && refund.restock === 1;
    const patch: Partial<OrderRow> = {
      status: whole ? 'refunded' : 'partially_refunded',
      payment_status: whole ? 'refunded' : row.payment_status,
      refunded_minor: refunded,
      refund_pending_minor: Number(row.refund_pending_minor) - wasPending,
      client_order_key: whole ? null : row.client_order_key,
      stock_held: restock ? 0 : row.stock_held,
      expires_at: null,
      note: refund.note ?? row.note,
      updated_at: now,
    };
    if (!(await repo.transition(trx, row.store_id, row.id, [row.status], patch))) throw conflict('conflict', 'The order changed meanwhile; reload and retry.');
    await repo.updateRefund(trx, refund.id, { status: 'processed', processed_at: refund.processed_at ?? now, next_check_at: null, failure: null, updated_at: now });
    // Only a sale (payment status paid) was added to the customer's total.
    if (row.customer_id && !inReview) await ctx.services.customers.addSpent(trx, row.store_id, row.customer_id, -amount);
    if (restock) await ctx.services.catalog.releaseStock(trx, row.store_id, await stockLines(trx, row.id));
    const next = { ...row, ...patch } as OrderRow;
    const lines = await emitOrder(trx, 'order.updated', next);
    await ctx.services.events.emit(trx, row.store_id, 'order.refunded', toOrder(next, lines));
    // Money that was a sale goes back to the customer: they are told (a payment in review was never a receipt).
    const told = inReview ? false : await tellOfOrder(trx, next, lines, 'order.refunded', null, { refundedMinor: amount });
    const follow = next.booking_id ? await ctx.services.bookings.followDeposit(trx, next, 'refunded') : null;
    return { told, follow, restocked: restock };
  }

  async function afterRefund(result: { told?: boolean; follow?: DepositFollow | null; row?: OrderRow; restocked?: boolean }) {
    if (result.told) ctx.services.messages.committed();
    if (result.follow) await ctx.services.bookings.afterDeposit(result.follow);
    if (result.restocked && result.row) await refreshCatalog(result.row.store_id);
  }

  /**
   * Asks the provider for a refund recorded as pending. Refused (the provider answered no): the
   * refund fails with its reason and the call answers 502. No answer (network, provider error): it
   * stays pending and is checked later; the provider's callback settles it either way.
   */
  async function askProviderToRefund(row: OrderRow, refund: RefundRow) {
    let result: RefundResult;
    try {
      result = await provider.refund({ reference: row.payment_reference ?? row.reference, amountMinor: Number(refund.amount_minor), currency: row.currency, note: refund.note });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      ctx.log.warn({ err: error, refundId: refund.id, reference: row.reference }, 'refund request to the provider failed');
      if (error.refused) {
        await service.settleRefund(refund.id, { status: 'failed', id: null, failure: error.message });
        throw new AppError(502, 'payment-provider-error', `The payment provider refused the refund (${error.message}); nothing was refunded.`);
      }
      await repo.updateRefund(db, refund.id, { next_check_at: addSeconds(nowIso(), REFUND_FIRST_CHECK_SECONDS), updated_at: nowIso() });
      return;
    }
    await repo.updateRefund(db, refund.id, { provider_refund_id: result.id, next_check_at: result.status === 'pending' ? addSeconds(nowIso(), REFUND_FIRST_CHECK_SECONDS) : null, updated_at: nowIso() });
    if (result.status !== 'pending') await service.settleRefund(refund.id, result);
  }

  const service = {
    provider,
    toOrder,

    async preview(storeId: string, raw: unknown) {
      const { input, store, lines, totals } = await quote(storeId, raw, false);
      refuseShortStock(lines);
      return { status: 200, body: previewBody(store, input, lines, totals) };
    },

    /** POST /integrationCheckoutCreate: 201 with a new order, or 200 with the pending order of a repeated clientOrderId. */
    async create(
      storeId: string,
      raw: unknown,
      options: { beforeCommit?: (trx: Executor<Database>, result: { status: number; body: CheckoutResponse }) => Promise<void> } = {},
    ): Promise<{ status: number; body: CheckoutResponse }> {
      const { input, store, lines, totals, live } = await quote(storeId, raw, true);
      const existing = await answerExisting(live);
      if (existing) return existing;
      // Before the payment is started; the reservation below re-checks atomically.
      refuseShortStock(lines);
      const now = nowIso();
      const gateway = input.paymentMethod === 'gateway_checkout';
      const reference = `ORD-${crockfordCode(12)}`;
      const initRequest = {
        reference,
        amountMinor: totals.totalMinor,
        currency: store.currency,
        email: input.customer.email,
        callbackUrl: `${ctx.config.publicBaseUrl}/pay/${reference}/return`,
        metadata: { storeId, clientOrderId: input.clientOrderId ?? '' },
      };
      // The payment is started before the order is saved, so the order and its complete answer
      // (with the hosted page's URL) commit together. A provider that cannot start it leaves nothing
      // behind; one started for an order that then fails (out of stock) is simply never paid.
      const init = gateway ? await startPayment(initRequest, 'The payment provider could not start the payment; no order was created and no stock reserved. Retry shortly.') : null;
      const row: OrderRow = {
        id: newId('ord'),
        store_id: storeId,
        reference,
        client_order_id: input.clientOrderId,
        client_order_key: input.clientOrderId,
        status: gateway ? 'pending_payment' : input.paymentMethod === 'cash' ? 'pending_cash_collection' : 'pending_manual',
        payment_status: 'payment_pending',
        payment_method: input.paymentMethod,
        provider: gateway ? provider.name : 'manual',
        payment_reference: init?.paymentReference ?? null,
        checkout_url: init?.authorizationUrl ?? null,
        pay_token: randomToken(24),
        currency: store.currency,
        subtotal_minor: totals.subtotalMinor,
        fees_minor: totals.feesMinor,
        total_minor: totals.totalMinor,
        store_minor: totals.storeMinor,
        platform_minor: totals.platformMinor,
        fee_bearer: totals.feeBearer,
        amount_paid_minor: 0,
        customer_id: null,
        customer: JSON.stringify(input.customer),
        delivery: input.delivery ? JSON.stringify(input.delivery) : null,
        return_url: input.returnUrl ?? '',
        cancel_url: input.cancelUrl ?? '',
        source_channel: input.sourceChannel,
        source_label: input.sourceLabel,
        sync_status: 'synced',
        stock_held: 1,
        note: null,
        // Manual orders wait for staff; only gateway checkouts expire.
        expires_at: gateway ? addSeconds(now, CHECKOUT_TTL_SECONDS) : null,
        // A real provider's payment is checked with it on a schedule (its callback may never come).
        next_check_at: gateway && provider.name !== 'sandbox' ? nextCheckAt(now, 0) : null,
        ...unsettled(now),
      };
      const lineRows = lineRowsOf(row.id, storeId, lines);
      let tookStock = false;
      let told = false;
      try {
        await db.transaction().execute(async (trx) => {
          const c = input.customer;
          // PostgreSQL: the customer's contact is recorded by the order's own statement (one round trip).
          const upsert = isPostgres(trx) && lineRows.length > 0 ? ctx.services.customers.contactUpsert(storeId, store.country, c, { orders: 1 }) : null;
          if (upsert) {
            row.customer_id = upsert.row.id;
            const event = ctx.services.events.newEvent(storeId, 'order.created', toOrder(row, lineRows));
            const placed = await repo.placeOrderWithContact(trx, row, lineRows, event.row, upsert);
            if (placed.customerCreated) await ctx.services.events.queueDeliveries(trx, upsert.createdEvent, placed.endpoints);
            row.customer_id = event.envelope.data.customerId = placed.customerId;
            if (placed.customerId === null) {
              // A concurrent checkout or booking created this email's customer first: theirs gets the order.
              row.customer_id = event.envelope.data.customerId = await ctx.services.customers.upsertFromContact(trx, storeId, store.country, c, { orders: 1 });
              await repo.setOrderCustomer(trx, storeId, row.id, row.customer_id, event.row.id, JSON.stringify(event.envelope));
            }
            await ctx.services.events.queueDeliveries(trx, event.envelope, placed.endpoints);
          } else {
            if (c.email || c.phone) row.customer_id = await ctx.services.customers.upsertFromContact(trx, storeId, store.country, c, { orders: 1 });
            const event = ctx.services.events.newEvent(storeId, 'order.created', toOrder(row, lineRows));
            await ctx.services.events.queueDeliveries(trx, event.envelope, await repo.insertOrderWithLines(trx, row, lineRows, event.row));
          }
          // A manual order (cash, mobile money…) waits for the customer to pay: they are told how, the
          // store is told of the order. A gateway checkout speaks when it is paid.
          if (!gateway) told = await tellOfOrder(trx, row, lineRows, 'order.received', 'alert.order.new');
          // The caller's record of this answer (Idempotency-Key) commits with the order, or neither does.
          await options.beforeCommit?.(trx, { status: 201, body: toCheckoutResponse(row, lineRows) });
          // Stock last: a popular item's row stays locked only from here to the commit, which on
          // PostgreSQL travels with the last take (`last`: nothing runs after it).
          // Which items track stock is known from pricing them (quote above).
          const known = new Map(lines.map((l) => [l.itemId, l.stockCount]));
          tookStock = await ctx.services.catalog.reserveStock(trx, storeId, lockOrder(lines.map((l) => ({ itemId: l.itemId, qty: l.qty }))), known, { last: true });
        });
      } catch (error) {
        if (isUniqueViolation(error) && input.clientOrderId) {
          // A concurrent create with the same clientOrderId won: answer with its order.
          const existing = await existingForClientOrderId(storeId, input.clientOrderId);
          if (existing) return existing;
        }
        throw error;
      }
      // The catalog shows stock: this instance drops its copy now, the others on the commit's signal.
      // An order of untracked items changed nothing the catalog shows.
      if (tookStock) ctx.services.catalog.stockTaken(storeId);
      if (told) ctx.services.messages.committed();
      return { status: 201, body: toCheckoutResponse(row, lineRows) };
    },

    /** The order for a reference, trxref or clientOrderId (newest first). */
    async lookup(storeId: string, value: string): Promise<Order> {
      const row = await repo.lookupOrder(db, storeId, value);
      if (!row) throw notFound('order-not-found', 'No order with this reference or clientOrderId in this store.');
      const { lines } = await withLines(row);
      return toOrder(row, lines);
    },

    /** The order row for a reference, across stores (hosted page, provider callbacks). */
    async findByReference(reference: string) {
      const row = await repo.findByReference(db, reference);
      return row ? withLines(row) : null;
    },

    /**
     * Money arrived for the order (sandbox Pay, Paystack verify or webhook). Applied once: a second
     * confirmation finds the order already paid, or already in manual review, and changes nothing. A
     * wrong amount or currency, or money for a checkout that had already closed (stock released), goes
     * to manual review, from where only staff move it (mark paid takes the stock again, or refund).
     */
    async confirmPayment(reference: string, payment: { amountMinor: number; currency: string; paidAt?: string | null; via: string; by?: PaidVia }) {
      const result = await db.transaction().execute(async (trx) => {
        const row = await repo.lockByReference(trx, reference);
        if (!row) return { row: null, applied: false };
        const now = nowIso();
        const paidAt = payment.paidAt && !Number.isNaN(Date.parse(payment.paidAt)) ? new Date(payment.paidAt).toISOString() : now;
        // Money already recorded for review (a late or mismatched payment): staff decide; a repeated
        // confirmation of it changes nothing. Only an order still holding its stock can become paid.
        if (row.payment_status === 'manual_review') return { row, applied: false };
        const exact = payment.amountMinor === row.total_minor && payment.currency === row.currency;
        const holdsStock = Number(row.stock_held) === 1;
        let patch: Partial<OrderRow> | null = null;
        let event: EventType = 'order.updated';
        if (AWAITING_PAYMENT.includes(row.status) && exact && holdsStock) {
          patch = { status: 'paid', payment_status: 'paid', amount_paid_minor: payment.amountMinor, paid_at: paidAt, paid_via: payment.by ?? 'callback', expires_at: null, next_check_at: null, updated_at: now };
          event = 'order.paid';
        } else if (AWAITING_PAYMENT.includes(row.status) || CLOSED_UNPAID.includes(row.status)) {
          const why = !exact
            ? `payment of ${payment.amountMinor} ${payment.currency} via ${payment.via} does not match the total ${row.total_minor} ${row.currency}`
            : `payment via ${payment.via} arrived after the checkout was ${holdsStock ? row.status : 'closed'}; stock was released`;
          patch = { status: 'pending_manual', payment_status: 'manual_review', amount_paid_minor: payment.amountMinor, paid_at: paidAt, paid_via: payment.by ?? 'callback', expires_at: null, next_check_at: null, note: why, updated_at: now };
        }
        if (!patch || !(await repo.transition(trx, row.store_id, row.id, [row.status], patch))) return { row, applied: false };
        const next = { ...row, ...patch } as OrderRow;
        if (event === 'order.paid' && next.customer_id) await ctx.services.customers.addSpent(trx, row.store_id, next.customer_id, payment.amountMinor);
        const lines = await emitOrder(trx, event, next);
        const told = event === 'order.paid' ? await tellOfOrder(trx, next, lines, 'order.paid', 'alert.order.paid') : false;
        // A deposit: its booking is paid (or its money waits in review with it).
        const follow = next.booking_id ? await ctx.services.bookings.followDeposit(trx, next, event === 'order.paid' ? 'paid' : 'review') : null;
        return { row: next, applied: true, told, follow };
      });
      if (result.told) ctx.services.messages.committed();
      if (result.follow) await ctx.services.bookings.afterDeposit(result.follow);
      return result;
    },

    /**
     * Closes an unpaid checkout (declined, cancelled, expired) and puts its stock back. No-op when
     * the order already left pending_payment (paid, or closed by another instance).
     */
    async closeUnpaid(reference: string, to: 'payment_failed' | 'cancelled' | 'expired', note?: string, from: string[] = ['pending_payment']) {
      const result = await db.transaction().execute(async (trx) => {
        const row = await repo.lockByReference(trx, reference);
        // Money in manual review is never closed away (staff refund it or mark it paid).
        if (!row || !from.includes(row.status) || row.payment_status === 'manual_review') return { row, applied: false };
        // A declined or cancelled payment is over; an expired checkout's money may still come (mobile
        // money can confirm minutes later): its checks go on, and a late payment lands in manual review.
        const patch: Partial<OrderRow> = { status: to, client_order_key: null, stock_held: 0, expires_at: null, updated_at: nowIso(), ...(to === 'expired' ? {} : { next_check_at: null }), ...(note ? { note } : {}) };
        if (!(await repo.transition(trx, row.store_id, row.id, [row.status], patch))) return { row, applied: false };
        if (Number(row.stock_held) === 1) await ctx.services.catalog.releaseStock(trx, row.store_id, await stockLines(trx, row.id));
        const next = { ...row, ...patch } as OrderRow;
        await emitOrder(trx, to === 'payment_failed' ? 'order.payment_failed' : 'order.updated', next);
        // A deposit not paid: its booking gives its time back (cancelled as deposit_unpaid, the customer told).
        const follow = next.booking_id ? await ctx.services.bookings.followDeposit(trx, next, 'unpaid') : null;
        return { row: next, applied: true, follow };
      });
      if (result.applied && result.row) await refreshCatalog(result.row.store_id);
      if ('follow' in result && result.follow) await ctx.services.bookings.afterDeposit(result.follow);
      return result;
    },

    /**
     * Asks the payment provider what became of a payment (its callback may be late or lost): when the
     * customer comes back from the payment page, and before a checkout expires. Counted in the metrics.
     */
    async verifyPayment(reference: string, trigger: 'return' | 'expiry' | 'reconcile') {
      try {
        const verified = await provider.verify(reference);
        ctx.metrics?.paymentVerified(trigger, verified.outcome);
        return verified;
      } catch (error) {
        if (error instanceof ProviderError) ctx.metrics?.paymentVerified(trigger, 'error');
        throw error;
      }
    },

    /**
     * Expires checkouts past their 30 minutes; safe with several instances (each close is conditional).
     * A checkout hosted by a real provider is verified first, so a payment whose webhook is late is
     * applied rather than expired.
     */
    async expireDue(now = nowIso(), batch = 100): Promise<number> {
      let expired = 0;
      for (const due of await repo.dueForExpiry(db, now, batch)) {
        if (due.provider !== 'sandbox' && due.provider === provider.name) {
          try {
            const verified = await service.verifyPayment(due.payment_reference ?? due.reference, 'expiry');
            if (verified.outcome === 'success' && verified.amountMinor !== null) {
              await service.confirmPayment(due.reference, { amountMinor: verified.amountMinor, currency: verified.currency ?? '', paidAt: verified.paidAt, via: `${provider.name} verify at expiry`, by: 'status_check' });
              continue;
            }
          } catch (error) {
            // The provider is unreachable: expire anyway (stock is never held forever); a late
            // payment still lands, in manual review.
            if (!(error instanceof ProviderError)) throw error;
            ctx.log.warn({ err: error, reference: due.reference }, 'verify before expiry failed');
          }
        }
        if ((await service.closeUnpaid(due.reference, 'expired', 'checkout expired unpaid')).applied) expired++;
      }
      return expired;
    },

    /**
     * Reconciliation: asks the provider about each payment whose check is due. Every instance may run
     * it; each check is claimed by a conditional update (its next_check_at as read), so one instance
     * makes it, once per step. Paid → recorded as paid (or in manual review when late or wrong), as the
     * callback would have; declined → payment failed; still pending → the next step. The provider
     * down: nothing changes, and the claim's lease runs out so the check is made again.
     */
    async reconcileDue(now = nowIso(), batch = 100): Promise<{ checked: number; paid: number; failed: number }> {
      const counts = { checked: 0, paid: 0, failed: 0 };
      if (provider.name === 'sandbox') return counts;
      for (const due of await repo.dueForCheck(db, provider.name, now, batch)) {
        const lease = addSeconds(now, CHECK_LEASE_SECONDS);
        if (!(await repo.claimCheck(db, due.store_id, due.id, due.next_check_at, lease))) continue;
        let outcome: 'success' | 'failed' | 'pending';
        try {
          const verified = await service.verifyPayment(due.payment_reference ?? due.reference, 'reconcile');
          outcome = verified.outcome;
          if (outcome === 'success' && verified.amountMinor !== null) {
            counts.checked++;
            const applied = await service.confirmPayment(due.reference, { amountMinor: verified.amountMinor, currency: verified.currency ?? '', paidAt: verified.paidAt, via: `${provider.name} status check`, by: 'status_check' });
            if (applied.applied) counts.paid++;
            // Already recorded (a callback won the race) or not applicable: no more checks either way.
            await repo.finishCheck(db, due.store_id, due.id, lease, null, Number(due.checks_done) + 1);
            continue;
          }
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          ctx.log.warn({ err: error, reference: due.reference }, 'payment status check failed; retried when its lease ends');
          continue;
        }
        counts.checked++;
        if (outcome === 'failed') {
          if ((await service.closeUnpaid(due.reference, 'payment_failed', 'declined (found by a status check with the provider)')).applied) counts.failed++;
          await repo.finishCheck(db, due.store_id, due.id, lease, null, Number(due.checks_done) + 1);
          continue;
        }
        // Still pending: the next step, unless the schedule is over.
        await repo.finishCheck(db, due.store_id, due.id, lease, nextCheckAt(due.created_at, Number(due.checks_done) + 1), Number(due.checks_done) + 1);
      }
      return counts;
    },

    // ---- staff ----

    /**
     * A page of the store's orders, newest first. `paidFrom`/`paidTo` (days of the store's time zone,
     * inclusive) keep the orders paid then: those a report's revenue counts; `itemId` those with a
     * line of that item (a report's best seller).
     */
    async listOrders(storeId: string, options: { limit: number; cursor?: string; statuses?: string[]; customerId?: string; bookingId?: string; itemId?: string; paidFrom?: string; paidTo?: string }) {
      const after = decodeCursor(options.cursor, 2) as [string, string] | null;
      let paidIn: { from?: string; to?: string } | undefined;
      if (options.paidFrom || options.paidTo) {
        const zone = (await ctx.services.stores.getStore(storeId)).timezone;
        const day = (field: 'paidFrom' | 'paidTo') => {
          const value = options[field];
          if (!value) return undefined;
          const parsed = DateTime.fromISO(value, { zone });
          if (!parsed.isValid) throw validationFailed([{ field, message: 'not a date (YYYY-MM-DD)' }], `${field} must be a real date (YYYY-MM-DD).`);
          return parsed;
        };
        const from = day('paidFrom');
        const to = day('paidTo');
        if (from && to && to < from) throw validationFailed([{ field: 'paidTo', message: 'on or after paidFrom' }], 'paidTo must be on or after paidFrom.');
        paidIn = { from: from?.toUTC().toISO() ?? undefined, to: to?.plus({ days: 1 }).startOf('day').toUTC().toISO() ?? undefined };
      }
      const rows = await repo.listOrders(db, storeId, { limit: options.limit, after, statuses: options.statuses, customerId: options.customerId, bookingId: options.bookingId, itemId: options.itemId, paidIn });
      const page = rows.slice(0, options.limit);
      const lines = await repo.linesOf(db, page.map((r) => r.id));
      const last = page[page.length - 1];
      return {
        orders: page.map((r) => toOrder(r, lines.filter((l) => l.order_id === r.id))),
        nextCursor: rows.length > options.limit && last ? encodeCursor([last.created_at, last.id]) : null,
      };
    },

    async getOrder(storeId: string, idOrReference: string): Promise<Order> {
      const row = (await repo.findOrder(db, storeId, idOrReference)) ?? (await repo.lookupOrder(db, storeId, idOrReference));
      if (!row) throw notFound('order-not-found', `No order ${idOrReference} in this store.`);
      const { lines } = await withLines(row);
      return toOrder(row, lines);
    },

    /**
     * POST /api/stores/{storeId}/orders: a sale at the counter. Products of the store (published or not)
     * at their catalog prices, no platform fee; stock taken in the sale's transaction (409
     * out-of-stock naming each short item). Paid now: the order is paid and, handed over, confirmed
     * (the customer gets a receipt when an email is known); else it waits for the money (cash to
     * collect, or a manual payment) and is confirmed when marked paid. Source channel `counter`.
     */
    async counterSale(storeId: string, input: CounterSaleInput): Promise<Order> {
      const store = await ctx.services.stores.getStore(storeId);
      const qtyOf = new Map<string, number>();
      for (const line of input.items) qtyOf.set(line.itemId, (qtyOf.get(line.itemId) ?? 0) + line.qty);
      const items = await ctx.services.catalog.findItems(storeId, [...qtyOf.keys()]);
      const missing: ErrorDetail[] = [];
      const notForSale: ErrorDetail[] = [];
      const priced: (PricedLine & { stockCount: number | null })[] = [];
      for (const [itemId, qty] of qtyOf) {
        const item = items.get(itemId);
        if (!item) missing.push({ field: itemId, message: 'no such item in this store' });
        else if (item.itemType !== 'product') notForSale.push({ field: itemId, message: `a ${item.itemType} is booked, not sold at the counter` });
        else priced.push({ itemId: item.id, name: item.name, qty, unitPriceMinor: item.priceMinor, stockCount: item.stockCount });
      }
      if (missing.length) throw unprocessable('item-not-found', 'Some items are not in this store’s catalog.', missing);
      if (notForSale.length) throw unprocessable('not-purchasable', 'Services and courses are booked, not sold.', notForSale);
      refuseShortStock(priced);
      const subtotalMinor = priced.reduce((sum, l) => sum + l.qty * l.unitPriceMinor, 0);
      if (subtotalMinor > MAX_ORDER_TOTAL_MINOR) throw validationFailed([{ field: 'items', message: `the sale exceeds ${MAX_ORDER_TOTAL_MINOR} minor units; split it` }]);

      const c = input.customer as { customerId?: string; name?: string; phone?: string | null; email?: string | null } | undefined;
      const existing = c?.customerId !== undefined ? await ctx.services.customers.getCustomer(storeId, c.customerId) : null;
      const contact = existing
        ? { name: existing.name, email: existing.email, phone: existing.phone }
        : { name: c?.name?.trim() ?? '', email: c?.email?.trim().toLowerCase() || null, phone: c?.phone?.trim() || null };
      const now = nowIso();
      const row: OrderRow = {
        id: newId('ord'),
        store_id: storeId,
        reference: `ORD-${crockfordCode(12)}`,
        client_order_id: null,
        client_order_key: null,
        // Handed over at the counter: a sale paid now is complete (confirmed), never waiting to be delivered.
        status: input.paid ? 'confirmed' : input.paymentMethod === 'cash' ? 'pending_cash_collection' : 'pending_manual',
        payment_status: input.paid ? 'paid' : 'payment_pending',
        payment_method: input.paymentMethod,
        provider: 'manual',
        payment_reference: null,
        checkout_url: null,
        pay_token: randomToken(24),
        currency: store.currency,
        subtotal_minor: subtotalMinor,
        fees_minor: 0,
        total_minor: subtotalMinor,
        store_minor: subtotalMinor,
        platform_minor: 0,
        fee_bearer: 'store',
        amount_paid_minor: input.paid ? subtotalMinor : 0,
        customer_id: null,
        customer: JSON.stringify(contact),
        delivery: null,
        return_url: '',
        cancel_url: '',
        source_channel: 'counter',
        source_label: null,
        sync_status: 'synced',
        stock_held: 1,
        note: input.note?.trim() || null,
        expires_at: null,
        next_check_at: null,
        checks_done: 0,
        paid_via: input.paid ? 'counter' : null,
        paid_at: input.paid ? now : null,
        booking_id: null,
        refunded_minor: 0,
        refund_pending_minor: 0,
        created_at: now,
        updated_at: now,
      };
      const lineRows = lineRowsOf(row.id, storeId, priced);
      let told = false;
      let tookStock = false;
      await db.transaction().execute(async (trx) => {
        if (existing) {
          row.customer_id = existing.id;
          await ctx.services.customers.countOrder(trx, storeId, existing.id);
        } else if (contact.email || contact.phone) {
          row.customer_id = await ctx.services.customers.upsertFromContact(trx, storeId, store.country, contact, { orders: 1 });
        }
        const event = ctx.services.events.newEvent(storeId, 'order.created', toOrder(row, lineRows));
        await ctx.services.events.queueDeliveries(trx, event.envelope, await repo.insertOrderWithLines(trx, row, lineRows, event.row));
        if (input.paid) {
          if (row.customer_id) await ctx.services.customers.addSpent(trx, storeId, row.customer_id, subtotalMinor);
          await emitOrder(trx, 'order.paid', row);
          // A receipt for the customer when an email is known; the store made the sale, no alert.
          told = await tellOfOrder(trx, row, lineRows, 'order.paid', null);
        }
        const known = new Map(priced.map((l) => [l.itemId, l.stockCount]));
        tookStock = await ctx.services.catalog.reserveStock(trx, storeId, lockOrder(priced.map((l) => ({ itemId: l.itemId, qty: l.qty }))), known);
      });
      if (tookStock) ctx.services.catalog.stockTaken(storeId);
      if (told) ctx.services.messages.committed();
      return service.getOrder(storeId, row.id);
    },

    /** Staff settle a cash, manual or mobile-money order (or one in manual review) as paid. */
    async markPaid(storeId: string, idOrReference: string, input: { method?: string; note?: string }) {
      const current = await service.getOrder(storeId, idOrReference);
      let told = false;
      let follow: DepositFollow | null = null;
      await db.transaction().execute(async (trx) => {
        const row = await repo.findOrder(trx, storeId, current.orderId);
        if (!row || !AWAITING_PAYMENT.includes(row.status)) {
          throw conflict('conflict', `Order is ${row?.status ?? 'gone'}; only pending orders can be marked paid.`);
        }
        const amount = row.amount_paid_minor > 0 ? row.amount_paid_minor : row.total_minor;
        const now = nowIso();
        const patch: Partial<OrderRow> = {
          // A counter sale's goods were handed over when it was made: paid, it is complete.
          status: row.source_channel === 'counter' ? 'confirmed' : 'paid',
          payment_status: 'paid',
          payment_method: input.method ?? row.payment_method,
          amount_paid_minor: amount,
          paid_at: row.paid_at ?? now,
          paid_via: 'staff',
          stock_held: 1,
          expires_at: null,
          next_check_at: null,
          note: input.note ?? row.note,
          updated_at: now,
        };
        if (!(await repo.transition(trx, storeId, row.id, [row.status], patch))) throw conflict('conflict', 'The order changed meanwhile; reload and retry.');
        const next = { ...row, ...patch } as OrderRow;
        if (next.customer_id) await ctx.services.customers.addSpent(trx, storeId, next.customer_id, amount);
        // Money taken for a checkout that had closed: take the stock again (409 out-of-stock when gone).
        if (Number(row.stock_held) === 0) await ctx.services.catalog.reserveStock(trx, storeId, await stockLines(trx, row.id));
        const lines = await emitOrder(trx, 'order.paid', next);
        told = await tellOfOrder(trx, next, lines, 'order.paid', 'alert.order.paid');
        if (next.booking_id) follow = await ctx.services.bookings.followDeposit(trx, next, 'paid');
      });
      if (told) ctx.services.messages.committed();
      if (follow) await ctx.services.bookings.afterDeposit(follow);
      await refreshCatalog(storeId);
      return service.getOrder(storeId, current.orderId);
    },

    /**
     * Staff refund of a paid order, whole or in part (`amountMinor`, default what is left), or of money
     * held in manual review (always whole; never counted as a sale, its stock always goes back). A
     * payment taken by Paystack is refunded through Paystack: the refund is pending until its callback
     * or a status check says processed (then the order is refunded or partially_refunded, the customer
     * told, order.refunded) or failed (the order stays as it was, the refund says why). The sandbox and
     * manual methods (money handed back by the store) are refunded at once. `restock` puts the items
     * back on the shelf when the refund completes the order's.
     */
    async refund(storeId: string, idOrReference: string, input: { restock?: boolean; note?: string; amountMinor?: number }, by: string | null = null) {
      const current = await service.getOrder(storeId, idOrReference);
      const now = nowIso();
      const recorded = await db.transaction().execute(async (trx) => {
        const row = await repo.lockOrderById(trx, storeId, current.orderId);
        const inReview = row?.payment_status === 'manual_review';
        if (!row || !(PAID.includes(row.status) || row.status === 'partially_refunded' || inReview)) {
          throw conflict('conflict', `Order is ${row?.status ?? 'gone'}; only paid orders (or payments in manual review) can be refunded.`);
        }
        const left = Number(row.amount_paid_minor) - Number(row.refunded_minor) - Number(row.refund_pending_minor);
        if (left <= 0) {
          throw conflict('conflict', Number(row.refund_pending_minor) > 0 ? 'A refund of this order is still being processed.' : 'Nothing is left to refund.', [{ field: 'amountMinor', message: 'nothing left to refund' }]);
        }
        const amount = input.amountMinor ?? left;
        if (amount > left) throw validationFailed([{ field: 'amountMinor', message: `at most ${left} (what is left of the payment)` }]);
        if (inReview && amount !== left) throw validationFailed([{ field: 'amountMinor', message: 'money in manual review is refunded whole' }]);
        const asksProvider = row.provider === 'paystack' && provider.name === 'paystack';
        const refund: RefundRow = {
          id: newId('rfd'),
          store_id: storeId,
          order_id: row.id,
          amount_minor: amount,
          status: asksProvider ? 'pending' : 'processed',
          provider: asksProvider ? provider.name : row.provider === 'sandbox' ? 'sandbox' : 'manual',
          provider_refund_id: null,
          restock: input.restock === true || inReview ? 1 : 0,
          note: input.note?.trim() || null,
          failure: null,
          requested_by: by,
          // Checked later even if this process stops before Paystack answers (see reconcileRefunds).
          next_check_at: asksProvider ? addSeconds(now, REFUND_FIRST_CHECK_SECONDS) : null,
          created_at: now,
          updated_at: now,
          processed_at: asksProvider ? null : now,
        };
        await repo.insertRefund(trx, refund);
        if (!asksProvider) return { row, refund, asksProvider, ...(await applyRefund(trx, row, refund, 0)) };
        await repo.updateOrder(trx, storeId, row.id, { refund_pending_minor: Number(row.refund_pending_minor) + amount, updated_at: now });
        await emitOrder(trx, 'order.updated', { ...row, refund_pending_minor: Number(row.refund_pending_minor) + amount, updated_at: now });
        return { row, refund, asksProvider, told: false, follow: null };
      });
      await afterRefund(recorded);
      if (recorded.asksProvider) await askProviderToRefund(recorded.row, recorded.refund);
      return service.getOrder(storeId, current.orderId);
    },

    /** The refunds of an order, oldest first (staff). */
    async refundsOf(storeId: string, orderId: string, currency: string) {
      return (await repo.refundsOf(db, storeId, orderId)).map((r) => toRefund(r, currency));
    },

    /**
     * A refund's outcome, from the provider's callback, a status check or its answer: processed →
     * the order's refund is applied (once); failed → recorded with why (the money stays with the
     * store). A processed refund never goes back; a failed one becomes processed if the provider later
     * says it was (its answer had been lost).
     */
    async settleRefund(refundId: string, outcome: RefundResult): Promise<{ applied: boolean }> {
      if (outcome.status === 'pending') return { applied: false };
      const result = await db.transaction().execute(async (trx) => {
        const refund = await repo.lockRefund(trx, refundId);
        if (!refund || refund.status === 'processed' || refund.status === outcome.status) return { applied: false as const };
        const row = await repo.lockOrderById(trx, refund.store_id, refund.order_id);
        if (!row) return { applied: false as const };
        const wasPending = refund.status === 'pending' ? Number(refund.amount_minor) : 0;
        if (outcome.status === 'processed') {
          // A refund once failed and now processed: the order must still have that much left.
          const left = Number(row.amount_paid_minor) - Number(row.refunded_minor) - (Number(row.refund_pending_minor) - wasPending);
          if (Number(refund.amount_minor) > left) {
            ctx.log.error({ refundId, orderId: row.id }, 'a refund reported processed exceeds what is left of the payment; left for staff');
            return { applied: false as const };
          }
          return { applied: true as const, row, refund, ...(await applyRefund(trx, row, refund, wasPending)) };
        }
        const now = nowIso();
        await repo.updateRefund(trx, refund.id, { status: 'failed', failure: outcome.failure ?? 'the provider could not refund it', next_check_at: null, updated_at: now });
        const next = { ...row, refund_pending_minor: Number(row.refund_pending_minor) - wasPending, updated_at: now };
        await repo.updateOrder(trx, row.store_id, row.id, { refund_pending_minor: next.refund_pending_minor, updated_at: now });
        await emitOrder(trx, 'order.updated', next);
        return { applied: true as const, row, refund, told: false, follow: null };
      });
      if (result.applied) await afterRefund(result);
      return { applied: result.applied };
    },

    /**
     * Paystack's refund callback (refund.processed / refund.failed): the refund of the payment
     * `transactionReference` for `amountMinor` (the oldest such refund still pending, or failed for
     * want of an answer).
     */
    async refundCallback(transactionReference: string, amountMinor: number, outcome: RefundResult): Promise<{ applied: boolean }> {
      const order = await repo.findByReference(db, transactionReference);
      if (!order || order.provider !== 'paystack') return { applied: false };
      const refunds = await repo.refundsOf(db, order.store_id, order.id);
      const match =
        refunds.find((r) => outcome.id && r.provider_refund_id === outcome.id) ??
        refunds.find((r) => r.status === 'pending' && Number(r.amount_minor) === amountMinor) ??
        refunds.find((r) => r.status === 'failed' && Number(r.amount_minor) === amountMinor && outcome.status === 'processed');
      if (!match) return { applied: false };
      return service.settleRefund(match.id, outcome);
    },

    /**
     * Refunds asked of the provider and not settled are checked with it (10 minutes after, then hourly
     * for a week), claimed per check by one instance; a refund whose request got no answer (no id to
     * check) is marked failed with that reason: staff see it and check the provider's dashboard.
     */
    async reconcileRefunds(now = nowIso(), batch = 100): Promise<{ checked: number; settled: number }> {
      const counts = { checked: 0, settled: 0 };
      if (provider.name === 'sandbox') return counts;
      for (const due of await repo.refundsDueForCheck(db, provider.name, now, batch)) {
        const lease = addSeconds(now, CHECK_LEASE_SECONDS);
        if (!(await repo.claimRefundCheck(db, due.id, due.next_check_at!, lease))) continue;
        counts.checked++;
        if (!due.provider_refund_id) {
          if ((await service.settleRefund(due.id, { status: 'failed', id: null, failure: `no answer from ${provider.name} when the refund was asked; check its dashboard before refunding again` })).applied) counts.settled++;
          continue;
        }
        let outcome: RefundResult;
        try {
          outcome = await provider.refundStatus(due.provider_refund_id);
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          ctx.log.warn({ err: error, refundId: due.id }, 'refund status check failed; retried when its lease ends');
          continue;
        }
        if (outcome.status === 'pending') {
          const next = addSeconds(now, REFUND_CHECK_SECONDS);
          const stop = addSeconds(due.created_at, REFUND_CHECK_FOR_SECONDS);
          await repo.updateRefund(db, due.id, { next_check_at: next < stop ? next : null });
          continue;
        }
        if ((await service.settleRefund(due.id, outcome)).applied) counts.settled++;
      }
      return counts;
    },

    // ---- deposits ----

    /**
     * Starts a booking's deposit payment (before the booking's transaction, like a checkout): the
     * provider's page exists when the booking commits. 400 naming customer.email when the provider
     * needs one; 502 when it cannot start the payment (nothing is booked).
     */
    async startDeposit(
      store: Store,
      d: { amountMinor: number; serviceId: string; serviceName: string; customer: { name: string; email: string | null; phone: string }; sourceChannel: string | null; returnUrl: string },
    ): Promise<PreparedDeposit> {
      if (provider.requiresEmail && !d.customer.email) {
        throw validationFailed([{ field: 'customer.email', message: 'is required: this service asks a deposit, paid online by card or mobile money' }]);
      }
      if (d.amountMinor > MAX_ORDER_TOTAL_MINOR) throw validationFailed([{ field: 'quantity', message: 'the deposit is too large; book fewer seats' }]);
      const now = nowIso();
      const reference = `ORD-${crockfordCode(12)}`;
      const init = await startPayment(
        {
          reference,
          amountMinor: d.amountMinor,
          currency: store.currency,
          email: d.customer.email,
          callbackUrl: `${ctx.config.publicBaseUrl}/pay/${reference}/return`,
          metadata: { storeId: store.id, deposit: 'true' },
        },
        'The payment provider could not start the deposit payment; nothing was booked. Retry shortly.',
      );
      const expiresAt = addSeconds(now, store.depositHoldMinutes * 60);
      const row: OrderRow = {
        id: newId('ord'),
        store_id: store.id,
        reference,
        client_order_id: null,
        client_order_key: null,
        status: 'pending_payment',
        payment_status: 'payment_pending',
        payment_method: 'gateway_checkout',
        provider: provider.name,
        payment_reference: init.paymentReference,
        checkout_url: init.authorizationUrl,
        pay_token: randomToken(24),
        currency: store.currency,
        subtotal_minor: d.amountMinor,
        fees_minor: 0,
        total_minor: d.amountMinor,
        store_minor: d.amountMinor,
        platform_minor: 0,
        fee_bearer: 'store',
        amount_paid_minor: 0,
        customer_id: null,
        customer: JSON.stringify(d.customer),
        delivery: null,
        return_url: d.returnUrl,
        cancel_url: d.returnUrl,
        source_channel: d.sourceChannel,
        source_label: 'deposit',
        sync_status: 'synced',
        stock_held: 1,
        note: null,
        expires_at: expiresAt,
        next_check_at: provider.name !== 'sandbox' ? nextCheckAt(now, 0) : null,
        ...unsettled(now),
      };
      const lines = lineRowsOf(row.id, store.id, [{ itemId: d.serviceId, name: `Deposit: ${d.serviceName}`, qty: 1, unitPriceMinor: d.amountMinor }]);
      return {
        row,
        lines,
        payment: { reference, checkoutUrl: init.authorizationUrl, amountDue: money(d.amountMinor, store.currency), amountDueMinor: d.amountMinor, expiresAt },
      };
    },

    /** Saves a started deposit with its booking, in the booking's transaction (order.created). */
    async placeDeposit(trx: Executor<Database>, prepared: PreparedDeposit, booking: { id: string; customer_id: string | null }) {
      const row = { ...prepared.row, booking_id: booking.id, customer_id: booking.customer_id };
      const event = ctx.services.events.newEvent(row.store_id, 'order.created', toOrder(row, prepared.lines));
      await ctx.services.events.queueDeliveries(trx, event.envelope, await repo.insertOrderWithLines(trx, row, prepared.lines, event.row));
    },

    /** Where a booking's deposit is paid and until when, while its checkout is open; null otherwise. */
    async depositPayment(storeId: string, bookingId: string): Promise<{ checkoutUrl: string; expiresAt: string } | null> {
      const row = await repo.depositOf(db, storeId, bookingId);
      return row?.status === 'pending_payment' && row.checkout_url && row.expires_at ? { checkoutUrl: row.checkout_url, expiresAt: row.expires_at } : null;
    },

    /** A booking cancelled while its deposit was unpaid: the deposit's checkout closes (a late payment goes to review). */
    async closeDeposit(storeId: string, bookingId: string) {
      const row = await repo.depositOf(db, storeId, bookingId);
      if (row?.status === 'pending_payment') await service.closeUnpaid(row.reference, 'cancelled', 'the booking was cancelled');
    },

    /** A booking with a paid deposit cancelled by the store, or by its customer in time: what is left of the deposit goes back. */
    async refundDeposit(storeId: string, bookingId: string, by: string | null) {
      const row = await repo.depositOf(db, storeId, bookingId);
      if (!row || !(PAID.includes(row.status) || row.status === 'partially_refunded')) return null;
      if (Number(row.amount_paid_minor) - Number(row.refunded_minor) - Number(row.refund_pending_minor) <= 0) return null;
      return service.refund(storeId, row.id, { note: 'the booking was cancelled' }, by);
    },

    /** Fulfilment: paid → pending_delivery → confirmed (or paid → confirmed); a partly refunded order too (what was refunded stays in refundedMinor). */
    async moveFulfilment(storeId: string, idOrReference: string, to: FulfilmentStatus) {
      const current = await service.getOrder(storeId, idOrReference);
      const from = to === 'pending_delivery' ? ['paid', 'partially_refunded'] : ['paid', 'pending_delivery', 'partially_refunded'];
      await db.transaction().execute(async (trx) => {
        const row = await repo.findOrder(trx, storeId, current.orderId);
        if (!row || !from.includes(row.status)) throw conflict('conflict', `An order that is ${row?.status ?? 'gone'} cannot move to ${to}.`);
        const patch = { status: to, updated_at: nowIso() };
        if (!(await repo.transition(trx, storeId, row.id, [row.status], patch))) throw conflict('conflict', 'The order changed meanwhile; reload and retry.');
        await emitOrder(trx, 'order.updated', { ...row, ...patch });
      });
      return service.getOrder(storeId, current.orderId);
    },

    /**
     * Integration: the website cancels a checkout of its own still waiting for payment (a cart across
     * stores whose other checkout failed); its stock goes back at once. A checkout hosted by a real
     * provider is verified first: paid meanwhile, the payment is applied and the cancel refused (409).
     */
    async cancelCheckout(storeId: string, reference: string) {
      const row = (await repo.findOrder(db, storeId, reference)) ?? (await repo.lookupOrder(db, storeId, reference));
      if (!row) throw notFound('order-not-found', `No order ${reference} in this store.`);
      if (row.status !== 'pending_payment') throw conflict('conflict', `An order that is ${row.status} cannot be cancelled.`, [{ field: 'reference', message: `order is ${row.status}` }]);
      if (row.provider !== 'sandbox' && row.provider === provider.name) {
        const verified = await service.verifyPayment(row.payment_reference ?? row.reference, 'expiry');
        if (verified.outcome === 'success' && verified.amountMinor !== null) {
          await service.confirmPayment(row.reference, { amountMinor: verified.amountMinor, currency: verified.currency ?? '', paidAt: verified.paidAt, via: `${provider.name} verify at cancel`, by: 'status_check' });
          throw conflict('conflict', 'This checkout was paid meanwhile; it cannot be cancelled.', [{ field: 'reference', message: 'order is paid' }]);
        }
      }
      const result = await service.closeUnpaid(row.reference, 'cancelled', 'cancelled by the website');
      if (!result.applied) throw conflict('conflict', `An order that is ${result.row?.status ?? 'gone'} cannot be cancelled.`, [{ field: 'reference', message: `order is ${result.row?.status ?? 'gone'}` }]);
      return service.getOrder(storeId, row.id);
    },

    /** Staff cancel of an unpaid order (any pending state); its stock goes back. */
    async cancel(storeId: string, idOrReference: string) {
      const current = await service.getOrder(storeId, idOrReference);
      // Money was received for it: cancelling would hide that money. Refund it or mark it paid.
      if (current.paymentStatus === 'manual_review') {
        throw conflict('conflict', 'A payment for this order is in manual review: refund it, or mark the order paid; it cannot be cancelled.');
      }
      const result = await service.closeUnpaid(current.reference, 'cancelled', 'cancelled by staff', AWAITING_PAYMENT);
      if (!result.applied) throw conflict('conflict', `An order that is ${result.row?.status ?? 'gone'} cannot be cancelled.`);
      return service.getOrder(storeId, current.orderId);
    },

    // ---- read models for reporting (the reporting module never reads these tables itself) ----

    /** Per item: quantity, revenue (minor units) and number of paid orders since `since`. */
    async topSellingSince(storeId: string, since: string, limit: number) {
      const rows = await repo.topSelling(db, storeId, since, limit);
      return rows.map((r) => ({ itemId: r.itemId, name: String(r.name ?? ''), quantity: Number(r.quantity), revenueMinor: Number(r.revenueMinor), ordersCount: Number(r.ordersCount) }));
    },

    /** Paid orders with paid_at in [from, to): their payment time, amount and customer. */
    async paidOrdersBetween(storeId: string, from: string, to: string) {
      return (await repo.paidOrdersBetween(db, storeId, from, to)).map((r) => ({ paidAt: r.paid_at as string, amountMinor: Number(r.amount_paid_minor), customerId: r.customer_id }));
    },

    /** Products sold in orders paid in [from, to), best revenue first (at most `limit`). */
    async productSalesBetween(storeId: string, from: string, to: string, limit: number) {
      const rows = await repo.productSalesBetween(db, storeId, from, to, limit);
      return rows.map((r) => ({ itemId: r.itemId, name: String(r.name ?? ''), quantity: Number(r.quantity), revenueMinor: Number(r.revenueMinor), ordersCount: Number(r.ordersCount) }));
    },
  };
  return service;
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
