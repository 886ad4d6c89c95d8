// The next open times of the schedule being edited, asked of the service (the same slot rules as
// the partners' availability) a moment after the last change, so what staff see is what partners
// will get once it is saved.
import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ApiError } from '../../api/client';
import { useSchedulePreview } from '../../api/items';
import { useCurrentStore } from '../../components/store-context';
import { formatLocalDate } from '../../lib/format';
import { toSchedule, type ScheduleValues } from './item-form';
import { DAY_NAME } from './labels';

const PREVIEW_DAYS = 14;
const PREVIEW_LIMIT = 200;
const SHOWN_DAYS = 5;
const TIMES_PER_DAY = 8;

/** "Monday, hours 1, closes: must be after start" from the service's field path. */
function describe(field: string, message: string, schedule: ScheduleValues): string {
  const hours = /^schedule\.weeklyHours\.(\d+)\.(start|end)$/.exec(field);
  const entry = hours && schedule.weeklyHours[Number(hours[1])];
  if (!hours || !entry) return `${field.replace(/^schedule\./, '')}: ${message}`;
  const n = schedule.weeklyHours.slice(0, Number(hours[1]) + 1).filter((h) => h.day === entry.day).length;
  return `${DAY_NAME[entry.day]}, hours ${n}, ${hours[2] === 'start' ? 'opens' : 'closes'}: ${message}`;
}

export function SchedulePreview({ schedule, itemId }: { schedule: ScheduleValues; itemId?: string }) {
  const store = useCurrentStore();
  // Asked a moment after the last change, not on every key.
  const [body] = useDebouncedValue(JSON.stringify({ schedule: toSchedule(schedule), days: PREVIEW_DAYS, limit: PREVIEW_LIMIT, ...(itemId ? { itemId } : {}) }), 400);
  const preview = useSchedulePreview(store.storeId, body);
  const slots = preview.data?.slots ?? [];
  const days = [...new Set(slots.map((s) => s.date))].slice(0, SHOWN_DAYS);

  return (
    <Paper withBorder p="md" bg="gray.0" component="section" aria-labelledby="preview-title">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} size="h5" id="preview-title">Next open times</Title>
        {preview.isFetching && <Loader size="xs" role="status" aria-label="Updating the preview" />}
      </Group>
      <div aria-live="polite">
        {preview.isError ? (
          preview.error instanceof ApiError && preview.error.code === 'validation-failed' ? (
            <Alert color="yellow" title="The preview waits for valid hours" styles={{ title: { color: 'var(--mantine-color-black)' } }}>
              <Stack gap={2}>
                {preview.error.details.map((d) => (
                  <Text key={d.field} size="sm">{describe(d.field, d.message, schedule)}</Text>
                ))}
              </Stack>
            </Alert>
          ) : (
            <Text size="sm" c="red.9">The preview could not be loaded: {preview.error.message}</Text>
          )
        ) : preview.isPending ? (
          <Text size="sm" c="dimmed">Finding open times…</Text>
        ) : days.length === 0 ? (
          <Text size="sm">No open times in the coming weeks. Open at least one day, and check the closed dates and the notice needed.</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Next open times">
            {days.map((date) => {
              const times = slots.filter((s) => s.date === date);
              const more = times.length - TIMES_PER_DAY;
              return (
                <li key={date}>
                  <Text size="sm" fw={600}>{formatLocalDate(date, { weekday: 'short', day: 'numeric', month: 'short' })}</Text>
                  <Text size="sm">
                    {times.slice(0, TIMES_PER_DAY).map((s) => s.time).join(', ')}
                    {more > 0 ? ` and ${more} more` : ''}
                  </Text>
                </li>
              );
            })}
          </Stack>
        )}
      </div>
      <Text size="xs" c="dimmed" mt="sm">
        As partners will see them once saved, in {store.timezone} time.{itemId ? ' Bookings already made take their places.' : ''}
      </Text>
    </Paper>
  );
}
