// Simple horizontal bars that read without the picture: each row is a list item with its label (a
// link when there is more behind it) and its number as text; the bar itself is decoration.
import type { ReactNode } from 'react';
import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

export interface Bar {
  key: string;
  label: string;
  /** What the bar's length is measured by. */
  value: number;
  /** The number as a person reads it ("GH₵60.00 · 2 orders"); `value` when not given. */
  text?: ReactNode;
  /** Where the row leads: the records behind the number. */
  to?: string;
}

export function BarList({ bars, label, color = 'teal.7', empty }: { bars: Bar[]; label: string; color?: string; empty: string }) {
  if (bars.length === 0) return <Text size="sm" c="dimmed">{empty}</Text>;
  const max = Math.max(...bars.map((b) => b.value), 1);
  return (
    <Stack gap={8} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {bars.map((b) => (
        <li key={b.key}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
            {b.to ? (
              <Anchor component={Link} to={b.to} size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{b.label}</Anchor>
            ) : (
              <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{b.label}</Text>
            )}
            <Text size="sm" fw={600} ta="right" style={{ whiteSpace: 'nowrap' }}>{b.text ?? b.value}</Text>
          </Group>
          <Box aria-hidden h={8} mt={2} bg="var(--mantine-color-default-border)" style={{ borderRadius: 4, overflow: 'hidden' }}>
            <Box h="100%" bg={color} style={{ width: `${b.value > 0 ? Math.max((b.value / max) * 100, 2) : 0}%`, borderRadius: 4 }} />
          </Box>
        </li>
      ))}
    </Stack>
  );
}
