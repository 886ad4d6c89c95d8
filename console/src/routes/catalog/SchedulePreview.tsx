// The next open times of the schedule being edited, asked of the service (the same slot rules as
// the partners' availability) a moment after the last change, so what staff see is what partners
// will get once it is saved. While the schedule is edited on a narrower screen, the preview follows
// the schedule's numbers (InlineSchedulePreview, placed by ScheduleEditor) and the one placed beside
// the hours stands aside; only one shows at a time.
import { useId, useLayoutEffect, useSyncExternalStore } from 'react';
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

interface PreviewProps {
  schedule: ScheduleValues;
  itemId?: string;
}

// How many inline previews are on the page (at most one): while there is one, the other stands aside.
let inlineCount = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const inlineShown = () => inlineCount > 0;

/** The preview right under the schedule's numbers (narrow screens). */
export function InlineSchedulePreview(props: PreviewProps) {
  // Before the first paint, so the other preview never flashes up further down.
  useLayoutEffect(() => {
    inlineCount += 1;
    listeners.forEach((l) => l());
    return () => {
      inlineCount -= 1;
      listeners.forEach((l) => l());
    };
  }, []);
  return <PreviewPanel {...props} />;
}

/** The preview in its own place (beside the hours on a wide screen, in the read-only summary). */
export function SchedulePreview(props: PreviewProps) {
  const standAside = useSyncExternalStore(subscribe, inlineShown);
  return standAside ? null : <PreviewPanel {...props} sticky />;
}

function PreviewPanel({ schedule, itemId, sticky }: PreviewProps & { sticky?: boolean }) {
  const store = useCurrentStore();
  const titleId = useId();
  // Asked a moment after the last change, not on every key.
  const [body] = useDebouncedValue(JSON.stringify({ schedule: toSchedule(schedule), days: PREVIEW_DAYS, limit: PREVIEW_LIMIT, ...(itemId ? { itemId } : {}) }), 400);
  const preview = useSchedulePreview(store.storeId, body);
  const slots = preview.data?.slots ?? [];
  const days = [...new Set(slots.map((s) => s.date))].slice(0, SHOWN_DAYS);

  return (
    // Beside the hours on a wide screen it stays in view while the person scrolls through the week.
    <Paper
      withBorder
      p="md"
      bg="var(--mantine-color-default-hover)"
      component="section"
      aria-labelledby={titleId}
      pos={sticky ? { base: 'static', lg: 'sticky' } : undefined}
      top={sticky ? { lg: 72 } : undefined}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} size="h5" id={titleId}>Next open times</Title>
        {preview.isFetching && <Loader size="xs" role="status" aria-label="Updating the preview" />}
      </Group>
      <div aria-live="polite">
        {preview.isError ? (
          preview.error instanceof ApiError && preview.error.code === 'validation-failed' ? (
            <Alert color="yellow" title="The preview waits for valid hours" styles={{ title: { color: 'var(--console-text-on-tint)' } }}>
              <Stack gap={2}>
                {preview.error.details.map((d) => (
                  <Text key={d.field} size="sm">{describe(d.field, d.message, schedule)}</Text>
                ))}
              </Stack>
            </Alert>
          ) : (
            <Text size="sm" c="var(--mantine-color-error)">The preview could not be loaded: {preview.error.message}</Text>
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
