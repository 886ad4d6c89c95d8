// New booking, entered at the front desk (a walk-in, a phone call, a WhatsApp message): the service,
// a day and one of its free times (large buttons, from the service's availability), where it came
// from, the customer (found as one types, by name, email or a phone in any format, or entered new)
// and notes. Owners and admins may also book a full or closed time anyway (recorded as overbooked)
// or record a visit earlier today. A service with performers (Staff) asks who: anyone free, or one
// of the people who perform it, and offers that choice's free times. The day, time and person come
// filled in from the day grid (?date=YYYY-MM-DD&time=HH:MM&staffId=…). Saved, it opens the booking
// and says what was done.
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Card, Chip, Group, Loader, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title, UnstyledButton } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BOOKING_SOURCES, useBookableItems, useCreateBooking, useCustomerLookup, useOpenSlots, type BookingSource, type NewBooking } from '../../api/bookings';
import { ApiError } from '../../api/client';
import { canManage } from '../../api/session';
import { performersOf, useStaff } from '../../api/staff';
import { useStoreSettings } from '../../api/store';
import { PageHeader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatLocalDate, plural, todayIn } from '../../lib/format';
import { notifyDone } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** How the time is chosen: a free one, a full or closed one anyway (owners/admins), or a visit earlier today. */
type TimeMode = 'free' | 'anyway' | 'past';

type FoundCustomer = { id: string; name: string; phone: string | null; email: string | null; noShowCount: number };

/** The wall-clock time now in a zone, HH:MM. */
function timeNow(timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date());
}

const looksLikePhone = (text: string) => /^[+\d][\d\s()-]{5,}$/.test(text.trim());

export function Component() {
  const store = useCurrentStore();
  const manage = canManage(store.role);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const today = todayIn(store.timezone);
  usePageTitle('New booking');

  const items = useBookableItems(store.storeId);
  const services = (items.data ?? []).filter((i) => i.schedule);
  const settings = useStoreSettings(store.storeId);
  const create = useCreateBooking(store.storeId);

  const asked = { date: params.get('date') ?? '', time: params.get('time') ?? '' };
  const [serviceId, setServiceId] = useState<string | null>(params.get('serviceId'));
  // Who does it, for a service with performers: 'any' (the service picks someone free) or a person.
  const [performer, setPerformer] = useState<string>(params.get('staffId') ?? 'any');
  const staff = useStaff(store.storeId);
  const [date, setDate] = useState(DATE.test(asked.date) && asked.date >= today ? asked.date : today);
  const [mode, setMode] = useState<TimeMode>('free');
  const [time, setTime] = useState<string | null>(null);
  const [otherTime, setOtherTime] = useState('');
  const [source, setSource] = useState<BookingSource>('walk_in');
  const [who, setWho] = useState<'find' | 'new'>('find');
  const [customer, setCustomer] = useState<FoundCustomer | null>(null);
  const [contact, setContact] = useState({ name: '', phone: '', email: '' });
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<ReactNode>(null);

  // One bookable service: nothing to choose.
  useEffect(() => {
    if (!serviceId && services.length === 1) setServiceId(services[0].id);
  }, [serviceId, services]);

  const service = services.find((s) => s.id === serviceId);
  const performers = performersOf(staff.data, serviceId);
  const person = performers.find((p) => p.id === performer) ?? null;
  const askedPerson = performer !== 'any' && !person ? staff.data?.find((p) => p.id === performer) : undefined;
  const slots = useOpenSlots(store.storeId, serviceId ?? '', date, date, person?.id);
  const freeTimes = serviceId && slots.data ? slots.data.filter((s) => s.date === date && s.remaining >= 1) : [];
  const askedTime = TIME.test(asked.time) && date === asked.date ? asked.time : null;
  const askedIsFree = askedTime !== null && freeTimes.some((s) => s.time === askedTime);
  const askedIsPast = askedTime !== null && date === today && askedTime < timeNow(store.timezone);

  // The time tapped on the day grid is picked as soon as the service shows it free.
  useEffect(() => {
    if (askedIsFree && mode === 'free' && time === null) setTime(askedTime);
  }, [askedIsFree, askedTime, mode, time]);

  const chosenTime = mode === 'free' ? time : otherTime;
  const chosenDate = mode === 'past' ? today : date;

  function switchMode(next: TimeMode, preset?: string) {
    setMode(next);
    setFailure(null);
    setErrors({});
    if (next === 'past') setDate(today);
    if (next !== 'free') setOtherTime(preset ?? '');
  }

  function check(): Record<string, string> {
    const found: Record<string, string> = {};
    if (!serviceId) found.serviceId = 'Pick the service';
    if (!chosenTime) found.time = mode === 'free' ? 'Pick a free time' : 'Enter the time';
    else if (mode === 'past' && chosenTime >= timeNow(store.timezone)) found.time = `A visit already made: a time before now (${timeNow(store.timezone)})`;
    if (who === 'find' && !customer) found.customer = 'Find the customer, or enter a new one';
    if (who === 'new' && !contact.name.trim()) found['customer.name'] = 'Enter the customer’s name';
    if (who === 'new' && !contact.phone.trim() && !contact.email.trim()) found['customer.phone'] = 'A phone number (or an email) to reach them';
    return found;
  }

  async function save() {
    setFailure(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    const body: NewBooking = {
      serviceId: serviceId!,
      date: chosenDate,
      time: chosenTime!,
      source,
      customer: who === 'find' && customer
        ? { customerId: customer.id }
        : { name: contact.name.trim(), ...(contact.phone.trim() ? { phone: contact.phone.trim() } : {}), ...(contact.email.trim() ? { email: contact.email.trim() } : {}) },
      ...(notes.trim() ? { notes: notes.trim() } : {}),
      ...(mode === 'anyway' ? { allowOverbook: true } : {}),
      ...(person ? { staffId: person.id } : {}),
    };
    try {
      const { booking } = await create.mutateAsync(body);
      const on = booking.bookingDate === today ? '' : ` on ${formatLocalDate(booking.bookingDate, { weekday: 'long', day: 'numeric', month: 'long' })}`;
      const mailed = booking.status !== 'completed' && booking.customer.email && settings.data?.notificationsEnabled !== false;
      notifyDone(
        booking.status === 'completed'
          ? `Visit recorded for ${booking.customer.name} at ${booking.bookingTime}${on}`
          : `Booked for ${booking.customer.name} at ${booking.bookingTime}${on}${booking.overbooked ? ' (overbooked)' : ''}${mailed ? `; confirmation sent to ${booking.customer.email}` : ''}`,
      );
      navigate(`/s/${store.storeId}/bookings/${booking.bookingId}`, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'slot-unavailable') {
        setTime(null);
        void slots.refetch();
        setFailure(
          <>
            {chosenTime} on {formatLocalDate(chosenDate, { weekday: 'long', day: 'numeric', month: 'long' })} is not free for {service?.name ?? 'this service'}
            {person ? ` with ${person.displayName}` : ''}: {error.message}{' '}
            {manage && mode === 'free' ? 'Pick another time, or use “Book anyway”.' : 'Pick one of the free times.'}
          </>,
        );
      } else if (error instanceof ApiError && error.code === 'validation-failed' && error.details.length) {
        setErrors(Object.fromEntries(error.details.map((d) => [d.field === 'date' ? 'time' : d.field, d.message])));
        setFailure('Some details need a change: see the fields marked in red.');
      } else {
        setFailure(error instanceof Error ? error.message : 'The booking was not saved.');
      }
    }
  }

  const dayName = formatLocalDate(date, { weekday: 'long', day: 'numeric', month: 'long' });

  return (
    <Stack gap="md" maw={720}>
      <Anchor component={Link} to={`/s/${store.storeId}/bookings`} size="sm">‹ All bookings</Anchor>
      <PageHeader title="New booking">
        A walk-in, a call or a message, booked now and confirmed at once. Times are in the store's time zone ({store.timezone}).
      </PageHeader>

      <Card withBorder component="section" aria-labelledby="new-booking-when">
        <Title order={2} size="h4" id="new-booking-when" mb="sm">Service and time</Title>
        <Stack gap="sm">
          <Select
            label="Service"
            placeholder={items.isPending ? 'Loading…' : 'Pick a service'}
            data={services.map((s) => ({ value: s.id, label: s.name }))}
            value={serviceId}
            onChange={(v) => { setServiceId(v); setTime(null); setErrors((e) => ({ ...e, serviceId: '' })); }}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No service with that name"
            error={errors.serviceId}
          />
          {performers.length > 0 && (
            <div role="radiogroup" aria-labelledby="new-booking-who">
              <Text size="sm" fw={600} mb={6} id="new-booking-who">Who</Text>
              <Chip.Group multiple={false} value={person ? person.id : 'any'} onChange={(v) => { setPerformer(v as string); setTime(null); }}>
                <Group gap="xs">
                  <Chip value="any" size="md">Anyone free</Chip>
                  {performers.map((p) => <Chip key={p.id} value={p.id} size="md">{p.displayName}</Chip>)}
                </Group>
              </Chip.Group>
              {askedPerson && <Text size="sm" c="dimmed" mt={4}>{askedPerson.displayName} does not do {service?.name ?? 'this service'}: anyone free, or pick who.</Text>}
            </div>
          )}
          {items.data && services.length === 0 && (
            <Text size="sm">
              Nothing can be booked yet: add a service with a booking schedule in the <Anchor component={Link} to={`/s/${store.storeId}/catalog`} inherit underline="always">Catalog</Anchor>.
            </Text>
          )}

          {mode === 'past' ? (
            <Text size="sm"><strong>Day:</strong> today, {formatLocalDate(today, { weekday: 'long', day: 'numeric', month: 'long' })}</Text>
          ) : (
            <DatePickerInput
              label="Day"
              value={date}
              onChange={(v) => { if (v) { setDate(v); setTime(null); } }}
              valueFormat="dddd D MMMM YYYY"
              minDate={today}
              firstDayOfWeek={1}
              maw={320}
            />
          )}

          {mode === 'free' && (
            <FreeTimes
              loading={!!serviceId && slots.isPending}
              error={slots.isError ? slots.error.message : null}
              serviceChosen={!!serviceId}
              dayName={dayName}
              times={freeTimes}
              who={person?.displayName}
              value={time}
              onChange={(t) => { setTime(t); setErrors((e) => ({ ...e, time: '' })); }}
              error2={errors.time}
            />
          )}
          {mode === 'free' && serviceId && slots.data && askedTime && !askedIsFree && (
            <Alert color="orange" variant="light" styles={{ title: { color: 'var(--console-text-on-tint)' } }} title={`${askedTime} is not free for ${service?.name ?? 'this service'}`}>
              <Text size="sm">
                {askedIsPast ? 'That time has passed.' : 'It is full, or outside the service’s hours.'} {manage ? '' : 'Pick one of the free times.'}
              </Text>
              {manage && (
                <Group gap="xs" mt="xs">
                  {askedIsPast ? (
                    <Button size="xs" variant="default" onClick={() => switchMode('past', askedTime)}>Record a past visit at {askedTime}</Button>
                  ) : (
                    <Button size="xs" variant="default" onClick={() => switchMode('anyway', askedTime)}>Book anyway at {askedTime}</Button>
                  )}
                </Group>
              )}
            </Alert>
          )}

          {mode === 'anyway' && (
            <Alert color="red" variant="light" title="Book anyway: a full or closed time" styles={{ title: { color: 'var(--mantine-color-red-light-color)' } }}>
              <Stack gap="xs">
                <Text size="sm">
                  This books {service?.name ?? 'the service'} even if the time is already full or outside its hours. More people than it has places may
                  come at once: the booking is marked <strong>overbooked</strong>.
                </Text>
                <TimeInput label="Time" value={otherTime} onChange={(e) => setOtherTime(e.currentTarget.value)} error={errors.time} w={160} />
              </Stack>
            </Alert>
          )}
          {mode === 'past' && (
            <Alert color="blue" variant="light" title="Record a past visit" styles={{ title: { color: 'var(--mantine-color-blue-light-color)' } }}>
              <Stack gap="xs">
                <Text size="sm">
                  For someone who already came today: the booking is saved as completed (they came), and the customer is not emailed.
                </Text>
                <TimeInput label="Time of the visit" description={`Earlier today, before ${timeNow(store.timezone)}`} value={otherTime} onChange={(e) => setOtherTime(e.currentTarget.value)} error={errors.time} w={200} />
              </Stack>
            </Alert>
          )}
          {manage && (
            <Group gap="xs">
              {mode !== 'free' && <Button variant="subtle" size="compact-sm" onClick={() => switchMode('free')}>Back to free times</Button>}
              {mode !== 'anyway' && <Button variant="subtle" size="compact-sm" onClick={() => switchMode('anyway', mode === 'free' ? (askedTime ?? '') : '')}>Book anyway (full or closed time)</Button>}
              {mode !== 'past' && <Button variant="subtle" size="compact-sm" onClick={() => switchMode('past')}>Record a past visit</Button>}
            </Group>
          )}
        </Stack>
      </Card>

      <Card withBorder component="section" aria-labelledby="new-booking-source">
        <Title order={2} size="h4" id="new-booking-source" mb="sm">Where it came from</Title>
        <Chip.Group multiple={false} value={source} onChange={(v) => setSource(v as BookingSource)}>
          <Group gap="xs" role="radiogroup" aria-labelledby="new-booking-source">
            {BOOKING_SOURCES.map((s) => (
              <Chip key={s.value} value={s.value} size="md">{s.label}</Chip>
            ))}
          </Group>
        </Chip.Group>
      </Card>

      <Card withBorder component="section" aria-labelledby="new-booking-customer">
        <Title order={2} size="h4" id="new-booking-customer" mb="sm">Customer</Title>
        <Stack gap="sm">
          <SegmentedControl
            aria-label="Customer"
            value={who}
            onChange={(v) => { setWho(v as 'find' | 'new'); setErrors({}); }}
            data={[{ value: 'find', label: 'Find a customer' }, { value: 'new', label: 'New customer' }]}
            fullWidth
          />
          {who === 'find' ? (
            <CustomerSearch
              selected={customer}
              onSelect={(c) => { setCustomer(c); setErrors((e) => ({ ...e, customer: '' })); }}
              onNew={(typed) => {
                setWho('new');
                setContact(looksLikePhone(typed) ? { name: '', phone: typed.trim(), email: '' } : typed.includes('@') ? { name: '', phone: '', email: typed.trim() } : { name: typed.trim(), phone: '', email: '' });
              }}
              error={errors.customer}
            />
          ) : (
            <Stack gap="sm">
              <TextInput label="Name" required value={contact.name} onChange={(e) => setContact({ ...contact, name: e.currentTarget.value })} error={errors['customer.name']} autoComplete="off" />
              <TextInput label="Phone" type="tel" value={contact.phone} onChange={(e) => setContact({ ...contact, phone: e.currentTarget.value })} error={errors['customer.phone']} autoComplete="off" description="Any format: 020 765 4321 or +233 20 765 4321" />
              <TextInput
                label="Email (optional)"
                type="email"
                value={contact.email}
                onChange={(e) => setContact({ ...contact, email: e.currentTarget.value })}
                error={errors['customer.email']}
                autoComplete="off"
                description="With an email, the customer gets the confirmation and reminders."
              />
              <Text size="xs" c="dimmed">A phone or email already on a customer books for that customer.</Text>
            </Stack>
          )}
        </Stack>
      </Card>

      <Card withBorder component="section" aria-labelledby="new-booking-notes">
        <Title order={2} size="h4" id="new-booking-notes" mb="sm">Notes</Title>
        <Textarea label="Notes (what the customer asked for)" autosize minRows={2} maxRows={6} maxLength={2000} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} error={errors.notes} />
      </Card>

      {failure && (
        <Alert color="red" role="alert" title="Not booked" styles={{ title: { color: 'var(--mantine-color-red-light-color)' } }} withCloseButton closeButtonLabel="Dismiss" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <Card withBorder shadow="sm" py="sm" style={{ position: 'sticky', bottom: 0, zIndex: 3 }}>
        <Group justify="space-between" gap="sm">
          <Text size="sm" style={{ minWidth: 0, overflowWrap: 'break-word', flex: '1 1 160px' }}>
            {service && chosenTime ? `${service.name}, ${formatLocalDate(chosenDate)} ${chosenTime}${person ? ` with ${person.displayName}` : ''}` : 'Pick the service and a time'}
          </Text>
          <Group gap="xs">
            <Button variant="default" component={Link} to={`/s/${store.storeId}/today`}>Cancel</Button>
            <Button onClick={save} loading={create.isPending} color={mode === 'anyway' ? 'red' : undefined}>
              {mode === 'anyway' ? 'Book anyway' : mode === 'past' ? 'Record visit' : 'Book'}
            </Button>
          </Group>
        </Group>
      </Card>
    </Stack>
  );
}

/** The day's free times as large buttons (radios): "10:00", "14:00 (3 left)" for a time with several places. */
function FreeTimes(props: {
  loading: boolean;
  error: string | null;
  serviceChosen: boolean;
  dayName: string;
  times: { time: string; capacity: number; remaining: number }[];
  value: string | null;
  onChange(time: string): void;
  error2?: string;
  /** Whose free times these are (a person of the staff); everyone's when not given. */
  who?: string;
}) {
  const label = `Free times on ${props.dayName}${props.who ? ` with ${props.who}` : ''}`;
  if (!props.serviceChosen) return <Text size="sm" c="dimmed">Pick the service to see its free times.</Text>;
  if (props.loading) return <Group gap="xs"><Loader size="xs" aria-hidden /><Text size="sm">Finding free times…</Text></Group>;
  if (props.error) return <Alert color="red" role="alert">{props.error}</Alert>;
  return (
    <div role="radiogroup" aria-label={label} aria-describedby={props.error2 ? 'free-times-error' : undefined}>
      <Text size="sm" fw={600} mb={6}>{label}</Text>
      {props.times.length === 0 ? (
        <Text size="sm" c="dimmed">No free time left this day{props.who ? ` for ${props.who}` : ''}. Try another day{props.who ? ', or someone else' : ''}.</Text>
      ) : (
        <Chip.Group multiple={false} value={props.value} onChange={(v) => props.onChange(v as string)}>
          <SimpleGrid cols={{ base: 3, xs: 4, sm: 6 }} spacing={8}>
            {props.times.map((s) => (
              <Chip
                key={s.time}
                value={s.time}
                size="lg"
                styles={{ root: { width: '100%' }, label: { width: '100%', justifyContent: 'center', height: 'auto', minHeight: 48, whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.2, paddingInline: 8 } }}
              >
                {s.time}{s.capacity > 1 ? ` (${s.remaining} left)` : ''}
              </Chip>
            ))}
          </SimpleGrid>
        </Chip.Group>
      )}
      {props.error2 && <Text size="sm" c="var(--mantine-color-error)" mt={4} id="free-times-error">{props.error2}</Text>}
    </div>
  );
}

/** Customers found as one types (after a short pause); one picked shows with a way to change it. */
function CustomerSearch({ selected, onSelect, onNew, error }: { selected: FoundCustomer | null; onSelect(c: FoundCustomer | null): void; onNew(typed: string): void; error?: string }) {
  const store = useCurrentStore();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const found = useCustomerLookup(store.storeId, debounced);

  if (selected) {
    return (
      <Card withBorder padding="sm" aria-label="Chosen customer">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0, flex: '1 1 200px' }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>{selected.name}</Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{[selected.phone, selected.email].filter(Boolean).join(' · ') || 'No phone or email'}</Text>
            {selected.noShowCount > 0 && <Text size="sm" c="red.9">Missed {plural(selected.noShowCount, 'booking')} before (no-show).</Text>}
          </div>
          <Button variant="default" size="xs" onClick={() => onSelect(null)}>Change customer</Button>
        </Group>
      </Card>
    );
  }
  const results = debounced.trim().length >= 2 ? (found.data ?? []) : [];
  return (
    <Stack gap="xs">
      <TextInput
        label="Search customers"
        description="Name, email or phone in any format (0207654321 finds +233 20 765 4321)"
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        error={error}
        autoComplete="off"
        type="search"
        rightSection={found.isFetching ? <Loader size="xs" aria-hidden /> : null}
      />
      {results.length > 0 && (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Customers found">
          {results.map((c) => (
            <li key={c.id}>
              <UnstyledButton
                onClick={() => onSelect({ id: c.id, name: c.name, phone: c.phone, email: c.email, noShowCount: c.noShowCount })}
                w="100%"
                p="xs"
                style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)', minHeight: 48 }}
              >
                <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>{c.name}</Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{[c.phone, c.email].filter(Boolean).join(' · ')}</Text>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
      {debounced.trim().length >= 2 && found.data && !found.isFetching && results.length === 0 && <Text size="sm">No customer matches “{debounced.trim()}”.</Text>}
      {q.trim().length >= 2 && (
        <Group>
          <Button variant="subtle" size="compact-sm" onClick={() => onNew(q)}>New customer “{q.trim()}”</Button>
        </Group>
      )}
    </Stack>
  );
}
