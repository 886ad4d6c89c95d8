// The code of the pages behind the navigation, each its own chunk. The router loads a page when it
// is opened; once a store's page has shown, the rest are fetched while the browser is idle, so moving
// between sections waits only for data, not for code (the first load stays the shell alone).
export const sectionPages = {
  today: () => import('./today/TodayPage'),
  bookings: () => import('./bookings/BookingsPage'),
  orders: () => import('./orders/OrdersPage'),
  catalog: () => import('./catalog/CatalogPage'),
  customers: () => import('./customers/CustomersPage'),
  staff: () => import('./staff/StaffPage'),
  reports: () => import('./reports/ReportsPage'),
  content: () => import('./content/ContentPage'),
  blog: () => import('./blog/BlogPage'),
  settings: () => import('./settings/SettingsPage'),
};

/**
 * All of Mantine's CSS (styles/all.ts), which every page beyond the first visit's needs before its
 * own code and CSS (App.tsx).
 */
export const loadAllStyles = () => import('../styles/all');

let prefetched = false;

/** Fetches every section's code once, when the browser is idle (or after a second where it cannot tell). */
export function prefetchSections() {
  if (prefetched) return;
  prefetched = true;
  const run = () => {
    // The styles first: a page's CSS must come after Mantine's (see loadAllStyles).
    void loadAllStyles()
      .then(() => Promise.all(Object.values(sectionPages).map((load) => load())))
      .catch(() => undefined);
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 1000);
}
