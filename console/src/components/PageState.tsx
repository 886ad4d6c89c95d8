// Loading, error and empty states shared by every page.
import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { ApiError } from '../api/client';
import { TEXT_ON_TINT, useOnline } from './OfflineBanner';

/**
 * A page waiting for its data. Offline it says so instead of spinning: TanStack Query holds the
 * request until the network is back, then the page loads by itself.
 */
export function PageLoader() {
  const online = useOnline();
  if (!online) {
    return (
      <Center h="60vh" px="md">
        <Alert color="orange" title="You are offline" role="status" maw={480} styles={TEXT_ON_TINT}>
          <Text size="sm">This page has not been opened on this device yet. It loads by itself when the connection is back.</Text>
        </Alert>
      </Center>
    );
  }
  return (
    <Center h="60vh">
      <Loader role="status" aria-label="Loading" />
    </Center>
  );
}

/**
 * A store page before its frame can be drawn (waiting for the session and the store's settings):
 * the same grey frame index.html paints before the app's code runs (its classes are styled there),
 * so nothing flickers between the two. Offline with nothing kept, it says so instead (PageLoader).
 */
export function StoreFrame() {
  const online = useOnline();
  if (!online) return <PageLoader />;
  const bar = (width: string, height: number) => <i style={{ width, height }} />;
  return (
    <div className="shell shell-store" data-shell="store" role="status" aria-label="Loading">
      <div className="shell-header">{bar('9rem', 18)}{bar('5rem', 14)}</div>
      <div className="shell-nav">{bar('auto', 20)}{bar('auto', 20)}{bar('auto', 20)}{bar('auto', 20)}</div>
      <div className="shell-main">
        {bar('8rem', 30)}
        {bar('14rem', 14)}
        <i className="block" />
        <i className="block" />
      </div>
    </div>
  );
}

/**
 * A page whose code could not be loaded (a route's errorElement): offline, a page never opened on
 * this device; online, a console build so old its files are gone from the service. Reloading loads
 * the current build.
 */
export function RouteError() {
  const online = useOnline();
  return (
    <Center mih="60vh" px="md">
      <Alert color={online ? 'red' : 'orange'} title={online ? 'This page could not be opened' : 'You are offline'} role="alert" maw={480} styles={TEXT_ON_TINT}>
        <Stack gap="xs">
          <Text size="sm">
            {online
              ? 'The console may have been updated since this window was opened. Reload to use the current version.'
              : 'This page has not been opened on this device yet, so it cannot be shown offline. Try again when the connection is back.'}
          </Text>
          <Group>
            <Button size="xs" variant="default" onClick={() => window.location.reload()}>Reload</Button>
          </Group>
        </Stack>
      </Alert>
    </Center>
  );
}

export function PageError({ error, retry }: { error: unknown; retry?: () => void }) {
  const message = error instanceof ApiError ? error.message : error instanceof Error ? error.message : 'Something went wrong.';
  const requestId = error instanceof ApiError ? error.requestId : undefined;
  return (
    <Alert color="red" title="This could not be loaded" role="alert">
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        {requestId && <Text size="xs">Request id: {requestId}</Text>}
        {retry && (
          <Group>
            <Button size="xs" variant="white" color="red" onClick={retry}>Try again</Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack align="center" py="xl" gap="xs">
      <Text fw={600}>{title}</Text>
      {children && <Text size="sm" c="dimmed" ta="center">{children}</Text>}
    </Stack>
  );
}

export function PageHeader({ title, actions, children }: { title: string; actions?: ReactNode; children?: ReactNode }) {
  return (
    <Stack gap={4} mb="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1} size="h2">{title}</Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {children && <Text size="sm" c="dimmed">{children}</Text>}
    </Stack>
  );
}

/**
 * A record's page whose record did not load: a 404 is said plainly ("Order not found" and why),
 * anything else shows the error with Try again. `back` is the page's link to its list.
 */
export function RecordLoadError({ error, retry, back, noun, notFound }: { error: unknown; retry: () => void; back: ReactNode; noun: string; notFound: ReactNode }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Stack>
      {back}
      <PageHeader title={missing ? `${noun} not found` : noun} />
      {missing ? <Text>{notFound}</Text> : <PageError error={error} retry={retry} />}
    </Stack>
  );
}
