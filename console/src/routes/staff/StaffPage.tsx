// Staff: the store's bookable people (a hair salon's stylists), each with their photo or initials,
// the services they perform, their week and their time off to come. Owners and admins add and edit
// them (StaffEditPage); every member sees the list. A service someone performs is then booked per
// person: the day grid gets a lane each, New booking a "Who" choice.
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useBookableItems } from '../../api/bookings';
import { canManage } from '../../api/session';
import { useStaff } from '../../api/staff';
import { EmptyState, PageError, PageHeader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { usePageTitle } from '../../lib/use-page-title';
import { StaffAvatar, hoursSummary, timeOffAhead, timeOffText } from './shared';

export function Component() {
  const store = useCurrentStore();
  const manage = canManage(store.role);
  const staff = useStaff(store.storeId);
  const items = useBookableItems(store.storeId);
  usePageTitle('Staff');
  const serviceName = (id: string) => items.data?.find((i) => i.id === id)?.name;

  return (
    <Stack gap="md">
      <PageHeader title="Staff" actions={manage ? <Button component={Link} to={`/s/${store.storeId}/staff/new`}>Add a person</Button> : undefined}>
        The people customers book: each works their own hours and performs the services ticked for them. A service someone performs is booked per person,
        and never twice at once for the same person. Times are in {store.timezone}.
        {manage ? '' : ' Owners and admins change this list.'}
      </PageHeader>
      {staff.isError && <PageError error={staff.error} retry={() => staff.refetch()} />}
      {staff.isPending && <Text size="sm" c="dimmed">Loading…</Text>}
      {staff.data && staff.data.length === 0 && (
        <EmptyState title="No staff yet">
          Without staff, services are booked by their number of places. {manage ? 'Add the people who do the work to book them by name.' : ''}
        </EmptyState>
      )}
      {staff.data && staff.data.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Staff">
          {staff.data.map((person) => {
            const services = person.serviceIds.map(serviceName).filter((n): n is string => !!n);
            const away = person.timeOff.filter(timeOffAhead);
            const headingId = `staff-${person.id}`;
            return (
              <Card key={person.id} withBorder component="li" aria-labelledby={headingId}>
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <StaffAvatar person={person} size="lg" />
                  <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                    <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
                      {manage ? (
                        <Anchor component={Link} to={`/s/${store.storeId}/staff/${person.id}`} inherit underline="always">{person.displayName}</Anchor>
                      ) : (
                        person.displayName
                      )}
                    </Title>
                    <Text size="sm">{hoursSummary(person.weeklyHours)}</Text>
                    <Group gap={4}>
                      {services.length ? (
                        services.map((name) => <Badge key={name} variant="light" color="gray" tt="none">{name}</Badge>)
                      ) : (
                        <Text size="sm" c="dimmed">No services yet</Text>
                      )}
                    </Group>
                    {away.length > 0 && (
                      <Text size="sm">
                        <Text span fw={600}>Away: </Text>
                        {away.slice(0, 3).map((t) => `${timeOffText(t, store.timezone)}${t.note ? ` (${t.note})` : ''}`).join(' · ')}
                        {away.length > 3 ? ` and ${away.length - 3} more` : ''}
                      </Text>
                    )}
                  </Stack>
                </Group>
                {manage && (
                  <Group justify="flex-end" mt="xs">
                    <Button component={Link} to={`/s/${store.storeId}/staff/${person.id}`} variant="default" size="xs" aria-label={`Edit ${person.displayName}`}>Edit</Button>
                  </Group>
                )}
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
