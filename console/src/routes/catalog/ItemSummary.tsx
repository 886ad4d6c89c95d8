// One item as staff see it: everything readable, nothing to change but a product's stock (the API
// lets only owners and admins change the catalog, and every member adjust stock). The schedule's next
// open times come from the same preview as the form.
import { useState, type ReactNode } from 'react';
import { Button, Card, DataList, Grid, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import { WEEKDAYS, type Item } from '../../api/items';
import { useCurrentStore } from '../../components/store-context';
import { formatLocalDate, formatMoney, todayIn } from '../../lib/format';
import { itemValues } from './item-form';
import { DAY_NAME, hasSchedule, StockText, TYPE_LABEL } from './labels';
import { SchedulePreview } from './SchedulePreview';
import { StockDialog } from './ItemDialogs';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

const minutes = (n: number) => `${n} min`;

export function ItemSummary({ item }: { item: Item }) {
  const store = useCurrentStore();
  const schedule = item.schedule;
  const today = todayIn(store.timezone);
  const closed = schedule?.closedDates.filter((d) => d >= today) ?? [];
  const [stocking, setStocking] = useState(false);

  return (
    <Stack gap="md">
      <Card withBorder component="section" aria-labelledby="item-details">
        <Title order={2} size="h4" id="item-details" mb="sm">Details</Title>
        <DataList labelWidth={140}>
          <Row label="Type">{TYPE_LABEL[item.itemType]}</Row>
          <Row label="Price">{formatMoney(item.priceMinor, item.currency || store.currency)}</Row>
          <Row label="Category">{item.category ?? '—'}</Row>
          <Row label="Description">{item.description ? <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{item.description}</Text> : '—'}</Row>
          <Row label="Status">{item.published ? 'Published: listed on your website and by partners' : 'Hidden: not listed anywhere'}</Row>
          {item.itemType === 'product' && <Row label="Stock"><StockText item={item} /></Row>}
        </DataList>
        {item.itemType === 'product' && item.stockCount !== null && (
          <Group mt="sm">
            <Button variant="default" onClick={() => setStocking(true)}>Adjust stock</Button>
          </Group>
        )}
      </Card>
      {stocking && <StockDialog item={item} onClose={() => setStocking(false)} />}

      {item.imageUrl && (
        <Card withBorder component="section" aria-labelledby="item-picture">
          <Title order={2} size="h4" id="item-picture" mb="sm">Picture</Title>
          <Image src={item.imageUrl} alt={item.imageAlt ?? ''} maw={240} radius="md" />
          <Text size="sm" c="dimmed" mt="xs">Description: {item.imageAlt ?? 'none'}</Text>
        </Card>
      )}

      {hasSchedule(item.itemType) && (
        <Card withBorder component="section" aria-labelledby="item-schedule">
          <Title order={2} size="h4" id="item-schedule">Booking schedule</Title>
          <Text size="sm" c="dimmed" mb="sm">Times are in the store’s time zone ({store.timezone}).</Text>
          {!schedule ? (
            <Text size="sm">No schedule yet: this {TYPE_LABEL[item.itemType].toLowerCase()} cannot be booked.</Text>
          ) : (
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, lg: 7 }}>
                <Stack gap="md">
                  <DataList labelWidth={180}>
                    <Row label="Length of a booking">{minutes(schedule.durationMinutes)}</Row>
                    <Row label="Places per time">{schedule.capacity}</Row>
                    <Row label="A time every">{minutes(schedule.slotIntervalMinutes)}</Row>
                    <Row label="Break after each booking">{minutes(schedule.bufferMinutes)}</Row>
                    <Row label="Notice needed">{minutes(schedule.leadTimeMinutes)}</Row>
                    <Row label="Bookable ahead">{schedule.maxAdvanceDays} days</Row>
                    <Row label="Deposit">
                      {!schedule.deposit ? 'None' : 'percent' in schedule.deposit ? `${schedule.deposit.percent}% of the price, paid when booking online` : `${formatMoney(schedule.deposit.amountMinor, item.currency || store.currency)} per place, paid when booking online`}
                    </Row>
                  </DataList>
                  <Table aria-label="Opening hours" verticalSpacing={4}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">Day</Table.Th>
                        <Table.Th scope="col">Open</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {WEEKDAYS.map((day) => {
                        const ranges = schedule.weeklyHours.filter((h) => h.day === day).sort((a, b) => a.start.localeCompare(b.start));
                        return (
                          <Table.Tr key={day}>
                            <Table.Th scope="row" fw={500}>{DAY_NAME[day]}</Table.Th>
                            <Table.Td>{ranges.length ? ranges.map((r) => `${r.start}–${r.end === '24:00' ? 'midnight' : r.end}`).join(', ') : 'Closed'}</Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                  <Text size="sm">
                    <strong>Closed dates: </strong>
                    {closed.length ? closed.map((d) => formatLocalDate(d, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' })).join(', ') : 'none coming'}
                  </Text>
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 5 }}>
                <SchedulePreview schedule={itemValues(item).schedule} itemId={item.id} />
              </Grid.Col>
            </Grid>
          )}
        </Card>
      )}
    </Stack>
  );
}
