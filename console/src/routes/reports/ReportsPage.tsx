// Reports (owners and admins): for a period (this month, last month, this week, the last 30 days or
// any range, kept in the address) the revenue per day, week or month, what sold best (products and
// services, by revenue and by count), bookings by
// status and the no-show rate, the busiest weekdays and hours, and returning against new customers.
// Numbers lead to what is behind them: bookings to the filtered bookings list, revenue to the orders,
// a product to its catalog page. Bars are lists with their numbers as text, readable on a phone.
import { type ReactNode } from 'react';
import { Anchor, Card, Group, NativeSelect, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { Link, useSearchParams } from 'react-router';
import { useReportSummary, useSalesByPeriod, type ReportSummary, type SalesPeriod } from '../../api/reports';
import { canManage } from '../../api/session';
import { PageError, PageHeader, PageLoader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatLocalDate, formatMoney, plural, statusLabel, todayIn } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { STATUS_FILTERS } from '../bookings/status';
import type { Weekday } from '../../api/items';
import { DAY_NAME } from '../catalog/labels';
import { BarList } from './BarList';
import { dayCount, isDate, RANGES, rangeDates, rangeText, type RangeName } from './periods';

const PERIODS: { value: SalesPeriod; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

/** The bookings list's filter for a summary status ("pending_approval" is the list's "pending"). */
const listStatus = (status: string) => (status === 'pending_approval' ? 'pending' : status);
const bookingStatusLabel = (status: string) => STATUS_FILTERS.find((s) => s.value === listStatus(status))?.label ?? statusLabel(status);

export function Component() {
  const store = useCurrentStore();
  usePageTitle('Reports');
  if (!canManage(store.role)) {
    return (
      <Stack>
        <PageHeader title="Reports" />
        <Text>Reports are for the store’s owners and admins.</Text>
      </Stack>
    );
  }
  return <Reports />;
}

function Reports() {
  const store = useCurrentStore();
  const [params, setParams] = useSearchParams();
  const today = todayIn(store.timezone);
  const named = RANGES.find((r) => r.value === params.get('range'))?.value ?? 'this-month';
  const customFrom = params.get('from');
  const customTo = params.get('to');
  const custom = named === 'custom' && isDate(customFrom) && isDate(customTo) && customFrom <= customTo;
  const { from, to } = named === 'custom' ? (custom ? { from: customFrom, to: customTo } : rangeDates('this-month', today)) : rangeDates(named, today);
  const days = dayCount(from, to);
  // Short enough to read on a phone by default: days up to two weeks, then weeks, then months.
  const by = PERIODS.find((p) => p.value === params.get('by'))?.value ?? (days > 92 ? 'month' : days > 14 ? 'week' : 'day');

  const set = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) if (v) next.set(k, v); else next.delete(k);
        return next;
      },
      { replace: true },
    );

  const summary = useReportSummary(store.storeId, from, to);
  const sales = useSalesByPeriod(store.storeId, from, to, by);

  return (
    <Stack gap="md">
      <PageHeader title="Reports">{rangeText(from, to)} · {plural(days, 'day')}</PageHeader>
      <Card withBorder component="form" role="search" aria-label="Report period" onSubmit={(e) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, sm: named === 'custom' ? 3 : 1, md: named === 'custom' ? 3 : 2 }} spacing="sm">
          <NativeSelect
            label="Period"
            data={RANGES.map((r) => ({ value: r.value, label: r.label }))}
            value={named}
            onChange={(e) => {
              const value = e.currentTarget.value as RangeName;
              // A custom range starts from the dates shown now.
              set(value === 'custom' ? { range: value, from, to } : { range: value === 'this-month' ? null : value, from: null, to: null });
            }}
          />
          {named === 'custom' && (
            <>
              <DatePickerInput label="From" valueFormat="D MMM YYYY" firstDayOfWeek={1} value={from} maxDate={to} onChange={(v) => v && set({ from: v })} />
              <DatePickerInput label="To" valueFormat="D MMM YYYY" firstDayOfWeek={1} value={to} minDate={from} onChange={(v) => v && set({ to: v })} />
            </>
          )}
        </SimpleGrid>
      </Card>

      {summary.isError ? (
        <PageError error={summary.error} retry={() => summary.refetch()} />
      ) : !summary.data ? (
        <PageLoader />
      ) : (
        <div style={summary.isPlaceholderData ? { opacity: 0.6 } : undefined}>
          <SummaryView data={summary.data} from={from} to={to}>
            <Card withBorder component="section" aria-labelledby="report-revenue">
              <Group justify="space-between" align="center" mb="sm" gap="xs">
                <Title order={2} size="h4" id="report-revenue">Revenue</Title>
                <Group gap={6} wrap="nowrap">
                  <Text component="span" id="report-by" size="sm" fw={500}>Revenue by</Text>
                  <SegmentedControl size="xs" aria-labelledby="report-by" value={by} onChange={(v) => set({ by: v })} data={PERIODS} />
                </Group>
              </Group>
              {sales.isError ? (
                <PageError error={sales.error} retry={() => sales.refetch()} />
              ) : !sales.data ? (
                <Text size="sm" c="dimmed">Loading…</Text>
              ) : (
                <BarList
                  label={`Revenue by ${by}`}
                  empty="No paid orders in this period."
                  bars={sales.data.periods.map((p) => ({
                    key: p.from,
                    label: periodLabel(by, p.from, p.to),
                    value: p.revenueMinor,
                    text: `${formatMoney(p.revenueMinor, sales.data.currency || store.currency)} · ${plural(p.ordersCount, 'order')}`,
                  }))}
                />
              )}
            </Card>
          </SummaryView>
        </div>
      )}
    </Stack>
  );
}

/** A row of the revenue bars: "Mon 5 May", "5 – 11 May 2025", "May 2025". */
function periodLabel(by: SalesPeriod, from: string, to: string): string {
  if (by === 'day') return formatLocalDate(from, { weekday: 'short', day: 'numeric', month: 'short' });
  if (by === 'week') return rangeText(from, to);
  return formatLocalDate(from, { month: 'long', year: 'numeric' });
}

function Figure({ label, value, to, note }: { label: string; value: ReactNode; to?: string; note?: ReactNode }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">{label}</Text>
      {to ? (
        <Anchor component={Link} to={to} fw={700} fz="xl" aria-label={`${label}: ${typeof value === 'string' || typeof value === 'number' ? value : ''}`}>{value}</Anchor>
      ) : (
        <Text fw={700} fz="xl">{value}</Text>
      )}
      {note && <Text size="xs" c="dimmed">{note}</Text>}
    </Card>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">{title}</Title>
      {children}
    </Card>
  );
}

/** The no-show rate as a percentage; the service gives a fraction (0.25) or null when nobody was due. */
function percent(rate: number | null): string {
  if (rate === null) return '—';
  return `${Math.round(rate * 1000) / 10}%`;
}

function SummaryView({ data, from, to, children }: { data: ReportSummary; from: string; to: string; children: ReactNode }) {
  const store = useCurrentStore();
  const base = `/s/${store.storeId}`;
  const currency = data.currency || store.currency;
  const money = (minor: number) => formatMoney(minor, currency);
  // The orders the revenue counts: those paid in the period.
  const paidOrders = `${base}/orders?${new URLSearchParams({ status: 'all', paidFrom: from, paidTo: to })}`;
  // A best seller's: the paid orders of the period with it.
  const ordersWith = (itemId: string) => `${paidOrders}&${new URLSearchParams({ itemId })}`;
  const bookingsList = (extra: Record<string, string> = {}) => `${base}/bookings?${new URLSearchParams({ view: 'list', from, to, ...extra })}`;
  const byCount = [...data.products].sort((a, b) => b.quantity - a.quantity || b.revenueMinor - a.revenueMinor);
  const servicesByRevenue = [...data.services].filter((x) => x.revenueMinor > 0).sort((a, b) => b.revenueMinor - a.revenueMinor || b.bookingsCount - a.bookingsCount);
  const hours = data.busiest.hours.filter((h) => h.count > 0).sort((a, b) => a.hour - b.hour);
  const newAndReturning = data.customers.returning + data.customers.new;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Figure label="Revenue" value={money(data.revenue.revenueMinor)} to={paidOrders} note={`${plural(data.revenue.ordersCount, 'paid order')}`} />
        <Figure label="Paid orders" value={data.revenue.ordersCount} to={paidOrders} />
        <Figure label="Bookings" value={data.bookings.total} to={bookingsList()} note={`${data.bookings.attended} attended`} />
        <Figure label="No-show rate" value={percent(data.bookings.noShowRate)} note={`${plural(data.bookings.noShows, 'no-show')}`} />
      </SimpleGrid>

      {children}

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section id="report-products" title="Best-selling products">
          <Stack gap="md">
            <div>
              <Title order={3} size="h6" mb={6}>By revenue</Title>
              <BarList
                label="Products by revenue"
                empty="No products sold in this period."
                bars={data.products.slice(0, 10).map((p) => ({ key: p.itemId, label: p.name, value: p.revenueMinor, text: money(p.revenueMinor), to: ordersWith(p.itemId) }))}
              />
            </div>
            <div>
              <Title order={3} size="h6" mb={6}>By number sold</Title>
              <BarList
                label="Products by number sold"
                color="blue.7"
                empty="No products sold in this period."
                bars={byCount.slice(0, 10).map((p) => ({ key: p.itemId, label: p.name, value: p.quantity, text: `${p.quantity} sold`, to: ordersWith(p.itemId) }))}
              />
            </div>
          </Stack>
        </Section>

        <Section id="report-services" title="Best-selling services">
          <Stack gap="md">
            <div>
              <Title order={3} size="h6" mb={6}>By revenue</Title>
              <BarList
                label="Services by revenue"
                color="grape.7"
                empty="No bookings in this period."
                bars={servicesByRevenue.slice(0, 10).map((s) => ({
                  key: s.serviceId,
                  label: s.name,
                  value: s.revenueMinor,
                  text: money(s.revenueMinor),
                  to: bookingsList({ serviceId: s.serviceId }),
                }))}
              />
            </div>
            <div>
              <Title order={3} size="h6" mb={6}>By bookings</Title>
              <BarList
                label="Services by bookings"
                color="grape.7"
                empty="No bookings in this period."
                bars={data.services.slice(0, 10).map((s) => ({
                  key: s.serviceId,
                  label: s.name,
                  value: s.bookingsCount,
                  text: `${plural(s.bookingsCount, 'booking')} · ${s.attendedCount} came`,
                  to: bookingsList({ serviceId: s.serviceId }),
                }))}
              />
            </div>
          </Stack>
        </Section>

        <Section id="report-bookings" title="Bookings by status">
          <Stack gap="sm">
            <BarList
              label="Bookings by status"
              color="cyan.8"
              empty="No bookings in this period."
              bars={data.bookings.byStatus.filter((s) => s.count > 0).map((s) => ({
                key: s.status,
                label: bookingStatusLabel(s.status),
                value: s.count,
                to: bookingsList({ status: listStatus(s.status) }),
              }))}
            />
            <Text size="sm">
              No-show rate: <strong>{percent(data.bookings.noShowRate)}</strong> ({plural(data.bookings.noShows, 'no-show')}, {data.bookings.attended} attended)
            </Text>
          </Stack>
        </Section>

        <Section id="report-customers" title="Customers">
          <BarList
            label="Returning and new customers"
            color="orange.8"
            empty="No customers booked or bought in this period."
            bars={newAndReturning === 0 ? [] : [
              { key: 'returning', label: 'Returning', value: data.customers.returning, text: `${data.customers.returning}` },
              { key: 'new', label: 'New', value: data.customers.new, text: `${data.customers.new}` },
            ]}
          />
          <Text size="xs" c="dimmed" mt="xs">{plural(data.customers.total, 'customer')} booked or bought in this period. Returning ones had come before it.</Text>
        </Section>

        <Section id="report-weekdays" title="Busiest days">
          <BarList
            label="Bookings by weekday"
            color="indigo.7"
            empty="No bookings in this period."
            bars={data.busiest.weekdays.every((d) => d.count === 0) ? [] : data.busiest.weekdays.map((d) => ({ key: d.day, label: DAY_NAME[d.day as Weekday] ?? d.day, value: d.count, text: plural(d.count, 'booking') }))}
          />
        </Section>

        <Section id="report-hours" title="Busiest hours">
          <BarList
            label="Bookings by starting hour"
            color="indigo.7"
            empty="No bookings in this period."
            bars={hours.map((h) => ({ key: String(h.hour), label: `${String(h.hour).padStart(2, '0')}:00`, value: h.count, text: plural(h.count, 'booking') }))}
          />
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
