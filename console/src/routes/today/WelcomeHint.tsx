// The three steps that make a new store useful, each a link, for owners and admins (staff cannot
// take them). Each step shows as done once the store has it (a service, a second member or an
// invitation, a working integration key: the overview's `setup`, so Today draws them with the rest
// of the page); the list stays on Today until all three are done or the person dismisses it, which
// is remembered for that store in this browser.
import { useState } from 'react';
import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import type { Overview } from '../../api/overview';
import { useCurrentStore } from '../../components/store-context';

const dismissedKey = (storeId: string) => `store-console:welcome-dismissed:${storeId}`;

function readDismissed(storeId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(storeId)) === '1';
  } catch {
    return false; // storage blocked: the list shows, and dismissing hides it for this visit
  }
}

/** `setup`: the overview's next steps, there for owners and admins only (staff cannot take them). */
export function WelcomeHint({ setup }: { setup: Overview['setup'] }) {
  const store = useCurrentStore();
  if (!setup) return null;
  return <Steps key={store.storeId} setup={setup} />;
}

function Steps({ setup }: { setup: NonNullable<Overview['setup']> }) {
  const store = useCurrentStore();
  const [dismissed, setDismissed] = useState(() => readDismissed(store.storeId));
  const [params, setParams] = useSearchParams();
  if (dismissed) return null;

  const base = `/s/${store.storeId}`;
  const steps = [
    {
      done: setup.serviceAdded,
      body: <><Anchor component={Link} to={`${base}/catalog`} inherit underline="always">Add a service</Anchor> with its opening hours, so customers can book it.</>,
    },
    {
      done: setup.staffInvited,
      body: <><Anchor component={Link} to={`${base}/settings`} inherit underline="always">Invite your staff</Anchor>: they confirm bookings and take payments with their own sign-in.</>,
    },
    {
      done: setup.websiteConnected,
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
