// Adding or changing a person of the staff (owners and admins): name, photo, the member who signs in as
// them (optional), their weekly hours, the services and courses they perform, and their time off (whole
// days, or part of a day, with a note). Time off over their bookings to come is refused (409): the
// bookings are listed, each a link, with "Keep these bookings" (saved anyway) or going to move them
// first. Removing a person asks first; one with bookings to come is refused the same way.
import { useState } from 'react';
import { Alert, Anchor, Button, Card, Checkbox, CloseButton, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useForm, type FormRulesRecord, type UseFormReturnType } from '@mantine/form';
import { Link, useNavigate, useParams } from 'react-router';
import { useBookableItems } from '../../api/bookings';
import { ApiError, type ErrorDetail } from '../../api/client';
import { useMembers } from '../../api/members';
import { canManage } from '../../api/session';
import { useCreateStaff, useDeleteStaff, useStaff, useUpdateStaff, type StaffMember, type TimeOffInput } from '../../api/staff';
import { useFormError } from '../../components/api-form';
import { PageError, PageHeader, PageLoader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { addDays, formatLocalDate, todayIn } from '../../lib/format';
import { notifyDone } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';
import { HoursEditor } from '../settings/HoursEditor';
import { sortHours, type Weekday } from '../settings/profile-form';
import { ConflictBookings, StaffAvatar, timeOffAhead, timeOffText } from './shared';

interface StaffFormValues {
  displayName: string;
  photoUrl: string;
  memberId: string | null;
  /** A closing time of 00:00 is midnight at the end of the day (the API's 24:00), as in the store's hours. */
  hours: { day: Weekday; start: string; end: string }[];
  serviceIds: string[];
  /** Ranges kept as the API answered them (instants) and new ones as store dates or times. */
  timeOff: { from: string; to: string; note: string | null }[];
}

const FIELDS = ['displayName', 'photoUrl', 'memberId', 'hours', 'serviceIds', 'timeOff'];
const URL_TEXT = /^https?:\/\/\S+$/i;
const TIME = /^\d{2}:\d{2}$/;
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

function toValues(person: StaffMember | undefined): StaffFormValues {
  return {
    displayName: person?.displayName ?? '',
    photoUrl: person?.photoUrl ?? '',
    memberId: person?.memberId ?? null,
    hours: sortHours((person?.weeklyHours ?? []).map((h) => ({ day: h.day as Weekday, start: h.start, end: h.end === '24:00' ? '00:00' : h.end }))),
    serviceIds: person?.serviceIds ?? [],
    timeOff: (person?.timeOff ?? []).map((t) => ({ from: t.from, to: t.to, note: t.note })),
  };
}

function toBody(values: StaffFormValues) {
  return {
    displayName: values.displayName.trim(),
    photoUrl: values.photoUrl.trim() || null,
    memberId: values.memberId || null,
    weeklyHours: values.hours.map((h) => ({ day: h.day, start: h.start, end: h.end === '00:00' ? '24:00' : h.end })),
    serviceIds: values.serviceIds,
    timeOff: values.timeOff.map((t) => ({ from: t.from, to: t.to, ...(t.note ? { note: t.note } : {}) })),
  };
}

/** The service's field names → the form's ("weeklyHours[2].end" → "hours.2.end"). */
function asFormError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.code !== 'validation-failed') return error;
  const details = error.details.map((d) => ({ ...d, field: d.field.replace(/^weeklyHours/, 'hours') }));
  return new ApiError(error.status, error.code, error.message, details, error.requestId);
}

export function Component() {
  const { staffId } = useParams();
  const store = useCurrentStore();
  const staff = useStaff(store.storeId);
  usePageTitle(staffId ? 'Edit staff' : 'Add a person');
  if (!canManage(store.role)) {
    return (
      <Stack>
        <Anchor component={Link} to={`/s/${store.storeId}/staff`} size="sm">‹ Staff</Anchor>
        <Alert color="blue" title="Only owners and admins change the staff">The Staff page shows everyone’s hours and services.</Alert>
      </Stack>
    );
  }
  if (staffId && staff.isPending) return <PageLoader />;
  if (staff.isError) return <PageError error={staff.error} retry={() => staff.refetch()} />;
  const person = staffId ? staff.data?.find((s) => s.id === staffId) : undefined;
  if (staffId && !person) {
    return (
      <Stack>
        <Anchor component={Link} to={`/s/${store.storeId}/staff`} size="sm">‹ Staff</Anchor>
        <Alert color="red" title="Not found">This person is not on the staff of {store.name} (any more).</Alert>
      </Stack>
    );
  }
  return <StaffForm key={person?.id ?? 'new'} person={person} />;
}

function StaffForm({ person }: { person: StaffMember | undefined }) {
  const store = useCurrentStore();
  const navigate = useNavigate();
  const items = useBookableItems(store.storeId);
  const members = useMembers(store.storeId);
  const create = useCreateStaff(store.storeId);
  const update = useUpdateStaff(store.storeId, person?.id ?? '');
  const error = useFormError();
  const [covered, setCovered] = useState<ErrorDetail[] | null>(null);
  const [removing, setRemoving] = useState(false);
  const form = useForm<StaffFormValues>({
    initialValues: toValues(person),
    validate: {
      displayName: (v) => (v.trim() ? null : 'Enter the name customers know them by'),
      photoUrl: (v) => (!v.trim() || URL_TEXT.test(v.trim()) ? null : 'Paste the whole link, starting with https://'),
      hours: {
        start: (v) => (TIME.test(v) ? null : 'Enter a time'),
        end: (v, values, path) => {
          if (!TIME.test(v)) return 'Enter a time';
          const start = values.hours[Number(path.split('.')[1])]?.start ?? '';
          return TIME.test(start) && (v === '00:00' ? 24 * 60 : minutes(v)) <= minutes(start) ? 'After the start' : null;
        },
      },
    },
  });
  const values = form.getValues();
  const services = items.data ?? [];
  const base = `/s/${store.storeId}/staff`;

  async function save(keepBookings = false) {
    error.clear();
    const body = toBody(form.getValues());
    try {
      if (person) await update.mutateAsync({ ...body, ...(keepBookings ? { keepBookings: true } : {}) });
      else await create.mutateAsync(body);
      setCovered(null);
      notifyDone(person ? `${body.displayName} saved` : `${body.displayName} added to the staff`);
      navigate(base);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'conflict' && e.details.length) {
        setCovered(e.details);
        return;
      }
      error.set(asFormError(e), form, FIELDS);
    }
  }

  const submit = form.onSubmit(() => save());
  const saving = create.isPending || update.isPending;

  return (
    <Stack gap="md" maw={760}>
      <Anchor component={Link} to={base} size="sm">‹ Staff</Anchor>
      <PageHeader title={person ? person.displayName : 'Add a person'}>
        Their hours and time off are in the store’s time zone ({store.timezone}). Customers and the front desk book them only when they work and are free.
      </PageHeader>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Card withBorder component="section" aria-labelledby="staff-who">
            <Title order={2} size="h4" id="staff-who" mb="sm">Who</Title>
            <Stack gap="sm">
              <Group gap="sm" align="flex-start" wrap="nowrap">
                <StaffAvatar person={{ displayName: values.displayName || '?', photoUrl: URL_TEXT.test(values.photoUrl.trim()) ? values.photoUrl.trim() : null }} size="lg" />
                <TextInput label="Name" description="As customers know them" required maxLength={80} style={{ flex: 1 }} {...form.getInputProps('displayName')} />
              </Group>
              <TextInput label="Photo (link)" description="Optional: the address of a picture, https://…" type="url" {...form.getInputProps('photoUrl')} />
              <Select
                label="Signs in as (optional)"
                description="A member of the store who is this person: their own lane comes first on their day agenda."
                placeholder={members.isPending ? 'Loading…' : 'Nobody: they do not sign in'}
                data={(members.data?.members ?? []).map((m) => ({ value: m.userId, label: `${m.name} (${m.email})` }))}
                clearable
                {...form.getInputProps('memberId')}
              />
            </Stack>
          </Card>

          <Card withBorder component="section" aria-labelledby="staff-services">
            <Title order={2} size="h4" id="staff-services" mb="sm">Services they perform</Title>
            {items.isPending ? (
              <Text size="sm" c="dimmed">Loading…</Text>
            ) : services.length === 0 ? (
              <Text size="sm">No services or courses yet: add them in the <Anchor component={Link} to={`/s/${store.storeId}/catalog`} inherit underline="always">Catalog</Anchor>.</Text>
            ) : (
              <Checkbox.Group
                aria-labelledby="staff-services"
                description="A service someone performs is booked per person; one nobody performs is booked by its number of places."
                {...form.getInputProps('serviceIds')}
              >
                <Stack gap={8} mt="xs">
                  {services.map((s) => (
                    <Checkbox key={s.id} value={s.id} label={s.name} description={s.itemType === 'course' ? 'Course' : undefined} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          </Card>

          <Card withBorder component="section" aria-labelledby="staff-hours">
            <Title order={2} size="h4" id="staff-hours" mb="sm">Working hours</Title>
            <HoursEditor
              form={form}
              open="Works"
              closed="Off"
              starts="starts"
              ends="ends"
              note="In the store’s time zone. The store’s own opening hours, when set, still bound everyone’s, and its closed dates close everyone."
            />
          </Card>

          <TimeOffSection form={form} />

          {error.message && <Alert color="red" role="alert" title="Not saved">{error.message}</Alert>}
          {covered && (
            <Alert color="orange" role="alert" title="This time off covers bookings" styles={{ title: { color: 'var(--console-text-on-tint)' } }}>
              <Text size="sm">
                {person?.displayName ?? 'This person'} has {covered.length === 1 ? 'a booking' : `${covered.length} bookings`} in the new time off. Move{' '}
                {covered.length === 1 ? 'it' : 'them'} to someone else or another time first (open {covered.length === 1 ? 'it' : 'each'} below), or keep{' '}
                {covered.length === 1 ? 'it' : 'them'} as {covered.length === 1 ? 'it is' : 'they are'}.
              </Text>
              <ConflictBookings details={covered} label="Bookings in the time off" />
              <Group gap="xs" mt="sm">
                <Button onClick={() => save(true)} loading={saving}>Keep these bookings</Button>
                <Button variant="default" onClick={() => setCovered(null)}>Cancel: I will move them first</Button>
              </Group>
            </Alert>
          )}
          <Card withBorder shadow="sm" py="sm" style={{ position: 'sticky', bottom: 0, zIndex: 3 }}>
            <Group justify="space-between" gap="sm">
              {person ? (
                <Button variant="outline" color="red" onClick={() => setRemoving(true)}>Remove</Button>
              ) : (
                <span />
              )}
              <Group gap="xs">
                <Button variant="default" component={Link} to={base}>Cancel</Button>
                <Button type="submit" loading={saving && !covered}>{person ? 'Save' : 'Add person'}</Button>
              </Group>
            </Group>
          </Card>
        </Stack>
      </form>
      {removing && person && <RemoveDialog person={person} onClose={() => setRemoving(false)} />}
    </Stack>
  );
}

/** Time off: what is set (past ranges last), and a way to add whole days or part of a day, with a note. */
function TimeOffSection({ form }: { form: UseFormReturnType<StaffFormValues, StaffFormValues, FormRulesRecord<StaffFormValues>> }) {
  const store = useCurrentStore();
  const today = todayIn(store.timezone);
  const [kind, setKind] = useState<'days' | 'hours'>('days');
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ranges = form.getValues().timeOff.map((t, index) => ({ t, index }));
  const shown = [...ranges.filter((r) => timeOffAhead(r.t)), ...ranges.filter((r) => !timeOffAhead(r.t))];
  const serverError = Object.entries(form.errors).filter(([path]) => path.startsWith('timeOff')).map(([, m]) => m).join(' ');

  function add() {
    setProblem(null);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from)) return setProblem('Pick the day');
    let range: TimeOffInput;
    if (kind === 'days') {
      const last = to || from;
      if (last < from) return setProblem('The last day is on or after the first');
      if (last > addDays(from, 399)) return setProblem('At most 400 days at once');
      range = { from, to: last };
    } else {
      if (!TIME.test(start) || !TIME.test(end)) return setProblem('Enter the times, from and to');
      if (minutes(end) <= minutes(start)) return setProblem('“To” is after “From”');
      range = { from: `${from}T${start}`, to: `${from}T${end}` };
    }
    form.setFieldValue('timeOff', [...form.getValues().timeOff, { from: range.from, to: range.to, note: note.trim() || null }]);
    form.clearFieldError('timeOff');
    setTo('');
    setStart('');
    setEnd('');
    setNote('');
  }

  return (
    <Card withBorder component="section" aria-labelledby="staff-time-off">
      <Title order={2} size="h4" id="staff-time-off" mb="sm">Time off</Title>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">None.</Text>
      ) : (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Time off">
          {shown.map(({ t, index }) => {
            const text = `${timeOffText(t, store.timezone)}${t.note ? ` (${t.note})` : ''}`;
            return (
              <Group key={`${t.from}-${t.to}-${index}`} component="li" gap="xs" wrap="nowrap" justify="space-between" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
                <Text size="sm" c={timeOffAhead(t) ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                  {text}{timeOffAhead(t) ? '' : ' (past)'}
                </Text>
                <CloseButton aria-label={`Remove time off ${text}`} onClick={() => form.setFieldValue('timeOff', form.getValues().timeOff.filter((_, i) => i !== index))} />
              </Group>
            );
          })}
        </Stack>
      )}
      {serverError && <Text size="sm" c="var(--mantine-color-error)" mt={4}>{serverError}</Text>}
      <Stack gap="xs" mt="md" role="group" aria-label="Add time off">
        <Text size="sm" fw={600}>Add time off</Text>
        <SegmentedControl
          aria-label="Time off for"
          value={kind}
          onChange={(v) => setKind(v as 'days' | 'hours')}
          data={[{ value: 'days', label: 'Whole days' }, { value: 'hours', label: 'Part of a day' }]}
          fullWidth
        />
        <Group gap="xs" align="flex-start">
          <TextInput type="date" label={kind === 'days' ? 'First day' : 'Day'} value={from} min={today} onChange={(e) => setFrom(e.currentTarget.value)} w={170} />
          {kind === 'days' ? (
            <TextInput
              type="date"
              label="Last day"
              description={to ? undefined : 'Empty: one day'}
              value={to}
              min={from}
              onChange={(e) => setTo(e.currentTarget.value)}
              w={170}
            />
          ) : (
            <>
              <TimeInput label="From" value={start} onChange={(e) => setStart(e.currentTarget.value)} w={120} />
              <TimeInput label="To" value={end} onChange={(e) => setEnd(e.currentTarget.value)} w={120} />
            </>
          )}
        </Group>
        <TextInput label="Note (optional)" placeholder="Holiday, training…" maxLength={200} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        {problem && <Text size="sm" c="var(--mantine-color-error)" role="alert">{problem}</Text>}
        <Group>
          <Button variant="default" onClick={add}>
            Add {kind === 'days' ? (to && to !== from ? `${formatLocalDate(from)} – ${formatLocalDate(to)}` : from ? formatLocalDate(from) : 'time off') : 'these hours'}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">Saved with the rest when you press Save.</Text>
      </Stack>
    </Card>
  );
}

/** Removing a person, asked first; one with bookings to come is refused (409) and the bookings are listed. */
function RemoveDialog({ person, onClose }: { person: StaffMember; onClose(): void }) {
  const store = useCurrentStore();
  const navigate = useNavigate();
  const remove = useDeleteStaff(store.storeId);
  const [refused, setRefused] = useState<ApiError | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Modal opened onClose={onClose} title={`Remove ${person.displayName}?`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <Text size="sm">
          They will no longer be booked. Their past bookings keep their name. A person with bookings to come cannot be removed: move those bookings to someone else
          first, or cancel them.
        </Text>
        {refused && (
          <Alert color="orange" role="alert" title="They have bookings to come" styles={{ title: { color: 'var(--console-text-on-tint)' } }}>
            <Text size="sm">{refused.message}</Text>
            <ConflictBookings details={refused.details} label="Bookings to come" />
          </Alert>
        )}
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Keep {person.displayName}</Button>
          <Button
            color="red"
            loading={remove.isPending}
            disabled={!!refused}
            onClick={async () => {
              setFailure(null);
              try {
                await remove.mutateAsync(person.id);
                notifyDone(`${person.displayName} removed from the staff`);
                navigate(`/s/${store.storeId}/staff`);
              } catch (e) {
                if (e instanceof ApiError && e.code === 'conflict') setRefused(e);
                else setFailure(e instanceof Error ? e.message : 'Not removed.');
              }
            }}
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
