import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/use-page-title';

export function Component() {
  usePageTitle('Page not found');
  return (
    <Stack p="md">
      <Title order={1} size="h2">Page not found</Title>
      <Text>There is nothing at this address.</Text>
      <Anchor component={Link} to="/">Go to the console’s start page</Anchor>
    </Stack>
  );
}
