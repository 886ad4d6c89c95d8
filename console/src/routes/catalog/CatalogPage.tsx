// Catalog: every product, service and course of the store (unpublished too), searched and filtered
// by type in the browser (both kept in the address); owners and admins add, edit, duplicate, publish
// or unpublish and delete from here; every member, staff included, adjusts a product's stock.
import { useMemo, useState } from 'react';
import { Anchor, Button, Card, Group, Image, Menu, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ITEM_TYPES, useItems, useUpdateItem, type Item, type ItemType } from '../../api/items';
import { canManage } from '../../api/session';
import { EmptyState, PageError, PageHeader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatMoney } from '../../lib/format';
import { notifyDone } from '../../lib/notify';
import { DeleteItemDialog, StockDialog } from './ItemDialogs';
import { PublishedBadge, ScheduleText, StockText, TYPE_LABEL, TYPE_PLURAL } from './labels';

/** Lower case without accents, so "creme" finds "Crème". */
const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

function matches(item: Item, q: string) {
  if (!q) return true;
  return fold([item.name, item.category ?? '', item.description ?? '', item.id].join(' ')).includes(fold(q));
}

export function Component() {
  const store = useCurrentStore();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const typeParam = params.get('type');
  const type = ITEM_TYPES.includes(typeParam as ItemType) ? (typeParam as ItemType) : null;
  const [text, setText] = useState(q);
  const items = useItems(store.storeId);
  const manage = canManage(store.role);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const [stocking, setStocking] = useState<Item | null>(null);
  const duplicate = (item: Item) => navigate(`/s/${store.storeId}/catalog/new?copy=${encodeURIComponent(item.id)}`);

  const setParam = (name: 'q' | 'type', value: string | null) => {
    // From the address as it is now: the router renders a change in a transition, so its own value
    // can be one step behind when keys come fast, and a quick search would undo a filter change.
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  const all = useMemo(() => items.data ?? [], [items.data]);
  const rows = useMemo(() => all.filter((i) => (!type || i.itemType === type) && matches(i, q)), [all, type, q]);
  const newLink = `/s/${store.storeId}/catalog/new${type ? `?type=${type}` : ''}`;

  return (
    <Stack gap="md">
      <PageHeader title="Catalog" actions={manage && <Button component={Link} to={newLink}>Add item</Button>}>
        What your website and partners list: products to order, services and courses to book.
        {!manage && ' Only owners and admins can change prices and details; everyone can adjust a product’s stock.'}
      </PageHeader>

      <Card withBorder>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <form role="search" aria-label="Search the catalog" onSubmit={(e) => e.preventDefault()}>
            <TextInput
              label="Search"
              description="Name, category or description"
              type="search"
              autoComplete="off"
              maxLength={200}
              value={text}
              // The list is filtered here, so it follows every key; the address keeps the search for a reload.
              onChange={(e) => { setText(e.currentTarget.value); setParam('q', e.currentTarget.value.trim() || null); }}
            />
          </form>
          <div>
            <Text component="span" id="catalog-type-label" size="sm" fw={500} display="block" mb={4}>Type</Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="catalog-type-label"
              value={type ?? 'all'}
              onChange={(v) => setParam('type', v === 'all' ? null : v)}
              data={[{ value: 'all', label: 'All' }, ...ITEM_TYPES.map((t) => ({ value: t, label: TYPE_PLURAL[t] }))]}
            />
          </div>
        </SimpleGrid>
      </Card>

      {items.isError && <PageError error={items.error} retry={() => items.refetch()} />}
      {items.isPending && <Text size="sm" c="dimmed">Loading…</Text>}
      {items.isSuccess && all.length === 0 && (
        <EmptyState title="The catalog is empty">
          {manage ? 'Add the products you sell and the services or courses people book.' : 'Owners and admins add products, services and courses here.'}
        </EmptyState>
      )}
      {items.isSuccess && all.length > 0 && rows.length === 0 && (
        <EmptyState title={q ? `Nothing matches “${q}”` : `No ${TYPE_PLURAL[type ?? 'product'].toLowerCase()} yet`}>
          {q ? 'Try part of the name or the category.' : manage ? 'Use Add item to create one.' : undefined}
        </EmptyState>
      )}

      {rows.length > 0 && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {rows.length === all.length ? `${all.length} ${all.length === 1 ? 'item' : 'items'}` : `${rows.length} of ${all.length} items`}
          </Text>
          <Table.ScrollContainer minWidth={760} visibleFrom="sm">
            <Table highlightOnHover aria-label="Catalog items" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Item</Table.Th>
                  <Table.Th scope="col">Type</Table.Th>
                  <Table.Th scope="col" ta="right">Price</Table.Th>
                  <Table.Th scope="col">Stock</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  {manage && <Table.Th scope="col"><VisuallyHidden>Actions</VisuallyHidden></Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Thumb item={item} />
                        <Stack gap={0} style={{ minWidth: 0 }}>
                          <Anchor component={Link} to={`/s/${store.storeId}/catalog/${encodeURIComponent(item.id)}`} size="sm" fw={600}>{item.name}</Anchor>
                          {item.category && <Text size="xs" c="dimmed">{item.category}</Text>}
                          <ScheduleText item={item} />
                        </Stack>
                      </Group>
                    </Table.Td>
                    <Table.Td>{TYPE_LABEL[item.itemType]}</Table.Td>
                    <Table.Td ta="right"><Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatMoney(item.priceMinor, item.currency || store.currency)}</Text></Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <StockText item={item} />
                        {item.itemType === 'product' && item.stockCount !== null && <StockButton item={item} onClick={() => setStocking(item)} />}
                      </Group>
                    </Table.Td>
                    <Table.Td><PublishedBadge item={item} /></Table.Td>
                    {manage && (
                      <Table.Td ta="right">
                        <ItemMenu item={item} onEdit={() => navigate(`/s/${store.storeId}/catalog/${encodeURIComponent(item.id)}`)} onDuplicate={() => duplicate(item)} onDelete={() => setDeleting(item)} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>

          <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Catalog items">
            {rows.map((item) => (
              <Card key={item.id} withBorder component="li" padding="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                    <Thumb item={item} />
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Anchor component={Link} to={`/s/${store.storeId}/catalog/${encodeURIComponent(item.id)}`} fw={600} style={{ overflowWrap: 'anywhere' }}>{item.name}</Anchor>
                      <Text size="xs" c="dimmed">{TYPE_LABEL[item.itemType]}{item.category ? ` · ${item.category}` : ''}</Text>
                      <ScheduleText item={item} />
                    </Stack>
                  </Group>
                  <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>{formatMoney(item.priceMinor, item.currency || store.currency)}</Text>
                </Group>
                <Group justify="space-between" mt={6} gap="xs">
                  <Group gap="xs">
                    <PublishedBadge item={item} />
                    {item.itemType === 'product' && <StockText item={item} />}
                    {item.itemType === 'product' && item.stockCount !== null && <StockButton item={item} onClick={() => setStocking(item)} />}
                  </Group>
                  {manage && <ItemMenu item={item} onEdit={() => navigate(`/s/${store.storeId}/catalog/${encodeURIComponent(item.id)}`)} onDuplicate={() => duplicate(item)} onDelete={() => setDeleting(item)} />}
                </Group>
              </Card>
            ))}
          </Stack>
        </>
      )}

      {stocking && <StockDialog item={stocking} onClose={() => setStocking(null)} />}
      {deleting && <DeleteItemDialog item={deleting} onClose={() => setDeleting(null)} onDeleted={() => setDeleting(null)} />}
    </Stack>
  );
}

function Thumb({ item }: { item: Item }) {
  // Decorative here: the name next to it says what the item is.
  return item.imageUrl ? (
    <Image src={item.imageUrl} alt="" w={44} h={44} radius="sm" fit="cover" style={{ flex: 'none' }} />
  ) : (
    <div aria-hidden style={{ width: 44, height: 44, flex: 'none', borderRadius: 'var(--mantine-radius-sm)', background: 'var(--mantine-color-gray-1)' }} />
  );
}

function StockButton({ item, onClick }: { item: Item; onClick(): void }) {
  return (
    <Button variant="default" size="xs" onClick={onClick} aria-label={`Adjust stock for ${item.name}`} style={{ flex: 'none' }}>
      Stock
    </Button>
  );
}

function ItemMenu({ item, onEdit, onDuplicate, onDelete }: { item: Item; onEdit(): void; onDuplicate(): void; onDelete(): void }) {
  const store = useCurrentStore();
  const update = useUpdateItem(store.storeId);
  const [error, setError] = useState<string | null>(null);

  async function togglePublished() {
    setError(null);
    try {
      const saved = await update.mutateAsync({ itemId: item.id, patch: { published: !item.published } });
      notifyDone(saved.published ? `“${item.name}” published` : `“${item.name}” hidden from your website and partners`);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The change was not saved.');
    }
  }

  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {error && <Text size="xs" c="red.9" role="alert">{error}</Text>}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" size="xs" loading={update.isPending} aria-label={`Actions for ${item.name}`}>Actions</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={onEdit}>Edit</Menu.Item>
          <Menu.Item onClick={onDuplicate}>Duplicate</Menu.Item>
          <Menu.Item onClick={togglePublished}>{item.published ? 'Unpublish' : 'Publish'}</Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" onClick={onDelete}>Delete</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
