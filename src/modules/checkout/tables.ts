// Tables owned by the checkout module.
export interface OrderRow {
  id: string;
  store_id: string;
  reference: string;
  client_order_id: string | null;
  /** clientOrderId while the order is live (pending or paid), NULL once failed, cancelled or expired. */
  client_order_key: string | null;
  status: string;
  payment_status: string;
  payment_method: string;
  provider: string;
  payment_reference: string | null;
  checkout_url: string | null;
  /** Random token the hosted payment page's forms must send back (CSRF). */
  pay_token: string;
  currency: string;
  subtotal_minor: number;
  fees_minor: number;
  total_minor: number;
  store_minor: number;
  platform_minor: number;
  fee_bearer: string;
  amount_paid_minor: number;
  customer_id: string | null;
  /** JSON {name, email, phone}. */
  customer: string;
  /** JSON {location, notes} or NULL. */
  delivery: string | null;
  return_url: string;
  cancel_url: string;
  source_channel: string | null;
  source_label: string | null;
  sync_status: string;
  /** 1 while the order holds catalog stock (released on failure, cancel, expiry or refund). */
  stock_held: number;
  note: string | null;
  expires_at: string | null;
  /** When the provider is next asked about the payment (reconciliation); NULL when it need not be. */
  next_check_at: string | null;
  /** Reconciliation steps done. */
  checks_done: number;
  /** How the payment was learnt of: callback, return, status_check, staff, counter, sandbox. */
  paid_via: string | null;
  paid_at: string | null;
  /** The booking a deposit order is for (one line, "Deposit: {service}"); NULL for any other order. */
  booking_id: string | null;
  /** Refunded and confirmed by the provider (or at once, for the sandbox and manual methods). */
  refunded_minor: number;
  /** Refunds asked of the provider and not yet processed or failed. */
  refund_pending_minor: number;
  created_at: string;
  updated_at: string;
}

/** A refund of an order: at once for the sandbox and manual methods; asked of Paystack and tracked to its end. */
export interface RefundRow {
  id: string;
  store_id: string;
  order_id: string;
  amount_minor: number;
  status: 'pending' | 'processed' | 'failed';
  provider: string;
  provider_refund_id: string | null;
  /** 1: the items go back on the shelf when this refund completes the order's. */
  restock: number;
  note: string | null;
  /** Why the provider refused or failed it. */
  failure: string | null;
  requested_by: string | null;
  /** When the provider is next asked about a pending refund (its callback may never come). */
  next_check_at: string | null;
  created_at: string;
  updated_at: string;
  processed_at: string | null;
}

export interface OrderLineRow {
  order_id: string;
  line_no: number;
  store_id: string;
  item_id: string;
  name: string;
  qty: number;
  unit_price_minor: number;
  line_total_minor: number;
}

export interface CheckoutTables {
  orders: OrderRow;
  order_lines: OrderLineRow;
  refunds: RefundRow;
}
