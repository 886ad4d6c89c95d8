// The app shell's notice that the phone or computer is offline: what the page shows is what was
// loaded earlier (and when), not the store as it is now. It goes away by itself when the network
// returns, and the page's data is fetched again then (TanStack Query's refetchOnReconnect).
import { useEffect, useSyncExternalStore } from 'react';
import { Alert, Text } from '@mantine/core';
import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { keepStore } from '../api/query';
import { formatDateTime } from '../lib/format';

/** Alert text in the page's text colour: Mantine's orange on its own tint is under 4.5:1 (WCAG AA). */
export const TEXT_ON_TINT = { title: { color: 'var(--mantine-color-text)' }, message: { color: 'var(--mantine-color-text)' } };

/** Whether TanStack Query (and so the console) believes the network is there. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (change) => onlineManager.subscribe(change),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/**
 * The service worker (built by vite-plugin-pwa: dist/sw.js) that lets the console open offline. It
 * is registered once a store's page has shown, when the browser is idle: the sign-in page's first
 * visit downloads nothing ahead. A new console build's worker replaces it by itself (skipWaiting).
 */
function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () => void navigator.serviceWorker.register('/console/sw.js', { scope: '/console/' }).catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 3000 });
  else setTimeout(register, 1000);
}

/**
 * What the page shows: when its oldest data was loaded (ms; 0 when none came from the network) and
 * whether some of it was never loaded here (a query waiting for the network). One string, so
 * useSyncExternalStore sees a stable value.
 */
function shownState(client: QueryClient): string {
  let oldest = 0;
  let missing = false;
  for (const query of client.getQueryCache().getAll()) {
    // The session, the store's settings and the watch for new bookings (live) are the shell's.
    if (query.getObserversCount() === 0 || query.queryKey[0] === 'session' || query.queryKey[2] === 'settings' || query.queryKey[2] === 'live') continue;
    if (query.state.dataUpdatedAt === 0) missing ||= query.state.fetchStatus === 'paused' || query.state.status === 'pending';
    else oldest = oldest === 0 ? query.state.dataUpdatedAt : Math.min(oldest, query.state.dataUpdatedAt);
  }
  return `${oldest}|${missing}`;
}

function useShown(): { loadedAt: number | null; missing: boolean } {
  const client = useQueryClient();
  const state = useSyncExternalStore(
    (change) => client.getQueryCache().subscribe(change),
    () => shownState(client),
    () => '0|false',
  );
  const [oldest, missing] = state.split('|');
  return { loadedAt: Number(oldest) || null, missing: missing === 'true' };
}

export function OfflineBanner({ storeId, timezone }: { storeId: string; timezone: string }) {
  const online = useOnline();
  const { loadedAt, missing } = useShown();
  // What the device keeps is this store's (query.ts drops another store's).
  useEffect(() => keepStore(storeId), [storeId]);
  useEffect(registerServiceWorker, []);
  if (online) return null;
  const at = (ms: number, options: Intl.DateTimeFormatOptions) => formatDateTime(new Date(ms).toISOString(), timezone, options);
  const parts: string[] = [];
  if (loadedAt !== null) {
    const day = at(loadedAt, { dateStyle: 'medium' });
    parts.push(`Showing what was loaded at ${at(loadedAt, { timeStyle: 'short' })}${day === at(Date.now(), { dateStyle: 'medium' }) ? '' : ` on ${day}`} — not current.`);
  }
  // Said only when the page shows nothing loaded earlier (a small part missing, such as a hint, is not worth it).
  parts.push(missing && loadedAt === null ? 'This page has not been loaded on this device yet: it loads by itself when the connection is back.' : 'It updates by itself when the connection is back.');
  parts.push('Changes cannot be sent while offline.');
  return (
    <Alert color="orange" variant="light" role="status" title="You are offline" mb="md" data-testid="offline-banner" styles={TEXT_ON_TINT}>
      <Text size="sm">{parts.join(' ')}</Text>
    </Alert>
  );
}
