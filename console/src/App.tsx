// Routes of the console (served under /console/). Every page is its own chunk, loaded when opened,
// so the first load carries only the shell.
import { lazy, Suspense } from 'react';
import { MantineProvider, Notification, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { Navigate, RouterProvider, createBrowserRouter } from 'react-router';
import { persistOptions, queryClient, refreshKeptData } from './api/query';
import { useSession } from './api/session';
import { PageError, PageLoader, RouteError } from './components/PageState';
import { sectionPages } from './routes/sections';

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

// Shown only when a session ends while the console is open: loaded after the first page, not before it.
const ReloginModal = lazy(async () => ({ default: (await import('./components/ReloginModal')).ReloginModal }));

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

const router = createBrowserRouter(
  [
    { path: '/', element: <Home /> },
    { path: '/login', lazy: () => import('./routes/auth/LoginPage') },
    { path: '/signup', lazy: () => import('./routes/auth/SignupPage') },
    { path: '/forgot-password', lazy: () => import('./routes/auth/ForgotPasswordPage') },
    { path: '/reset-password', lazy: () => import('./routes/auth/ResetPasswordPage') },
    { path: '/accept-invite', lazy: () => import('./routes/auth/AcceptInvitePage') },
    { path: '/no-store', lazy: () => import('./routes/auth/NoStorePage') },
    {
      path: '/s/:storeId',
      // The shell of the store pages is a chunk of its own too: the sign-in page does not wait for it.
      lazy: async () => ({ Component: (await import('./components/AppLayout')).StoreLayout }),
      // A page whose code cannot be loaded (offline, or an old build's file gone) keeps the shell.
      children: [{ errorElement: <RouteError />, children: [
        { index: true, element: <Navigate to="today" replace /> },
        { path: 'today', lazy: sectionPages.today },
        { path: 'bookings', lazy: sectionPages.bookings },
        { path: 'bookings/new', lazy: () => import('./routes/bookings/NewBookingPage') },
        { path: 'bookings/:bookingId', lazy: () => import('./routes/bookings/BookingPage') },
        { path: 'orders', lazy: sectionPages.orders },
        { path: 'orders/new', lazy: () => import('./routes/orders/NewSalePage') },
        { path: 'orders/:orderId', lazy: () => import('./routes/orders/OrderPage') },
        { path: 'catalog', lazy: sectionPages.catalog },
        { path: 'catalog/new', lazy: () => import('./routes/catalog/ItemEditPage') },
        { path: 'catalog/:itemId', lazy: () => import('./routes/catalog/ItemEditPage') },
        { path: 'customers', lazy: sectionPages.customers },
        { path: 'customers/:customerId', lazy: () => import('./routes/customers/CustomerPage') },
        { path: 'staff', lazy: sectionPages.staff },
        { path: 'staff/new', lazy: () => import('./routes/staff/StaffEditPage') },
        { path: 'staff/:staffId', lazy: () => import('./routes/staff/StaffEditPage') },
        { path: 'reports', lazy: sectionPages.reports },
        { path: 'content', lazy: sectionPages.content },
        { path: 'blog', lazy: sectionPages.blog },
        { path: 'blog/:postId', lazy: () => import('./routes/blog/PostEditorPage') },
        {
          path: 'developers',
          lazy: () => import('./routes/developers/DevelopersLayout'),
          children: [
            { index: true, element: <Navigate to="keys" replace /> },
            { path: 'keys', lazy: () => import('./routes/developers/KeysPage') },
            { path: 'webhooks', lazy: () => import('./routes/developers/WebhooksPage') },
            { path: 'webhooks/:endpointId', lazy: () => import('./routes/developers/DeliveriesPage') },
            { path: 'sync', lazy: () => import('./routes/developers/SyncPage') },
          ],
        },
        { path: 'connect', lazy: () => import('./routes/connect/ConnectPage') },
        {
          path: 'settings',
          lazy: sectionPages.settings,
          children: [
            { index: true, lazy: () => import('./routes/settings/StoreTab') },
            { path: 'profile', lazy: () => import('./routes/settings/ProfilePage') },
            { path: 'messages', lazy: () => import('./routes/settings/MessagesPage') },
          ],
        },
        { path: 'account', lazy: () => import('./routes/account/AccountPage') },
        { path: '*', lazy: () => import('./routes/NotFoundPage') },
      ] }],
    },
    { path: '*', lazy: () => import('./routes/NotFoundPage') },
  ].map((route) => ({ errorElement: <RouteError />, ...route })),
  { basename: '/console' },
);

// Light or dark as the phone or computer is set.
export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariables}>
      <Notifications position="top-right" />
      {/* What Today and the bookings lists last showed comes back from the device first (offline). */}
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions} onSuccess={refreshKeptData}>
        <Suspense fallback={null}>
          <ReloginModal />
        </Suspense>
        <RouterProvider router={router} />
      </PersistQueryClientProvider>
    </MantineProvider>
  );
}
