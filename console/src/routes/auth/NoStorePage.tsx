import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useLogout } from '../../api/session';
import { AuthFrame } from './AuthFrame';

export function Component() {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <AuthFrame title="No store yet">
      <Stack>
        <Text>Your account is not a member of any store. Ask a store owner to invite you, or create a store of your own.</Text>
        <Anchor component={Link} to="/signup">Create a store</Anchor>
        <Button variant="default" onClick={async () => { await logout.mutateAsync().catch(() => undefined); navigate('/login'); }}>Sign out</Button>
      </Stack>
    </AuthFrame>
  );
}
