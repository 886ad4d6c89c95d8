// How an order's status and payment method read everywhere in the console.
import { Badge, Group } from '@mantine/core';
import type { Order } from '../../api/orders';
import { statusLabel } from '../../lib/format';

const STATUS: Record<string, { label: string; color: string }> = {
  pending_payment: { label: 'Awaiting online payment', color: 'orange' },
  pending_cash_collection: { label: 'Cash to collect', color: 'orange' },
  pending_manual: { label: 'Awaiting manual payment', color: 'orange' },
  paid: { label: 'Paid', color: 'teal' },
  pending_delivery: { label: 'Out for delivery', color: 'blue' },
  confirmed: { label: 'Confirmed', color: 'teal' },
  payment_failed: { label: 'Payment failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  expired: { label: 'Expired', color: 'gray' },
  partially_refunded: { label: 'Partly refunded', color: 'violet' },
  refunded: { label: 'Refunded', color: 'violet' },
};

export function orderStatusLabel(status: string): string {
  return STATUS[status]?.label ?? statusLabel(status);
}

const METHODS: Record<string, string> = {
  cash: 'Cash',
  manual: 'Manual (bank transfer or other)',
  momo: 'Mobile money',
  gateway_checkout: 'Online checkout',
  card: 'Card',
  other: 'Other',
};

export function paymentMethodLabel(method: string | null | undefined): string {
  return method ? (METHODS[method] ?? statusLabel(method)) : 'Not given';
}

/** Yellow alerts' own title colour is too light on their background (WCAG AA): titles in dark text. */
export const warningAlertStyles = { title: { color: 'var(--console-text-on-tint)' } };

/** The methods staff choose from when they mark an order paid. */
export const MARK_PAID_METHODS = [
  { value: 'cash', label: METHODS.cash },
  { value: 'momo', label: METHODS.momo },
  { value: 'manual', label: METHODS.manual },
];

/** The status as a badge, plus a "Needs review" flag when a payment waits for a person; text in shade 9 keeps 4.5:1 contrast. */
export function OrderStatusBadge({ order }: { order: Pick<Order, 'status' | 'paymentStatus'> }) {
  const { label, color } = STATUS[order.status] ?? { label: statusLabel(order.status), color: 'gray' };
  // Orange shade 9 on its light background stays under 4.5:1, so those badges get dark text (light text in dark mode).
  const text = color === 'orange' ? 'var(--console-text-on-tint)' : `var(--mantine-color-${color}-light-color)`;
  return (
    <Group gap={4} wrap="wrap">
      <Badge variant="light" color={color} c={text} style={{ flexShrink: 0 }}>{label}</Badge>
      {order.paymentStatus === 'manual_review' && (
        <Badge variant="filled" color="yellow" c="dark.9" style={{ flexShrink: 0 }}>Needs review</Badge>
      )}
    </Group>
  );
}
