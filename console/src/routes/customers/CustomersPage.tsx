// Customers: search by name, email, tag or phone (the API's q, kept in the address), newest first
// with "Load more"; each with their bookings and orders counts and what they have spent. "Add
// customer" records someone by hand.
import { useState } from 'react';
import { Anchor, Button, Card, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router';
import { AddCustomerDialog } from './AddCustomerDialog';
import { useCustomerPages, type Customer } from '../../api/customers';
import { EmptyState, PageError, PageHeader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatDateTime, formatMoney, plural } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';

export function Component() {
  const store = useCurrentStore();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  usePageTitle('Customers');
  const [text, setText] = useState(q);
  const [adding, setAdding] = useState(false);
  // The search follows typing after a pause, not on every key.
  const apply = useDebouncedCallback((value: string) => setParams(value.trim() ? { q: value.trim() } : {}, { replace: true }), 300);
  const pages = useCustomerPages(store.storeId, { limit: 25, ...(q ? { q } : {}) });
  const rows = pages.data?.pages.flatMap((p) => p.customers) ?? [];
  const link = (c: Customer) => `/s/${store.storeId}/customers/${c.id}`;
  const money = (c: Customer) => formatMoney(c.totalSpentMinor, store.currency);

  return (
    <Stack gap="md">
      <PageHeader title="Customers" actions={<Button onClick={() => setAdding(true)}>Add customer</Button>}>
        People who booked or ordered, and those you added. Records are kept up to date by every booking and order.
      </PageHeader>
      {adding && <AddCustomerDialog onClose={() => setAdding(false)} />}
      <Card withBorder component="form" role="search" aria-label="Search customers" onSubmit={(e) => { e.preventDefault(); apply.flush(); }}>
        <TextInput
          label="Search"
          description="Name, email, tag or phone (any format; digits alone work too)"
          placeholder="Ama, ama@example.com, 024…"
          type="search"
          autoComplete="off"
          maxLength={200}
          value={text}
          onChange={(e) => { setText(e.currentTarget.value); apply(e.currentTarget.value); }}
        />
      </Card>

      {pages.isError && <PageError error={pages.error} retry={() => pages.refetch()} />}
      {pages.isPending && <Text size="sm" c="dimmed">Loading…</Text>}
      {!pages.isPending && !pages.isError && rows.length === 0 && (
        <EmptyState title={q ? `No customer matches “${q}”` : 'No customers yet'}>
          {q ? 'Try part of the name, the email or a few digits of the phone.' : 'Customers appear here with their first booking or order, or when you add them.'}
        </EmptyState>
      )}

      {rows.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={760} visibleFrom="sm">
            <Table highlightOnHover aria-label="Customers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Email</Table.Th>
                  <Table.Th scope="col">Phone</Table.Th>
                  <Table.Th scope="col" ta="right">Bookings</Table.Th>
                  <Table.Th scope="col" ta="right">Orders</Table.Th>
                  <Table.Th scope="col" ta="right">Total spent</Table.Th>
                  <Table.Th scope="col">Customer since</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td><Anchor component={Link} to={link(c)} size="sm">{c.name}</Anchor></Table.Td>
                    <Table.Td><Text size="sm" style={{ overflowWrap: 'break-word' }}>{c.email ?? '—'}</Text></Table.Td>
                    <Table.Td><Text size="sm" style={{ whiteSpace: 'nowrap' }}>{c.phone ?? '—'}</Text></Table.Td>
                    <Table.Td ta="right">{c.bookingsCount}</Table.Td>
                    <Table.Td ta="right">{c.ordersCount}</Table.Td>
                    <Table.Td ta="right"><Text size="sm" fw={600}>{money(c)}</Text></Table.Td>
                    <Table.Td><Text size="sm">{formatDateTime(c.createdAt, store.timezone, { dateStyle: 'medium' })}</Text></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>

          <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Customers">
            {rows.map((c) => (
              <Card key={c.id} withBorder component="li" padding="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={link(c)} fw={600} style={{ overflowWrap: 'break-word' }}>{c.name}</Anchor>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>{[c.email, c.phone].filter(Boolean).join(' · ') || 'No contact details'}</Text>
                  </Stack>
                  <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>{money(c)}</Text>
                </Group>
                <Text size="xs" c="dimmed" mt={4}>
                  {plural(c.bookingsCount, 'booking')} · {plural(c.ordersCount, 'order')}
                </Text>
              </Card>
            ))}
          </Stack>

          {pages.hasNextPage && (
            <Group justify="center">
              <Button variant="default" onClick={() => pages.fetchNextPage()} loading={pages.isFetchingNextPage}>Load more</Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
