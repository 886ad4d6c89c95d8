// Store settings for owners and admins: name, slug (a change moves the public blog, said before
// saving), currency, time zone, customer emails and fees. A refused save keeps every value and puts
// the service's reasons under the fields; leaving with unsaved changes asks first.
import { Alert, Anchor, Card, Code, Group, NumberInput, Radio, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import type { Store } from '../../api/store';
import { useUpdateStore } from '../../api/store';
import { useFormError } from '../../components/api-form';
import { CurrencySelect, TimezoneSelect } from '../../components/StoreFields';
import { currencyDigits, formatMoney } from '../../lib/format';
import { notifyDone } from '../../lib/notify';
import { useLeaveGuard } from '../../components/leave-guard';
import { asFormError, platformFee, storeFormRules, toFormValues, toPatch, type StoreFormValues } from './store-form';
import { SaveButtons } from '../../components/SaveButtons';

const FIELDS: (keyof StoreFormValues)[] = ['name', 'slug', 'currency', 'timezone', 'notificationsEnabled', 'feePercent', 'feeFixed', 'feeBearer'];
const warningTitle = { title: { color: 'var(--mantine-color-dark-7)' } };

export function StoreSettingsForm({ store }: { store: Store }) {
  const update = useUpdateStore(store.id);
  const error = useFormError();
  // Seeded once: a refetch while someone types never replaces their text.
  const form = useForm<StoreFormValues>({ initialValues: toFormValues(store), validate: storeFormRules });
  const guard = useLeaveGuard(form.isDirty());
  const values = form.getValues();
  const blogPath = (slug: string) => `${window.location.origin}/s/${slug}/blog`;
  const slugChanged = form.isDirty('slug') && values.slug !== store.slug;
  // An example order of 100 in the currency shows what the fee settings mean.
  const sampleMinor = 100 * 10 ** currencyDigits(values.currency);
  const fee = platformFee(sampleMinor, values);

  const submit = form.onSubmit(async (submitted) => {
    error.clear();
    const patch = toPatch(submitted, (field) => form.isDirty(field));
    if (Object.keys(patch).length === 0) return;
    try {
      const saved = await update.mutateAsync(patch);
      const next = toFormValues(saved.store);
      form.setInitialValues(next);
      form.setValues(next);
      notifyDone(patch.slug ? `Settings saved. Your blog is now at ${blogPath(saved.store.slug)}` : 'Settings saved');
    } catch (e) {
      error.set(asFormError(e), form, FIELDS);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Store settings">
      <Stack gap="md">
        {error.message && <Alert color="red" role="alert">{error.message}</Alert>}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card withBorder component="section" aria-labelledby="settings-store">
            <Title order={2} size="h4" id="settings-store" mb="sm">Store</Title>
            <Stack gap="sm">
              <TextInput label="Store name" required maxLength={120} {...form.getInputProps('name')} />
              <TextInput
                label="Slug"
                description={<>The store’s name in web addresses: its blog is at <span style={{ overflowWrap: 'anywhere' }}>{blogPath(values.slug || store.slug)}</span></>}
                required
                maxLength={60}
                autoComplete="off"
                spellCheck={false}
                {...form.getInputProps('slug')}
              />
              {slugChanged && (
                <Alert color="yellow" role="status" title="Public addresses will change" styles={warningTitle}>
                  <Text size="sm">
                    After saving, your store page and booking link move from <Code>/s/{store.slug}</Code> to <Code>/s/{values.slug}</Code>, and the blog
                    from <Code>/s/{store.slug}/blog</Code> to <Code>/s/{values.slug}/blog</Code>, with its posts and RSS feed.
                    The old addresses stop working: links already shared, printed QR codes, bookmarks and search results lead nowhere.
                  </Text>
                </Alert>
              )}
              <CurrencySelect description="Prices are not converted: the amounts stay, only the currency changes" {...form.getInputProps('currency')} />
              <TimezoneSelect {...form.getInputProps('timezone')} />
            </Stack>
          </Card>
          <Stack gap="md">
            <Card withBorder component="section" aria-labelledby="settings-mail">
              <Title order={2} size="h4" id="settings-mail" mb="sm">Customer emails</Title>
              <Switch
                label="Email customers about their bookings"
                description={
                  <>
                    When on, customers who gave an email address hear from the store: when they book or order, when a booking is confirmed, moved or
                    cancelled, before their appointment, and when an order is paid or refunded. Staff notes are never emailed. See each message under{' '}
                    <Anchor component={Link} to={`/s/${store.id}/settings/messages`} inherit underline="always">Messages</Anchor>.
                  </>
                }
                {...form.getInputProps('notificationsEnabled', { type: 'checkbox' })}
              />
            </Card>
            <Card withBorder component="section" aria-labelledby="settings-fees">
              <Title order={2} size="h4" id="settings-fees" mb="sm">Fees on online orders</Title>
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, xs: 2 }}>
                  <NumberInput label="Platform fee (%)" description="Of the order’s subtotal" min={0} max={50} decimalScale={2} allowNegative={false} suffix=" %" {...form.getInputProps('feePercent')} />
                  <NumberInput
                    label={`Fixed fee (${values.currency})`}
                    description="Added to every order"
                    min={0}
                    decimalScale={currencyDigits(values.currency)}
                    allowNegative={false}
                    {...form.getInputProps('feeFixed')}
                  />
                </SimpleGrid>
                <Radio.Group label="Who pays the fee" {...form.getInputProps('feeBearer')}>
                  <Stack gap="xs" mt={4}>
                    <Radio value="store" label="The store: it is taken from what the store receives" />
                    <Radio value="customer" label="The customer: it is added to the total at checkout" />
                  </Stack>
                </Radio.Group>
                <Text size="sm" c="dimmed" aria-live="polite">
                  On an order of {formatMoney(sampleMinor, values.currency)}: the fee is {formatMoney(fee, values.currency)};{' '}
                  {values.feeBearer === 'customer'
                    ? `the customer pays ${formatMoney(sampleMinor + fee, values.currency)} and the store receives ${formatMoney(sampleMinor, values.currency)}.`
                    : `the customer pays ${formatMoney(sampleMinor, values.currency)} and the store receives ${formatMoney(sampleMinor - fee, values.currency)}.`}
                </Text>
              </Stack>
            </Card>
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end">
          <SaveButtons form={form} error={error} label="Save settings" saving={update.isPending} />
        </Group>
      </Stack>
      {guard.dialog}
    </form>
  );
}
