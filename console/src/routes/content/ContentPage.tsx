// Content websites show besides the catalog: the promo (with its window and a preview), the
// gallery and the video feed, one tab each. The tab lives in the address, so a reload keeps it.
import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { canManage } from '../../api/session';
import { PageHeader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { GalleryTab } from './GalleryTab';
import { PromoTab } from './PromoTab';
import { VideosTab } from './VideosTab';

const TABS = [
  { value: 'promo', label: 'Promo' },
  { value: 'gallery', label: 'Gallery' },
  { value: 'videos', label: 'Videos' },
] as const;

type Tab = (typeof TABS)[number]['value'];

export function Component() {
  const store = useCurrentStore();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t.value === params.get('tab'))?.value ?? 'promo';

  return (
    <Stack gap="md">
      <PageHeader title="Content">
        What websites show besides the catalog: a promo, a picture gallery and videos.
        {!canManage(store.role) && ' Owners and admins change it; you can look.'}
      </PageHeader>
      <Tabs value={tab} keepMounted={false} onChange={(value) => setParams(value && value !== 'promo' ? { tab: value } : {}, { replace: true })}>
        <Tabs.List aria-label="Content">
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>{t.label}</Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="promo" pt="md"><PromoTab /></Tabs.Panel>
        <Tabs.Panel value="gallery" pt="md"><GalleryTab /></Tabs.Panel>
        <Tabs.Panel value="videos" pt="md"><VideosTab /></Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
