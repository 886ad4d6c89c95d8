// Words and small pieces shared by the catalog pages: item types, stock, publication, schedule summary.
import { Badge, Text } from '@mantine/core';
import type { Item, ItemType, Weekday } from '../../api/items';

export const TYPE_LABEL: Record<ItemType, string> = { product: 'Product', service: 'Service', course: 'Course' };
export const TYPE_PLURAL: Record<ItemType, string> = { product: 'Products', service: 'Services', course: 'Courses' };

export const DAY_NAME: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** Mantine's alert titles are shade 6, under 4.5:1 on their light background: error titles in red 9. */
export const ERROR_TITLE = { title: { color: 'var(--mantine-color-red-9)' } };

export const hasSchedule = (type: ItemType) => type !== 'product';

export function PublishedBadge({ item }: { item: Pick<Item, 'published'> }) {
  return item.published ? (
    <Badge color="teal" variant="light">Published</Badge>
  ) : (
    <Badge color="gray" variant="outline">Hidden</Badge>
  );
}

/** Stock as a person reads it: a count, "Out of stock", or "Not tracked". */
export function StockText({ item }: { item: Pick<Item, 'stockCount' | 'itemType'> }) {
  if (item.stockCount === null) return <Text size="sm" c="dimmed">{item.itemType === 'product' ? 'Not tracked' : '—'}</Text>;
  if (item.stockCount === 0) return <Text size="sm" c="red.9" fw={600}>Out of stock</Text>;
  return <Text size="sm">{item.stockCount} in stock</Text>;
}

/** "60 min · 5 days a week", or a warning when a bookable item has no opening hours. */
export function ScheduleText({ item }: { item: Pick<Item, 'schedule' | 'itemType'> }) {
  if (!hasSchedule(item.itemType)) return null;
  const days = new Set(item.schedule?.weeklyHours.map((h) => h.day) ?? []);
  if (!item.schedule || days.size === 0) return <Text size="xs" c="red.9">No opening hours: cannot be booked</Text>;
  const capacity = item.schedule.capacity > 1 ? ` · ${item.schedule.capacity} places` : '';
  return (
    <Text size="xs" c="dimmed">
      {item.schedule.durationMinutes} min · {days.size === 7 ? 'every day' : `${days.size} ${days.size === 1 ? 'day' : 'days'} a week`}{capacity}
    </Text>
  );
}
