// One catalog item, new or existing: details, price in the store currency, picture with alt text,
// stock, and for services and courses the booking schedule with a live preview of the next open
// times. A failed save keeps everything typed and puts the service's reasons next to the fields;
// leaving with unsaved changes asks first. "Duplicate" opens a new item's form filled from another
// (catalog/new?copy=<itemId>). Services and courses may ask a deposit when booked online. Staff
// see the item read-only (ItemSummary: the API lets only owners and admins change the catalog) but
// adjust a product's stock, as every member may.
import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Card, Grid, Group, NumberInput, Radio, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { ITEM_TYPES, useCreateItem, useItem, useUpdateItem, type Item, type ItemType } from '../../api/items';
import { canManage } from '../../api/session';
import { useFormError } from '../../components/api-form';
import { PageHeader, PageLoader, RecordLoadError } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { currencyDigits } from '../../lib/format';
import { notifyDone } from '../../lib/notify';
import { ImageField } from './ImageField';
import { DeleteItemDialog, StockDialog } from './ItemDialogs';
import { formField, itemValues, newItemValues, toNewItem, toPatch, type ItemFormValues } from './item-form';
import { ERROR_TITLE, hasSchedule, TYPE_LABEL } from './labels';
import { useLeaveGuard } from '../../components/leave-guard';
import { ClosedDates, DepositField, ScheduleNumbers, WeekGrid } from './ScheduleEditor';
import { ItemSummary } from './ItemSummary';
import { SchedulePreview } from './SchedulePreview';

export function Component() {
  const { itemId } = useParams();
  const [params] = useSearchParams();
  const store = useCurrentStore();
  if (!itemId) {
    const wanted = params.get('type') as ItemType;
    if (!canManage(store.role)) {
      return (
        <Stack>
          <BackLink />
          <PageHeader title="New item" />
          <Text>Only owners and admins can add items to the catalog.</Text>
        </Stack>
      );
    }
    const copy = params.get('copy');
    if (copy) return <CopyOfItem key={copy} itemId={copy} />;
    return <ItemForm initialType={ITEM_TYPES.includes(wanted) ? wanted : 'product'} />;
  }
  return <ExistingItem itemId={itemId} />;
}

/** A new item's form filled from another one ("Duplicate"), named "<name> (copy)". */
function CopyOfItem({ itemId }: { itemId: string }) {
  const store = useCurrentStore();
  const item = useItem(store.storeId, itemId);
  if (item.isPending) return <PageLoader />;
  if (item.isError) {
    return <RecordLoadError error={item.error} retry={() => item.refetch()} back={<BackLink />} noun="Item to copy" notFound={<>There is no item “{itemId}” to copy in {store.name}: it may have been deleted.</>} />;
  }
  return <ItemForm template={item.data} />;
}

function ExistingItem({ itemId }: { itemId: string }) {
  const store = useCurrentStore();
  const item = useItem(store.storeId, itemId);
  if (item.isPending) return <PageLoader />;
  if (item.isError) {
    return <RecordLoadError error={item.error} retry={() => item.refetch()} back={<BackLink />} noun="Item" notFound={<>There is no item “{itemId}” in {store.name}: it may have been deleted.</>} />;
  }
  if (!canManage(store.role)) {
    return (
      <Stack gap="md">
        <BackLink />
        <PageHeader title={item.data.name}>{TYPE_LABEL[item.data.itemType]}</PageHeader>
        <Alert color="blue">Only owners and admins can change the catalog.{item.data.itemType === 'product' ? ' Everyone can adjust the stock.' : ''}</Alert>
        <ItemSummary item={item.data} />
      </Stack>
    );
  }
  return <ItemForm key={item.data.id} item={item.data} />;
}

function BackLink() {
  const store = useCurrentStore();
  return (
    <Anchor component={Link} to={`/s/${store.storeId}/catalog`} size="sm">
      ‹ Catalog
    </Anchor>
  );
}

/** The form's own checks (what needs no round trip); the service judges the rest. */
const validate = {
  name: (v: string) => (v.trim() ? null : 'Enter a name'),
  price: (v: number | string) => (v === '' ? 'Enter a price (0 if it is free)' : null),
  stockCount: (v: number | string, values: ItemFormValues) => (values.itemType === 'product' && values.trackStock && v === '' ? 'Enter how many are in stock' : null),
  imageAlt: (v: string, values: ItemFormValues) => (values.imageUrl && !v.trim() ? 'Describe the picture for people who cannot see it' : null),
  schedule: {
    durationMinutes: (v: number | string, values: ItemFormValues) => (hasSchedule(values.itemType) && v === '' ? 'Enter the length of a booking in minutes' : null),
    deposit: {
      percent: (v: number | string, values: ItemFormValues) =>
        hasSchedule(values.itemType) && values.schedule.deposit.kind === 'percent' && (v === '' || !Number.isInteger(Number(v)) || Number(v) < 1 || Number(v) > 100) ? 'Enter a whole percentage from 1 to 100' : null,
      amount: (v: number | string, values: ItemFormValues) =>
        hasSchedule(values.itemType) && values.schedule.deposit.kind === 'amount' && (v === '' || !(Number(v) > 0)) ? 'Enter the amount of the deposit' : null,
    },
  },
};

const FIELDS = ['name', 'category', 'description', 'price', 'stockCount', 'imageUrl', 'imageAlt', 'published', 'itemType'];
const SCHEDULE_FIELDS = ['durationMinutes', 'capacity', 'slotIntervalMinutes', 'bufferMinutes', 'leadTimeMinutes', 'maxAdvanceDays', 'closedDates', 'deposit'].map((f) => `schedule.${f}`);

/** The service's error with its field names as the form's, and its messages starting with a capital. */
function forForm(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const details = error.details.map((d) => ({ field: formField(d.field), message: d.message.charAt(0).toUpperCase() + d.message.slice(1) }));
  return new ApiError(error.status, error.code, error.message, details, error.requestId);
}

/** Asks for keyboard focus on the first input an answer marked; it moves once the errors are drawn. */
function useFocusFirstError() {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request) document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  }, [request]);
  return () => setRequest((n) => n + 1);
}

/** The values of a copy: the same details under "<name> (copy)", with no stock of its own yet. */
function copyValues(template: Item): ItemFormValues {
  const values = itemValues(template);
  return { ...values, name: `${template.name} (copy)`, stockCount: values.trackStock ? 0 : '' };
}

function ItemForm({ item, template, initialType = 'product' }: { item?: Item; template?: Item; initialType?: ItemType }) {
  const store = useCurrentStore();
  const navigate = useNavigate();
  const create = useCreateItem(store.storeId);
  const update = useUpdateItem(store.storeId);
  const error = useFormError();
  const focusFirstError = useFocusFirstError();
  const [deleting, setDeleting] = useState(false);
  // Seeded once: a refetch while someone types never replaces their text.
  const [stocking, setStocking] = useState(false);
  const form = useForm<ItemFormValues>({ initialValues: item ? itemValues(item) : template ? copyValues(template) : newItemValues(initialType), validate });
  const values = form.getValues();
  const currency = item?.currency || template?.currency || store.currency;
  const guard = useLeaveGuard(form.isDirty());
  const saving = create.isPending || update.isPending;

  const submit = form.onSubmit(
    async (v) => {
      error.clear();
      try {
        if (!item) {
          const saved = await create.mutateAsync(toNewItem(v, currency));
          guard.allowNext();
          notifyDone(`“${saved.name}” added to the catalog`);
          navigate(`/s/${store.storeId}/catalog/${encodeURIComponent(saved.id)}`, { replace: true });
          return;
        }
        const patch = toPatch(v, currency, (path) => form.isDirty(path));
        if (Object.keys(patch).length === 0) return;
        const saved = await update.mutateAsync({ itemId: item.id, patch });
        const next = itemValues(saved);
        form.setInitialValues(next);
        form.setValues(next);
        notifyDone(`“${saved.name}” saved`);
      } catch (e) {
        const known = [...FIELDS, ...SCHEDULE_FIELDS, ...v.schedule.weeklyHours.flatMap((_, i) => [`schedule.weeklyHours.${i}.start`, `schedule.weeklyHours.${i}.end`])];
        error.set(forForm(e), form, known);
        focusFirstError();
      }
    },
    () => focusFirstError(),
  );

  const title = item ? item.name : `New ${TYPE_LABEL[values.itemType].toLowerCase()}`;

  /** Stock adjusted beside the form: the count shown follows, unless someone is typing a new one. */
  function stockSaved(saved: Item) {
    const count = saved.stockCount ?? '';
    form.setInitialValues({ ...form.getInitialValues(), trackStock: saved.stockCount !== null, stockCount: count });
    if (!form.isDirty('stockCount')) {
      form.setFieldValue('stockCount', count);
      form.setFieldValue('trackStock', saved.stockCount !== null);
    }
  }
  const bookable = hasSchedule(values.itemType);

  return (
    <Stack gap="md">
      <BackLink />
      <PageHeader
        title={title}
        actions={
          item && (
            <>
              <Button variant="default" component={Link} to={`/s/${store.storeId}/catalog/new?copy=${encodeURIComponent(item.id)}`}>Duplicate</Button>
              <Button variant="outline" color="red" onClick={() => setDeleting(true)}>Delete</Button>
            </>
          )
        }
      >
        {item
          ? `${TYPE_LABEL[item.itemType]} · ${item.published ? 'published: listed on your website and by partners' : 'hidden: not listed anywhere'}`
          : template
            ? `A copy of “${template.name}”: change what differs, then add it. Nothing is saved until then.`
            : 'Add something to sell or to book. It is listed on your website and by partners once published.'}
      </PageHeader>

      <form onSubmit={submit} noValidate aria-label={item ? `Edit ${item.name}` : 'New item'}>
        <Stack gap="md">
          <Card withBorder component="section" aria-labelledby="item-details">
            <Title order={2} size="h4" id="item-details" mb="sm">Details</Title>
            <Stack gap="sm">
              {!item && (
                <Radio.Group label="Type" {...form.getInputProps('itemType')}>
                  <Stack gap="xs" mt={4}>
                    <Radio value="product" label="Product" description="Sold through checkout; can have stock" />
                    <Radio value="service" label="Service" description="Booked for a time, such as a haircut" />
                    <Radio value="course" label="Course" description="Booked for a session with several places, such as a class" />
                  </Stack>
                </Radio.Group>
              )}
              <TextInput label="Name" required maxLength={200} autoComplete="off" {...form.getInputProps('name')} />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <NumberInput
                  label={`Price (${currency})`}
                  required
                  min={0}
                  allowNegative={false}
                  decimalScale={currencyDigits(currency)}
                  fixedDecimalScale
                  thousandSeparator=" "
                  description={bookable ? 'Per booking' : 'Per item'}
                  {...form.getInputProps('price')}
                />
                <TextInput label="Category" description="Optional, e.g. Hair or Oils" maxLength={100} autoComplete="off" {...form.getInputProps('category')} />
              </SimpleGrid>
              <Textarea label="Description" autosize minRows={2} maxRows={8} maxLength={5000} {...form.getInputProps('description')} />
              <Switch
                label="Published"
                description="Listed on your website and by partners. Switch off to hide it without deleting it."
                {...form.getInputProps('published', { type: 'checkbox' })}
              />
            </Stack>
          </Card>

          <Card withBorder component="section" aria-labelledby="item-picture">
            <Title order={2} size="h4" id="item-picture" mb="sm">Picture</Title>
            <ImageField form={form} storeId={store.storeId} />
          </Card>

          {values.itemType === 'product' && (
            <Card withBorder component="section" aria-labelledby="item-stock">
              <Title order={2} size="h4" id="item-stock" mb="sm">Stock</Title>
              <Stack gap="sm">
                <Switch
                  label="Track stock"
                  description="Orders take from the count and checkout refuses more than is left. Off: always available."
                  {...form.getInputProps('trackStock', { type: 'checkbox' })}
                />
                {values.trackStock && (
                  <Group align="flex-end" gap="sm">
                    <NumberInput label="In stock" min={0} allowDecimal={false} allowNegative={false} w={200} {...form.getInputProps('stockCount')} />
                    {item && item.stockCount !== null && <Button variant="default" onClick={() => setStocking(true)}>Adjust stock</Button>}
                  </Group>
                )}
                {item && item.stockCount !== null && <Text size="xs" c="dimmed">Adjust stock adds what arrived or takes off what went, without touching sales made meanwhile.</Text>}
              </Stack>
            </Card>
          )}

          {bookable && (
            <Card withBorder component="section" aria-labelledby="item-schedule">
              <Title order={2} size="h4" id="item-schedule">Booking schedule</Title>
              <Text size="sm" c="dimmed" mb="sm">Times are in the store’s time zone ({store.timezone}).</Text>
              <Stack gap="lg">
                <ScheduleNumbers form={form} />
                <Grid gap="lg">
                  <Grid.Col span={{ base: 12, lg: 7 }}>
                    <Stack gap="md">
                      <section aria-labelledby="item-hours">
                        <Title order={3} size="h5" id="item-hours" mb={4}>Opening hours</Title>
                        <WeekGrid form={form} />
                      </section>
                      <ClosedDates form={form} timezone={store.timezone} />
                    </Stack>
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, lg: 5 }}>
                    <SchedulePreview schedule={values.schedule} itemId={item?.id} />
                  </Grid.Col>
                </Grid>
              </Stack>
            </Card>
          )}

          {bookable && (
            <Card withBorder component="section" aria-labelledby="item-deposit">
              <Title order={2} size="h4" id="item-deposit" mb="sm">Deposit</Title>
              <DepositField form={form} currency={currency} />
            </Card>
          )}

          {error.message && <Alert color="red" role="alert" title={item ? 'Not saved' : 'Not added'} styles={ERROR_TITLE}>{error.message}</Alert>}
          {/* Kept in sight at the bottom of the screen: a long schedule form never hides its Save button. */}
          <Card withBorder shadow="sm" py="sm" style={{ position: 'sticky', bottom: 0, zIndex: 2 }}>
            <Group justify="flex-end" gap="sm">
              {item && form.isDirty() && <Button variant="default" onClick={() => { form.reset(); error.clear(); }}>Discard</Button>}
              {!item && <Button variant="default" component={Link} to={`/s/${store.storeId}/catalog`}>Cancel</Button>}
              <Button type="submit" loading={saving} disabled={!!item && !form.isDirty()}>{item ? 'Save changes' : `Add ${TYPE_LABEL[values.itemType].toLowerCase()}`}</Button>
            </Group>
          </Card>
        </Stack>
      </form>

      {guard.dialog}
      {stocking && item && <StockDialog item={item} onClose={() => setStocking(false)} onSaved={stockSaved} />}
      {deleting && item && (
        <DeleteItemDialog
          item={item}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            guard.allowNext();
            navigate(`/s/${store.storeId}/catalog`, { replace: true });
          }}
        />
      )}
    </Stack>
  );
}
