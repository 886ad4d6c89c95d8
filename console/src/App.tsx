// Routes of the console (served under /console/). Every page is its own chunk, loaded when opened,
// so the first load carries only the shell.
import { MantineProvider, Notification, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate, RouterProvider, createBrowserRouter } from 'react-router';
import { queryClient } from './api/query';
import { useSession } from './api/session';
import { StoreLayout } from './components/AppLayout';
import { PageError, PageLoader } from './components/PageState';
import { ReloginModal } from './components/ReloginModal';
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
  },
  dark: {},
});

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
      element: <StoreLayout />,
      children: [
        { index: true, element: <Navigate to="today" replace /> },
        { path: 'today', lazy: sectionPages.today },
        { path: 'bookings', lazy: sectionPages.bookings },
        { path: 'bookings/:bookingId', lazy: () => import('./routes/bookings/BookingPage') },
        { path: 'orders', lazy: sectionPages.orders },
        { path: 'orders/:orderId', lazy: () => import('./routes/orders/OrderPage') },
        { path: 'catalog', lazy: sectionPages.catalog },
        { path: 'catalog/new', lazy: () => import('./routes/catalog/ItemEditPage') },
        { path: 'catalog/:itemId', lazy: () => import('./routes/catalog/ItemEditPage') },
        { path: 'customers', lazy: sectionPages.customers },
        { path: 'customers/:customerId', lazy: () => import('./routes/customers/CustomerPage') },
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
      ],
    },
    { path: '*', lazy: () => import('./routes/NotFoundPage') },
  ],
  { basename: '/console' },
);

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariables}>
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <ReloginModal />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
