// Bookings: a calendar (day or week) and a filterable list; each booking opens on its own page, and
// New booking enters one taken at the front desk.
import { Button, Tabs } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { usePageTitle } from '../../lib/use-page-title';
import { BookingCalendar } from './BookingCalendar';
import { BookingList } from './BookingList';

export function Component() {
  const store = useCurrentStore();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'list' ? 'list' : 'calendar';
  usePageTitle('Bookings');

  return (
    <>
      <PageHeader title="Bookings" actions={<Button component={Link} to={`/s/${store.storeId}/bookings/new`}>New booking</Button>}>Times are in the store's time zone ({store.timezone}).</PageHeader>
      <Tabs
        value={view}
        // Each view keeps its own filters in the address; switching views starts clean.
        onChange={(v) => setParams(v === 'list' ? { view: 'list' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="calendar">Calendar</Tabs.Tab>
          <Tabs.Tab value="list">List</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="calendar"><BookingCalendar /></Tabs.Panel>
        <Tabs.Panel value="list"><BookingList /></Tabs.Panel>
      </Tabs>
    </>
  );
}
