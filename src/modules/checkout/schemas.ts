// TypeBox schemas of the checkout, order and payment routes (they feed /openapi.json).
import { Type } from 'typebox';
import { DocumentedAs, emailPattern, HttpUrl, IsoTimestamp, Nullable } from '../../http/schemas.ts';
import { pattern, withFieldChecks } from '../../http/validation.ts';
import { FrontDeskEmail } from '../customers/schemas.ts';
import { MAX_LINES, MAX_QTY, parseCheckoutPayload } from './payload.ts';

const Str = (description: string, maxLength = 500) => Type.Optional(Type.String({ maxLength, description }));
const Qty = Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_QTY, description: `1–${MAX_QTY}` }));

const ItemEntry = Type.Object(
  {
    item_id: Str('raw item id (a `<storeId>_` prefix is removed); else id, else productId', 200),
    id: Str('extended form: item id', 200),
    productId: Str('extended form: item id', 200),
    originalProductId: Str('display id, for debugging only; never used for matching', 300),
    type: Str('PRODUCT', 20),
    item_type: Str('product', 20),
    qty: Qty,
    quantity: Qty,
    name: Str('informational; the catalog name is used', 300),
    unitPrice: Type.Optional(Type.Number({ description: 'informational; ignored (prices come from the catalog)' })),
    price: Type.Optional(Type.Number({ description: 'informational; ignored (prices come from the catalog)' })),
    merchantId: Str('must equal storeId', 100),
    merchant_id: Str('must equal storeId', 100),
    storeId: Str('must equal storeId', 100),
    store_id: Str('must equal storeId', 100),
  },
  { description: 'A cart line. Quantity: qty, else quantity.' },
);

const Contact = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200, description: 'required to create an order (not for the preview)' })),
    email: Type.Optional(Type.String({ maxLength: 254, ...pattern(new RegExp(`^\\s*(?:${emailPattern('')}\\s*)?$`), 'is not an email address'), description: 'required with the paystack provider' })),
    phone: Type.Optional(Type.String({ maxLength: 40, ...pattern(/^(?:\D*\d){9,15}\D*$|^\s*$/, '9 to 15 digits'), description: '9 to 15 digits; spaces, +, - and brackets allowed' })),
  },
  { description: 'the buyer; required with a name to create an order, optional for the preview' },
);

/** Store identifiers are compared with the request's store once the schema passes; the schema does not know it. */
const STORE_FIELD = /(^|\.)(storeId|store_id|merchantId|merchant_id)$/;

// Integration payload: unknown fields are accepted and ignored (CONTRACT §9). payload.ts's checks
// join the schema's details, so one answer names every bad field.
const checkoutFields = {
  storeId: Str('store identifier (or store_id / merchantId / merchant_id)', 100),
  store_id: Str('extended form duplicate of storeId', 100),
  merchantId: Str('same value as storeId', 100),
  merchant_id: Str('extended form duplicate of merchantId', 100),
  clientOrderId: Str('caller-chosen order reference; repeating it for a pending order returns that order', 120),
  client_order_id: Str('extended form duplicate of clientOrderId', 120),
  sourceChannel: Str('e.g. client_website', 60),
  source_channel: Str('extended form duplicate', 60),
  sourceLabel: Str('free label', 200),
  source_label: Str('extended form duplicate', 200),
  currency: Str('must be the store currency when sent', 3),
  orderType: Str('product', 20),
  items: Type.Optional(Type.Array(ItemEntry, { maxItems: MAX_LINES, description: 'the lines (both forms)' })),
  cart: Type.Optional(Type.Array(ItemEntry, { maxItems: MAX_LINES, description: 'extended form; used when items is absent' })),
  amount: Type.Optional(Type.Number({ description: 'informational browser total; ignored' })),
  customer: Type.Optional(Contact),
  returnUrl: Type.Optional(HttpUrl({ description: 'absolute http(s) URL for success (required for gateway checkout)' })),
  cancelUrl: Type.Optional(HttpUrl({ description: 'absolute http(s) URL for cancel or failure (required for gateway checkout)' })),
  delivery: Type.Optional(Type.Object({ location: Type.Optional(Type.String({ maxLength: 500 })), notes: Type.Optional(Type.String({ maxLength: 1000 })) })),
  paymentMethod: Type.Optional(
    Type.Union([Type.Literal('gateway_checkout'), Type.Literal('cash'), Type.Literal('manual'), Type.Literal('momo')], {
      description: 'gateway_checkout (default): hosted payment page; cash/manual/momo: order waits for staff to settle',
    }),
  ),
  syncStatus: Str('extended form; ignored', 40),
  syncRequestedAt: Str('extended form; ignored', 40),
};
const checkoutOptions = { description: 'Checkout create payload, basic or extended form. Unknown fields are ignored.' };

/**
 * The payload names its store (auth.ts storeIdOf reads storeId, store_id, merchantId or merchant_id,
 * the first non-empty one) before the body is validated: without one the answer is 400
 * missing-store-id, so the validated schema need not require it; /openapi.json states it.
 */
const STORE_FIELDS = ['storeId', 'store_id', 'merchantId', 'merchant_id'];

/**
 * "One of these fields" as JSON Schema alternatives, with what the field named must not be (`not`).
 * Required lists and `not` only: generated client types keep the payload's own shape (openapi-typescript
 * makes such an alternative `unknown`), so the SDK's payload types, which add the store itself, still fit.
 */
const oneOfFields = (keys: string[], not?: object) => ({
  anyOf: keys.map((key) => ({ required: [key], ...(not ? { not: { properties: { [key]: not } } } : {}) })),
});

// What payload.ts requires beyond the fields' own rules, in the document: a cart line names its item
// (item_id, else id, else productId) and its quantity (qty, else quantity); the payload has lines.
const documentedLine = Type.Object(ItemEntry.properties, {
  description: (ItemEntry as { description?: string }).description,
  allOf: [oneOfFields(['item_id', 'id', 'productId']), oneOfFields(['qty', 'quantity'])],
});
const documentedLines = (description: string, minItems?: number) => Type.Optional(Type.Array(documentedLine, { ...(minItems ? { minItems } : {}), maxItems: MAX_LINES, description }));

/**
 * The payload as /openapi.json states it (payload.ts and auth.ts check it): the store named, lines
 * (items, else cart) and, to create an order, the customer's name and, for the hosted page
 * (paymentMethod gateway_checkout, the default), both return URLs.
 */
function documentedPayload(create: boolean) {
  const fields = {
    ...checkoutFields,
    items: documentedLines('the lines (both forms); at least one', 1),
    cart: documentedLines('extended form; used when items is absent (then at least one)'),
    ...(create
      ? {
          customer: Type.Optional(
            Type.Object(
              { ...Contact.properties, name: Type.Optional(Type.String({ maxLength: 200, ...pattern(/\S/, 'must not be blank'), description: 'required (not only spaces)' })) },
              { description: (Contact as { description?: string }).description, allOf: [{ required: ['name'] }] },
            ),
          ),
        }
      : {}),
  };
  // A store field names the store when not empty; cart holds the lines when items is absent, so it must then have one.
  const allOf: object[] = [oneOfFields(STORE_FIELDS, { const: '' }), { anyOf: [{ required: ['items'] }, { required: ['cart'], not: { properties: { cart: { maxItems: 0 } } } }] }];
  if (create) {
    allOf.push({ required: ['customer'] });
    allOf.push({
      anyOf: [
        { required: ['returnUrl', 'cancelUrl'] },
        { required: ['paymentMethod'], properties: { paymentMethod: { enum: ['cash', 'manual', 'momo'] } } },
      ],
    });
  }
  const rules = create
    ? ' An order also needs customer with a name, and returnUrl and cancelUrl unless paymentMethod is cash, manual or momo.'
    : ' The preview needs no customer and no URLs.';
  return Type.Object(fields, {
    description: `${checkoutOptions.description} One of storeId, store_id, merchantId, merchant_id names the store (400 missing-store-id without); the lines are items, else cart.${rules}`,
    allOf,
  });
}

const payloadSchema = (create: boolean) => DocumentedAs(Type.Object(checkoutFields, checkoutOptions), documentedPayload(create));

/** Checkout create: an order needs its customer's name and, for the hosted page, its return URLs. */
export const CheckoutBody = withFieldChecks(payloadSchema(true), (body) =>
  parseCheckoutPayload('', body, { requireUrls: true }).errors.filter((d) => !STORE_FIELD.test(d.field)),
);

/** The preview prices the same payload; it needs neither a customer nor URLs. */
export const PreviewBody = withFieldChecks(payloadSchema(false), (body) =>
  parseCheckoutPayload('', body, { requireUrls: false }).errors.filter((d) => !STORE_FIELD.test(d.field)),
);

const Line = Type.Object({
  itemId: Type.String(),
  name: Type.String(),
  qty: Type.Integer(),
  unitPrice: Type.Number({ description: 'major units' }),
  unitPriceMinor: Type.Integer(),
  lineTotal: Type.Number(),
  lineTotalMinor: Type.Integer(),
});

const totals = {
  subtotal: Type.Number(),
  subtotalMinor: Type.Integer(),
  fees: Type.Number({ description: 'fees added to the customer total (0 when the store bears the platform fee)' }),
  feesMinor: Type.Integer(),
  total: Type.Number({ description: 'what the customer pays, major units' }),
  totalMinor: Type.Integer(),
  split: Type.Object({ storeMinor: Type.Integer(), platformMinor: Type.Integer() }, { description: 'who receives the total' }),
  feeBearer: Type.Union([Type.Literal('customer'), Type.Literal('store')]),
};

export const PreviewResponse = Type.Object({
  ok: Type.Boolean(),
  storeId: Type.String(),
  clientOrderId: Nullable(Type.String()),
  currency: Type.String(),
  items: Type.Array(Line),
  ...totals,
});

export const CheckoutResponse = Type.Object({
  ok: Type.Boolean(),
  storeId: Type.String(),
  orderId: Type.String(),
  reference: Type.String({ description: 'ORD-… ; also the trxref the hosted page returns with' }),
  clientOrderId: Nullable(Type.String()),
  checkoutUrl: Nullable(Type.String({ description: 'hosted payment page (null for cash/manual/momo orders)' })),
  authorizationUrl: Nullable(Type.String({ description: 'same as checkoutUrl' })),
  paymentReference: Nullable(Type.String()),
  payment_reference: Nullable(Type.String({ description: 'snake_case duplicate of paymentReference, for sites that pass the response through' })),
  amountPaid: Type.Number({ description: 'major units; 0 until paid' }),
  amountPaidMinor: Type.Integer(),
  status: Type.String({ description: 'pending_payment (gateway), pending_cash_collection or pending_manual' }),
  paymentStatus: Type.String({ description: 'payment_pending' }),
  paymentMethod: Type.String(),
  currency: Type.String(),
  items: Type.Array(Line),
  ...totals,
  expiresAt: Nullable(IsoTimestamp),
});

export const OrderSchema = Type.Object({
  orderId: Type.String(),
  storeId: Type.String(),
  reference: Type.String(),
  clientOrderId: Nullable(Type.String()),
  status: Type.String({ description: 'pending_payment, pending_cash_collection, pending_manual, paid, pending_delivery, confirmed, payment_failed, cancelled, expired, partially_refunded, refunded' }),
  paymentStatus: Type.String({ description: 'payment_pending, paid, manual_review, refunded (a partial refund leaves it paid)' }),
  paymentMethod: Type.String(),
  provider: Type.String(),
  paymentReference: Nullable(Type.String()),
  amountPaid: Type.Number(),
  amountPaidMinor: Type.Integer(),
  currency: Type.String(),
  ...totals,
  syncStatus: Type.String(),
  items: Type.Array(Line),
  customer: Type.Object({ name: Type.String(), email: Nullable(Type.String()), phone: Nullable(Type.String()) }),
  customerId: Nullable(Type.String()),
  delivery: Nullable(Type.Object({ location: Nullable(Type.String()), notes: Nullable(Type.String()) })),
  sourceChannel: Nullable(Type.String()),
  sourceLabel: Nullable(Type.String()),
  checkoutUrl: Nullable(Type.String()),
  note: Nullable(Type.String()),
  expiresAt: Nullable(IsoTimestamp),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
  paidAt: Nullable(IsoTimestamp),
  paidVia: Nullable(
    Type.Union(['callback', 'return', 'status_check', 'staff', 'counter', 'sandbox'].map((v) => Type.Literal(v)), {
      description: 'how the payment was learnt of: the provider\'s callback, the customer\'s return from the payment page, a status check with the provider (its callback was late or lost), staff marking it paid, a sale at the counter, the sandbox page; null until paid (or in manual review)',
    }),
  ),
  refunded: Type.Number({ description: 'refunded so far, major units (processed refunds only)' }),
  refundedMinor: Type.Integer({ description: 'refunded so far, minor units (processed refunds only)' }),
  refundPendingMinor: Type.Integer({ description: 'refunds asked of the payment provider and not yet processed or failed, minor units' }),
  bookingId: { ...Nullable(Type.String()), description: 'for a deposit: the booking it holds (one line, "Deposit: {service}"); null for any other order' },
});

export const RefundSchema = Type.Object({
  refundId: Type.String(),
  amount: Type.Number(),
  amountMinor: Type.Integer(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('processed'), Type.Literal('failed')], {
    description: 'pending: asked of the payment provider (Paystack), not yet done; processed: the money is on its way back; failed: it was not refunded (see failure)',
  }),
  provider: Type.String({ description: 'paystack, sandbox, or manual (the store hands the money back itself)' }),
  failure: { ...Nullable(Type.String()), description: 'why it failed, in the provider\'s words' },
  note: Nullable(Type.String()),
  requestedBy: Nullable(Type.String()),
  createdAt: IsoTimestamp,
  processedAt: Nullable(IsoTimestamp),
});

/** The order status query names its order by one of these (the first non-empty one); routes.ts answers 400 naming reference without any. */
export const ORDER_NAMED_BY = ['reference', 'trxref', 'clientOrderId'];

export const OrderStatusQuery = Type.Object({
  storeId: Type.Optional(Type.String({ description: 'store identifier (400 missing-store-id when absent)' })),
  reference: Type.Optional(Type.String({ maxLength: 200, description: 'order reference, trxref or clientOrderId; one of reference, trxref, clientOrderId is required (400 validation-failed naming reference without)' })),
  trxref: Type.Optional(Type.String({ maxLength: 200, description: 'the trxref the hosted page returned with (when reference is not sent)' })),
  clientOrderId: Type.Optional(Type.String({ maxLength: 200, description: 'your clientOrderId (when neither reference nor trxref is sent)' })),
});

export const OrderStatusResponse = Type.Object({ ok: Type.Boolean(), storeId: Type.String(), order: OrderSchema });
export const OrderResponse = Type.Object({ ok: Type.Boolean(), order: OrderSchema });

/** One order for staff: with its refunds. */
export const OrderDetailResponse = Type.Object({ ok: Type.Boolean(), order: Type.Object({ ...OrderSchema.properties, refunds: Type.Array(RefundSchema, { description: 'oldest first' }) }) });

export const OrdersQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
  status: Type.Optional(Type.String({ maxLength: 400, description: 'one status, or several separated by commas (pending_payment,pending_cash_collection)' })),
  customerId: Type.Optional(Type.String({ maxLength: 200, description: 'the orders of one customer (cus_…)' })),
  bookingId: Type.Optional(Type.String({ maxLength: 200, description: 'the deposit orders of one booking (bkg_…)' })),
  itemId: Type.Optional(Type.String({ maxLength: 200, description: 'the orders with a line of this catalog item (a report\'s best seller)' })),
  paidFrom: Type.Optional(Type.String({ format: 'date', description: "only orders paid (payment status paid: partly refunded ones included, wholly refunded ones not) on or after this day of the store's time zone (YYYY-MM-DD); the orders a report's revenue counts" })),
  paidTo: Type.Optional(Type.String({ format: 'date', description: "only orders paid on or before this day of the store's time zone (YYYY-MM-DD), on or after paidFrom" })),
});

export const OrdersResponse = Type.Object({
  ok: Type.Boolean(),
  count: Type.Integer(),
  orders: Type.Array(OrderSchema, { description: 'newest first' }),
  nextCursor: Nullable(Type.String()),
});

// Staff bodies refuse unknown fields (CONTRACT §9).
export const MarkPaidBody = Type.Object(
  {
    method: Type.Optional(Type.Union([Type.Literal('cash'), Type.Literal('manual'), Type.Literal('momo'), Type.Literal('gateway_checkout')])),
    note: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);

export const RefundBody = Type.Object(
  {
    restock: Type.Optional(Type.Boolean({ description: 'put the items back in stock when this refund completes the order\'s (default false)' })),
    note: Type.Optional(Type.String({ maxLength: 1000 })),
    amountMinor: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_000_000_000, description: 'refund part of the payment, in minor units (default: all that is left); at most what is left' })),
  },
  { additionalProperties: false },
);

export const FulfilmentBody = Type.Object({ status: Type.Union([Type.Literal('pending_delivery'), Type.Literal('confirmed')]) }, { additionalProperties: false });

export const PayParams = Type.Object({ reference: Type.String({ maxLength: 64 }) });

export const PayFormBody = Type.Object({
  action: Type.Union([Type.Literal('pay'), Type.Literal('decline'), Type.Literal('cancel')]),
  token: Type.String({ maxLength: 100 }),
});

export const HtmlPage = Type.String({ description: 'text/html page' });

export const CounterSaleBody = Type.Object(
  {
    items: Type.Array(
      Type.Object({ itemId: Type.String({ minLength: 1, maxLength: 200, description: 'a product of the store (published or not)' }), qty: Type.Integer({ minimum: 1, maximum: 10_000 }) }, { additionalProperties: false }),
      { minItems: 1, maxItems: 100 },
    ),
    customer: Type.Optional(
      Type.Object(
        {
          customerId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'an existing customer (cus_…)' })),
          name: Type.Optional(Type.String({ maxLength: 200 })),
          phone: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
          email: Type.Optional(Nullable(FrontDeskEmail)),
        },
        { additionalProperties: false, description: "{customerId}, or {name, phone?, email?}: found by phone (any format of the store's country) or email, else added" },
      ),
    ),
    paymentMethod: Type.Union(['cash', 'momo', 'card', 'other'].map((m) => Type.Literal(m)), { description: 'how the customer pays (momo: mobile money)' }),
    paid: Type.Boolean({ description: 'true: paid now (the order is paid); false: to collect (marked paid later)' }),
    note: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  },
  { additionalProperties: false },
);
