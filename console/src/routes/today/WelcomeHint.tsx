// After sign-up (?welcome=1): the three steps that make a new store useful, each a link.
import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useCurrentStore } from '../../components/store-context';

export function WelcomeHint() {
  const store = useCurrentStore();
  const [params, setParams] = useSearchParams();
  if (params.get('welcome') !== '1') return null;
  const base = `/s/${store.storeId}`;
  return (
    <Alert
      color="teal"
      title={`Welcome to ${store.name}: next steps`}
      withCloseButton
      closeButtonLabel="Dismiss the next steps"
      onClose={() => setParams({}, { replace: true })}
    >
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>
          <Anchor component={Link} to={`${base}/catalog`} inherit>Add a service</Anchor> with its opening hours, so customers can book it.
        </List.Item>
        <List.Item>
          <Anchor component={Link} to={`${base}/settings`} inherit>Invite your staff</Anchor>: they confirm bookings and take payments with their own sign-in.
        </List.Item>
        <List.Item>
          <Anchor component={Link} to={`${base}/connect`} inherit>Connect your website</Anchor>: a key and a short snippet for your web developer.
        </List.Item>
      </List>
      <Text size="xs" mt="xs">Bookings and orders from your website then show up here.</Text>
    </Alert>
  );
}
