// The store the console is working on: from the URL (/console/s/<storeId>/…), checked against the
// signed-in user's memberships, with the store's settings (currency, time zone) loaded once.
import { createContext, useContext, type ReactNode } from 'react';
import type { Role, StoreMembership } from '../api/session';

export interface CurrentStore {
  storeId: string;
  membership: StoreMembership;
  role: Role;
  currency: string;
  timezone: string;
  name: string;
  slug: string;
}

const StoreContext = createContext<CurrentStore | null>(null);

export function StoreProvider({ value, children }: { value: CurrentStore; children: ReactNode }) {
  return <StoreContext.Provider value={value}>{children}</StoreContext.Provider>;
}

/** The current store, or null outside a store's pages (signing in, a page not found). */
export function useOptionalStore(): CurrentStore | null {
  return useContext(StoreContext);
}

export function useCurrentStore(): CurrentStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useCurrentStore outside a store page');
  return store;
}
