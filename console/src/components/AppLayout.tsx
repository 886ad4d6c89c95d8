// The frame of every store page: a header with the store switcher and account menu, a navigation
// bar (a drawer on phones) listing only what the member's role may use, and the page itself. It
// also watches for new bookings and orders (LiveUpdates) and names the page in the window's title.
import { lazy, Suspense, useEffect, useState, type ReactElement } from 'react';
import { Anchor, AppShell, Burger, Center, Group, Loader, NavLink, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, Outlet, useLocation, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { bookingKeys } from '../api/bookings';
import { useArrivals, type LiveBooking, type LiveOrder } from '../api/live';
import { orderKeys } from '../api/orders';
import { queryClient, untilFirstPageData } from '../api/query';
import { canManage, sessionQuery, useLogout, useSession, type Role } from '../api/session';
import { storeSettingsQuery, useStoreSettings } from '../api/store';
import { formatLocalDate, formatMoney } from '../lib/format';
import { StoreProvider } from './store-context';
import { OfflineBanner } from './OfflineBanner';
import { StoreFrame } from './PageState';
import { prefetchSections } from '../routes/sections';
import { fastConnection } from '../lib/connection';
import { useIdle } from '../lib/idle';

// Should their code not come (the network gone at that moment), the buttons stay, without a menu,
// rather than the page failing; the next page load tries again.
const headerMenus = () => import('./HeaderMenus').catch(() => null);
const StoreMenu = lazy(async () => ({ default: (await headerMenus())?.StoreMenu ?? (({ target }: { target: ReactElement }) => target) }));
const AccountMenu = lazy(async () => ({ default: (await headerMenus())?.AccountMenu ?? (({ target }: { target: ReactElement }) => target) }));

interface NavItem {
  to: string;
  label: string;
  roles?: Role[];
}

export const NAV: NavItem[] = [
  { to: 'today', label: 'Today' },
  { to: 'bookings', label: 'Bookings' },
  { to: 'orders', label: 'Orders' },
  { to: 'catalog', label: 'Catalog' },
  { to: 'customers', label: 'Customers' },
  { to: 'staff', label: 'Staff' },
  { to: 'reports', label: 'Reports', roles: ['owner', 'admin'] },
  { to: 'content', label: 'Content' },
  { to: 'blog', label: 'Blog' },
  { to: 'settings', label: 'Settings' },
  { to: 'developers', label: 'Developers', roles: ['owner', 'admin'] },
];

/**
 * The store pages' route loader: asks for the session and the store's settings as soon as the
 * address is known, together with the page's code rather than after it has run and drawn (the
 * frame then reads them from the cache); on the first page of a visit it waits for them
 * (untilFirstPageData), so the frame is drawn once, with the store's name and the sections.
 */
export function storeLoader({ params }: LoaderFunctionArgs) {
  if (!params.storeId) return null;
  return untilFirstPageData([queryClient.prefetchQuery(sessionQuery), queryClient.prefetchQuery(storeSettingsQuery(params.storeId))]);
}

export function StoreLayout() {
  const { storeId = '' } = useParams();
  const session = useSession();
  const settings = useStoreSettings(storeId);
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const idle = useIdle();
  const [tapped, setTapped] = useState<'store' | 'account' | null>(null);
  const menus = idle || tapped !== null;
  const signedIn = !!session.data;
  useEffect(() => {
    if (signedIn && fastConnection()) prefetchSections();
  }, [signedIn]);

  if (session.isPending) return <StoreFrame />;
  if (!session.data) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  const membership = session.data.stores.find((s) => s.id === storeId);
  if (!membership) return <Navigate to="/" replace />;
  // An invited member replaces the temporary password before anything else (the account page says why).
  const mustChange = session.data.user.mustChangePassword === true;
  if (mustChange && !location.pathname.endsWith('/account')) return <Navigate to={`/s/${storeId}/account?first=1`} replace />;
  if (settings.isPending) return <StoreFrame />;
  const store = settings.data;
  const role = membership.role as Role;
  const items = mustChange ? [] : NAV.filter((n) => !n.roles || n.roles.includes(role));
  const storeName = store?.name ?? membership.name;
  const userName = session.data.user.name;
  // The header's menu buttons are drawn at once; each one's menu once the page is on screen (menus),
  // or when the button is tapped before that or while its code comes (it then opens once it is there).
  const storeButton = (onClick?: () => void) => (
    <UnstyledButton aria-label={`Store: ${membership.name}. Switch store`} style={{ minWidth: 0 }} onClick={onClick}>
      <Text fw={700} truncate="end">{storeName}</Text>
    </UnstyledButton>
  );
  const accountButton = (onClick?: () => void) => (
    <UnstyledButton aria-label={`Account: ${userName}`} onClick={onClick}>
      <Text size="sm" truncate="end" maw={160}>{userName}</Text>
    </UnstyledButton>
  );
  const signOut = async () => {
    await logout.mutateAsync().catch(() => undefined);
    navigate('/login');
  };

  return (
    <StoreProvider
      value={{
        storeId,
        membership: membership as never,
        role,
        currency: store?.currency ?? 'GHS',
        timezone: store?.timezone ?? 'UTC',
        name: store?.name ?? membership.name,
        slug: store?.slug ?? membership.slug,
      }}
    >
      {!mustChange && <LiveUpdates key={storeId} storeId={storeId} storeName={store?.name ?? membership.name} currency={store?.currency ?? 'GHS'} sections={items} />}
      <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? 'Close navigation' : 'Open navigation'} />
              {menus ? (
                <Suspense fallback={storeButton(() => setTapped('store'))}>
                  <StoreMenu target={storeButton()} stores={session.data.stores} currentId={storeId} onPick={(id) => navigate(`/s/${id}/today`)} defaultOpened={tapped === 'store'} />
                </Suspense>
              ) : (
                storeButton(() => setTapped('store'))
              )}
            </Group>
            {menus ? (
              <Suspense fallback={accountButton(() => setTapped('account'))}>
                <AccountMenu target={accountButton()} email={session.data.user.email} storeId={storeId} onSignOut={signOut} defaultOpened={tapped === 'account'} />
              </Suspense>
            ) : (
              accountButton(() => setTapped('account'))
            )}
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" aria-label="Store sections">
          {/* Scrolls by itself when the sections are taller than the screen (a plain box: Mantine's
              ScrollArea would bring its positioning library into the first page's code). */}
          <div style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
            <nav>
              <VisuallyHidden><h2>Sections</h2></VisuallyHidden>
              <SectionLinks items={items} storeId={storeId} opened={opened} onPick={close} />
            </nav>
          </div>
        </AppShell.Navbar>
        <AppShell.Main>
          <OfflineBanner storeId={storeId} timezone={store?.timezone ?? 'UTC'} />
          <Suspense fallback={<Center h={200}><Loader role="status" aria-label="Loading" /></Center>}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </StoreProvider>
  );
}

/**
 * The sections a member may open. On a phone they are behind the menu button: drawn once the page
 * is on screen (or at once when the menu is opened first), not with the page.
 */
function SectionLinks({ items, storeId, opened, onPick }: { items: NavItem[]; storeId: string; opened: boolean; onPick(): void }) {
  const { pathname } = useLocation();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const idle = useIdle();
  if (!wide && !opened && !idle) return null;
  return items.map((item) => {
    const to = `/s/${storeId}/${item.to}`;
    const active = pathname === to || pathname.startsWith(`${to}/`);
    return <NavLink key={item.to} component={Link} to={to} label={item.label} active={active} aria-current={active ? 'page' : undefined} onClick={onPick} />;
  });
}

const CONSOLE_TITLE = 'Store console';

/**
 * New bookings and orders while the console is open (polled every 15 s): each is announced once
 * with a link to it, Today's figures and the lists are refreshed, and the window's title counts
 * those not yet looked at ("(2) Today · Adom Braids") until the person opens Today or the item.
 */
function LiveUpdates({ storeId, storeName, currency, sections }: { storeId: string; storeName: string; currency: string; sections: NavItem[] }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [unseen, setUnseen] = useState<ReadonlySet<string>>(new Set());
  const base = `/s/${storeId}`;

  function announce(id: string, to: string, text: string) {
    setUnseen((before) => new Set(before).add(id));
    const notice = `arrival-${id}`;
    notifications.show({
      id: notice,
      color: 'blue',
      autoClose: 15_000,
      closeButtonProps: { 'aria-label': 'Dismiss' },
      message: (
        <Anchor
          href={`/console${to}`}
          size="sm"
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey) return;
            event.preventDefault();
            notifications.hide(notice);
            navigate(to);
          }}
        >
          {text}
        </Anchor>
      ),
    });
  }

  // Without cancelling what is being fetched: a "Load more" under way when a new booking arrives
  // would otherwise be cancelled by the lists' refetch and lost (the list stayed on its first page).
  function refresh() {
    void client.invalidateQueries({ queryKey: ['stores', storeId, 'overview'] }, { cancelRefetch: false });
    void client.invalidateQueries({ queryKey: bookingKeys.all(storeId) }, { cancelRefetch: false });
    void client.invalidateQueries({ queryKey: orderKeys.all(storeId) }, { cancelRefetch: false });
  }

  useArrivals(storeId, {
    onBooking(b: LiveBooking) {
      const when = `${formatLocalDate(b.bookingDate)} ${b.bookingTime}`;
      announce(b.bookingId, `${base}/bookings/${b.bookingId}`, `New booking: ${b.customer.name}, ${b.serviceName}, ${when}`);
      refresh();
    },
    onOrder(o: LiveOrder) {
      announce(o.orderId, `${base}/orders/${o.orderId}`, `New order: ${o.customer.name || o.reference}, ${formatMoney(o.totalMinor, currency)}`);
      refresh();
    },
  });

  // Opening Today, or the item itself, is looking at it.
  const onToday = pathname === `${base}/today`;
  const opened = /\/(?:bookings|orders)\/([^/]+)$/.exec(pathname)?.[1];
  useEffect(() => {
    if (onToday) setUnseen((before) => (before.size ? new Set() : before));
    else if (opened) setUnseen((before) => (before.has(opened) ? new Set([...before].filter((id) => id !== opened)) : before));
  }, [onToday, opened]);
  // Coming back to a tab left on Today is looking at it too.
  useEffect(() => {
    if (!onToday) return;
    const look = () => {
      if (document.visibilityState === 'visible') setUnseen((before) => (before.size ? new Set() : before));
    };
    document.addEventListener('visibilitychange', look);
    return () => document.removeEventListener('visibilitychange', look);
  }, [onToday]);

  const section = sections.find((n) => pathname === `${base}/${n.to}` || pathname.startsWith(`${base}/${n.to}/`))?.label ?? (pathname.endsWith('/account') ? 'Account' : null);
  const title = `${unseen.size ? `(${unseen.size}) ` : ''}${section ? `${section} · ` : ''}${storeName}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => () => void (document.title = CONSOLE_TITLE), []);
  return null;
}

export { canManage };
