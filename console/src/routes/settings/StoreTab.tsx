// Settings → Store: the store's details, customer emails and fees (owners and admins edit them;
// staff read them), its store page and booking link (StorePageCard), and its members.
import { Card, DataList, SimpleGrid, Stack, Title } from '@mantine/core';
import { canManage } from '../../api/session';
import { awaitingFreshSettings, useStoreSettings, type Store } from '../../api/store';
import { PageError, PageLoader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatMoney } from '../../lib/format';
import { MembersSection } from './MembersSection';
import { StorePageCard } from './StorePageCard';
import { StoreSettingsForm } from './StoreSettingsForm';
import { DataItem } from '../../components/DataItem';

export function Component() {
  const current = useCurrentStore();
  const settings = useStoreSettings(current.storeId, { forEditing: true });
  const manage = canManage(current.role);
  return (
    <Stack gap="md">
      {settings.isPending || awaitingFreshSettings(settings) ? (
        <PageLoader />
      ) : settings.isError ? (
        <PageError error={settings.error} retry={() => settings.refetch()} />
      ) : (
        <>
          {manage ? <StoreSettingsForm key={current.storeId} store={settings.data} /> : <StoreSummary store={settings.data} />}
          <StorePageCard key={current.storeId} store={settings.data} />
        </>
      )}
      <MembersSection />
    </Stack>
  );
}

/** What staff see: the same settings, read-only. */
function StoreSummary({ store }: { store: Store }) {
  const { platformFeeBps, platformFeeFixedMinor, feeBearer } = store.settings;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder component="section" aria-labelledby="settings-store">
        <Title order={2} size="h4" id="settings-store" mb="sm">Store</Title>
        <DataList labelWidth={140}>
          <DataItem label="Store name">{store.name}</DataItem>
          <DataItem label="Slug">{store.slug}</DataItem>
          <DataItem label="Blog">{`${window.location.origin}/s/${store.slug}/blog`}</DataItem>
          <DataItem label="Currency">{store.currency}</DataItem>
          <DataItem label="Time zone">{store.timezone}</DataItem>
        </DataList>
      </Card>
      <Card withBorder component="section" aria-labelledby="settings-other">
        <Title order={2} size="h4" id="settings-other" mb="sm">Messages and fees</Title>
        <DataList labelWidth={140}>
          <DataItem label="Customer messages">{store.notificationsEnabled ? 'On: customers are emailed about their bookings and orders' : 'Off: customers get no messages from the store'}</DataItem>
          <DataItem label="Platform fee">{`${platformFeeBps / 100} % + ${formatMoney(platformFeeFixedMinor, store.currency)}`}</DataItem>
          <DataItem label="Paid by">{feeBearer === 'customer' ? 'The customer (added at checkout)' : 'The store (taken from what it receives)'}</DataItem>
        </DataList>
      </Card>
    </SimpleGrid>
  );
}
