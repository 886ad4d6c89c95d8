// The booking schedule of a service or course (CONTRACT §4, docs/bookings.md): its numbers, a week
// grid (each day open or closed with one or more opening ranges) and the closed dates, all in the
// store's time zone. Every input has a visible label; day rows are named groups, so a screen reader
// says "Monday, hours 2, Opens". The service judges the values: its answers show on the inputs.
import { useRef } from 'react';
import { Button, CloseButton, Group, Menu, NumberInput, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { WEEKDAYS, type Weekday } from '../../api/items';
import { todayIn } from '../../lib/format';
import { sortHours, type HoursValue, type ItemFormValues } from './item-form';
import { DAY_NAME } from './labels';
import { ClosedDatesInput } from '../../components/ClosedDatesInput';

type Form = UseFormReturnType<ItemFormValues>;

const HOURS = 'schedule.weeklyHours';
const WORKDAYS: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];

export function ScheduleNumbers({ form }: { form: Form }) {
  const duration = form.getValues().schedule.durationMinutes;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
      <NumberInput label="Length of a booking" description="Minutes" min={5} max={1440} allowDecimal={false} {...form.getInputProps('schedule.durationMinutes')} />
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
      <NumberInput label="Break after each booking" description="Minutes kept free" min={0} max={1440} allowDecimal={false} {...form.getInputProps('schedule.bufferMinutes')} />
      <NumberInput label="Notice needed" description="Minutes before a time starts (1440 = a day)" min={0} max={525600} allowDecimal={false} {...form.getInputProps('schedule.leadTimeMinutes')} />
      <NumberInput label="Bookable ahead" description="Days into the future" min={1} max={730} allowDecimal={false} {...form.getInputProps('schedule.maxAdvanceDays')} />
    </SimpleGrid>
  );
}

export function WeekGrid({ form }: { form: Form }) {
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
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
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
      {arrayError && <Text size="sm" c="red.9" role="alert">{arrayError}</Text>}
      <Text size="xs" c="dimmed" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
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
