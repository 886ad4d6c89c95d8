// One order: items and totals, fees and who receives what, payment, customer, delivery, timeline
// and note; the changes its status allows for the member's role (mark paid, fulfilment, refund
// whole or in part, cancel), destructive ones behind a confirmation. A payment in manual review is
// flagged with its note. Its refunds are listed with their state (pending with Paystack, refunded,
// failed and why); a booking's deposit links to its booking.
import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Box, Button, Card, Checkbox, DataList, Group, Modal, NumberInput, Radio, Select, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useBooking } from '../../api/bookings';
import { ApiError } from '../../api/client';
import { orderActions, refundLeft, useCancelOrder, useFulfilment, useMarkPaid, useOrder, useRefund, type FulfilmentStatus, type Order, type OrderDetail, type Refund } from '../../api/orders';
import { canManage } from '../../api/session';
import { PageLoader, RecordLoadError } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { channelLabel, currencyDigits, formatDateTime, formatLocalDate, formatMoney, formatPrice, statusLabel, toMinor } from '../../lib/format';
import { notifyDone } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';
import { MARK_PAID_METHODS, OrderStatusBadge, orderStatusLabel, paymentMethodLabel, warningAlertStyles } from './status';

export function Component() {
  const { orderId = '' } = useParams();
  const store = useCurrentStore();
  const order = useOrder(store.storeId, orderId);
  usePageTitle(order.data ? `Order ${order.data.reference}` : 'Order');

  if (order.isPending) return <PageLoader />;
  if (order.isError) {
    return <RecordLoadError error={order.error} retry={() => order.refetch()} back={<BackLink />} noun="Order" notFound={<>There is no order {orderId} in {store.name}.</>} />;
  }
  return <OrderView routeId={orderId} order={order.data} refetch={() => order.refetch()} />;
}

function BackLink() {
  const store = useCurrentStore();
  return (
    <Anchor component={Link} to={`/s/${store.storeId}/orders`} size="sm">
      ‹ All orders
    </Anchor>
  );
}

type Dialog = 'mark-paid' | 'refund' | 'cancel' | null;

/** A failed change in words a person can act on; `fresh` is the order as it is after the failure. */
function explain(action: 'mark-paid' | 'refund' | 'cancel' | FulfilmentStatus, error: unknown, fresh: Order | undefined): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : 'Something went wrong.';
  if (error.status === 409 && action === 'cancel' && fresh?.paymentStatus === 'manual_review') {
    return 'Money was received for this order, so it cannot be cancelled: cancelling would hide that payment. Check the payment, then mark the order paid to accept it, or refund it.';
  }
  // Nothing left to refund, or a refund still with the provider: the service's own words say which.
  if (action === 'refund' && error.details.some((d) => d.field === 'amountMinor')) return error.message;
  if (error.status === 409 && error.code === 'out-of-stock') {
    return `Not enough stock is left to mark this order paid: ${error.message} Add stock in the catalog, or refund the payment.`;
  }
  if (error.status === 409 && fresh) {
    return `This order is now “${orderStatusLabel(fresh.status)}”, so that change no longer applies. Nothing was changed. (${error.message})`;
  }
  if (error.status === 403) return 'Your role in this store does not allow this. Ask an owner or admin.';
  return error.message;
}

function OrderView({ routeId, order, refetch }: { routeId: string; order: OrderDetail; refetch: () => Promise<{ data?: OrderDetail }> }) {
  const store = useCurrentStore();
  const currency = order.currency || store.currency;
  const money = (minor: number) => formatMoney(minor, currency);
  const actions = orderActions(order, canManage(store.role));
  const fulfilment = useFulfilment(store.storeId, routeId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [pageError, setPageError] = useState<string | null>(null);
  const inReview = order.paymentStatus === 'manual_review';

  async function move(status: FulfilmentStatus) {
    setPageError(null);
    try {
      await fulfilment.mutateAsync(status);
      notifyDone(status === 'confirmed' ? 'Order confirmed' : 'Order marked out for delivery');
    } catch (error) {
      const fresh = (await refetch()).data;
      setPageError(explain(status, error, fresh));
    }
  }

  const hasActions = actions.markPaid || actions.toDelivery || actions.confirm || actions.refund || actions.cancel;

  return (
    <Stack gap="md">
      <BackLink />
      <OrderHeader
        reference={order.reference}
        actions={
          hasActions && (
            <>
              {actions.markPaid && <Button onClick={() => setDialog('mark-paid')}>Mark paid</Button>}
              {actions.toDelivery && (
                <Button variant={actions.markPaid ? 'default' : 'filled'} onClick={() => move('pending_delivery')} loading={fulfilment.isPending && fulfilment.variables === 'pending_delivery'}>
                  Out for delivery
                </Button>
              )}
              {actions.confirm && (
                <Button variant={order.status === 'pending_delivery' ? 'filled' : 'default'} onClick={() => move('confirmed')} loading={fulfilment.isPending && fulfilment.variables === 'confirmed'}>
                  {order.status === 'pending_delivery' ? 'Mark delivered' : 'Mark delivered or collected'}
                </Button>
              )}
              {actions.refund && <Button variant="outline" color="red" onClick={() => setDialog('refund')}>Refund</Button>}
              {actions.cancel && <Button variant="outline" color="red" onClick={() => setDialog('cancel')}>Cancel order</Button>}
            </>
          )
        }
      >
        {order.customer.name} · {money(order.totalMinor)} · placed {formatDateTime(order.createdAt, store.timezone)}
      </OrderHeader>

      <Group gap="sm">
        <OrderStatusBadge order={order} />
        {!hasActions && <Text size="sm" c="dimmed">{closedText(order, canManage(store.role))}</Text>}
      </Group>
      {order.bookingId && <DepositOf bookingId={order.bookingId} />}
      {order.refundPendingMinor > 0 && (
        <Alert color="blue" title="A refund is on its way" role="status" styles={warningAlertStyles}>
          {money(order.refundPendingMinor)} was asked back of {providerName(order.provider)}; it shows as pending until {providerName(order.provider)} confirms it, and the order changes then.
        </Alert>
      )}

      {inReview && (
        <Alert color="yellow" title="This payment needs a manual review" role="status" styles={warningAlertStyles}>
          <Stack gap={6}>
            {order.note && <Text size="sm" fw={600} style={{ overflowWrap: 'break-word' }}>{order.note}</Text>}
            <Text size="sm">
              Money arrived for this order that the service could not match to it on its own (a different amount or currency, or a
              payment after the checkout had closed). Check the payment with your provider, then either mark the order paid to
              accept it (its items are taken from stock again) or refund it{canManage(store.role) ? '' : ' (an owner or admin can)'}.
              It cannot be cancelled, because money was received.
            </Text>
          </Stack>
        </Alert>
      )}

      {pageError && (
        <Alert color="red" role="alert" title="The order was not changed" withCloseButton closeButtonLabel="Dismiss" onClose={() => setPageError(null)}>
          {pageError}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder component="section" aria-labelledby="order-items" style={{ gridColumn: '1 / -1' }}>
          <Title order={2} size="h4" id="order-items" mb="sm">Items</Title>
          <Table aria-labelledby="order-items" horizontalSpacing="xs" visibleFrom="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Item</Table.Th>
                <Table.Th scope="col" ta="right">Qty</Table.Th>
                <Table.Th scope="col" ta="right">Price</Table.Th>
                <Table.Th scope="col" ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.items.map((line) => (
                <Table.Tr key={line.itemId}>
                  <Table.Td style={{ overflowWrap: 'break-word' }}>{line.name}</Table.Td>
                  <Table.Td ta="right">{line.qty}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatPrice(line.unitPriceMinor, currency)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{money(line.lineTotalMinor)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <TotalRow label="Subtotal" value={money(order.subtotalMinor)} />
              {order.feesMinor > 0 && <TotalRow label="Fees paid by the customer" value={money(order.feesMinor)} />}
              <TotalRow label="Total" value={money(order.totalMinor)} strong />
            </Table.Tfoot>
          </Table>
          {/* On a phone: one line per item, its name across the whole width, then quantity × price and the line's total. */}
          <Box hiddenFrom="sm">
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Items">
              {order.items.map((line) => (
                <Box component="li" key={line.itemId} py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'break-word' }}>{line.name}</Text>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" c="dimmed">{line.qty} × {formatPrice(line.unitPriceMinor, currency)}</Text>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{money(line.lineTotalMinor)}</Text>
                  </Group>
                </Box>
              ))}
            </Stack>
            <DataList labelWidth={170} mt="xs">
              <Item label="Subtotal">{money(order.subtotalMinor)}</Item>
              {order.feesMinor > 0 && <Item label="Fees paid by the customer">{money(order.feesMinor)}</Item>}
              <Item label="Total"><Text span fw={700} size="sm">{money(order.totalMinor)}</Text></Item>
            </DataList>
          </Box>
        </Card>

        <Card withBorder component="section" aria-labelledby="order-payment">
          <Title order={2} size="h4" id="order-payment" mb="sm">Payment</Title>
          <DataList labelWidth={130}>
            <Item label="Status">{statusLabel(order.paymentStatus)}</Item>
            <Item label="Method">{paymentMethodLabel(order.paymentMethod)}</Item>
            <Item label="Reference"><Text span size="sm" ff="monospace">{order.paymentReference ?? 'None yet'}</Text></Item>
            <Item label="Amount received">{money(order.amountPaidMinor)}</Item>
            {order.refundedMinor > 0 && <Item label="Refunded">{money(order.refundedMinor)}</Item>}
            {order.refundPendingMinor > 0 && <Item label="Refund pending">{money(order.refundPendingMinor)}</Item>}
            <Item label="Store receives">{money(order.split.storeMinor)}</Item>
            <Item label="Platform fee">
              {money(order.split.platformMinor)} <Text span size="xs" c="dimmed">({order.feeBearer === 'customer' ? 'paid by the customer' : 'paid by the store'})</Text>
            </Item>
          </DataList>
        </Card>

        <Card withBorder component="section" aria-labelledby="order-customer">
          <Title order={2} size="h4" id="order-customer" mb="sm">Customer</Title>
          <DataList labelWidth={130}>
            <Item label="Name">
              {order.customerId ? <Anchor component={Link} to={`/s/${store.storeId}/customers/${order.customerId}`} size="sm">{order.customer.name}</Anchor> : order.customer.name}
            </Item>
            <Item label="Email">{order.customer.email ? <Anchor size="sm" href={`mailto:${order.customer.email}`}>{order.customer.email}</Anchor> : 'Not given'}</Item>
            <Item label="Phone">{order.customer.phone ? <Anchor size="sm" href={`tel:${order.customer.phone}`}>{order.customer.phone}</Anchor> : 'Not given'}</Item>
            {order.delivery?.location && <Item label="Deliver to">{order.delivery.location}</Item>}
            {order.delivery?.notes && <Item label="Delivery notes">{order.delivery.notes}</Item>}
          </DataList>
        </Card>

        <Card withBorder component="section" aria-labelledby="order-timeline">
          <Title order={2} size="h4" id="order-timeline" mb="sm">Timeline</Title>
          <DataList labelWidth={130}>
            <Item label="Placed">{formatDateTime(order.createdAt, store.timezone)}</Item>
            <Item label="Paid">{order.paidAt ? formatDateTime(order.paidAt, store.timezone) : 'Not paid'}</Item>
            {order.paidVia && <Item label="Payment learnt of">{PAID_VIA[order.paidVia]}</Item>}
            {order.status === 'pending_payment' && order.expiresAt && <Item label="Checkout closes">{formatDateTime(order.expiresAt, store.timezone)}</Item>}
            <Item label="Last change">{formatDateTime(order.updatedAt, store.timezone)}</Item>
            <Item label="Source">{channelLabel(order.sourceChannel)}</Item>
          </DataList>
          <DeveloperDetails order={order} />
        </Card>

        <Card withBorder component="section" aria-labelledby="order-note">
          <Title order={2} size="h4" id="order-note" mb="sm">Note</Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}>{order.note || 'No note.'}</Text>
          <Text size="xs" c="dimmed" mt="xs">Set when the order is marked paid or refunded, or by the service when a payment needs a look.</Text>
        </Card>

        {(order.refunds ?? []).length > 0 && <RefundsCard refunds={order.refunds} currency={currency} />}
      </SimpleGrid>

      {/* A dialog stays open after a refusal to say why; its action goes once the order no longer allows it. */}
      {dialog === 'mark-paid' && <MarkPaidDialog routeId={routeId} order={order} allowed={actions.markPaid} refetch={refetch} onClose={() => setDialog(null)} />}
      {dialog === 'refund' && <RefundDialog routeId={routeId} order={order} allowed={actions.refund} refetch={refetch} onClose={() => setDialog(null)} />}
      {dialog === 'cancel' && <CancelDialog routeId={routeId} order={order} allowed={actions.cancel} refetch={refetch} onClose={() => setDialog(null)} />}
    </Stack>
  );
}

/** How the service learnt of the payment, as the order's timeline says it. */
const PAID_VIA: Record<NonNullable<Order['paidVia']>, string> = {
  callback: 'From the payment provider',
  return: 'When the customer came back from paying',
  status_check: 'Confirmed by a status check with the provider',
  staff: 'Marked paid by staff',
  counter: 'Paid at the counter',
  sandbox: 'On the test payment page',
};

function closedText(order: Order, manager: boolean): string {
  if (order.status === 'confirmed' && !manager) return 'Nothing more to do. An owner or admin can refund it.';
  if (order.status === 'confirmed') return 'Nothing more to do.';
  if (order.status === 'refunded') return 'This order was refunded.';
  if (order.status === 'partially_refunded' && order.refundPendingMinor > 0) return 'Part of this order was refunded; another refund is being processed.';
  if (order.status === 'partially_refunded') return manager ? 'Part of this order was refunded.' : 'Part of this order was refunded. An owner or admin can refund the rest.';
  if (['cancelled', 'expired', 'payment_failed'].includes(order.status)) return 'This order is closed; it was never paid.';
  return '';
}

function TotalRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" colSpan={3} ta="right" fw={strong ? 700 : 500}>{label}</Table.Th>
      <Table.Td ta="right" fw={strong ? 700 : undefined}>{value}</Table.Td>
    </Table.Tr>
  );
}

/** The page's title: the reference never breaks inside (on a phone it moves under "Order" whole). */
function OrderHeader({ reference, actions, children }: { reference: string; actions: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={4} mb="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1} size="h2">
          Order <span style={{ whiteSpace: 'nowrap' }}>{reference}</span>
        </Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      <Text size="sm" c="dimmed">{children}</Text>
    </Stack>
  );
}

/** What the website sent for its own use (its label, its order id, the raw channel): folded away, for whoever looks into an order with its web developer. */
function DeveloperDetails({ order }: { order: Order }) {
  const fields = [
    order.sourceLabel && { label: 'Website label', value: order.sourceLabel },
    order.clientOrderId && { label: 'Website order id', value: order.clientOrderId },
    order.sourceChannel && { label: 'Source channel', value: order.sourceChannel },
    { label: 'Order id', value: order.orderId },
  ].filter((f): f is { label: string; value: string } => !!f);
  return (
    <Box component="details" mt="sm">
      <Text component="summary" size="sm" fw={600} style={{ cursor: 'pointer' }}>Details</Text>
      <Text size="xs" c="dimmed" mt={4}>What the website sent with the order and the service’s own id: for your web developer.</Text>
      <DataList labelWidth={130} mt={4}>
        {fields.map((f) => (
          <Item key={f.label} label={f.label}><Text span size="sm" ff="monospace">{f.value}</Text></Item>
        ))}
      </DataList>
    </Box>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue style={{ overflowWrap: 'break-word', minWidth: 0 }}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

interface DialogProps {
  routeId: string;
  order: OrderDetail;
  allowed: boolean;
  refetch: () => Promise<{ data?: OrderDetail }>;
  onClose: () => void;
}

function MarkPaidDialog({ routeId, order, allowed, refetch, onClose }: DialogProps) {
  const store = useCurrentStore();
  const markPaid = useMarkPaid(store.storeId, routeId);
  const known = MARK_PAID_METHODS.some((m) => m.value === order.paymentMethod);
  // A counter sale paid by card or another way is settled as a manual payment.
  const [method, setMethod] = useState<string>(known ? order.paymentMethod : order.paymentMethod === 'card' || order.paymentMethod === 'other' ? 'manual' : 'cash');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const amount = formatMoney(order.amountPaidMinor > 0 ? order.amountPaidMinor : order.totalMinor, order.currency || store.currency);

  return (
    <Modal opened onClose={onClose} title="Mark this order paid" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          try {
            await markPaid.mutateAsync({ method: method as 'cash' | 'manual' | 'momo', ...(note.trim() ? { note: note.trim() } : {}) });
            notifyDone(`Order ${order.reference} marked paid`);
            onClose();
          } catch (err) {
            setError(explain('mark-paid', err, (await refetch()).data));
          }
        }}
      >
        <Stack>
          <Text size="sm">
            {order.customer.name} paid <strong>{amount}</strong> for order {order.reference}. The sale counts from now and is added to the customer’s total spent.
          </Text>
          {order.status === 'pending_payment' && (
            <Alert color="yellow" title="This order waits for an online payment" styles={warningAlertStyles}>
              Mark it paid only if the money reached you another way; the online checkout is closed for it.
            </Alert>
          )}
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <Select label="How was it paid?" data={MARK_PAID_METHODS} value={method} onChange={(v) => v && setMethod(v)} allowDeselect={false} required />
          <Textarea
            label="Note (optional)"
            description="For example who collected the cash, or the transfer reference."
            autosize
            minRows={2}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{allowed ? 'Back' : 'Back to the order'}</Button>
            {allowed && <Button type="submit" loading={markPaid.isPending}>Mark paid</Button>}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Who a refund goes through, as people call it. */
function providerName(provider: string): string {
  return provider === 'paystack' ? 'Paystack' : provider === 'sandbox' ? 'the test payment provider' : 'the store';
}

/** The booking a deposit order holds: a link to it, named by its reference once it is read. */
function DepositOf({ bookingId }: { bookingId: string }) {
  const store = useCurrentStore();
  const booking = useBooking(store.storeId, bookingId);
  const b = booking.data;
  return (
    <Text size="sm">
      Deposit for booking{' '}
      <Anchor component={Link} to={`/s/${store.storeId}/bookings/${bookingId}`} inherit>{b ? b.reference : 'the booking'}</Anchor>
      {b && <> · {b.customer.name}, {b.serviceName}, {formatLocalDate(b.bookingDate, { weekday: 'short', day: 'numeric', month: 'short' })} at {b.bookingTime}</>}
    </Text>
  );
}

/** A refund's state in words: pending with Paystack, refunded, or failed and why. */
function refundState(refund: Refund): { text: string; color?: string } {
  if (refund.status === 'pending') return { text: refund.provider === 'paystack' ? 'Pending with Paystack' : 'Pending', color: 'var(--console-text-on-tint)' };
  if (refund.status === 'failed') return { text: `Failed: ${refund.failure ?? 'no reason was given'}`, color: 'var(--mantine-color-red-light-color)' };
  return { text: 'Refunded' };
}

const REFUND_VIA: Record<string, string> = {
  paystack: 'through Paystack',
  sandbox: 'by the test payment provider',
  manual: 'handed back by the store',
};

/** Every refund of the order, oldest first: amount, state, when, how, and its reason. */
function RefundsCard({ refunds, currency }: { refunds: Refund[]; currency: string }) {
  const store = useCurrentStore();
  return (
    <Card withBorder component="section" aria-labelledby="order-refunds" style={{ gridColumn: '1 / -1' }}>
      <Title order={2} size="h4" id="order-refunds" mb="sm">Refunds</Title>
      <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Refunds">
        {refunds.map((r) => {
          const state = refundState(r);
          return (
            <Box component="li" key={r.refundId} py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              <Group justify="space-between" gap="xs" align="flex-start">
                <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>{formatMoney(r.amountMinor, currency)}</Text>
                <Text size="sm" fw={600} c={state.color} style={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 160px', textAlign: 'end' }}>{state.text}</Text>
              </Group>
              <Text size="xs" c="dimmed">
                Asked {formatDateTime(r.createdAt, store.timezone)}
                {r.processedAt && r.status === 'processed' && r.processedAt !== r.createdAt ? ` · done ${formatDateTime(r.processedAt, store.timezone)}` : ''}
                {REFUND_VIA[r.provider] ? ` · ${REFUND_VIA[r.provider]}` : ''}
              </Text>
              {r.note && <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}>Reason: {r.note}</Text>}
            </Box>
          );
        })}
      </Stack>
    </Card>
  );
}

/**
 * A refund, whole (what is left) or part of it (typed in major units, at most what is left); the
 * items go back in stock on a whole refund of products when asked. The service stays the judge: its
 * refusal (more than is left, Paystack saying no) is said in the dialog, which stays open.
 */
function RefundDialog({ routeId, order, allowed, refetch, onClose }: DialogProps) {
  const store = useCurrentStore();
  const refund = useRefund(store.storeId, routeId);
  const currency = order.currency || store.currency;
  const money = (minor: number) => formatMoney(minor, currency);
  const inReview = order.paymentStatus === 'manual_review';
  const left = refundLeft(order);
  const [kind, setKind] = useState<'whole' | 'part'>('whole');
  const [part, setPart] = useState<number | string>('');
  const [partError, setPartError] = useState<string | null>(null);
  const [restock, setRestock] = useState(true);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A deposit holds a booking's time: nothing of it is on a shelf.
  const products = !order.bookingId;
  const whole = inReview || kind === 'whole';
  const partMinor = part === '' ? null : toMinor(part, currency);
  const amount = whole ? left : partMinor !== null && partMinor > 0 && partMinor <= left ? partMinor : null;

  function checkPart(): string | null {
    if (partMinor === null) return 'Enter the amount to refund';
    if (partMinor <= 0) return 'Enter an amount above zero';
    if (partMinor > left) return `That is more than is left: at most ${money(left)} can be refunded`;
    return null;
  }

  return (
    <Modal opened onClose={onClose} title="Refund this order?" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          if (!whole) {
            const problem = checkPart();
            setPartError(problem);
            if (problem) return;
          }
          if (amount === null) return;
          try {
            const answer = await refund.mutateAsync({
              amountMinor: amount,
              restock: inReview || (whole && products && restock),
              ...(note.trim() ? { note: note.trim() } : {}),
            });
            const last = answer.order.refunds.at(-1);
            notifyDone(last?.status === 'pending' ? `Refund of ${money(amount)} asked of Paystack: pending until it confirms` : `${money(amount)} refunded on order ${order.reference}`);
            onClose();
          } catch (err) {
            const fresh = (await refetch()).data;
            const tooMuch = err instanceof ApiError && err.status === 400 ? err.details.find((d) => d.field === 'amountMinor') : undefined;
            if (tooMuch) {
              const now = fresh ? refundLeft(fresh) : left;
              if (!whole) setPartError(`That is more than is left: at most ${money(now)} can be refunded`);
              setError(`The service refused the refund: ${tooMuch.message}. ${money(now)} is left to refund now.`);
            } else {
              setError(explain('refund', err, fresh));
            }
          }
        }}
      >
        <Stack>
          <Text size="sm">
            {order.customer.name} paid <strong>{money(order.amountPaidMinor)}</strong> for order {order.reference}
            {order.refundedMinor > 0 ? <>; {money(order.refundedMinor)} was refunded already</> : null}
            {order.refundPendingMinor > 0 ? <>; {money(order.refundPendingMinor)} is being refunded</> : null}.{' '}
            {left < order.amountPaidMinor ? <><strong>{money(left)}</strong> is left to refund. </> : null}
            {refundHow(order.provider)} A refund cannot be undone.
          </Text>
          {order.bookingId && <Text size="sm">This is a booking’s deposit: the booking itself stays as it is. Cancel it on its page if it will not happen.</Text>}
          {error && <Alert color="red" role="alert" title="Nothing was refunded">{error}</Alert>}
          {inReview ? (
            <Text size="sm" c="dimmed">Money in manual review is refunded whole, and the items this order still holds go back in stock: it was never counted as a sale.</Text>
          ) : (
            <Radio.Group label="How much" value={kind} onChange={(v) => { setKind(v as 'whole' | 'part'); setPartError(null); }}>
              <Stack gap={8} mt={6}>
                <Radio value="whole" label={`Whole (${money(left)})`} description={left < order.amountPaidMinor ? 'All that is left' : undefined} />
                <Radio value="part" label="Part" />
              </Stack>
            </Radio.Group>
          )}
          {!whole && (
            <NumberInput
              label={`Amount to refund (${currency})`}
              description={`At most ${money(left)}`}
              min={0}
              allowNegative={false}
              decimalScale={currencyDigits(currency)}
              thousandSeparator=" "
              value={part}
              onChange={(v) => { setPart(v); if (partError) setPartError(null); }}
              onBlur={() => part !== '' && setPartError(checkPart())}
              error={partError}
              data-autofocus
            />
          )}
          {!inReview && whole && products && (
            <Checkbox
              label="Put the items back in stock"
              description={order.items.map((l) => `${l.name} × ${l.qty}`).join(', ')}
              checked={restock}
              onChange={(e) => setRestock(e.currentTarget.checked)}
            />
          )}
          <Textarea label="Reason (optional)" autosize minRows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{allowed ? 'Keep order' : 'Back to the order'}</Button>
            {allowed && <Button type="submit" color="red" loading={refund.isPending}>{amount !== null ? `Refund ${money(amount)}` : 'Refund'}</Button>}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** How the money goes back, by the way it was paid. */
function refundHow(provider: string): string {
  if (provider === 'paystack') return 'Paystack sends it back the way the customer paid (card or mobile money); the refund shows as pending until Paystack confirms it.';
  if (provider === 'sandbox') return 'This was a test payment: the refund is made at once.';
  return 'The service does not send this money: pay it back the way it came. The refund is recorded and taken off the customer’s total spent.';
}

function CancelDialog({ routeId, order, allowed, refetch, onClose }: DialogProps) {
  const store = useCurrentStore();
  const cancel = useCancelOrder(store.storeId, routeId);
  const [error, setError] = useState<string | null>(null);

  return (
    <Modal opened onClose={onClose} title="Cancel this order?" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text size="sm">
          Order {order.reference} of {order.customer.name} will be closed unpaid and its items go back in stock. It cannot be reopened: the
          customer would have to order again.
        </Text>
        {error && <Alert color="red" role="alert" title="The order was not cancelled">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{allowed ? 'Keep order' : 'Back to the order'}</Button>
          {allowed && (
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={async () => {
                setError(null);
                try {
                  await cancel.mutateAsync(undefined);
                  notifyDone(`Order ${order.reference} cancelled`);
                  onClose();
                } catch (err) {
                  setError(explain('cancel', err, (await refetch()).data));
                }
              }}
            >
              Cancel order
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
