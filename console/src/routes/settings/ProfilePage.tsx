// Settings → Profile and hours: how customers reach the store (contact), its country and the
// language and formats its messages use, its opening hours and closed dates, and its booking rules
// (how late customers may change or cancel online; how long an unpaid deposit holds the time;
// reminders). Owners and admins edit; staff read.
// A refused save keeps every value with the service's reasons under the fields; leaving with
// unsaved changes asks first.
import { Alert, Anchor, Card, DataList, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { canManage } from '../../api/session';
import { awaitingFreshSettings, useStoreSettings, useUpdateStore, type Store } from '../../api/store';
import { useFormError } from '../../components/api-form';
import { useLeaveGuard } from '../../components/leave-guard';
import { PageError, PageLoader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatLocalDate, todayIn } from '../../lib/format';
import { notifyDone } from '../../lib/notify';
import { COMMON_LOCALES, countryOptions, localeLabel } from './countries';
import { HoursEditor } from './HoursEditor';
import {
  CONTACT_FIELDS,
  DAY_NAMES,
  WEEK,
  asProfileFormError,
  cutoffOf,
  cutoffSentence,
  durationLabel,
  profileRules,
  toProfilePatch,
  toProfileValues,
  type ProfileFormValues,
} from './profile-form';
import { RemindersField } from './RemindersField';
import { DataItem } from '../../components/DataItem';
import { ClosedDatesInput } from '../../components/ClosedDatesInput';
import { SaveButtons } from '../../components/SaveButtons';

const FIELDS = ['contact', 'country', 'locale', 'hours', 'closedDates', 'cutoffHours', 'cutoffMinutes', 'depositHoldMinutes', 'reminderMinutes'];

export function Component() {
  const current = useCurrentStore();
  const settings = useStoreSettings(current.storeId, { forEditing: true });
  if (settings.isPending || awaitingFreshSettings(settings)) return <PageLoader />;
  if (settings.isError) return <PageError error={settings.error} retry={() => settings.refetch()} />;
  return canManage(current.role) ? <ProfileForm key={current.storeId} store={settings.data} /> : <ProfileSummary store={settings.data} />;
}

/** A fixed moment (Tuesday 1 December 2026, 14:00) as the store's messages would write it. */
function localeSample(locale: string, currency: string): string {
  try {
    const when = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, 11, 1, 14, 0));
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency }).format(1250);
    return `${when} · ${money}`;
  } catch {
    return '';
  }
}

function ProfileForm({ store }: { store: Store }) {
  const update = useUpdateStore(store.id);
  const error = useFormError();
  // Seeded once: a refetch while someone types never replaces their text.
  const form = useForm<ProfileFormValues>({ initialValues: toProfileValues(store), validate: profileRules });
  const guard = useLeaveGuard(form.isDirty());
  const values = form.getValues();
  const locales = COMMON_LOCALES.includes(values.locale) ? COMMON_LOCALES : [values.locale, ...COMMON_LOCALES];
  const today = todayIn(store.timezone);

  const submit = form.onSubmit(async (submitted) => {
    error.clear();
    const patch = toProfilePatch(submitted, (field) => form.isDirty(field));
    if (Object.keys(patch).length === 0) return;
    try {
      const saved = await update.mutateAsync(patch);
      const next = toProfileValues(saved.store);
      form.setInitialValues(next);
      form.setValues(next);
      notifyDone('Profile saved');
    } catch (e) {
      error.set(asProfileFormError(e), form, FIELDS);
    }
  });

  const { value: _closed, onChange: _setClosed, ...closedProps } = form.getInputProps('closedDates');

  return (
    <form onSubmit={submit} noValidate aria-label="Store profile">
      <Stack gap="md">
        {error.message && <Alert color="red" role="alert">{error.message}</Alert>}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Stack gap="md">
            <Card withBorder component="section" aria-labelledby="profile-contact">
              <Title order={2} size="h4" id="profile-contact">Contact</Title>
              <Text size="sm" c="dimmed" mb="sm">Shown to customers in every message and on your booking pages. Leave empty what you do not want to show.</Text>
              <Stack gap="sm">
                <TextInput label="Phone" type="tel" autoComplete="off" maxLength={40} description="As you dial it here, or with + and the country code" {...form.getInputProps('contact.phone')} />
                <TextInput label="WhatsApp" type="tel" autoComplete="off" maxLength={40} description="Customers can message you from their phone" {...form.getInputProps('contact.whatsapp')} />
                <TextInput label="Email" type="email" autoComplete="off" maxLength={254} description="Customers’ replies to the store’s messages come here" {...form.getInputProps('contact.email')} />
                <Textarea label="Address" autosize minRows={2} maxRows={5} maxLength={300} {...form.getInputProps('contact.address')} />
                <TextInput label="Map link" type="url" autoComplete="off" maxLength={2000} placeholder="https://maps.app.goo.gl/…" description="A link to your place on a map" {...form.getInputProps('contact.mapUrl')} />
              </Stack>
            </Card>
            <Card withBorder component="section" aria-labelledby="profile-region">
              <Title order={2} size="h4" id="profile-region" mb="sm">Country and language</Title>
              <Stack gap="sm">
                <Select
                  label="Country"
                  description="Phone numbers are read as dialled in this country"
                  searchable
                  allowDeselect={false}
                  nothingFoundMessage="No such country"
                  data={countryOptions()}
                  {...form.getInputProps('country')}
                />
                <Select
                  label="Language and formats"
                  description={<>Of your messages and pages. Dates and prices read: <span style={{ overflowWrap: 'anywhere' }}>{localeSample(values.locale, store.currency)}</span></>}
                  allowDeselect={false}
                  data={locales.map((tag) => ({ value: tag, label: `${localeLabel(tag)} · ${tag}` }))}
                  {...form.getInputProps('locale')}
                />
              </Stack>
            </Card>
          </Stack>
          <Stack gap="md">
            <Card withBorder component="section" aria-labelledby="profile-hours">
              <Title order={2} size="h4" id="profile-hours" mb="xs">Opening hours</Title>
              <HoursEditor form={form} />
              <Stack gap="xs" mt="sm">
                <ClosedDatesInput
                  id="profile-closed-dates"
                  description="Holidays and other days you are closed"
                  value={values.closedDates}
                  onChange={(dates) => form.setFieldValue('closedDates', dates)}
                  today={today}
                  inputProps={closedProps}
                />
              </Stack>
            </Card>
            <Card withBorder component="section" aria-labelledby="profile-rules">
              <Title order={2} size="h4" id="profile-rules" mb="xs">Booking rules</Title>
              <Stack gap="md">
                <Stack gap={6} role="group" aria-labelledby="cutoff-label">
                  <Text size="sm" fw={500} id="cutoff-label">Customers can change or cancel online until</Text>
                  <Group gap="xs" align="flex-start" wrap="nowrap">
                    <NumberInput label="Hours" min={0} max={720} allowDecimal={false} allowNegative={false} w={96} {...form.getInputProps('cutoffHours')} />
                    <NumberInput label="Minutes" min={0} max={59} allowDecimal={false} allowNegative={false} w={96} {...form.getInputProps('cutoffMinutes')} />
                    <Text size="sm" pt={30}>before</Text>
                  </Group>
                  <Text size="xs" c="dimmed" aria-live="polite">
                    With the link in their messages, customers can move or cancel a booking {cutoffSentence(cutoffOf(values))}. After that, they call you.
                  </Text>
                </Stack>
                <NumberInput
                  label="Deposit hold (minutes)"
                  description="For services that ask a deposit: how long a booking keeps its time while the deposit is unpaid. Then it is cancelled, the time is free again and the customer is told. 10 to 1440 (a day)."
                  min={10}
                  max={1440}
                  allowDecimal={false}
                  allowNegative={false}
                  w={{ base: '100%', xs: 320 }}
                  {...form.getInputProps('depositHoldMinutes')}
                />
                <RemindersField value={values.reminderMinutes} onChange={(next) => form.setFieldValue('reminderMinutes', next)} error={form.errors.reminderMinutes} />
              </Stack>
            </Card>
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end">
          <SaveButtons form={form} error={error} label="Save profile" saving={update.isPending} />
        </Group>
      </Stack>
      {guard.dialog}
    </form>
  );
}

/** What staff see: the profile, read-only. */
function ProfileSummary({ store }: { store: Store }) {
  const today = todayIn(store.timezone);
  const country = countryOptions().find((c) => c.value === store.country)?.label ?? store.country;
  const labels: Record<(typeof CONTACT_FIELDS)[number], string> = { phone: 'Phone', whatsapp: 'WhatsApp', email: 'Email', address: 'Address', mapUrl: 'Map link' };
  const closed = store.closedDates.filter((d) => d >= today);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder component="section" aria-labelledby="profile-contact">
        <Title order={2} size="h4" id="profile-contact" mb="sm">Contact</Title>
        <DataList labelWidth={120}>
          {CONTACT_FIELDS.map((f) => (
            <DataItem key={f} label={labels[f]}>
              {store.contact[f] ? f === 'mapUrl' ? <Anchor href={store.contact[f]!} target="_blank" rel="noreferrer" inherit>{store.contact[f]}</Anchor> : store.contact[f] : 'Not given'}
            </DataItem>
          ))}
          <DataItem label="Country">{country}</DataItem>
          <DataItem label="Language">{`${localeLabel(store.locale)} (${localeSample(store.locale, store.currency)})`}</DataItem>
        </DataList>
      </Card>
      <Card withBorder component="section" aria-labelledby="profile-hours">
        <Title order={2} size="h4" id="profile-hours" mb="sm">Opening hours and rules</Title>
        <DataList labelWidth={120}>
          {WEEK.map((day) => {
            const ranges = store.hours.filter((h) => h.day === day);
            return (
              <DataItem key={day} label={DAY_NAMES[day]}>
                {ranges.length ? ranges.map((h) => `${h.start}–${h.end === '24:00' ? '00:00' : h.end}`).join(', ') : 'Closed'}
              </DataItem>
            );
          })}
          <DataItem label="Closed dates">{closed.length ? closed.map((d) => formatLocalDate(d, { day: 'numeric', month: 'short', year: 'numeric' })).join(', ') : 'None'}</DataItem>
          <DataItem label="Online changes">{`Customers can move or cancel ${cutoffSentence(store.cancellationCutoffMinutes)}`}</DataItem>
          <DataItem label="Deposit hold">{`An unpaid deposit holds the time for ${durationLabel(store.depositHoldMinutes)}`}</DataItem>
          <DataItem label="Reminders">{store.reminderMinutes.length ? store.reminderMinutes.map((m) => `${durationLabel(m)} before`).join(', ') : 'No reminders'}</DataItem>
        </DataList>
      </Card>
    </SimpleGrid>
  );
}
