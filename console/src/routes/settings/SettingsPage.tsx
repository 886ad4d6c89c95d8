// Settings (/console/s/<storeId>/settings): a tab per area, each its own route so the address names
// the tab and a reload keeps it: the store's details, fees and members; its profile (contact,
// opening hours, booking rules); and its messages (previews, customer messages, your own alerts).
// Owners and admins edit the store's settings; staff read them and choose their own alerts.
import { Stack, Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { canManage } from '../../api/session';
import { PageHeader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';

const TABS = [
  { value: '', label: 'Store' },
  { value: 'profile', label: 'Profile and hours' },
  { value: 'messages', label: 'Messages' },
] as const;

export function Component() {
  const store = useCurrentStore();
  const navigate = useNavigate();
  const location = useLocation();
  const base = `/s/${store.storeId}/settings`;
  const current = TABS.find((t) => t.value && location.pathname.startsWith(`${base}/${t.value}`))?.value ?? '';
  const manage = canManage(store.role);

  return (
    <Stack gap="md">
      <PageHeader title="Settings">
        {manage
          ? 'Your store’s details, fees and people; how customers reach you and when you are open; the messages your store sends.'
          : 'Only owners and admins can change these settings: ask one of them. Your own alerts are yours to choose, under Messages.'}
      </PageHeader>
      <Tabs value={current || 'store'} keepMounted={false} onChange={(value) => value && navigate(value === 'store' ? base : `${base}/${value}`)}>
        <Tabs.List aria-label="Settings">
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value || 'store'}>{t.label}</Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value || 'store'} pt="md">
            {t.value === current && <Outlet />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
