// A sale at the counter, made fast on a phone: products found by name (with the stock left; services
// are booked, not sold here), quantities with − and +, the running total in the store's currency, an
// optional customer (found by name or any phone format, or new), how it is paid and whether the money
// is in now or still to collect, and a note. Stock is taken when it is saved; a product that ran out
// meanwhile is named with how many are left. The new order's page opens afterwards.
import { useMemo, useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Anchor, Badge, Button, Card, CloseButton, Grid, Group, SegmentedControl, Stack, Text, TextInput, Textarea, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { useCustomerSearch, type Customer } from '../../api/customers';
import { useItems, type Item } from '../../api/items';
import { useCreateCounterSale, type CounterPayment, type CounterSaleBody } from '../../api/orders';
import { PageError, PageHeader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatMoney, plural } from '../../lib/format';
import { notifyDone } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';

interface Line {
  itemId: string;
  qty: number;
}

type CustomerMode = 'none' | 'existing' | 'new';

const PAYMENTS: { value: CounterPayment; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'momo', label: 'MoMo' },
  { value: 'card', label: 'Card' },
  { value: 'other', label: 'Other' },
];

/** Lower case without accents, so "creme" finds "Crème". */
const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/** "3 left", "Out of stock", or "" when stock is not counted. */
function stockLeft(item: Pick<Item, 'stockCount'>): string {
  if (item.stockCount === null) return '';
  return item.stockCount === 0 ? 'Out of stock' : `${item.stockCount} left`;
}

export function Component() {
  const store = useCurrentStore();
  usePageTitle('New sale');
  const items = useItems(store.storeId);
  const products = useMemo(() => (items.data ?? []).filter((i) => i.itemType === 'product'), [items.data]);
  const byId = useMemo(() => new Map(products.map((p) => [p.id, p])), [products]);
  const [lines, setLines] = useState<Line[]>([]);

  const qtyOf = (itemId: string) => lines.find((l) => l.itemId === itemId)?.qty ?? 0;
  const setQty = (itemId: string, qty: number) =>
    setLines((before) => {
      if (qty <= 0) return before.filter((l) => l.itemId !== itemId);
      if (before.some((l) => l.itemId === itemId)) return before.map((l) => (l.itemId === itemId ? { ...l, qty } : l));
      return [...before, { itemId, qty }];
    });
  const total = lines.reduce((sum, l) => sum + (byId.get(l.itemId)?.priceMinor ?? 0) * l.qty, 0);

  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/s/${store.storeId}/orders`} size="sm">‹ All orders</Anchor>
      <PageHeader title="New sale">Products sold at the counter. Stock is taken when the sale is saved.</PageHeader>
      {items.isError && <PageError error={items.error} retry={() => items.refetch()} />}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ProductPicker products={products} loading={items.isPending} qtyOf={qtyOf} onAdd={(item) => setQty(item.id, qtyOf(item.id) + 1)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SaleForm lines={lines} byId={byId} total={total} setQty={setQty} refetchItems={() => items.refetch()} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function ProductPicker({ products, loading, qtyOf, onAdd }: { products: Item[]; loading: boolean; qtyOf(id: string): number; onAdd(item: Item): void }) {
  const store = useCurrentStore();
  const [q, setQ] = useState('');
  const shown = products.filter((p) => !q.trim() || fold(`${p.name} ${p.category ?? ''}`).includes(fold(q.trim())));

  return (
    <Card withBorder component="section" aria-labelledby="sale-products">
      <Title order={2} size="h4" id="sale-products" mb="sm">Products</Title>
      <TextInput
        label="Find a product"
        type="search"
        placeholder="Name or category"
        autoComplete="off"
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        mb="sm"
      />
      {loading ? (
        <Text size="sm" c="dimmed">Loading…</Text>
      ) : products.length === 0 ? (
        <Text size="sm" c="dimmed">No products in the catalog yet. Services are booked, not sold here.</Text>
      ) : shown.length === 0 ? (
        <Text size="sm" c="dimmed">No product matches “{q.trim()}”.</Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Products to add">
          {shown.map((p) => {
            const inSale = qtyOf(p.id);
            const soldOut = p.stockCount !== null && inSale >= p.stockCount;
            return (
              <Group key={p.id} component="li" justify="space-between" wrap="nowrap" gap="xs" py={8} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>{p.name}</Text>
                  <Text size="xs" c={p.stockCount === 0 ? 'red.9' : 'dimmed'}>
                    {formatMoney(p.priceMinor, p.currency || store.currency)}
                    {stockLeft(p) && ` · ${stockLeft(p)}`}
                    {inSale > 0 && ` · ${inSale} in this sale`}
                  </Text>
                </Stack>
                <Button size="sm" variant={inSale ? 'light' : 'default'} disabled={soldOut} onClick={() => onAdd(p)} aria-label={`Add ${p.name}`} style={{ flex: 'none' }}>
                  Add
                </Button>
              </Group>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}

interface SaleFormProps {
  lines: Line[];
  byId: Map<string, Item>;
  total: number;
  setQty(itemId: string, qty: number): void;
  refetchItems(): Promise<{ data?: Item[] }>;
}

function SaleForm({ lines, byId, total, setQty, refetchItems }: SaleFormProps) {
  const store = useCurrentStore();
  const navigate = useNavigate();
  const sale = useCreateCounterSale(store.storeId);
  const [mode, setMode] = useState<CustomerMode>('none');
  const [chosen, setChosen] = useState<Customer | null>(null);
  const [newName, setNewName] = useState('');
  const [newPhone, setNewPhone] = useState('');
  const [payment, setPayment] = useState<CounterPayment>('cash');
  const [paid, setPaid] = useState<'paid' | 'collect'>('paid');
  const [note, setNote] = useState('');
  const [error, setError] = useState<{ title: string; lines: string[] } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  function customerOf(): CounterSaleBody['customer'] | 'missing' {
    if (mode === 'existing') return chosen ? { customerId: chosen.id } : 'missing';
    if (mode === 'new') {
      if (!newName.trim()) return 'missing';
      return { name: newName.trim(), ...(newPhone.trim() ? { phone: newPhone.trim() } : {}) };
    }
    return undefined;
  }

  /** What is short after a 409: the catalog as it is now against the sale's quantities. */
  async function shortages(e: ApiError): Promise<string[]> {
    const fresh = new Map(((await refetchItems()).data ?? []).map((i) => [i.id, i]));
    const short = lines.flatMap((l) => {
      const item = fresh.get(l.itemId) ?? byId.get(l.itemId);
      if (!item || item.stockCount === null || item.stockCount >= l.qty) return [];
      const left = item.stockCount === 0 ? 'none left' : `only ${item.stockCount} left`;
      return [`${item.name}: ${left} (this sale has ${l.qty}).`];
    });
    if (short.length) return short;
    // The service names each short item by its id.
    const named = e.details.map((d) => {
      const item = fresh.get(d.field) ?? byId.get(d.field);
      return item ? `${item.name}: ${d.message}.` : d.message;
    });
    return named.length ? named : [e.message];
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    if (lines.length === 0) return setError({ title: 'Nothing to sell yet', lines: ['Add at least one product.'] });
    const customer = customerOf();
    if (customer === 'missing') {
      if (mode === 'existing') return setFieldErrors({ customerSearch: 'Choose a customer from the list, or pick “No customer”' });
      return setFieldErrors({ 'customer.name': 'Enter the customer’s name' });
    }
    const body: CounterSaleBody = {
      items: lines.map((l) => ({ itemId: l.itemId, qty: l.qty })),
      paymentMethod: payment,
      paid: paid === 'paid',
      ...(customer ? { customer } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    try {
      const { order } = await sale.mutateAsync(body);
      notifyDone(paid === 'paid' ? `Sale ${order.reference} recorded: ${formatMoney(order.totalMinor, order.currency || store.currency)} paid` : `Sale ${order.reference} recorded: ${formatMoney(order.totalMinor, order.currency || store.currency)} to collect`);
      navigate(`/s/${store.storeId}/orders/${order.orderId}`);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409 && e.code === 'out-of-stock') {
        setError({ title: 'Not enough stock: the sale was not saved', lines: await shortages(e) });
        return;
      }
      if (e instanceof ApiError && e.details.some((d) => d.field.startsWith('customer.'))) {
        setFieldErrors(Object.fromEntries(e.details.filter((d) => d.field.startsWith('customer.')).map((d) => [d.field, d.message])));
      }
      const rest = e instanceof ApiError ? e.details.filter((d) => !d.field.startsWith('customer.')).map((d) => `${d.field}: ${d.message}`) : [];
      setError({ title: 'The sale was not saved', lines: [e instanceof Error ? e.message : 'Something went wrong.', ...rest] });
    }
  }

  const count = lines.reduce((n, l) => n + l.qty, 0);

  return (
    <form onSubmit={submit} noValidate aria-label="Sale">
      <Stack gap="md">
        <Card withBorder component="section" aria-labelledby="sale-lines">
          <Title order={2} size="h4" id="sale-lines" mb="sm">This sale</Title>
          {lines.length === 0 ? (
            <Text size="sm" c="dimmed">Nothing yet: add products from the list.</Text>
          ) : (
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Products in this sale">
              {lines.map((l) => {
                const item = byId.get(l.itemId);
                if (!item) return null;
                const max = item.stockCount ?? Infinity;
                return (
                  <Stack key={l.itemId} component="li" gap={4} py={8} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
                    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>{item.name}</Text>
                      <CloseButton size="md" aria-label={`Remove ${item.name}`} onClick={() => setQty(l.itemId, 0)} />
                    </Group>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Group gap={6} wrap="nowrap">
                        <ActionIcon size={40} variant="default" aria-label={`One less ${item.name}`} disabled={l.qty <= 1} onClick={() => setQty(l.itemId, l.qty - 1)}>
                          <span aria-hidden style={{ fontSize: 22, lineHeight: 1 }}>−</span>
                        </ActionIcon>
                        <Text fw={700} miw={28} ta="center" aria-label={`Quantity of ${item.name}`} role="status">{l.qty}</Text>
                        <ActionIcon size={40} variant="default" aria-label={`One more ${item.name}`} disabled={l.qty >= max} onClick={() => setQty(l.itemId, l.qty + 1)}>
                          <span aria-hidden style={{ fontSize: 22, lineHeight: 1 }}>+</span>
                        </ActionIcon>
                      </Group>
                      <Stack gap={0} align="flex-end">
                        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>{formatMoney(item.priceMinor * l.qty, store.currency)}</Text>
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>{l.qty} × {formatMoney(item.priceMinor, store.currency)}{item.stockCount !== null ? ` · ${item.stockCount} in stock` : ''}</Text>
                      </Stack>
                    </Group>
                  </Stack>
                );
              })}
            </Stack>
          )}
        </Card>

        <Card withBorder component="section" aria-labelledby="sale-customer">
          <Title order={2} size="h4" id="sale-customer" mb="sm">Customer</Title>
          <Stack gap="sm">
            <SegmentedControl
              fullWidth
              aria-labelledby="sale-customer"
              value={mode}
              onChange={(v) => { setMode(v as CustomerMode); setFieldErrors({}); }}
              data={[{ value: 'none', label: 'No customer' }, { value: 'existing', label: 'Find' }, { value: 'new', label: 'New' }]}
            />
            {mode === 'existing' && <CustomerFinder chosen={chosen} onChoose={setChosen} error={fieldErrors.customerSearch} />}
            {mode === 'new' && (
              <>
                <TextInput label="Name" required autoComplete="off" maxLength={200} value={newName} onChange={(e) => setNewName(e.currentTarget.value)} error={fieldErrors['customer.name']} />
                <TextInput label="Phone" type="tel" autoComplete="off" description="Optional; any format, e.g. 024 123 4567" value={newPhone} onChange={(e) => setNewPhone(e.currentTarget.value)} error={fieldErrors['customer.phone']} />
              </>
            )}
          </Stack>
        </Card>

        <Card withBorder component="section" aria-labelledby="sale-payment">
          <Title order={2} size="h4" id="sale-payment" mb="sm">Payment</Title>
          <Stack gap="sm">
            <div>
              <Text component="span" id="sale-method" size="sm" fw={500} display="block" mb={4}>Paid with</Text>
              <SegmentedControl fullWidth aria-labelledby="sale-method" value={payment} onChange={(v) => setPayment(v as CounterPayment)} data={PAYMENTS} />
            </div>
            <div>
              <Text component="span" id="sale-paid" size="sm" fw={500} display="block" mb={4}>Money</Text>
              <SegmentedControl
                fullWidth
                aria-labelledby="sale-paid"
                value={paid}
                onChange={(v) => setPaid(v as 'paid' | 'collect')}
                data={[{ value: 'paid', label: 'Paid now' }, { value: 'collect', label: 'To collect' }]}
              />
              <Text size="xs" c="dimmed" mt={4}>
                {paid === 'paid' ? 'The sale counts at once.' : 'The order waits under “Awaiting payment” until you mark it paid.'}
              </Text>
            </div>
            <Textarea label="Note (optional)" autosize minRows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          </Stack>
        </Card>

        {error && (
          <Alert color="red" role="alert" title={error.title} styles={{ title: { color: 'var(--mantine-color-red-9)' } }}>
            <Stack gap={2}>{error.lines.map((line) => <Text key={line} size="sm">{line}</Text>)}</Stack>
          </Alert>
        )}

        {/* The total and the button stay in sight at the bottom of a phone's screen. */}
        <Card withBorder shadow="sm" py="sm" style={{ position: 'sticky', bottom: 0, zIndex: 2 }}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0}>
              <Text size="xs" c="dimmed">{plural(count, 'item')}</Text>
              <Text fw={700} size="lg" aria-live="polite" aria-label={`Total ${formatMoney(total, store.currency)}`} style={{ whiteSpace: 'nowrap' }}>{formatMoney(total, store.currency)}</Text>
            </Stack>
            <Button type="submit" size="md" loading={sale.isPending}>Save sale</Button>
          </Group>
        </Card>
      </Stack>
    </form>
  );
}

/** Finds an existing customer by name, email, tag or any phone format; the chosen one shows with "Change". */
function CustomerFinder({ chosen, onChoose, error }: { chosen: Customer | null; onChoose(c: Customer | null): void; error?: string }) {
  const store = useCurrentStore();
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  const found = useCustomerSearch(store.storeId, q);

  if (chosen) {
    return (
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>{chosen.name}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{[chosen.phone, chosen.email].filter(Boolean).join(' · ') || 'No contact details'}</Text>
        </Stack>
        <Button variant="default" size="xs" onClick={() => onChoose(null)}>Change</Button>
      </Group>
    );
  }
  return (
    <Stack gap="xs">
      <TextInput
        label="Find a customer"
        type="search"
        description="Name, email or phone in any format"
        placeholder="Esi, 024…"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={error}
      />
      {q.length >= 2 && found.data && (found.data.length === 0 ? (
        <Text size="sm" c="dimmed">No customer matches “{q}”. Pick “New” to add them.</Text>
      ) : (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Matching customers">
          {found.data.map((c) => (
            <li key={c.id}>
              <UnstyledButton
                onClick={() => onChoose(c)}
                aria-label={`Choose ${c.name}${c.phone ? `, ${c.phone}` : ''}`}
                p="xs"
                w="100%"
                style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>{c.name}</Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>{c.phone ?? c.email ?? ''}</Text>
                </Group>
                {c.tags.length > 0 && (
                  <Group gap={4} mt={2}>{c.tags.map((t) => <Badge key={t} size="xs" variant="light" color="gray">{t}</Badge>)}</Group>
                )}
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
