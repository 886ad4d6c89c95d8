// A date and time picked in the store's time zone (Mantine's picker knows no zones: its value,
// "YYYY-MM-DD HH:mm:ss", is read as the store's wall-clock time by fromZonedWallTime). Every
// control of its dropdown has a name a screen reader can say.
import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { formatLocalDate } from '../../lib/format';
import { readablePlaceholder } from './shared';

interface Props extends Omit<DateTimePickerProps, 'type'> {
  label: string;
  /** Said by the clear button, e.g. "Clear the start". */
  clearLabel: string;
}

export function ZonedDateTimePicker({ label, clearLabel, ...props }: Props) {
  return (
    <DateTimePicker
      label={label}
      valueFormat="D MMM YYYY HH:mm"
      clearable
      clearButtonProps={{ 'aria-label': clearLabel }}
      styles={readablePlaceholder}
      ariaLabels={{ previousMonth: 'Previous month', nextMonth: 'Next month', monthLevelControl: 'Pick a month', yearLevelControl: 'Pick a year', previousYear: 'Previous year', nextYear: 'Next year', previousDecade: 'Previous decade', nextDecade: 'Next decade' }}
      getDayAriaLabel={(d) => formatLocalDate(d.slice(0, 10), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
      timePickerProps={{ hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes', 'aria-label': `${label}: time` }}
      submitButtonProps={{ 'aria-label': 'Done' }}
      {...props}
    />
  );
}
