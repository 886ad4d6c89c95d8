// One booking: who, what, when, payment, what the customer sent and the team's own notes, the
// customer's own page (a private link), and the messages sent about it; the status changes the
// booking allows (CONTRACT §4), each saying whether the customer gets an email; who does it (staff
// calendars), with a change to another performer free at that time; once its start has
// passed, a booking still expected can be marked a no-show. Whether the customer came, and for a
// cancellation who cancelled, why and when, show at the top. A booking whose service asked a
// deposit shows it (amount, state, what was paid, its order); cancelling says a paid deposit is
// refunded, a no-show that it is kept.
import { useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Box, Button, Card, CopyButton, DataList, Group, Modal, Radio, Select, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifyDone } from '../../lib/notify';
import { Link, useParams } from 'react-router';
import { useIsFetching } from '@tanstack/react-query';
import { NEXT_STATUSES, bookingKeys, canMarkNoShow, useBooking, useOpenSlots, useUpdateBooking, type Booking, type BookingPatch, type BookingStatus } from '../../api/bookings';
import { ApiError } from '../../api/client';
import { useMailState } from '../../api/messages';
import { useDepositOrder } from '../../api/orders';
import { canManage } from '../../api/session';
import { performersOf, useStaff } from '../../api/staff';
import { useStoreSettings } from '../../api/store';
import { PageHeader, PageLoader, RecordLoadError } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { channelLabel, formatDateTime, formatLocalDate, formatMoney, formatPrice, statusLabel } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { BookingMessages } from './BookingMessages';
import { RescheduleModal } from './RescheduleModal';
import { ACTION_LABELS, BookingStatusBadge, DEPOSIT_STATES, DepositBadge } from './status';

const PAYMENT_STATUSES: { value: Booking['paymentStatus']; label: string }[] = [
  { value: 'payment_pending', label: 'Payment pending' },
  { value: 'paid', label: 'Paid' },
  { value: 'manual_review', label: 'Manual review' },
  { value: 'refunded', label: 'Refunded' },
];

const DONE: Partial<Record<BookingStatus, string>> = {
  confirmed: 'Booking confirmed',
  completed: 'Booking marked completed',
  cancelled: 'Booking cancelled',
  rescheduled: 'Booking rescheduled',
};

export function Component() {
  const { bookingId = '' } = useParams();
  const store = useCurrentStore();
  const booking = useBooking(store.storeId, bookingId);
  usePageTitle(booking.data ? `Booking: ${booking.data.customer.name}` : 'Booking');

  if (booking.isPending) return <PageLoader />;
  if (booking.isError) {
    return <RecordLoadError error={booking.error} retry={() => booking.refetch()} back={<BackLink />} noun="Booking" notFound={<>This booking does not exist in {store.name}.</>} />;
  }
  return <BookingView key={booking.data.bookingId} booking={booking.data} />;
}

function BackLink() {
  const store = useCurrentStore();
  return (
    <Anchor component={Link} to={`/s/${store.storeId}/bookings`} size="sm">
      ‹ All bookings
    </Anchor>
  );
}

/** When a status change emails the customer: notifications on and an email on the booking. */
function EmailNotice({ booking }: { booking: Booking }) {
  const store = useCurrentStore();
  const settings = useStoreSettings(store.storeId);
  const mail = useMailState(store.storeId);
  if (!settings.data) return null;
  if (!settings.data.notificationsEnabled) {
    return (
      <Text size="sm" c="dimmed">
        Customer emails are turned off for this store, so status changes are not emailed
        {canManage(store.role) ? <> (<Anchor component={Link} to={`/s/${store.storeId}/settings`} inherit underline="always">Settings</Anchor>)</> : null}.
      </Text>
    );
  }
  if (!booking.customer.email) return <Text size="sm" c="dimmed">This booking has no email address, so the customer is not emailed about changes.</Text>;
  return (
    <Text size="sm" c="dimmed">
      Confirming, moving or cancelling emails the customer at <strong>{booking.customer.email}</strong>. Completing, marking a no-show, notes and payment changes do not.
      {mail.data?.mailEnabled === false ? ' (This server does not send email yet: the messages wait in its outbox.)' : ''}
    </Text>
  );
}

/** Whether the booking's start has passed; turns true by itself while the page stays open. */
function useStarted(startAt: string): boolean {
  const [now, setNow] = useState(() => Date.now());
  const start = Date.parse(startAt);
  useEffect(() => {
    const wait = start - Date.now();
    // Timers longer than ~24 days overflow; a page is not left open that long.
    if (wait <= 0 || wait > 86_400_000) return;
    const timer = setTimeout(() => setNow(Date.now()), wait + 500);
    return () => clearTimeout(timer);
  }, [start]);
  return start <= now;
}

/** Whether the customer came: "Came", "No-show", or nothing until the store records it. */
export function AttendanceBadge({ attendance }: { attendance: Booking['attendance'] }) {
  if (!attendance) return null;
  return attendance === 'attended' ? (
    <Badge variant="light" color="teal" tt="none" style={{ flexShrink: 0 }}>Came</Badge>
  ) : (
    <Badge variant="light" color="red" tt="none" style={{ flexShrink: 0 }}>No-show</Badge>
  );
}

function BookingView({ booking }: { booking: Booking }) {
  const store = useCurrentStore();
  const update = useUpdateBooking(store.storeId, booking.bookingId);
  const started = useStarted(booking.startAt);
  const noShowAllowed = started && canMarkNoShow(booking);
  const [confirmNoShow, setConfirmNoShow] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [reason, setReason] = useState('');
  const [rescheduling, setRescheduling] = useState(false);
  const [changingPerson, setChangingPerson] = useState(false);
  const [actionError, setActionError] = useState<unknown>(null);
  const staff = useStaff(store.storeId);
  const performers = performersOf(staff.data, booking.serviceId);
  const next = NEXT_STATUSES[booking.status];
  const when = `${formatLocalDate(booking.bookingDate, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}, ${booking.bookingTime}–${booking.endTime}`;

  async function change(body: BookingPatch): Promise<boolean> {
    setActionError(null);
    try {
      await update.mutateAsync(body);
      notifyDone(body.attendance === 'no_show' ? 'Marked as a no-show' : DONE[(body.status ?? (body.attendance === 'attended' ? 'completed' : undefined)) as BookingStatus] ?? 'Booking updated');
      return true;
    } catch (error) {
      setActionError(error);
      return false;
    }
  }

  return (
    <Stack gap="md">
      <BackLink />
      <PageHeader title={booking.customer.name}>
        {booking.serviceName}{booking.staffName ? ` · With ${booking.staffName}` : ''} · {when} · <span style={{ whiteSpace: 'nowrap' }}>Booking {booking.reference}</span>
      </PageHeader>

      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <BookingStatusBadge booking={booking} />
          <AttendanceBadge attendance={booking.attendance} />
          {booking.overbooked && <Badge variant="light" color="red" tt="none">Overbooked</Badge>}
          <DepositBadge deposit={booking.deposit} />
          {next.length === 0 && <Text size="sm" c="dimmed">A {statusLabel(booking.status).toLowerCase()} booking cannot change any more.</Text>}
        </Group>
        {next.length > 0 && (
          <Group gap="xs">
            {next.includes('confirmed') && <Button onClick={() => change({ status: 'confirmed' })} loading={update.isPending && update.variables?.status === 'confirmed'}>{ACTION_LABELS.confirmed}</Button>}
            {/* Completing records that the customer came. */}
            {next.includes('completed') && <Button onClick={() => change({ attendance: 'attended' })} loading={update.isPending && update.variables?.attendance === 'attended'}>{ACTION_LABELS.completed}</Button>}
            {next.includes('rescheduled') && (
              <Button variant="default" onClick={() => setRescheduling(true)}>{booking.status === 'rescheduled' ? 'Move again' : ACTION_LABELS.rescheduled}</Button>
            )}
            {next.includes('rescheduled') && performers.length > 0 && <Button variant="default" onClick={() => setChangingPerson(true)}>Change person</Button>}
            {noShowAllowed && <Button variant="default" onClick={() => setConfirmNoShow(true)}>Mark no-show</Button>}
            {next.includes('cancelled') && <Button variant="outline" color="red" onClick={() => setConfirmCancel(true)}>{ACTION_LABELS.cancelled}</Button>}
          </Group>
        )}
      </Group>
      {next.length > 0 && <EmailNotice booking={booking} />}
      {booking.cancellation && <CancellationNotice cancellation={booking.cancellation} />}
      {actionError !== null && (
        <Alert color="red" role="alert" title="The booking was not changed" withCloseButton closeButtonLabel="Dismiss" onClose={() => setActionError(null)}>
          {actionError instanceof Error ? actionError.message : 'Something went wrong.'}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder component="section" aria-labelledby="booking-appointment">
          <Title order={2} size="h4" id="booking-appointment" mb="sm">Appointment</Title>
          <DataList labelWidth={110}>
            <Item label="Service">{booking.serviceName}</Item>
            {booking.staffName && <Item label="With">{booking.staffName}</Item>}
            <Item label="Date">{formatLocalDate(booking.bookingDate, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}</Item>
            <Item label="Time">{booking.bookingTime}–{booking.endTime} ({booking.timezone})</Item>
            <Item label="Quantity">{booking.quantity}</Item>
            <Item label="Reference">{booking.reference}</Item>
            <Item label="Booked">{formatDateTime(booking.createdAt, store.timezone)}</Item>
            <Item label="Source">{channelLabel(booking.sourceChannel)}</Item>
            <Item label="Attendance">{booking.attendance === 'attended' ? 'Came' : booking.attendance === 'no_show' ? 'No-show: did not come' : 'Not recorded yet'}</Item>
            {booking.overbooked && <Item label="Overbooked">Booked by the store over the service’s places or outside its hours</Item>}
          </DataList>
          <DeveloperDetails booking={booking} />
        </Card>

        <Card withBorder component="section" aria-labelledby="booking-customer">
          <Title order={2} size="h4" id="booking-customer" mb="sm">Customer</Title>
          <DataList labelWidth={110}>
            <Item label="Name">
              {booking.customerId ? <Anchor component={Link} to={`/s/${store.storeId}/customers/${booking.customerId}`} inherit>{booking.customer.name}</Anchor> : booking.customer.name}
            </Item>
            <Item label="Phone"><Anchor href={`tel:${booking.customer.phone}`} inherit>{booking.customer.phone}</Anchor></Item>
            <Item label="Email">{booking.customer.email ? <Anchor href={`mailto:${booking.customer.email}`} inherit>{booking.customer.email}</Anchor> : 'Not given'}</Item>
          </DataList>
          <CustomerPage booking={booking} />
        </Card>

        {booking.deposit && <DepositCard booking={booking} deposit={booking.deposit} />}

        <Card withBorder component="section" aria-labelledby="booking-from-customer">
          <Title order={2} size="h4" id="booking-from-customer" mb="sm">From the customer</Title>
          <Stack gap="sm">
            <div>
              <Text size="sm" fw={600}>Notes</Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}>{booking.notes || 'None'}</Text>
            </div>
            {customerAnswers(booking).length > 0 && (
              <div>
                <Text size="sm" fw={600} mb={4}>Answers</Text>
                <DataList labelWidth={110}>
                  {customerAnswers(booking).map(([key, value]) => (
                    <Item key={key} label={keyLabel(key)}>{attributeText(value)}</Item>
                  ))}
                </DataList>
              </div>
            )}
          </Stack>
        </Card>

        <StaffNotes booking={booking} />

        <PaymentCard booking={booking} />

        <BookingMessages bookingId={booking.bookingId} />
      </SimpleGrid>

      <Modal opened={confirmCancel} onClose={() => setConfirmCancel(false)} title="Cancel this booking?" closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          <Text size="sm">
            {booking.customer.name} · {booking.serviceName} · {when}. A cancelled booking cannot be reopened; its slot becomes free for others.
          </Text>
          <DepositOnCancel booking={booking} />
          <Textarea
            label="Reason (told to the customer)"
            description="Optional. Said in the cancellation message and kept with the booking."
            autosize
            minRows={2}
            maxRows={6}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <EmailNotice booking={booking} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmCancel(false)}>Keep booking</Button>
            <Button
              color="red"
              loading={update.isPending}
              onClick={async () => {
                await change({ status: 'cancelled', cancellationReason: reason.trim() || null });
                setConfirmCancel(false);
              }}
            >
              Cancel booking
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={confirmNoShow} onClose={() => setConfirmNoShow(false)} title="Mark as a no-show?" closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          <Text size="sm">
            {booking.customer.name} did not come to {booking.serviceName} · {when}. The booking is cancelled as a no-show and counted on the customer’s record; the customer is not emailed.
          </Text>
          {booking.deposit?.state === 'paid' && (
            <Text size="sm" fw={600}>The deposit ({formatMoney(depositPaid(booking), store.currency)}) is kept by the store: it is not refunded.</Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmNoShow(false)}>Keep booking</Button>
            <Button
              color="red"
              loading={update.isPending}
              onClick={async () => {
                await change({ attendance: 'no_show' });
                setConfirmNoShow(false);
              }}
            >
              Mark no-show
            </Button>
          </Group>
        </Stack>
      </Modal>

      {changingPerson && (
        <ChangePersonModal
          booking={booking}
          names={Object.fromEntries(performers.map((p) => [p.id, p.displayName]))}
          onClose={() => setChangingPerson(false)}
          onDone={(name) => {
            setChangingPerson(false);
            notifyDone(`Booking moved to ${name}`);
          }}
        />
      )}

      {rescheduling && (
        <RescheduleModal
          booking={booking}
          performers={performers}
          notice={<EmailNotice booking={booking} />}
          onClose={() => setRescheduling(false)}
          onDone={() => {
            setRescheduling(false);
            notifyDone(DONE.rescheduled ?? 'Booking moved');
          }}
        />
      )}
    </Stack>
  );
}

/** The customer's own page for the booking: a private link to give to them only. */
function CustomerPage({ booking }: { booking: Booking }) {
  return (
    <Stack gap={4} mt="sm" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Text size="sm" fw={600} id="booking-customer-page">Customer’s page</Text>
      <Anchor href={booking.manageUrl} target="_blank" rel="noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }} aria-describedby="booking-customer-page-note">
        {booking.manageUrl}
      </Anchor>
      <Text size="xs" c="dimmed" id="booking-customer-page-note">
        Private to the customer: whoever has this link sees the booking and can move or cancel it online. It is in their messages; give it only to them.
      </Text>
      <Group>
        <CopyButton value={booking.manageUrl} timeout={2000}>
          {({ copied, copy }) => (
            <Button size="xs" variant={copied ? 'filled' : 'default'} onClick={copy}>
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** Who cancelled, why and when; a no-show says so (the store marked that the customer did not come). */
function CancellationNotice({ cancellation }: { cancellation: NonNullable<Booking['cancellation']> }) {
  const store = useCurrentStore();
  const by = cancellation.by === 'customer' ? 'the customer, with their link' : 'the store';
  const at = formatDateTime(cancellation.at, store.timezone);
  if (cancellation.reason === 'deposit_unpaid') {
    return (
      <Alert color="red" variant="light" title="Cancelled: deposit not paid in time" styles={{ title: { color: 'var(--mantine-color-red-light-color)' } }}>
        <Text size="sm">Deposit not paid in time: the booking was cancelled by itself on {at}, its time given back, and the customer told.</Text>
      </Alert>
    );
  }
  if (cancellation.reason === 'no_show') {
    return (
      <Alert color="red" variant="light" title="No-show" styles={{ title: { color: 'var(--mantine-color-red-light-color)' } }}>
        <Text size="sm">The customer did not come: marked a no-show by {by} on {at}. It counts on the customer’s record.</Text>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" title="Cancelled" styles={{ title: { color: 'var(--mantine-color-red-light-color)' } }}>
      <Text size="sm">Cancelled by {by} on {at}.</Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}>{cancellation.reason ? `Reason: ${cancellation.reason}` : 'No reason was given.'}</Text>
    </Alert>
  );
}

/**
 * Attributes a website sends for its own bookkeeping (where the form was, its label, tracking),
 * as opposed to what the customer answered (hair length, a colour).
 */
const DEVELOPER_ATTRIBUTE = /^(source|page|url|ref|utm|campaign|tracking|session|client|user_?agent|ip$|gclid|fbclid)|url$|id$/i;

const attributeText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function customerAnswers(booking: Booking): [string, unknown][] {
  return Object.entries(booking.attributes).filter(([key]) => !DEVELOPER_ATTRIBUTE.test(key));
}

/** "hairLength" or "hair_length" → "Hair length". */
function keyLabel(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/** What the website sent for its own use, the raw channel and the ids: folded away, for whoever looks into a booking with their web developer. */
function DeveloperDetails({ booking }: { booking: Booking }) {
  const fields: [string, string][] = [
    ...Object.entries(booking.attributes).filter(([key]) => DEVELOPER_ATTRIBUTE.test(key)).map(([key, value]): [string, string] => [key, attributeText(value)]),
    ...(booking.sourceChannel ? [['sourceChannel', booking.sourceChannel] as [string, string]] : []),
    ['bookingId', booking.bookingId],
  ];
  return (
    <Box component="details" mt="sm">
      <Text component="summary" size="sm" fw={600} style={{ cursor: 'pointer' }}>Details</Text>
      <Text size="xs" c="dimmed" mt={4}>What the website sent with the booking and the service’s own id, as your web developer knows them.</Text>
      <DataList labelWidth={110} mt={4}>
        {fields.map(([key, value]) => (
          <Item key={key} label={key}><Text span size="sm" ff="monospace">{value}</Text></Item>
        ))}
      </DataList>
    </Box>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue style={{ overflowWrap: 'break-word', minWidth: 0 }}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** What the customer paid towards the booking through its deposit (the deposit itself before any is recorded). */
function depositPaid(booking: Booking): number {
  return booking.amountPaidMinor > 0 ? booking.amountPaidMinor : (booking.deposit?.amountMinor ?? 0);
}

/** What cancelling does to the deposit, said in the confirmation. */
function DepositOnCancel({ booking }: { booking: Booking }) {
  const store = useCurrentStore();
  const state = booking.deposit?.state;
  if (state === 'paid') {
    return <Text size="sm" fw={600}>The deposit ({formatMoney(depositPaid(booking), store.currency)}) will be refunded to the customer.</Text>;
  }
  if (state === 'due') {
    return <Text size="sm">Its deposit ({formatMoney(booking.deposit!.amountMinor, store.currency)}) is not paid yet: its payment page closes. Money that still arrives goes to review in the deposit’s order.</Text>;
  }
  if (state === 'review') {
    return <Text size="sm">Money for its deposit waits in review: cancelling does not refund it. Refund it from the deposit’s order.</Text>;
  }
  return null;
}

/**
 * The deposit the service asked: its amount, where it stands in words, what was paid, and its own
 * order (found among the customer's orders: linked only once found).
 */
function DepositCard({ booking, deposit }: { booking: Booking; deposit: NonNullable<Booking['deposit']> }) {
  const store = useCurrentStore();
  const order = useDepositOrder(store.storeId, { bookingId: booking.bookingId, hasDeposit: true });
  const money = (minor: number) => formatMoney(minor, store.currency);
  const found = order.data ?? null;
  const orderLink = found ? <Anchor component={Link} to={`/s/${store.storeId}/orders/${found.orderId}`} inherit>{found.reference}</Anchor> : null;
  // Cancelled with the deposit still counted as paid, once both are read afresh (a cancel's own
  // answer comes before its refund): the refund did not go through.
  const settling = useIsFetching({ queryKey: bookingKeys.one(store.storeId, booking.bookingId) }) > 0 || order.isFetching || !order.isFetched;
  const refundMissing = !settling && deposit.state === 'paid' && booking.status === 'cancelled' && booking.attendance !== 'no_show' && (found ? found.refundPendingMinor === 0 : true);
  const refundPending = found !== null && found.refundPendingMinor > 0;
  return (
    <Card withBorder component="section" aria-labelledby="booking-deposit">
      <Title order={2} size="h4" id="booking-deposit" mb="sm">Deposit</Title>
      <DataList labelWidth={110}>
        <Item label="Amount">{money(deposit.amountMinor)}</Item>
        <Item label="State">
          {DEPOSIT_STATES[deposit.state].words}
          {deposit.state === 'due' && found?.expiresAt ? ` (${formatDateTime(found.expiresAt, store.timezone)})` : ''}
        </Item>
        <Item label="Amount paid">{money(booking.amountPaidMinor)}</Item>
        {orderLink && <Item label="Order">{orderLink}</Item>}
      </DataList>
      {refundPending && <Text size="sm" mt="sm">A refund of {money(found.refundPendingMinor)} is being processed: see the order.</Text>}
      {refundMissing && !refundPending && (
        <Alert color="red" variant="light" mt="sm" title="The deposit was not refunded" styles={{ title: { color: 'var(--mantine-color-red-light-color)' } }}>
          The booking is cancelled but its deposit is still paid: the refund did not go through. {orderLink ? <>Refund it from its order, {orderLink}.</> : 'Refund it from its order.'}
        </Alert>
      )}
      {deposit.state === 'review' && !orderLink && <Text size="sm" mt="sm">Find the deposit’s order in Orders, among those that need a review.</Text>}
    </Card>
  );
}

function PaymentCard({ booking }: { booking: Booking }) {
  const store = useCurrentStore();
  const update = useUpdateBooking(store.storeId, booking.bookingId);
  const [status, setStatus] = useState<string | null>(booking.paymentStatus);
  const [error, setError] = useState<string | null>(null);
  return (
    <Card withBorder component="section" aria-labelledby="booking-payment">
      <Title order={2} size="h4" id="booking-payment" mb="sm">Payment</Title>
      <DataList labelWidth={110} mb="sm">
        <Item label="Status">{statusLabel(booking.paymentStatus)}</Item>
        <Item label="Method">{booking.paymentMethod ? statusLabel(booking.paymentMethod) : 'Not given'}</Item>
        <Item label="Amount">{booking.paymentAmountMinor !== null ? formatPrice(booking.paymentAmountMinor, store.currency) : 'Not given'}</Item>
      </DataList>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (!status) return;
          setError(null);
          try {
            await update.mutateAsync({ paymentStatus: status as Booking['paymentStatus'] });
            notifyDone(`Payment marked ${statusLabel(status).toLowerCase()}`);
          } catch (err) {
            setError(err instanceof Error ? err.message : 'The payment status was not changed.');
          }
        }}
      >
        <Group align="flex-end" gap="xs">
          <Select label="Change payment status" data={PAYMENT_STATUSES} value={status} onChange={setStatus} allowDeselect={false} error={error} style={{ flex: '1 1 160px' }} />
          <Button type="submit" variant="default" disabled={status === booking.paymentStatus} loading={update.isPending}>Update payment</Button>
        </Group>
      </form>
    </Card>
  );
}

function StaffNotes({ booking }: { booking: Booking }) {
  const store = useCurrentStore();
  const update = useUpdateBooking(store.storeId, booking.bookingId);
  // Seeded once: a refetch while someone types never replaces their text.
  const [text, setText] = useState(booking.staffNotes ?? '');
  const [error, setError] = useState<string | null>(null);
  const saved = (booking.staffNotes ?? '') === text;
  return (
    <Card withBorder component="section" aria-labelledby="booking-staff-notes">
      <Title order={2} size="h4" id="booking-staff-notes" mb="sm">Staff notes</Title>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          try {
            await update.mutateAsync({ staffNotes: text.trim() ? text : null });
            notifyDone('Staff notes saved');
          } catch (err) {
            if (err instanceof ApiError) setError(err.details.find((d) => d.field === 'staffNotes')?.message ?? err.message);
            else setError('The notes were not saved. Try again.');
          }
        }}
      >
        <Stack gap="xs">
          <Textarea
            label="Notes for your team"
            description="Only people of this store see these; the customer is not told."
            autosize
            minRows={3}
            maxRows={10}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={error}
          />
          <Group justify="flex-end">
            <Button type="submit" variant="default" disabled={saved} loading={update.isPending}>Save notes</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * Another performer for the booking at the same time: only those free then are offered (the service's
 * availability names who is free on each slot); the service checks again when it is saved (409).
 */
function ChangePersonModal({ booking, names, onClose, onDone }: { booking: Booking; names: Record<string, string>; onClose(): void; onDone(name: string): void }) {
  const store = useCurrentStore();
  const slots = useOpenSlots(store.storeId, booking.serviceId, booking.bookingDate, booking.bookingDate);
  const update = useUpdateBooking(store.storeId, booking.bookingId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const slot = slots.data?.find((s) => s.date === booking.bookingDate && s.time === booking.bookingTime);
  const free = (slot?.staffIds ?? []).filter((id) => id !== booking.staffId && names[id]);

  async function save() {
    if (!chosen) return;
    setError(null);
    try {
      await update.mutateAsync({ staffId: chosen });
      onDone(names[chosen]);
    } catch (e) {
      setError(e instanceof ApiError && e.code === 'slot-unavailable' ? `${names[chosen]} is no longer free at ${booking.bookingTime}. Pick someone else.` : e instanceof Error ? e.message : 'The booking was not changed.');
      setChosen(null);
      void slots.refetch();
    }
  }

  return (
    <Modal opened onClose={onClose} title="Change person" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <Text size="sm">
          {booking.serviceName}, {formatLocalDate(booking.bookingDate, { weekday: 'long', day: 'numeric', month: 'long' })} at {booking.bookingTime}
          {booking.staffName ? `, now with ${booking.staffName}` : ''}. Only the people who do {booking.serviceName} and are free then are offered; the time stays.
        </Text>
        {slots.isPending && <Text size="sm">Finding who is free…</Text>}
        {slots.isError && <Alert color="red" role="alert">{slots.error.message}</Alert>}
        {slots.data && free.length === 0 && <Text size="sm">Nobody else is free at that time. Reschedule to another time instead.</Text>}
        {free.length > 0 && (
          <Radio.Group label="Who" value={chosen} onChange={setChosen}>
            <Stack gap={8} mt={6}>
              {free.map((id) => <Radio key={id} value={id} label={names[id]} />)}
            </Stack>
          </Radio.Group>
        )}
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Keep {booking.staffName ?? 'as it is'}</Button>
          <Button onClick={save} disabled={!chosen} loading={update.isPending}>{chosen ? `Give to ${names[chosen]}` : 'Change person'}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
