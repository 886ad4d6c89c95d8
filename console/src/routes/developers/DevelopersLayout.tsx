// Developers (owners and admins): one page with a tab per area (keys, webhooks, catalog sync); each
// tab is its own route, so the address names the tab and a reload keeps it.
import { Button, Stack, Tabs } from '@mantine/core';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { OwnersOnly } from './shared';

const TABS = [
  { value: 'keys', label: 'Keys' },
  { value: 'webhooks', label: 'Webhooks' },
  { value: 'sync', label: 'Catalog sync' },
] as const;

export function Component() {
  return (
    <OwnersOnly title="Developers">
      <Developers />
    </OwnersOnly>
  );
}

function Developers() {
  const store = useCurrentStore();
  const navigate = useNavigate();
  const location = useLocation();
  const base = `/s/${store.storeId}/developers`;
  const current = TABS.find((t) => location.pathname.startsWith(`${base}/${t.value}`))?.value ?? 'keys';

  return (
    <Stack gap="md">
      <PageHeader
        title="Developers"
        actions={<Button component={Link} to={`/s/${store.storeId}/connect`} variant="light">Connect your website</Button>}
      >
        Keys for your website, webhooks that tell it what changed, and catalog feeds from your point of sale.
      </PageHeader>
      <Tabs value={current} keepMounted={false} onChange={(value) => value && navigate(`${base}/${value}`)}>
        <Tabs.List aria-label="Developer settings">
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>{t.label}</Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="md">
            {t.value === current && <Outlet />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
