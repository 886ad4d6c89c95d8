// Reminders before an appointment: up to four, each a chip ("1 day before") that can be removed,
// added from a short list, or none at all.
import { Button, Group, Menu, Pill, Stack, Text } from '@mantine/core';
import { REACHABLE } from '../../components/ClosedDatesInput';
import { LIMITS, REMINDER_CHOICES, durationLabel } from './profile-form';

export function RemindersField({ value, onChange, error }: { value: number[]; onChange(next: number[]): void; error?: React.ReactNode }) {
  const set = (next: number[]) => onChange([...new Set(next)].sort((a, b) => b - a));
  const choices = REMINDER_CHOICES.filter((m) => !value.includes(m));
  const full = value.length >= LIMITS.reminders;
  return (
    <Stack gap="xs" role="group" aria-labelledby="reminders-label" aria-describedby="reminders-help">
      <div>
        <Text size="sm" fw={500} id="reminders-label">Reminders</Text>
        <Text size="xs" c="dimmed" id="reminders-help">
          Customers with an email address are reminded of a confirmed appointment this long before it starts (at most {LIMITS.reminders}).
        </Text>
      </div>
      {value.length === 0 ? (
        <Text size="sm">No reminders: customers are not reminded.</Text>
      ) : (
        <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Reminders chosen">
          {value.map((m) => (
            <li key={m}>
              <Pill size="md" withRemoveButton onRemove={() => set(value.filter((x) => x !== m))} removeButtonProps={{ ...REACHABLE, 'aria-label': `Remove the reminder ${durationLabel(m)} before` }}>
                {durationLabel(m)} before
              </Pill>
            </li>
          ))}
        </Group>
      )}
      <Group gap="xs">
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button variant="default" size="xs" disabled={full || choices.length === 0}>Add a reminder</Button>
          </Menu.Target>
          <Menu.Dropdown>
            {choices.map((m) => (
              <Menu.Item key={m} onClick={() => set([...value, m])}>{durationLabel(m)} before</Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        {value.length > 0 && <Button variant="subtle" size="xs" onClick={() => set([])}>No reminders</Button>}
      </Group>
      {full && <Text size="xs" c="dimmed">Four reminders is the most: remove one to add another.</Text>}
      {error && <Text size="sm" c="red.9" role="alert">{error}</Text>}
    </Stack>
  );
}
