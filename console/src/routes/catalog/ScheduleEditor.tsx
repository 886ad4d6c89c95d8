// The booking schedule of a service or course (CONTRACT §4, docs/bookings.md): its numbers, a week
// grid (each day open or closed with one or more opening ranges) and the closed dates, all in the
// store's time zone. Every input has a visible label; day rows are named groups, so a screen reader
// says "Monday, hours 2, Opens". The service judges the values: its answers show on the inputs.
// A service can instead be open during the store's own hours (Settings › Store): the week grid then
// gives way to those hours, read only, and is kept for switching back. The deposit customers pay
// when they book online (none, a percentage of the price, a fixed amount) is part of the schedule too.
import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, CloseButton, DataList, Group, Menu, NumberInput, Radio, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { WEEKDAYS, type Weekday } from '../../api/items';
import { useStoreSettings } from '../../api/store';
import { useCurrentStore } from '../../components/store-context';
import { currencyDigits, formatMoney, todayIn } from '../../lib/format';
import { depositMinorOf, sortHours, splitMinutes, joinMinutes, type DepositValues, type HoursValue, type ItemFormValues } from './item-form';
import { DAY_NAME } from './labels';
import { ClosedDatesInput } from '../../components/ClosedDatesInput';
import { InlineSchedulePreview } from './SchedulePreview';

type Form = UseFormReturnType<ItemFormValues>;

const HOURS = 'schedule.weeklyHours';
const WORKDAYS: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];
/** Mantine's lg breakpoint: from there the preview sits beside the opening hours instead. */
const WIDE = '(min-width: 75em)';

/**
 * The schedule's numbers. Below the lg breakpoint the preview of the next open times follows them
 * directly, so a change shows its effect on the same screen (wider, it sits beside the hours).
 */
export function ScheduleNumbers({ form }: { form: Form }) {
  const { itemId } = useParams();
  const wide = useMediaQuery(WIDE, undefined, { getInitialValueInEffect: false });
  const values = form.getValues().schedule;
  const duration = values.durationMinutes;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <LengthField form={form} path="schedule.durationMinutes" label="Length of a booking" min={5} />
        <NumberInput label="Places per time" description="People who can book the same time" min={1} max={10000} allowDecimal={false} {...form.getInputProps('schedule.capacity')} />
        <NumberInput
          label="A time every"
          description="Minutes between start times"
          placeholder={duration === '' ? 'Same as the length' : `${duration} (the length)`}
          min={5}
          max={1440}
          allowDecimal={false}
          {...form.getInputProps('schedule.slotIntervalMinutes')}
        />
        <LengthField form={form} path="schedule.bufferMinutes" label="Break after each booking" min={0} />
        <NumberInput label="Notice needed" description="Minutes before a time starts (1440 = a day)" min={0} max={525600} allowDecimal={false} {...form.getInputProps('schedule.leadTimeMinutes')} />
        <NumberInput label="Bookable ahead" description="Days into the future" min={1} max={730} allowDecimal={false} {...form.getInputProps('schedule.maxAdvanceDays')} />
      </SimpleGrid>
      {!wide && <InlineSchedulePreview schedule={values} itemId={itemId === 'new' ? undefined : itemId} />}
    </Stack>
  );
}

/**
 * A length typed in hours and minutes (a named group of two inputs); the form keeps minutes, as the
 * API takes them, so the service's answer about the field shows under the pair.
 */
function LengthField({ form, path, label, min }: { form: Form; path: 'schedule.durationMinutes' | 'schedule.bufferMinutes'; label: string; min: number }) {
  const key = path === 'schedule.durationMinutes' ? 'durationMinutes' : 'bufferMinutes';
  const minutes = form.getValues().schedule[key];
  // What is typed, kept as typed (an emptied field stays empty while the person types).
  const [parts, setParts] = useState(() => splitMinutes(minutes));
  useEffect(() => {
    // A reset or a value set elsewhere replaces what the fields show.
    if (joinMinutes(parts) !== minutes) setParts(splitMinutes(minutes));
  }, [minutes]);
  const error = form.errors[path];
  const id = `length-${key}`;
  const change = (next: typeof parts) => {
    setParts(next);
    form.setFieldValue(path, joinMinutes(next));
    if (error) form.clearFieldError(path);
  };
  return (
    <Stack gap={4} role="group" aria-labelledby={`${id}-label`}>
      <Text size="sm" fw={500} id={`${id}-label`}>{label}</Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <NumberInput
          label="Hours"
          aria-label={`${label}, hours`}
          size="sm"
          min={0}
          max={24}
          allowDecimal={false}
          allowNegative={false}
          style={{ flex: 1 }}
          value={parts.hours}
          onChange={(v) => change({ ...parts, hours: v })}
          error={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <NumberInput
          label="Minutes"
          aria-label={`${label}, minutes`}
          size="sm"
          min={0}
          max={59}
          step={5}
          allowDecimal={false}
          allowNegative={false}
          style={{ flex: 1 }}
          value={parts.minutes}
          onChange={(v) => change({ ...parts, minutes: v })}
          error={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </Group>
      {error ? (
        <Text size="xs" c="var(--mantine-color-error)" id={`${id}-error`}>{error}</Text>
      ) : (
        <Text size="xs" c="dimmed">{min > 0 ? 'For example 1 hour 30 minutes' : 'Time kept free after each booking, e.g. 15 minutes'}</Text>
      )}
    </Stack>
  );
}

/** The switch between the service's own week and the store's hours; the week grid when it is off. */
export function WeekGrid({ form }: { form: Form }) {
  const useStoreHours = form.getValues().schedule.useStoreHours;
  return (
    <Stack gap="sm">
      <Switch
        label="Open during the store's hours"
        description="Bookable whenever the store is open (and closed on the store's closed dates), instead of hours of its own."
        checked={useStoreHours}
        onChange={(e) => form.setFieldValue('schedule.useStoreHours', e.currentTarget.checked)}
      />
      {useStoreHours ? <StoreHours /> : <OwnHours form={form} />}
    </Stack>
  );
}

/** The store's opening hours, as the service will use them, with the way to change them. */
function StoreHours() {
  const store = useCurrentStore();
  const settings = useStoreSettings(store.storeId);
  const hours = settings.data?.hours ?? [];
  return (
    <Stack gap="xs" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {settings.data && hours.length === 0 ? (
        <Text size="sm">The store has no opening hours yet, so this service cannot be booked until they are set.</Text>
      ) : (
        <DataList labelWidth={110} aria-label="The store's opening hours">
          {WEEKDAYS.map((day) => {
            const ranges = hours.filter((h) => h.day === day);
            return (
              <DataList.Item key={day}>
                <DataList.ItemLabel>{DAY_NAME[day]}</DataList.ItemLabel>
                <DataList.ItemValue>{ranges.length ? ranges.map((h) => `${h.start}–${h.end === '24:00' ? '00:00' : h.end}`).join(', ') : 'Closed'}</DataList.ItemValue>
              </DataList.Item>
            );
          })}
        </DataList>
      )}
      <Text size="sm">
        The store's hours are edited in{' '}
        <Anchor component={Link} to={`/s/${store.storeId}/settings`} inherit underline="always">Settings › Store</Anchor>; a change there applies to this service too.
      </Text>
    </Stack>
  );
}

function OwnHours({ form }: { form: Form }) {
  const hours = form.getValues().schedule.weeklyHours;
  // A day switched off keeps its ranges here, so switching it back on restores them.
  const remembered = useRef<Partial<Record<Weekday, HoursValue[]>>>({});

  function setHours(next: HoursValue[]) {
    // Indices move: errors of the old positions no longer point at the right inputs.
    form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([path]) => !path.startsWith(HOURS))));
    form.setFieldValue(HOURS, sortHours(next));
  }
  const ofDay = (day: Weekday) => hours.filter((h) => h.day === day);
  const others = (day: Weekday) => hours.filter((h) => h.day !== day);

  function toggle(day: Weekday, open: boolean) {
    if (open) {
      const back = remembered.current[day];
      setHours([...hours, ...(back?.length ? back : [{ day, start: '09:00', end: '17:00' }])]);
    } else {
      remembered.current[day] = ofDay(day);
      setHours(others(day));
    }
  }
  function addRange(day: Weekday) {
    const last = ofDay(day).at(-1);
    // The next range starts where the last one ends (a lunch break is then one edit away).
    const start = last && last.end !== '00:00' && last.end < '23:00' ? last.end : '09:00';
    const end = start < '22:00' ? `${String(Number(start.slice(0, 2)) + 2).padStart(2, '0')}${start.slice(2)}` : '00:00';
    setHours([...hours, { day, start, end }]);
  }
  function copy(from: Weekday, to: Weekday[]) {
    const ranges = ofDay(from);
    setHours([...hours.filter((h) => h.day === from || !to.includes(h.day)), ...to.filter((d) => d !== from).flatMap((day) => ranges.map((r) => ({ ...r, day })))]);
  }

  const arrayError = form.errors[HOURS];
  return (
    <Stack gap={0}>
      {WEEKDAYS.map((day) => {
        const ranges = hours.map((h, index) => ({ h, index })).filter((r) => r.h.day === day);
        const open = ranges.length > 0;
        const labelId = `hours-${day}`;
        return (
          <Group
            key={day}
            role="group"
            aria-labelledby={labelId}
            align="flex-start"
            gap="sm"
            py="sm"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Group w={{ base: '100%', xs: 210 }} justify="space-between" wrap="nowrap" pt={{ base: 0, xs: 28 }}>
              <Text fw={600} id={labelId}>{DAY_NAME[day]}</Text>
              <Switch label="Open" checked={open} onChange={(e) => toggle(day, e.currentTarget.checked)} />
            </Group>
            <Stack gap="xs" style={{ flex: '1 1 260px', minWidth: 0 }}>
              {!open && <Text size="sm" c="dimmed" pt={{ base: 0, xs: 28 }}>Closed</Text>}
              {ranges.map(({ index }, n) => (
                <Group key={index} role="group" aria-label={`${DAY_NAME[day]}, hours ${n + 1}`} gap="xs" align="flex-start" wrap="nowrap">
                  <TimeInput label="Opens" w={130} {...form.getInputProps(`${HOURS}.${index}.start`)} />
                  <TimeInput label="Closes" w={130} {...form.getInputProps(`${HOURS}.${index}.end`)} />
                  {ranges.length > 1 && (
                    <CloseButton
                      mt={28}
                      aria-label={`Remove ${DAY_NAME[day]} hours ${n + 1}`}
                      onClick={() => setHours(hours.filter((_, i) => i !== index))}
                    />
                  )}
                </Group>
              ))}
              {open && (
                <Group gap="xs">
                  <Button variant="subtle" size="compact-sm" onClick={() => addRange(day)} aria-label={`Add hours on ${DAY_NAME[day]}`}>Add hours</Button>
                  <Menu position="bottom-start" withinPortal>
                    <Menu.Target>
                      <Button variant="subtle" size="compact-sm" aria-label={`Copy hours of ${DAY_NAME[day]} to other days`}>Copy hours</Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => copy(day, WORKDAYS)}>Monday to Friday</Menu.Item>
                      <Menu.Item onClick={() => copy(day, WEEKDAYS)}>Every day</Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              )}
            </Stack>
          </Group>
        );
      })}
      {arrayError && <Text size="sm" c="var(--mantine-color-error)" role="alert">{arrayError}</Text>}
      <Text size="xs" c="dimmed" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        A closing time of 00:00 (12:00 AM) means midnight at the end of the day. A booking must end by the closing time.
      </Text>
    </Stack>
  );
}

export function ClosedDates({ form, timezone }: { form: Form; timezone: string }) {
  const { value: _value, onChange: _onChange, ...inputProps } = form.getInputProps('schedule.closedDates');
  return (
    <ClosedDatesInput
      id="closed-dates"
      description="Holidays and other days with no bookings; pick as many as needed"
      value={form.getValues().schedule.closedDates}
      onChange={(dates) => form.setFieldValue('schedule.closedDates', dates)}
      today={todayIn(timezone)}
      inputProps={inputProps}
    />
  );
}

/**
 * The deposit asked when customers book online (their website, partners, the store page), per
 * place: none, a whole percentage of the price, or a fixed amount in the store currency. Says what a
 * customer pays with the price typed, and how long the time waits for the payment (Settings ›
 * Profile and hours).
 */
export function DepositField({ form, currency }: { form: Form; currency: string }) {
  const store = useCurrentStore();
  const settings = useStoreSettings(store.storeId);
  const values = form.getValues();
  const deposit = values.schedule.deposit;
  const hold = settings.data?.depositHoldMinutes;
  const perPlace = depositMinorOf(deposit, values.price, currency);
  const setKind = (kind: string) => {
    form.setFieldValue('schedule.deposit.kind', kind as DepositValues['kind']);
    form.clearFieldError('schedule.deposit.kind');
    form.clearFieldError('schedule.deposit.percent');
    form.clearFieldError('schedule.deposit.amount');
  };
  return (
    <Stack gap="sm">
      <Radio.Group label="Ask for a deposit" description="Paid online when a customer books, to keep the time" {...form.getInputProps('schedule.deposit.kind')} onChange={setKind}>
        <Group gap="lg" mt={6}>
          <Radio value="none" label="None" />
          <Radio value="percent" label="Percentage" />
          <Radio value="amount" label="Fixed amount" />
        </Group>
      </Radio.Group>
      {deposit.kind === 'percent' && (
        <NumberInput
          label="Percentage of the price"
          description="A whole number from 1 to 100"
          min={1}
          max={100}
          allowDecimal={false}
          allowNegative={false}
          suffix="%"
          maw={260}
          {...form.getInputProps('schedule.deposit.percent')}
        />
      )}
      {deposit.kind === 'amount' && (
        <NumberInput
          label={`Deposit amount (${currency})`}
          description="Per place booked"
          min={0}
          allowNegative={false}
          decimalScale={currencyDigits(currency)}
          thousandSeparator=" "
          maw={260}
          {...form.getInputProps('schedule.deposit.amount')}
        />
      )}
      {deposit.kind !== 'none' && (
        <Text size="sm" aria-live="polite">
          {deposit.kind === 'percent' && perPlace === 0
            ? 'At this price the percentage comes to nothing, so no deposit is asked.'
            : perPlace !== null && perPlace > 0
              ? <>A customer pays <strong>{formatMoney(perPlace, currency)}</strong> per place when booking online.</>
              : null}
          {' '}Bookings made here at the front desk ask none.
        </Text>
      )}
      <Text size="xs" c="dimmed">
        An unpaid deposit holds the time for {hold ? `${hold} minutes` : 'a while'} (
        <Anchor component={Link} to={`/s/${store.storeId}/settings/profile`} inherit underline="always">Settings › Profile and hours</Anchor>); then the booking is
        cancelled and the time is free again. Cancelling a booking refunds its paid deposit; a no-show keeps it.
      </Text>
    </Stack>
  );
}
