import { newIdempotencyKey, type RequestOptions, type RequestSender } from '../client.js';
import { toRawItemId } from '../browser/rules.js';
import type { Checkout, CheckoutLine, CheckoutPreview, CheckoutRequest, Order } from '../types.js';
import type { CreateOptions } from './bookings.js';

/** The checkout payload without the store fields: the client fills storeId and merchantId with its own store. */
export type CheckoutPayload = Omit<CheckoutRequest, 'storeId' | 'merchantId' | 'store_id' | 'merchant_id'>;

/**
 * A line as the service must receive it (the item identifier rule): every id it carries
 * (item_id, id, productId) is the raw id, and originalProductId keeps the display id.
 */
function toServiceLine(line: CheckoutLine, storeId: string): CheckoutLine {
  const displayId = line.item_id ?? line.id ?? line.productId;
  if (displayId === undefined) return line;
  const out: CheckoutLine = { type: 'PRODUCT', item_type: 'product', ...line, item_id: toRawItemId(displayId, storeId), originalProductId: line.originalProductId ?? displayId };
  if (line.id !== undefined) out.id = toRawItemId(line.id, storeId);
  if (line.productId !== undefined) out.productId = toRawItemId(line.productId, storeId);
  return out;
}

/** @internal */
export function toServicePayload(payload: CheckoutPayload, storeId: string): CheckoutRequest {
  const out: CheckoutRequest = { sourceChannel: 'client_website', ...payload, storeId, merchantId: storeId };
  if (payload.items) out.items = payload.items.map((line) => toServiceLine(line, storeId));
  if (payload.cart) out.cart = payload.cart.map((line) => toServiceLine(line, storeId));
  return out;
}

export function checkoutResource(sender: RequestSender, storeId: string) {
  return {
    /** POST /v1IntegrationCheckoutPreview: the totals the service would charge; nothing stored or reserved. */
    preview(payload: CheckoutPayload, options: CreateOptions = {}): Promise<CheckoutPreview> {
      return sender.send<CheckoutPreview>({
        method: 'POST',
        path: '/v1IntegrationCheckoutPreview',
        body: toServicePayload(payload, storeId),
        // Nothing is stored, so a retry is always safe; the key lets the client make it.
        idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
        call: options,
      });
    },
    /** POST /integrationCheckoutCreate with an Idempotency-Key: the order, its reference and the hosted checkoutUrl. */
    create(payload: CheckoutPayload, options: CreateOptions = {}): Promise<Checkout> {
      return sender.send<Checkout>({
        method: 'POST',
        path: '/integrationCheckoutCreate',
        body: toServicePayload(payload, storeId),
        idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
        call: options,
      });
    },
    /**
     * POST /v1IntegrationCheckoutCancel: cancels a checkout still waiting for payment (its stock goes
     * back at once); the cancelled order. 409 conflict when it is paid (or closed) already.
     */
    async cancel(reference: string, options: CreateOptions = {}): Promise<Order> {
      const answer = await sender.send<{ order: Order }>({
        method: 'POST',
        path: '/v1IntegrationCheckoutCancel',
        query: { storeId },
        body: { reference },
        idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
        call: options,
      });
      return answer.order;
    },
  };
}

export function ordersResource(sender: RequestSender, storeId: string) {
  return {
    /** GET /v1IntegrationOrderStatus: the order by its reference, the trxref the payment page returned with, or your clientOrderId. */
    async status(reference: string, options: RequestOptions = {}): Promise<Order> {
      return (await sender.send<{ order: Order }>({ method: 'GET', path: '/v1IntegrationOrderStatus', query: { storeId, reference }, call: options })).order;
    },
  };
}
