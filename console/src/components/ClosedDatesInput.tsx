// Closed dates, picked on a calendar (several at once) and listed as pills that open a day again:
// a service's schedule and the store's opening hours use the same control.
import { Group, Pill, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { formatLocalDate } from '../lib/format';

/** Mantine hides a pill's remove button from keyboards and screen readers (its inputs use Backspace): these pills stand alone. */
export const REACHABLE = { 'aria-hidden': false, tabIndex: 0 } as const;

const longDay = (d: string) => formatLocalDate(d, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

export function ClosedDatesInput({
  id,
  description,
  value,
  onChange,
  today,
  inputProps,
}: {
  /** The same id for the button and its popover: the calendar dialog is then named by the label. */
  id: string;
  description: string;
  value: string[];
  onChange: (dates: string[]) => void;
  /** The store's today: earlier dates are kept but not offered or listed. */
  today: string;
  /** The form's props for the field (error, onBlur…), without value and onChange. */
  inputProps?: Record<string, unknown>;
}) {
  const upcoming = value.filter((d) => d >= today);
  const past = value.length - upcoming.length;
  const set = (next: string[]) => onChange([...new Set(next)].sort());
  return (
    <Stack gap="xs">
      <DatePickerInput
        id={id}
        popoverProps={{ id }}
        type="multiple"
        label="Closed dates"
        description={description}
        placeholder="Pick dates"
        valueFormat="D MMM YYYY"
        firstDayOfWeek={1}
        // Mantine's red weekends and grey days of other months are under 4.5:1 on white.
        weekendDays={[]}
        hideOutsideDates
        minDate={today}
        value={value}
        onChange={(next) => set(next as string[])}
        maxLevel="month"
        ariaLabels={{ previousMonth: 'Previous month', nextMonth: 'Next month' }}
        getDayAriaLabel={(d) => longDay(d)}
        clearable={false}
        styles={{ input: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }, placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        {...inputProps}
      />
      {upcoming.length > 0 && (
        <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Closed dates chosen">
          {upcoming.map((d) => (
            <li key={d}>
              <Pill withRemoveButton onRemove={() => set(value.filter((x) => x !== d))} removeButtonProps={{ ...REACHABLE, 'aria-label': `Open again on ${longDay(d)}` }}>
                {formatLocalDate(d, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' })}
              </Pill>
            </li>
          ))}
        </Group>
      )}
      {past > 0 && <Text size="xs" c="dimmed">{past} past {past === 1 ? 'date is' : 'dates are'} kept as well.</Text>}
    </Stack>
  );
}
