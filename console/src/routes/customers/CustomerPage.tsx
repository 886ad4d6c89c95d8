// One customer: big call and WhatsApp buttons when the phone is known, what they are worth to the
// store (visits, no-shows, spend, orders), their details with notes and tags (editable; the service's
// validation shows next to each field and a failed save keeps what was typed), their bookings (with
// who came and who did not) and their orders, and delete (owners and admins) behind a confirmation
// that explains why a customer with history cannot go.
import { useState, type CSSProperties, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Card, DataList, Group, Modal, SimpleGrid, Stack, TagsInput, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useCustomer, useCustomerBookings, useCustomerOrders, useCustomerVisits, useDeleteCustomer, useUpdateCustomer, type Customer, type CustomerPatch } from '../../api/customers';
import { canManage } from '../../api/session';
import { useFormError } from '../../components/api-form';
import { EmptyState, PageError, PageHeader, PageLoader, RecordLoadError } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatDateTime, formatLocalDate, formatMoney, plural, statusLabel } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { notifyDone } from '../../lib/notify';
import { OrderStatusBadge } from '../orders/status';
import { DataItem } from '../../components/DataItem';
import { SaveButtons } from '../../components/SaveButtons';

export function Component() {
  const { customerId = '' } = useParams();
  const store = useCurrentStore();
  const customer = useCustomer(store.storeId, customerId);
  usePageTitle(customer.data?.name ?? 'Customer');

  if (customer.isPending) return <PageLoader />;
  if (customer.isError) {
    return <RecordLoadError error={customer.error} retry={() => customer.refetch()} back={<BackLink />} noun="Customer" notFound={<>This customer does not exist in {store.name} (it may have been deleted).</>} />;
  }
  return <CustomerView key={customer.data.id} customer={customer.data} />;
}

function BackLink() {
  const store = useCurrentStore();
  return (
    <Anchor component={Link} to={`/s/${store.storeId}/customers`} size="sm">
      ‹ All customers
    </Anchor>
  );
}

function CustomerView({ customer }: { customer: Customer }) {
  const store = useCurrentStore();
  const [deleting, setDeleting] = useState(false);

  return (
    <Stack gap="md">
      <BackLink />
      <PageHeader
        title={customer.name}
        actions={canManage(store.role) && <Button variant="outline" color="red" onClick={() => setDeleting(true)}>Delete customer</Button>}
      >
        Customer since {formatDateTime(customer.createdAt, store.timezone, { dateStyle: 'long' })}
      </PageHeader>

      <ContactButtons customer={customer} />

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder component="section" aria-labelledby="customer-summary">
          <Title order={2} size="h4" id="customer-summary" mb="sm">Summary</Title>
          <DataList labelWidth={120}>
            <DataItem label="Visits"><Visits customerId={customer.id} /></DataItem>
            <DataItem label="No-shows">{customer.noShowCount}</DataItem>
            <DataItem label="Total spent">{formatMoney(customer.totalSpentMinor, store.currency)}</DataItem>
            <DataItem label="Bookings">{customer.bookingsCount}</DataItem>
            <DataItem label="Orders">{customer.ordersCount}</DataItem>
            <DataItem label="Tags">
              {customer.tags.length ? <Group gap={4}>{customer.tags.map((t) => <Badge key={t} variant="light" color="gray">{t}</Badge>)}</Group> : 'None'}
            </DataItem>
            <DataItem label="Email">{customer.email ? <Anchor size="sm" href={`mailto:${customer.email}`}>{customer.email}</Anchor> : 'Not given'}</DataItem>
            <DataItem label="Phone">{customer.phone ? <Anchor size="sm" href={`tel:${customer.phoneE164 ?? customer.phone}`}>{customer.phone}</Anchor> : 'Not given'}</DataItem>
            <DataItem label="Last change">{formatDateTime(customer.updatedAt, store.timezone)}</DataItem>
          </DataList>
          <Text size="xs" c="dimmed" mt="xs">Visits are bookings they came to. Total spent counts money received for orders, less refunds.</Text>
        </Card>
        <EditCustomer customer={customer} />
        <CustomerOrders customerId={customer.id} />
        <CustomerBookings customerId={customer.id} />
      </SimpleGrid>

      {deleting && <DeleteDialog customer={customer} onClose={() => setDeleting(false)} />}
    </Stack>
  );
}

/** Tap to call, or to write on WhatsApp: only with a number the service could read (phoneE164). */
function ContactButtons({ customer }: { customer: Customer }) {
  if (!customer.phoneE164) return null;
  const digits = customer.phoneE164.replace(/^\+/, '');
  return (
    <Group grow gap="sm" maw={560} aria-label={`Contact ${customer.name}`} role="group">
      <Button component="a" href={`tel:${customer.phoneE164}`} size="lg">Call</Button>
      <Button component="a" href={`https://wa.me/${digits}`} target="_blank" rel="noopener noreferrer" size="lg" color="#1b6b3a">WhatsApp</Button>
    </Group>
  );
}

/** Bookings the customer came to, counted from their bookings. */
function Visits({ customerId }: { customerId: string }) {
  const store = useCurrentStore();
  const visits = useCustomerVisits(store.storeId, customerId);
  if (visits.isPending) return <>…</>;
  if (visits.isError) return <>—</>;
  return <>{visits.data.visits}{visits.data.capped ? '+' : ''}</>;
}

const FIELDS = ['name', 'email', 'phone', 'notes', 'tags'] as const;
const TEXT_FIELDS = ['name', 'email', 'phone', 'notes'] as const;

const formValues = (c: Customer) => ({ name: c.name, email: c.email ?? '', phone: c.phone ?? '', notes: c.notes ?? '', tags: [...c.tags] });

function EditCustomer({ customer }: { customer: Customer }) {
  const store = useCurrentStore();
  const update = useUpdateCustomer(store.storeId, customer.id);
  const error = useFormError();
  // Seeded once: a refetch while someone types never replaces their text.
  const form = useForm({
    initialValues: formValues(customer),
    validate: { name: (v) => (v.trim() ? null : 'Enter a name') },
  });

  const submit = form.onSubmit(async (values) => {
    error.clear();
    const patch: CustomerPatch = {};
    for (const field of TEXT_FIELDS) {
      if (!form.isDirty(field)) continue;
      const value = values[field].trim();
      if (field === 'name') patch.name = value;
      else patch[field] = value || null; // an emptied email, phone or note is cleared
    }
    if (form.isDirty('tags')) patch.tags = values.tags;
    if (Object.keys(patch).length === 0) return;
    try {
      const saved = await update.mutateAsync(patch);
      const next = formValues(saved.customer);
      form.setInitialValues(next);
      form.setValues(next);
      notifyDone('Customer saved');
    } catch (e) {
      error.set(e, form, [...FIELDS]);
    }
  });

  return (
    <Card withBorder component="section" aria-labelledby="customer-edit">
      <Title order={2} size="h4" id="customer-edit" mb="sm">Details</Title>
      {/* Mantine's error red (shade 6) is under 4.5:1 on white; this form's errors use shade 9. */}
      <form onSubmit={submit} noValidate style={{ '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties}>
        <Stack gap="sm">
          {error.message && <Alert color="red" role="alert">{error.message}</Alert>}
          <TextInput label="Name" required maxLength={200} autoComplete="off" {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" autoComplete="off" description="Leave empty to remove it" {...form.getInputProps('email')} />
          <TextInput label="Phone" type="tel" autoComplete="off" description="9 to 15 digits; spaces and + are fine" {...form.getInputProps('phone')} />
          <Textarea label="Notes" autosize minRows={2} maxRows={8} maxLength={2000} description="Only staff see them" {...form.getInputProps('notes')} />
          <TagsInput label="Tags" description="Press Enter after each, e.g. VIP" maxTags={20} clearable {...form.getInputProps('tags')} />
          <Group justify="flex-end">
            <SaveButtons form={form} error={error} label="Save" saving={update.isPending} />
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function CustomerOrders({ customerId }: { customerId: string }) {
  const store = useCurrentStore();
  const pages = useCustomerOrders(store.storeId, customerId);
  const rows = pages.data?.pages.flatMap((p) => p.orders) ?? [];
  return (
    <Card withBorder component="section" aria-labelledby="customer-orders">
      <Title order={2} size="h4" id="customer-orders" mb="sm">Orders</Title>
      {pages.isError ? (
        <PageError error={pages.error} retry={() => pages.refetch()} />
      ) : pages.isPending ? (
        <Text size="sm" c="dimmed">Loading…</Text>
      ) : rows.length === 0 ? (
        <EmptyState title="No orders" />
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Orders of this customer">
          {rows.map((o) => (
            <Group key={o.orderId} component="li" justify="space-between" gap="xs" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/s/${store.storeId}/orders/${o.orderId}`} ff="monospace" size="sm">{o.reference}</Anchor>
                <Text size="xs" c="dimmed">{formatDateTime(o.createdAt, store.timezone)}</Text>
              </Stack>
              <Group gap="xs" wrap="wrap" justify="flex-end">
                <OrderStatusBadge order={o} />
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>{formatMoney(o.totalMinor, o.currency || store.currency)}</Text>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {pages.hasNextPage && (
        <Group justify="center" mt="sm">
          <Button variant="default" size="xs" onClick={() => pages.fetchNextPage()} loading={pages.isFetchingNextPage}>Load more orders</Button>
        </Group>
      )}
    </Card>
  );
}

function CustomerBookings({ customerId }: { customerId: string }) {
  const store = useCurrentStore();
  const pages = useCustomerBookings(store.storeId, customerId);
  const rows = pages.data?.pages.flatMap((p) => p.bookings) ?? [];
  return (
    <Card withBorder component="section" aria-labelledby="customer-bookings">
      <Title order={2} size="h4" id="customer-bookings" mb="sm">Bookings</Title>
      {pages.isError ? (
        <PageError error={pages.error} retry={() => pages.refetch()} />
      ) : pages.isPending ? (
        <Text size="sm" c="dimmed">Loading…</Text>
      ) : rows.length === 0 ? (
        <EmptyState title="No bookings" />
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Bookings of this customer">
          {rows.map((b) => (
            <Group key={b.bookingId} component="li" justify="space-between" gap="xs" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/s/${store.storeId}/bookings/${b.bookingId}`} size="sm">
                  {b.serviceName}{b.quantity > 1 ? ` × ${b.quantity}` : ''}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatLocalDate(b.bookingDate, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' })}, {b.bookingTime} · <span style={{ fontFamily: 'monospace' }}>{b.reference}</span>
                </Text>
              </Stack>
              <Group gap={4} justify="flex-end">
                {b.attendance === 'no_show' && <Badge variant="light" color="red">No-show</Badge>}
                {b.attendance === 'attended' && <Badge variant="light" color="teal">Came</Badge>}
                <Text size="sm">{statusLabel(b.bookingStatus)}</Text>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {pages.hasNextPage && (
        <Group justify="center" mt="sm">
          <Button variant="default" size="xs" onClick={() => pages.fetchNextPage()} loading={pages.isFetchingNextPage}>Load more bookings</Button>
        </Group>
      )}
    </Card>
  );
}

function DeleteDialog({ customer, onClose }: { customer: Customer; onClose: () => void }) {
  const store = useCurrentStore();
  const navigate = useNavigate();
  const remove = useDeleteCustomer(store.storeId, customer.id);
  const [error, setError] = useState<ReactNode>(null);
  // After the service's 409 the answer is known: the dialog only explains.
  const [refused, setRefused] = useState(false);

  return (
    <Modal opened onClose={onClose} title="Delete this customer?" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text size="sm">
          {customer.name}’s record (name, email, phone and totals) is removed for good. A customer who books or orders again later comes back as a new record.
        </Text>
        {error && <Alert color="red" role="alert" title="This customer was not deleted">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{refused ? 'Back to the customer' : 'Keep customer'}</Button>
          {!refused && (
            <Button
              color="red"
              loading={remove.isPending}
              onClick={async () => {
                setError(null);
                try {
                  await remove.mutateAsync();
                  notifyDone(`${customer.name} deleted`);
                  navigate(`/s/${store.storeId}/customers`, { replace: true });
                } catch (e) {
                  if (e instanceof ApiError && e.status === 409) {
                    setRefused(true);
                    setError(
                      <>
                        {customer.name} has {plural(customer.bookingsCount, 'booking', 'bookings')} and {plural(customer.ordersCount, 'order', 'orders')} in
                        this store. Those records keep the customer they were made for, so the customer cannot be deleted while they exist.
                        To remove personal details, edit the record instead: clear the email and phone.
                      </>,
                    );
                  } else {
                    setError(e instanceof Error ? e.message : 'Something went wrong.');
                  }
                }
              }}
            >
              Delete customer
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
