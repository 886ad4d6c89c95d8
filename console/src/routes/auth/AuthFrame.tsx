// The centred card every signed-out page (sign in, sign up, password reset, an invitation, no store
// yet) sits in; its title names the browser tab too ("Sign in · Store console").
import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../lib/use-page-title';

export function AuthFrame({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="lg" radius="md" w="100%" maw={420}>
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">Store console</Text>
            <Title order={1} size="h2">{title}</Title>
            {subtitle && <Text size="sm" c="dimmed">{subtitle}</Text>}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
