// Weekly hours, a row per day: open or closed, and from–to (a second range for a day with a break).
// Short day names and narrow time fields keep a day on one line of a phone. The store's opening hours
// (Settings → Profile) and a staff member's working hours (Staff) both use it, on any form with `hours`.
import { useRef, type ReactNode } from 'react';
import { ActionIcon, CloseButton, Group, Stack, Switch, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { DAY_NAMES, WEEK, sortHours, type ProfileFormValues, type Weekday } from './profile-form';
import './hours.css';

type Range = ProfileFormValues['hours'][number];

const rowStyle = { borderTop: '1px solid var(--mantine-color-gray-3)' };
const timeWidth = 94;
const timeClasses = { input: 'hours-time' };

const STORE_NOTE = 'In the store’s time zone. A closing time of 00:00 means midnight at the end of the day. Customers see these hours; each service keeps its own booking times (Catalog).';

/**
 * `open` names the switch of a day ("Open on Monday"; "Works on Monday" for a person), `starts` and
 * `ends` its times ("Monday opens"), `note` the words under the week.
 */
export function HoursEditor<V extends { hours: Range[] }>({
  form,
  open: openWord = 'Open',
  closed = 'Closed',
  starts = 'opens',
  ends = 'closes',
  note = STORE_NOTE,
}: { form: UseFormReturnType<V>; open?: string; closed?: string; starts?: string; ends?: string; note?: ReactNode }) {
  const hours = form.getValues().hours;
  // A day switched off keeps its ranges here, so switching it back on restores them.
  const remembered = useRef<Partial<Record<Weekday, Range[]>>>({});

  function setHours(next: Range[]) {
    // Indices move: errors of the old positions no longer point at the right inputs.
    form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([path]) => !path.startsWith('hours'))));
    (form.setFieldValue as (path: string, value: Range[]) => void)('hours', sortHours(next));
  }
  const ofDay = (day: Weekday) => hours.filter((h) => h.day === day);

  function toggle(day: Weekday, open: boolean) {
    if (open) {
      const back = remembered.current[day];
      // A day opened for the first time takes the hours of the nearest open day before it.
      const before = WEEK.slice(0, WEEK.indexOf(day)).reverse().map(ofDay).find((r) => r.length)?.[0];
      setHours([...hours, ...(back?.length ? back : [{ day, start: before?.start ?? '09:00', end: before?.end ?? '17:00' }])]);
    } else {
      remembered.current[day] = ofDay(day);
      setHours(hours.filter((h) => h.day !== day));
    }
  }

  function addRange(day: Weekday) {
    const last = ofDay(day).at(-1);
    const start = last && last.end !== '00:00' && last.end < '22:00' ? last.end : '18:00';
    const end = `${String(Math.min(Number(start.slice(0, 2)) + 2, 23)).padStart(2, '0')}${start.slice(2)}`;
    setHours([...hours, { day, start, end }]);
  }

  return (
    <Stack gap={0}>
      {WEEK.map((day) => {
        const ranges = hours.map((h, index) => ({ h, index })).filter((r) => r.h.day === day);
        const open = ranges.length > 0;
        const name = DAY_NAMES[day];
        return (
          <Group key={day} role="group" aria-label={name} gap={8} py={6} wrap="nowrap" align="flex-start" style={rowStyle}>
            <Switch
              label={name.slice(0, 3)}
              aria-label={`${openWord} on ${name}`}
              checked={open}
              onChange={(e) => toggle(day, e.currentTarget.checked)}
              w={80}
              pt={8}
              styles={{ label: { paddingInlineStart: 8 } }}
              style={{ flexShrink: 0 }}
            />
            <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
              {!open && <Text size="sm" c="dimmed" pt={8}>{closed}</Text>}
              {ranges.map(({ index }, n) => {
                const which = ranges.length > 1 ? ` (${n + 1})` : '';
                return (
                  <Group key={index} gap={4} wrap="nowrap" align="flex-start">
                    <TimeInput aria-label={`${name} ${starts}${which}`} w={timeWidth} classNames={timeClasses} {...form.getInputProps(`hours.${index}.start`)} />
                    <Text size="sm" pt={8} aria-hidden>–</Text>
                    <TimeInput aria-label={`${name} ${ends}${which}`} w={timeWidth} classNames={timeClasses} {...form.getInputProps(`hours.${index}.end`)} />
                    {n > 0 ? (
                      <CloseButton mt={4} aria-label={`Remove ${name} hours ${n + 1}`} onClick={() => setHours(hours.filter((_, i) => i !== index))} />
                    ) : (
                      ranges.length === 1 && (
                        <ActionIcon variant="subtle" mt={4} aria-label={`Add hours on ${name}`} title="Add hours (for a break)" onClick={() => addRange(day)}>
                          <span aria-hidden style={{ fontSize: 20, lineHeight: 1 }}>+</span>
                        </ActionIcon>
                      )
                    )}
                  </Group>
                );
              })}
            </Stack>
          </Group>
        );
      })}
      <Text size="xs" c="dimmed" pt="xs" style={rowStyle}>{note}</Text>
    </Stack>
  );
}
