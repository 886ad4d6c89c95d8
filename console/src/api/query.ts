// TanStack Query set-up: retries only for network errors and 5xx, never for answers a person must act on.
// Offline (issue 31): queries wait for the network instead of failing (networkMode 'online', the
// default) and run again by themselves when it returns (refetchOnReconnect); writes are never
// queued: a mutation runs at once (networkMode 'always') and fails with "not sent" when offline
// (client.ts). What Today and the bookings lists last showed is kept in localStorage (with the
// session and the store's settings that the shell needs to draw them), so the console opens offline
// with it, marked as not current (OfflineBanner); nothing else is kept, and it is dropped on sign-out,
// when another person signs in and when the console moves to another store.
import { onlineManager, QueryClient, type Query } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { persistQueryClientRestore, persistQueryClientSubscribe, type PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { ApiError } from './client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: true,
      refetchOnReconnect: true,
      networkMode: 'online',
      retry: (count, error) => count < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      // Kept in memory as long as it is kept on the device, so a reload offline finds it.
      gcTime: 24 * 3_600_000,
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});

// TanStack Query starts believing it is online and only listens for the change events: a console
// opened offline must know it from the start, or its queries fail instead of waiting.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

/** The localStorage key of the kept queries (one for the whole console). */
export const PERSIST_KEY = 'store-console:queries';
const MAX_AGE = 3 * 24 * 3_600_000;

/** The store whose data is kept: the one the console showed last. */
let keptStore: string | null = null;

/** Only what the shell, Today and the bookings lists need; never a single record, a key or a secret. */
function keep(query: Query): boolean {
  if (query.state.status !== 'success') return false;
  const [first, storeId, what, kind] = query.queryKey as unknown[];
  if (first === 'session') return true;
  // Until the console names its store (keepStore), what was restored is the one store's it kept: a
  // save in that moment after a reload must not drop it.
  if (first !== 'stores' || (keptStore !== null && storeId !== keptStore)) return false;
  if (what === 'overview' || what === 'settings') return true;
  return what === 'bookings' && (kind === 'list' || kind === 'pages' || kind === 'range');
}

const storage = typeof window === 'undefined' ? undefined : safeLocalStorage();

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

const persister = createSyncStoragePersister({ storage, key: PERSIST_KEY, throttleTime: 500 });

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister,
  maxAge: MAX_AGE,
  // A new console build may read its data differently: what an older one kept is dropped.
  buster: import.meta.env.VITE_CONSOLE_BUILD ?? '',
  dehydrateOptions: { shouldDehydrateQuery: keep },
};

/** Forgets what is kept on the device (sign-out, another user, another store). */
export function forgetKeptData() {
  storage?.removeItem(PERSIST_KEY);
}

/**
 * The console shows this store now: data kept for another store is dropped (the next save keeps
 * this one's only).
 */
export function keepStore(storeId: string) {
  if (keptStore === storeId) return;
  if (keptStore !== null) forgetKeptData();
  keptStore = storeId;
}

// Sign-out (the session becomes null) or another person signing in: nothing of the last one stays,
// neither on the device nor in memory.
let signedInUser: string | null | undefined;
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated' || event.query.queryKey[0] !== 'session' || event.query.state.status !== 'success') return;
  const data = event.query.state.data as { user?: { id?: string } } | null | undefined;
  const user = data?.user?.id ?? null;
  if (user === signedInUser) return;
  const before = signedInUser;
  signedInUser = user;
  if (before === undefined) return;
  forgetKeptData();
  keptStore = null;
  if (before !== null) queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
});

/** When this page was opened: data fetched since is current, anything older came from the device. */
const OPENED_AT = Date.now();

/**
 * Once what was kept is back on screen: all of it is fetched again (in the background; offline it
 * waits for the network). Kept data younger than staleTime would otherwise count as current, and a
 * reload would show a payment made meanwhile only 15 s later. What the page has already fetched
 * since it opened (the route loaders ask for the first page's data before the kept data is back)
 * is current: not asked for twice.
 */
export function refreshKeptData() {
  void queryClient.invalidateQueries({ predicate: (query) => query.state.dataUpdatedAt < OPENED_AT });
}

/**
 * What was kept on the device, back in the cache before anything is drawn (read from localStorage:
 * a few milliseconds), then fetched again in the background (refreshKeptData); from then on it is
 * saved as it changes. Restored before the first render rather than after it, so the first page is
 * drawn once, not once empty and again when the kept data is back.
 */
export async function restoreKeptData(): Promise<void> {
  const options = { ...persistOptions, queryClient };
  try {
    await persistQueryClientRestore(options);
    refreshKeptData();
  } catch {
    // Unreadable: dropped (by the restore itself); the page loads from the network.
  }
  persistQueryClientSubscribe(options);
}

/** How long the first page of a visit waits for its data before it is drawn with what there is. */
const FIRST_PAGE_WAIT_MS = 3_000;
let firstPageShown = false;

/** The app has drawn its first page: route loaders no longer wait (see untilFirstPageData). */
export function firstPageDrawn() {
  firstPageShown = true;
}

/**
 * For a route loader: on the first page of a visit, the data it asked for (`asked`, settled or
 * failed), at most FIRST_PAGE_WAIT_MS, so that page is drawn once, whole, over the frame
 * index.html painted, instead of empty first and then again as each answer comes. Offline (the
 * queries wait for the network) and on later navigations (the page shows its own loading state at
 * once) it does not wait. Resolves to null, the loader's data (the pages read the query cache).
 */
export async function untilFirstPageData(asked: Promise<unknown>[]): Promise<null> {
  if (firstPageShown || !onlineManager.isOnline()) return null;
  await Promise.race([Promise.allSettled(asked), new Promise((done) => setTimeout(done, FIRST_PAGE_WAIT_MS))]);
  return null;
}
