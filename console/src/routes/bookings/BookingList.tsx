// The bookings list: the API's filters (status, service, dates, reference), newest first, one page
// at a time. Filters live in the address, so a reload or a shared link shows the same list. A booking
// whose service asked a deposit says where it stands (Deposit due, paid, kept…). There is no
// "deposits due" filter: the API has none, and one applied to the pages loaded would hide the rest.
import { useState } from 'react';
import { Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router';
import { useBookableItems, useBookingPages, type BookingFilters, type BookingStatus } from '../../api/bookings';
import { EmptyState, PageError } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatLocalDate, formatPrice, statusLabel } from '../../lib/format';
import { BookingStatusBadge, DepositBadge, STATUS_FILTERS } from './status';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function BookingList() {
  const store = useCurrentStore();
  const [params, setParams] = useSearchParams();
  const items = useBookableItems(store.storeId);
  const [reference, setReference] = useState(params.get('reference') ?? '');

  const set = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) if (!v) next.delete(k); else next.set(k, v);
        return next;
      },
      { replace: true },
    );

  // The reference filter follows typing after a pause, not on every key.
  const applyReference = useDebouncedCallback((value: string) => set({ reference: value.trim().toUpperCase() || null }), 300);

  const status = STATUS_FILTERS.some((s) => s.value === params.get('status')) ? (params.get('status') as BookingStatus) : undefined;
  const serviceId = params.get('serviceId') || undefined;
  const from = DATE.test(params.get('from') ?? '') ? params.get('from')! : undefined;
  const to = DATE.test(params.get('to') ?? '') ? params.get('to')! : undefined;
  const filters: Omit<BookingFilters, 'cursor'> = {
    limit: 25,
    ...(status ? { status } : {}),
    ...(serviceId ? { serviceId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(params.get('reference') ? { reference: params.get('reference')! } : {}),
  };
  const pages = useBookingPages(store.storeId, filters);
  const rows = pages.data?.pages.flatMap((p) => p.bookings) ?? [];
  // While other filters load, the previous list stays in view, dimmed.
  const stale = pages.isPlaceholderData ? { opacity: 0.6 } : undefined;
  const filtered = Boolean(status || serviceId || from || to || params.get('reference'));

  return (
    <Stack gap="md">
      <Card withBorder component="form" role="search" aria-label="Filter bookings" onSubmit={(e) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          <Select label="Status" placeholder="Any status" clearable data={STATUS_FILTERS} value={status ?? null} onChange={(v) => set({ status: v })} />
          <Select
            label="Service"
            placeholder="Any service"
            clearable
            searchable
            data={(items.data ?? []).map((i) => ({ value: i.id, label: i.name }))}
            value={serviceId ?? null}
            onChange={(v) => set({ serviceId: v })}
          />
          <DatePickerInput label="From" clearable valueFormat="D MMM YYYY" firstDayOfWeek={1} value={from ?? null} onChange={(v) => set({ from: v })} maxDate={to} />
          <DatePickerInput label="To" clearable valueFormat="D MMM YYYY" firstDayOfWeek={1} value={to ?? null} onChange={(v) => set({ to: v })} minDate={from} />
          <TextInput label="Reference" placeholder="IB-…" value={reference} onChange={(e) => { setReference(e.currentTarget.value); applyReference(e.currentTarget.value); }} autoComplete="off" />
        </SimpleGrid>
        {filtered && (
          <Group mt="sm">
            <Button variant="subtle" size="xs" onClick={() => { applyReference.cancel(); setReference(''); set({ status: null, serviceId: null, from: null, to: null, reference: null }); }}>
              Clear filters
            </Button>
          </Group>
        )}
      </Card>

      {pages.isError && <PageError error={pages.error} retry={() => pages.refetch()} />}
      {!pages.isPending && !pages.isError && rows.length === 0 && (
        <EmptyState title={filtered ? 'No bookings match these filters' : 'No bookings yet'}>
          {filtered ? 'Change or clear the filters.' : 'Bookings made on your website appear here.'}
        </EmptyState>
      )}

      {rows.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={760} visibleFrom="sm">
            <Table highlightOnHover aria-label="Bookings" aria-busy={pages.isFetching} style={stale}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Date</Table.Th>
                  <Table.Th scope="col">Time</Table.Th>
                  <Table.Th scope="col">Customer</Table.Th>
                  <Table.Th scope="col">Service</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Payment</Table.Th>
                  <Table.Th scope="col">Reference</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((b) => (
                  <Table.Tr key={b.bookingId}>
                    <Table.Td>{formatLocalDate(b.bookingDate, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' })}</Table.Td>
                    <Table.Td>{b.bookingTime}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/s/${store.storeId}/bookings/${b.bookingId}`}>{b.customer.name}</Anchor>
                    </Table.Td>
                    <Table.Td>{b.serviceName}{b.quantity > 1 ? ` × ${b.quantity}` : ''}</Table.Td>
                    <Table.Td><BookingStatusBadge booking={b} /></Table.Td>
                    <Table.Td>
                      <Text size="sm">{statusLabel(b.paymentStatus)}</Text>
                      {b.paymentAmountMinor !== null && <Text size="xs" c="dimmed">{formatPrice(b.paymentAmountMinor, store.currency)}</Text>}
                      {b.deposit && <Group mt={2}><DepositBadge deposit={b.deposit} /></Group>}
                    </Table.Td>
                    <Table.Td><Text size="sm" ff="monospace">{b.reference}</Text></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none', ...stale }} aria-label="Bookings" aria-busy={pages.isFetching}>
            {rows.map((b) => (
              <li key={b.bookingId}>
                <Card withBorder padding="sm" component={Link} to={`/s/${store.storeId}/bookings/${b.bookingId}`}>
                  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <Text fw={700} size="sm">
                      {formatLocalDate(b.bookingDate)} · {b.bookingTime}
                    </Text>
                    <BookingStatusBadge booking={b} />
                  </Group>
                  {/* Names and services wrap between words: a phone shows them whole. */}
                  <Text size="sm" fw={600} style={{ overflowWrap: 'break-word' }}>{b.customer.name}</Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
                    {b.serviceName}{b.quantity > 1 ? ` × ${b.quantity}` : ''} · {statusLabel(b.paymentStatus)}
                    {b.paymentAmountMinor !== null ? ` · ${formatPrice(b.paymentAmountMinor, store.currency)}` : ''} · <span style={{ whiteSpace: 'nowrap' }}>{b.reference}</span>
                  </Text>
                  {b.deposit && <Group mt={4}><DepositBadge deposit={b.deposit} /></Group>}
                </Card>
              </li>
            ))}
          </Stack>
        </>
      )}

      {pages.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => pages.fetchNextPage()} loading={pages.isFetchingNextPage}>Load more</Button>
        </Group>
      )}
    </Stack>
  );
}
