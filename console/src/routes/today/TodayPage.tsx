// Today: what needs doing first, the day's agenda as a time grid (any day, ?day=YYYY-MM-DD), the
// day's and coming bookings, orders waiting on the store, and the last 30 days of sales. Developer
// items (webhooks, sync runs) only for owners and admins. New booking and New sale are one tap away,
// and so is the store's booking link to share (Settings → Store page).
import { memo, startTransition, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { bookingRangeQuery, useBookingRange } from '../../api/bookings';
import { overviewQuery, useOverview, type Overview, type OverviewBooking, type OverviewOrder } from '../../api/overview';
import { queryClient, untilFirstPageData } from '../../api/query';
import { canManage } from '../../api/session';
import { staffQuery, useStaff } from '../../api/staff';
import { storeSettingsQuery } from '../../api/store';
import { PageError, PageHeader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatDateTime, formatLocalDate, formatMoney, statusLabel, todayIn } from '../../lib/format';
import { useIdle } from '../../lib/idle';
import { usePageTitle } from '../../lib/use-page-title';
import { DayAgenda } from '../bookings/DayGrid';
import { BookingStatusBadge } from '../bookings/status';
// Drawn with CSS, a few KB: part of the page, not loaded after it.
import SalesChart from './SalesChart';
import { WelcomeHint } from './WelcomeHint';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Today's route loader: asks for everything the page first shows as soon as the address is known,
 * together with the page's code and the frame's session and settings (not once they have answered
 * and the page has been drawn): the overview (with the next steps of an owner or admin), the day's
 * bookings and the store's people (the day agenda). On the first page of a visit it waits for them
 * (untilFirstPageData): the frame and Today are then drawn once, whole.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const storeId = params.storeId;
  if (!storeId) return null;
  const asked: Promise<unknown>[] = [queryClient.prefetchQuery(overviewQuery(storeId)), queryClient.prefetchQuery(staffQuery(storeId))];
  const agenda = (day: string) => queryClient.prefetchQuery(bookingRangeQuery(storeId, day, day));
  const day = new URL(request.url).searchParams.get('day');
  if (day && DATE.test(day)) asked.push(agenda(day));
  else {
    // The store's today is in its time zone, known once its settings answer; the phone's own day
    // is asked for at once, being the same day for a phone in the store's country.
    const now = new Date();
    const here = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
    asked.push(agenda(here));
    asked.push(
      queryClient.fetchQuery(storeSettingsQuery(storeId)).then((settings) => {
        const theirs = todayIn(settings.timezone);
        if (theirs !== here) return agenda(theirs);
      }),
    );
  }
  return untilFirstPageData(asked);
}

export function Component() {
  const store = useCurrentStore();
  const today = todayIn(store.timezone);
  const overview = useOverview(store.storeId);
  const [params] = useSearchParams();
  const day = DATE.test(params.get('day') ?? '') ? params.get('day')! : today;
  // The page is drawn once, in one go, when all it first shows is there: the overview (the next
  // steps with it) and the day agenda's bookings and people (asked for together by the loader), so
  // nothing appears later above what is already on screen and pushes it down. On the first page of
  // a visit the loader waited for them: drawn at once. Offline with nothing kept, or after an
  // error, what cannot come is not waited for. Another day picked later loads inside the agenda.
  // Drawn later (the data came after the page opened), it is a transition: React works on it in
  // short slices, so a phone's main thread is never held long (the skeleton stays until it is done).
  const known = (q: { data: unknown; isError: boolean; fetchStatus: string }) => q.data !== undefined || q.isError || q.fetchStatus === 'paused';
  const agenda = useBookingRange(store.storeId, day, day);
  const staff = useStaff(store.storeId);
  const ready = !!overview.data && known(agenda) && known(staff);
  const [drawn, setDrawn] = useState(ready);
  useEffect(() => {
    if (ready && !drawn) startTransition(() => setDrawn(true));
  }, [ready, drawn]);
  const data = drawn ? overview.data : undefined;
  usePageTitle('Today');

  return (
    <Stack gap="md">
      <PageHeader
        title="Today"
        actions={
          <Group gap="xs">
            <Button component={Link} to={`/s/${store.storeId}/bookings/new`}>New booking</Button>
            <Button component={Link} variant="default" to={`/s/${store.storeId}/orders/new`}>New sale</Button>
          </Group>
        }
      >
        {/* The date, and beside it (under it on a phone) the way to the Store page card in Settings, where the link is copied, sent or printed. */}
        <span style={{ display: 'flex', flexWrap: 'wrap', columnGap: '1.25em' }}>
          <span>{formatLocalDate(today, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}</span>
          <Anchor component={Link} to={`/s/${store.storeId}/settings#store-page`} inherit>Share your booking link</Anchor>
        </span>
      </PageHeader>
      {data && <WelcomeHint setup={data.setup} />}
      {overview.isError ? (
        <PageError error={overview.error} retry={() => overview.refetch()} />
      ) : !data ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} role="status" aria-busy="true" aria-label="Loading today's overview">
          {[0, 1, 2, 3].map((i) => <Skeleton key={i} h={180} radius="md" />)}
        </SimpleGrid>
      ) : (
        <TodayView data={data} />
      )}
    </Stack>
  );
}

/** Order counts stop at a cap on the server: "1000+" then. */
const counted = (group: { count: number; countCapped: boolean }) => `${group.count}${group.countCapped ? '+' : ''}`;

const TodayView = memo(function TodayView({ data }: { data: Overview }) {
  const store = useCurrentStore();
  const [params, setParams] = useSearchParams();
  const day = DATE.test(params.get('day') ?? '') ? params.get('day')! : todayIn(store.timezone);
  // What needs attention and the day agenda first; the lists and the sales under them once those are
  // on screen (a phone shows them only after scrolling past the agenda): the first draw is shorter.
  const below = useIdle();
  return (
    <>
      <Attention data={data} />
      <DayAgenda date={day} onDateChange={(d) => setParams(d && d !== todayIn(store.timezone) ? { day: d } : {}, { replace: true })} />
      {below && <BelowAgenda data={data} />}
    </>
  );
});

/** Today's lists (the day's and coming bookings, orders waiting on the store) and the last 30 days of sales. */
function BelowAgenda({ data }: { data: Overview }) {
  const store = useCurrentStore();
  const base = `/s/${store.storeId}`;
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section id="today-bookings" title="Bookings today" count={data.bookingsToday.count} link={{ to: `${base}/bookings?range=day`, label: 'Day calendar' }}>
          <BookingRows bookings={data.bookingsToday.items} withDate={false} empty="No bookings today." />
        </Section>
        <Section id="upcoming-bookings" title="Coming up" count={data.bookingsUpcoming.count} link={{ to: `${base}/bookings`, label: 'Week calendar' }}>
          <BookingRows bookings={data.bookingsUpcoming.items} withDate empty="Nothing booked in the next days." />
        </Section>
        <Section id="orders-payment" title="Waiting for payment" count={counted(data.ordersAwaitingPayment)} link={{ to: `${base}/orders?status=awaiting`, label: 'All waiting' }}>
          <OrderRows orders={data.ordersAwaitingPayment.items} empty="No order is waiting for payment." />
        </Section>
        <Section id="orders-delivery" title="Waiting for delivery" count={counted(data.ordersAwaitingDelivery)} link={{ to: `${base}/orders?status=fulfil`, label: 'All to fulfil' }}>
          <OrderRows orders={data.ordersAwaitingDelivery.items} empty="Nothing to deliver." />
        </Section>
      </SimpleGrid>
      <Card withBorder component="section" aria-labelledby="sales-30">
        <Group justify="space-between" align="baseline" mb="xs">
          <Title order={2} size="h4" id="sales-30">Sales, last 30 days</Title>
          <Text size="sm">
            <strong>{formatMoney(data.sales.totals.revenueMinor, store.currency)}</strong> from {data.sales.totals.ordersCount} paid {data.sales.totals.ordersCount === 1 ? 'order' : 'orders'}
          </Text>
        </Group>
        <SalesChart days={data.sales.days} currency={store.currency} />
      </Card>
    </>
  );
}

/** What waits on someone: each line a link to where it is handled; developer items for owners/admins only. */
function Attention({ data }: { data: Overview }) {
  const store = useCurrentStore();
  const base = `/s/${store.storeId}`;
  const manage = canManage(store.role);
  // The words after the count, in the count's number ("1 booking waiting", "2 bookings waiting").
  const items = [
    { key: 'pending', count: data.attention.bookingsPendingApproval, one: 'booking waiting for approval', many: 'bookings waiting for approval', to: `${base}/bookings?view=list&status=pending` },
    ...(manage && data.attention.failedWebhookDeliveries !== undefined
      ? [{ key: 'webhooks', count: data.attention.failedWebhookDeliveries, one: 'failed webhook delivery', many: 'failed webhook deliveries', to: `${base}/developers/webhooks` }]
      : []),
    ...(manage && data.attention.failedSyncRuns !== undefined
      ? [{ key: 'sync', count: data.attention.failedSyncRuns, one: 'failed catalog sync run', many: 'failed catalog sync runs', to: `${base}/developers/sync` }]
      : []),
  ]
    .filter((i) => i.count > 0)
    .map(({ one, many, ...i }) => ({ ...i, label: i.count === 1 ? one : many }));
  // Owners only (the server says so only to them): the server's own backup failed.
  const backup = data.attention.backupFailed ? data.attention.lastBackup : undefined;
  return (
    <Card withBorder component="section" aria-labelledby="needs-attention">
      <Title order={2} size="h4" id="needs-attention" mb="xs">Needs attention</Title>
      {backup && (
        <Alert color="red" title="The last backup failed" mb="xs" styles={{ title: { color: 'var(--console-text-on-tint)' } }}>
          <Text size="sm" style={{ overflowWrap: 'break-word' }}>
            The server tried to back up your store's data on {formatDateTime(backup.at, store.timezone)} and could not
            {backup.error ? `: ${backup.error}` : ''}. Until a backup succeeds, a lost disk loses your bookings and orders.
            Whoever runs the server can see why in its log, and run store-service backup to try again.
          </Text>
        </Alert>
      )}
      {items.length === 0 && !backup ? (
        <Text size="sm" c="dimmed">Nothing needs your attention.</Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((i) => (
            <li key={i.key}>
              <UnstyledButton component={Link} to={i.to}>
                <Group gap="xs" wrap="nowrap">
                  <Badge color="red" variant="filled" circle={i.count < 10}>{i.count}</Badge>
                  <Anchor component="span" size="sm">{i.label}</Anchor>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function Section({ id, title, count, link, children }: { id: string; title: string; count: number | string; link: { to: string; label: string }; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} size="h4" id={id}>
          {title} <Text span c="dimmed" fw={400} size="md">({count})</Text>
        </Title>
        <Anchor component={Link} to={link.to} size="sm">{link.label}</Anchor>
      </Group>
      {children}
    </Card>
  );
}

// The rows of Today's lists (up to 8 each, four lists) are Mantine's markup (Group, Text, Anchor)
// written out, without the components' work for every piece of every row: the same page, drawn
// faster on a phone.
const GROUP = Group.classes.root;
const TEXT = `mantine-focus-auto ${Text.classes.root}`;
const ANCHOR = `mantine-focus-auto ${Anchor.classes.root} ${Text.classes.root}`;
const ROW = { '--group-gap': 'var(--mantine-spacing-xs)', '--group-align': 'flex-start', '--group-justify': 'space-between', '--group-wrap': 'nowrap' } as CSSProperties;
const SMALL = { '--text-fz': 'var(--mantine-font-size-sm)', '--text-lh': 'var(--mantine-line-height-sm)' } as CSSProperties;
const DIMMED = { color: 'var(--mantine-color-dimmed)' };

function BookingRows({ bookings, withDate, empty }: { bookings: OverviewBooking[]; withDate: boolean; empty: string }) {
  const store = useCurrentStore();
  if (bookings.length === 0) return <Text size="sm" c="dimmed">{empty}</Text>;
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {bookings.map((b) => (
        <li key={b.bookingId}>
          {/* The row wraps between words rather than cutting a name short on a phone. */}
          <div className={GROUP} style={ROW}>
            <p className={TEXT} data-size="sm" style={{ ...SMALL, minWidth: 0, overflowWrap: 'break-word' }}>
              <span className={TEXT} style={{ whiteSpace: 'nowrap', fontWeight: 700 }}>{withDate ? `${formatLocalDate(b.bookingDate)} ${b.bookingTime}` : b.bookingTime}</span>{' '}
              <Link className={ANCHOR} data-inherit="true" data-underline="always" to={`/s/${store.storeId}/bookings/${b.bookingId}`}>{b.customer.name}</Link>
              <span className={TEXT} style={DIMMED}> · {b.serviceName}</span>
            </p>
            <BookingStatusBadge booking={b} compact />
          </div>
        </li>
      ))}
    </Stack>
  );
}

function OrderRows({ orders, empty }: { orders: OverviewOrder[]; empty: string }) {
  const store = useCurrentStore();
  if (orders.length === 0) return <Text size="sm" c="dimmed">{empty}</Text>;
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {orders.map((o) => (
        <li key={o.orderId}>
          <div className={GROUP} style={ROW}>
            <p className={TEXT} data-size="sm" style={{ ...SMALL, minWidth: 0, overflowWrap: 'break-word' }}>
              <Link className={ANCHOR} data-inherit="true" data-underline="always" to={`/s/${store.storeId}/orders/${o.orderId}`} style={{ whiteSpace: 'nowrap', fontFamily: 'var(--mantine-font-family-monospace)' }}>{o.reference}</Link>
              <span className={TEXT} style={DIMMED}> · {o.customerName ?? 'No name'} · {statusLabel(o.status)}</span>
            </p>
            <p className={TEXT} data-size="sm" style={{ ...SMALL, flexShrink: 0, fontWeight: 600 }}>{formatMoney(o.totalMinor, store.currency)}</p>
          </div>
        </li>
      ))}
    </Stack>
  );
}
