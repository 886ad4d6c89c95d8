// The three steps that make a new store useful, each a link, for owners and admins (staff cannot
// take them). Each step shows as done once the store has it (a service, a second member or an
// invitation, a working integration key); the list stays on Today until all three are done or the
// person dismisses it, which is remembered for that store in this browser.
import { useState } from 'react';
import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useIntegrationKeys } from '../../api/developer';
import { useItems } from '../../api/items';
import { useMembers } from '../../api/members';
import { canManage } from '../../api/session';
import { useCurrentStore } from '../../components/store-context';

const dismissedKey = (storeId: string) => `store-console:welcome-dismissed:${storeId}`;

function readDismissed(storeId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(storeId)) === '1';
  } catch {
    return false; // storage blocked: the list shows, and dismissing hides it for this visit
  }
}

export function WelcomeHint() {
  const store = useCurrentStore();
  if (!canManage(store.role)) return null;
  return <Steps key={store.storeId} />;
}

function Steps() {
  const store = useCurrentStore();
  const [dismissed, setDismissed] = useState(() => readDismissed(store.storeId));
  const [params, setParams] = useSearchParams();
  const items = useItems(store.storeId);
  const members = useMembers(store.storeId);
  const keys = useIntegrationKeys(store.storeId);
  if (dismissed) return null;
  // Until the store's state is known, nothing shows (no list flashing up for a set-up store).
  if (!items.data || !members.data || !keys.data) return null;

  const base = `/s/${store.storeId}`;
  const steps = [
    {
      done: items.data.some((i) => i.itemType !== 'product'),
      body: <><Anchor component={Link} to={`${base}/catalog`} inherit underline="always">Add a service</Anchor> with its opening hours, so customers can book it.</>,
    },
    {
      done: members.data.members.length > 1 || members.data.invitations.length > 0,
      body: <><Anchor component={Link} to={`${base}/settings`} inherit underline="always">Invite your staff</Anchor>: they confirm bookings and take payments with their own sign-in.</>,
    },
    {
      done: keys.data.some((k) => !k.revokedAt),
      body: <><Anchor component={Link} to={`${base}/connect`} inherit underline="always">Connect your website</Anchor>: a key and a short snippet for your web developer.</>,
    },
  ];
  const left = steps.filter((s) => !s.done).length;
  if (left === 0) return null;

  return (
    <Alert
      color="teal"
      title={`${params.get('welcome') === '1' ? 'Welcome to ' : ''}${store.name}: next steps (${left} of ${steps.length} left)`}
      withCloseButton
      closeButtonLabel="Dismiss the next steps"
      onClose={() => {
        try {
          localStorage.setItem(dismissedKey(store.storeId), '1');
        } catch {
          // storage blocked: hidden for this visit only
        }
        setDismissed(true);
        if (params.has('welcome')) setParams({}, { replace: true });
      }}
    >
      <List type="ordered" size="sm" spacing={4} aria-label="Next steps">
        {steps.map((step, i) => (
          <List.Item key={i}>
            {step.done && <Text span size="sm" fw={700}>Done: </Text>}
            {step.body}
          </List.Item>
        ))}
      </List>
      <Text size="xs" mt="xs">Bookings and orders from your website then show up here.</Text>
    </Alert>
  );
}
