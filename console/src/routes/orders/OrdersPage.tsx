// Orders: one tab per stage (awaiting payment, to fulfil, done, closed, all), newest first with
// "Load more", each with where it came from (website, counter…), and a lookup by reference. The tab
// lives in the address, so a reload keeps it. "New sale" records a sale made at the counter.
// `?paidFrom=&paidTo=` (from Reports' revenue) lists only the orders paid on those days, `?itemId=`
// (from Reports' best sellers, with the days) only those with that item.
import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useItem } from '../../api/items';
import { canManage } from '../../api/session';
import { findOrder, ORDER_GROUPS, useOrderPages, type Order, type OrderGroup } from '../../api/orders';
import { EmptyState, PageError, PageHeader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { channelLabel, formatDateTime, formatLocalDate, formatMoney } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { OrderStatusBadge, paymentMethodLabel } from './status';

const EMPTY: Record<OrderGroup, [string, string]> = {
  awaiting: ['No orders are waiting for payment', 'Cash, mobile-money and manual orders wait here until you mark them paid.'],
  fulfil: ['Nothing to fulfil', 'Paid orders wait here until they are delivered or collected.'],
  done: ['No completed orders yet', 'Orders you confirm as delivered or collected appear here.'],
  closed: ['No closed orders', 'Refunded, cancelled, failed and expired orders appear here.'],
  all: ['No orders yet', 'Orders placed on your website and sales at the counter appear here.'],
};

export function Component() {
  const store = useCurrentStore();
  const [params, setParams] = useSearchParams();
  const group: OrderGroup = ORDER_GROUPS.find((g) => g.value === params.get('status'))?.value ?? 'awaiting';
  // The orders paid on some days, or with an item (a report's revenue and best sellers tap through
  // to them): kept across the tabs.
  const paid = { from: validDay(params.get('paidFrom')), to: validDay(params.get('paidTo')) };
  const itemId = params.get('itemId')?.slice(0, 200) || undefined;
  const filters = paid.from || paid.to || itemId ? { ...(paid.from ? { paidFrom: paid.from } : {}), ...(paid.to ? { paidTo: paid.to } : {}), ...(itemId ? { itemId } : {}) } : null;
  const onDays = paid.from || paid.to ? (paid.from && paid.from === paid.to ? 'that day' : 'those days') : null;
  const tabs = useRef<HTMLDivElement>(null);
  usePageTitle('Orders');
  // On a phone the tabs scroll sideways: the chosen one is brought into view (a reload on "Closed").
  useEffect(() => {
    tabs.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [group]);

  return (
    <Stack gap="md">
      <PageHeader
        title="Orders"
        actions={
          <>
            {canManage(store.role) && <Button variant="default" component={Link} to={`/s/${store.storeId}/reports`}>Reports</Button>}
            <Button component={Link} to={`/s/${store.storeId}/orders/new`}>New sale</Button>
          </>
        }
      >
        Orders placed on your website, sales at the counter, and the payments they wait for.
      </PageHeader>
      <FindOrder />
      {filters && (
        <Alert
          color="blue"
          variant="light"
          title={<>{itemId && <>With <ItemName itemId={itemId} /></>}{itemId && onDays && ' · '}{onDays && paidText(paid.from, paid.to)}</>}
          styles={{ title: { color: 'var(--console-text-on-tint)' } }}
        >
          <Text size="sm">
            Only orders {[itemId ? 'with it' : '', onDays ? `paid on ${onDays}` : ''].filter(Boolean).join(', ')}{itemId && onDays ? ',' : ''} are listed{onDays ? ' (partly refunded ones too), as the report counts them' : ''}.{' '}
            <Anchor component={Link} to={`/s/${store.storeId}/orders${group === 'awaiting' ? '' : `?status=${group}`}`} inherit underline="always" fw={600} c="var(--console-text-on-tint)">Show every order</Anchor>
          </Text>
        </Alert>
      )}
      <Tabs
        value={group}
        keepMounted={false}
        onChange={(value) => setParams({ ...(value && value !== 'awaiting' ? { status: value } : {}), ...filters }, { replace: true })}
      >
        {/* One line at any width: on a phone the tabs scroll sideways rather than wrap onto two lines. */}
        <Tabs.List ref={tabs} aria-label="Orders by stage" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'thin' }}>
          {ORDER_GROUPS.map((g) => (
            <Tabs.Tab key={g.value} value={g.value} style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>{g.label}</Tabs.Tab>
          ))}
        </Tabs.List>
        {ORDER_GROUPS.map((g) => (
          <Tabs.Panel key={g.value} value={g.value} pt="md">
            <OrderList group={g.value} statuses={[...g.statuses]} filters={filters} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** A day (YYYY-MM-DD) from the address, or undefined. */
function validDay(value: string | null): string | undefined {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : undefined;
}

/** A catalog item's name (an item since deleted: "an item no longer in the catalog"). */
function ItemName({ itemId }: { itemId: string }) {
  const store = useCurrentStore();
  const item = useItem(store.storeId, itemId);
  return <>{item.data?.name ?? (item.isError ? 'an item no longer in the catalog' : '…')}</>;
}

/** "Paid 1–30 Nov 2026", "Paid on 2 Nov 2026", "Paid from 1 Nov 2026", "Paid until 30 Nov 2026". */
function paidText(from: string | undefined, to: string | undefined): string {
  const day = (d: string) => formatLocalDate(d, { day: 'numeric', month: 'short', year: 'numeric' });
  if (from && to) return from === to ? `Paid on ${day(from)}` : `Paid ${day(from)} – ${day(to)}`;
  return from ? `Paid from ${day(from)}` : `Paid until ${day(to!)}`;
}

/** A lookup by reference (ORD-…), order id or the website's own order id: opens the order. */
function FindOrder() {
  const store = useCurrentStore();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  return (
    <Card withBorder component="form" role="search" aria-label="Order lookup" noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        const value = text.trim();
        if (!value) return setError('Type a reference, e.g. ORD-7K2M9Q4XH3PB');
        setError(null);
        setBusy(true);
        try {
          const order = await findOrder(store.storeId, value.toUpperCase().startsWith('ORD-') ? value.toUpperCase() : value);
          navigate(`/s/${store.storeId}/orders/${order.orderId}`);
        } catch (err) {
          setError(err instanceof ApiError && err.status === 404 ? `No order “${value}” in ${store.name}.` : err instanceof Error ? err.message : 'The search failed.');
        } finally {
          setBusy(false);
        }
      }}
    >
      <TextInput
        label="Find an order"
        description="Its reference (ORD-…), or the order id your website sent"
        placeholder="ORD-…"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={error}
        // The button sits beside the input itself, level with it whatever the label and error add.
        inputContainer={(input) => (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
            <Button type="submit" variant="default" loading={busy}>Find</Button>
          </Group>
        )}
      />
    </Card>
  );
}

function itemsSummary(order: Order): string {
  const [first, ...rest] = order.items;
  if (!first) return '—';
  const head = `${first.name} × ${first.qty}`;
  return rest.length ? `${head} and ${rest.length} more` : head;
}

function OrderList({ group, statuses, filters }: { group: OrderGroup; statuses: string[]; filters: { paidFrom?: string; paidTo?: string; itemId?: string } | null }) {
  const store = useCurrentStore();
  const pages = useOrderPages(store.storeId, { limit: 25, ...(statuses.length ? { status: statuses.join(',') } : {}), ...filters });
  const rows = pages.data?.pages.flatMap((p) => p.orders) ?? [];
  const link = (o: Order) => `/s/${store.storeId}/orders/${o.orderId}`;

  if (pages.isError) return <PageError error={pages.error} retry={() => pages.refetch()} />;
  if (pages.isPending) return <Text size="sm" c="dimmed">Loading…</Text>;
  if (rows.length === 0 && filters) return <EmptyState title="No orders here">None of the orders listed above is at this stage.</EmptyState>;
  if (rows.length === 0) return <EmptyState title={EMPTY[group][0]}>{EMPTY[group][1]}</EmptyState>;

  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={820} visibleFrom="sm">
        <Table highlightOnHover aria-label="Orders">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Reference</Table.Th>
              <Table.Th scope="col">Placed</Table.Th>
              <Table.Th scope="col">Customer</Table.Th>
              <Table.Th scope="col">Items</Table.Th>
              <Table.Th scope="col" ta="right">Total</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Payment</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((o) => (
              <Table.Tr key={o.orderId}>
                <Table.Td>
                  <Anchor component={Link} to={link(o)} ff="monospace" size="sm">{o.reference}</Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(o.createdAt, store.timezone)}</Text>
                  {o.sourceChannel && <Text size="xs" c="dimmed">{channelLabel(o.sourceChannel)}</Text>}
                </Table.Td>
                <Table.Td><Text size="sm">{o.customer.name}</Text></Table.Td>
                <Table.Td><Text size="sm">{itemsSummary(o)}</Text></Table.Td>
                <Table.Td ta="right"><Text size="sm" fw={600}>{formatMoney(o.totalMinor, o.currency || store.currency)}</Text></Table.Td>
                <Table.Td><OrderStatusBadge order={o} /></Table.Td>
                <Table.Td><Text size="sm">{paymentMethodLabel(o.paymentMethod)}</Text></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Orders">
        {rows.map((o) => (
          <Card key={o.orderId} withBorder component="li" padding="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={link(o)} fw={600}>{o.customer.name}</Anchor>
                <Text size="xs" c="dimmed" ff="monospace">{o.reference}</Text>
              </Stack>
              <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>{formatMoney(o.totalMinor, o.currency || store.currency)}</Text>
            </Group>
            <Text size="sm" mt={4} style={{ overflowWrap: 'break-word' }}>{itemsSummary(o)}</Text>
            <Group justify="space-between" mt={6} gap="xs">
              <OrderStatusBadge order={o} />
              <Text size="xs" c="dimmed">{o.sourceChannel && `${channelLabel(o.sourceChannel)} · `}{formatDateTime(o.createdAt, store.timezone)}</Text>
            </Group>
          </Card>
        ))}
      </Stack>

      {pages.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => pages.fetchNextPage()} loading={pages.isFetchingNextPage}>Load more</Button>
        </Group>
      )}
    </Stack>
  );
}
