// Routes of the console (served under /console/). Every page is its own chunk, loaded when opened,
// so the first load carries only the shell.
import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider, Notification, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate, RouterProvider, createBrowserRouter, type RouteObject } from 'react-router';
import { queryClient } from './api/query';
import { useSession } from './api/session';
import { PageError, PageLoader, RouteError } from './components/PageState';
import { loadAllStyles, sectionPages } from './routes/sections';
import { useIdle } from './lib/idle';

const theme = createTheme({
  primaryColor: 'teal',
  // Shade 9 keeps white text on filled buttons above 4.5:1 contrast (WCAG AA).
  primaryShade: 9,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // Every notification's close button has a name a screen reader can say.
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } }),
  },
});

// Contrast (WCAG AA, 4.5:1) where Mantine's defaults fall short. Light variants (badges, alerts) with text in shade 9, so every colour keeps 4.5:1 on its tint.
const LIGHT_TEXT = Object.fromEntries(
  ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'grape', 'violet', 'pink', 'indigo', 'lime', 'gray'].map((c) => [`--mantine-color-${c}-light-color`, `var(--mantine-color-${c}-9)`]),
);

const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...LIGHT_TEXT,
    // Dimmed text darker than Mantine's default grey.
    '--mantine-color-dimmed': '#5f676f',
    // The primary colour's tint one step paler, so its shade-9 text (the active section) keeps 4.5:1.
    '--mantine-color-teal-light': 'var(--mantine-color-teal-0)',
    '--mantine-color-teal-light-hover': 'var(--mantine-color-gray-0)',
    // Hovered filled buttons go darker, not paler: Mantine's hover for shade 9 is shade 8, under
    // 4.5:1 with white text for teal and red.
    '--mantine-color-teal-filled-hover': '#066b4d',
    '--mantine-color-red-filled-hover': '#a51d1d',
    // Field errors in red 9 (Mantine's default red is under 4.5:1 on white).
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Text on a pale tint whose own shade 9 is too light there (orange and yellow badges, alert titles).
    '--console-text-on-tint': 'var(--mantine-color-dark-7)',
  },
  dark: {
    // Dimmed text lighter than Mantine's default grey, 4.5:1 on dark cards too.
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // Tints are dark here: the ordinary light text reads on them, and errors in a paler red.
    '--console-text-on-tint': 'var(--mantine-color-text)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});

// Shown only when a session ends while the console is open: loaded once the first page is on screen (Later).
const ReloginModal = lazy(async (): Promise<{ default: () => ReactNode }> => ({ default: (await import('./components/ReloginModal').catch(() => null))?.ReloginModal ?? (() => null) }));
// The notifications' corner, likewise (a notification shown before it is there appears then). Either
// one's code not coming (the network gone at that moment) leaves it out rather than failing the page.
const NoticeCorner = lazy(async (): Promise<{ default: () => ReactNode }> => import('./components/NoticeCorner').catch(() => ({ default: () => null })));

/** `/console/`: the first store of the signed-in user, or sign in. */
function Home() {
  const session = useSession();
  if (session.isPending) return <PageLoader />;
  if (session.isError) return <PageError error={session.error} retry={() => session.refetch()} />;
  if (!session.data) return <Navigate to="/login" replace />;
  const first = session.data.stores[0];
  if (!first) return <Navigate to="/no-store" replace />;
  return <Navigate to={`/s/${first.id}/today`} replace />;
}

/**
 * A page beyond the first visit's (sign in, a store's frame, Today): all of Mantine's CSS first,
 * then the page's code and its own CSS (styles/first-visit.ts has only what the first visit uses).
 */
const styled =
  <T,>(load: () => Promise<T>) =>
  async (): Promise<T> => {
    await loadAllStyles();
    return load();
  };

const routes = (): RouteObject[] =>
  [
    { path: '/', element: <Home /> },
    { path: '/login', lazy: () => import('./routes/auth/LoginPage') },
    { path: '/signup', lazy: styled(() => import('./routes/auth/SignupPage')) },
    { path: '/forgot-password', lazy: styled(() => import('./routes/auth/ForgotPasswordPage')) },
    { path: '/reset-password', lazy: styled(() => import('./routes/auth/ResetPasswordPage')) },
    { path: '/accept-invite', lazy: styled(() => import('./routes/auth/AcceptInvitePage')) },
    { path: '/no-store', lazy: styled(() => import('./routes/auth/NoStorePage')) },
    {
      path: '/s/:storeId',
      // The shell of the store pages is a chunk of its own too: the sign-in page does not wait for it.
      // Its loader asks for the session and the store's settings as soon as the route is known.
      lazy: async () => {
        const { StoreLayout, storeLoader } = await import('./components/AppLayout');
        return { Component: StoreLayout, loader: storeLoader };
      },
      // A page whose code cannot be loaded (offline, or an old build's file gone) keeps the shell.
      children: [{ errorElement: <RouteError />, children: [
        { index: true, element: <Navigate to="today" replace /> },
        { path: 'today', lazy: sectionPages.today },
        { path: 'bookings', lazy: styled(sectionPages.bookings) },
        { path: 'bookings/new', lazy: styled(() => import('./routes/bookings/NewBookingPage')) },
        { path: 'bookings/:bookingId', lazy: styled(() => import('./routes/bookings/BookingPage')) },
        { path: 'orders', lazy: styled(sectionPages.orders) },
        { path: 'orders/new', lazy: styled(() => import('./routes/orders/NewSalePage')) },
        { path: 'orders/:orderId', lazy: styled(() => import('./routes/orders/OrderPage')) },
        { path: 'catalog', lazy: styled(sectionPages.catalog) },
        { path: 'catalog/new', lazy: styled(() => import('./routes/catalog/ItemEditPage')) },
        { path: 'catalog/:itemId', lazy: styled(() => import('./routes/catalog/ItemEditPage')) },
        { path: 'customers', lazy: styled(sectionPages.customers) },
        { path: 'customers/:customerId', lazy: styled(() => import('./routes/customers/CustomerPage')) },
        { path: 'staff', lazy: styled(sectionPages.staff) },
        { path: 'staff/new', lazy: styled(() => import('./routes/staff/StaffEditPage')) },
        { path: 'staff/:staffId', lazy: styled(() => import('./routes/staff/StaffEditPage')) },
        { path: 'reports', lazy: styled(sectionPages.reports) },
        { path: 'content', lazy: styled(sectionPages.content) },
        { path: 'blog', lazy: styled(sectionPages.blog) },
        { path: 'blog/:postId', lazy: styled(() => import('./routes/blog/PostEditorPage')) },
        {
          path: 'developers',
          lazy: styled(() => import('./routes/developers/DevelopersLayout')),
          children: [
            { index: true, element: <Navigate to="keys" replace /> },
            { path: 'keys', lazy: styled(() => import('./routes/developers/KeysPage')) },
            { path: 'webhooks', lazy: styled(() => import('./routes/developers/WebhooksPage')) },
            { path: 'webhooks/:endpointId', lazy: styled(() => import('./routes/developers/DeliveriesPage')) },
            { path: 'sync', lazy: styled(() => import('./routes/developers/SyncPage')) },
          ],
        },
        { path: 'connect', lazy: styled(() => import('./routes/connect/ConnectPage')) },
        {
          path: 'settings',
          lazy: styled(sectionPages.settings),
          children: [
            { index: true, lazy: styled(() => import('./routes/settings/StoreTab')) },
            { path: 'profile', lazy: styled(() => import('./routes/settings/ProfilePage')) },
            { path: 'messages', lazy: styled(() => import('./routes/settings/MessagesPage')) },
          ],
        },
        { path: 'account', lazy: styled(() => import('./routes/account/AccountPage')) },
        { path: '*', lazy: styled(() => import('./routes/NotFoundPage')) },
      ] }],
    },
    { path: '*', lazy: styled(() => import('./routes/NotFoundPage')) },
  ].map((route) => ({ errorElement: <RouteError />, ...route }));

let router: ReturnType<typeof createBrowserRouter>;

/**
 * Starts the router on the address, and resolves once it knows the first page: its code is loaded
 * (the service names it in index.html, so it comes with the entry) and its loaders have asked for
 * their data (and on the first page waited for it). Started after what the device kept is back in
 * the cache (main.tsx), so a loader never takes kept data for current. Rendering before it resolves
 * would draw an empty page over the frame index.html painted.
 */
export function startRouter(): Promise<void> {
  router = createBrowserRouter(routes(), { basename: '/console' });
  if (router.state.initialized) return Promise.resolve();
  return new Promise((done) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      done();
    });
  });
}

/**
 * What the first page does not need, set up once it is on screen: the notifications' corner (its
 * first layout would hold up a phone's first draw; a notification shown before that appears then)
 * and the sign-in-again dialog (its code is loaded then, not with the page).
 */
function Later() {
  if (!useIdle()) return null;
  return (
    <Suspense fallback={null}>
      <NoticeCorner />
      <ReloginModal />
    </Suspense>
  );
}

// Light or dark as the phone or computer is set.
export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariables}>
      {/* What Today and the bookings lists last showed is back from the device already (restoreKeptData in main.tsx). */}
      <QueryClientProvider client={queryClient}>
        <Later />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
