// Integration keys: the list (never a secret), create with name, scopes and expiry (the secret shown
// once), revoke behind a confirmation.
import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SCOPES, WEBSITE_SCOPES, useCreateKey, useIntegrationKeys, useRevokeKey, type IntegrationKey, type KeyScope } from '../../api/developer';
import { useFormError } from '../../components/api-form';
import { EmptyState, PageError } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatDateTime, relativeTime } from '../../lib/format';
import { notifyDone } from '../../lib/notify';
import { ConfirmDialog, SecretDialog } from './shared';

export function Component() {
  const store = useCurrentStore();
  const keys = useIntegrationKeys(store.storeId);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<IntegrationKey | null>(null);
  const revoke = useRevokeKey(store.storeId);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2} style={{ flex: 1, minWidth: 220 }}>
          <Title order={2} size="h3">Integration keys</Title>
          <Text size="sm" c="dimmed">A website or app calls the service with a key. Each key shows what it may do; revoke one the moment it leaks.</Text>
        </Stack>
        <Button onClick={() => setCreating(true)}>Create key</Button>
      </Group>

      {keys.isError ? (
        <PageError error={keys.error} retry={() => keys.refetch()} />
      ) : keys.isPending ? (
        <Text size="sm" c="dimmed">Loading…</Text>
      ) : keys.data.length === 0 ? (
        <EmptyState title="No keys yet">Create one for your website: it can read your catalog and take bookings and orders.</EmptyState>
      ) : (
        <KeyList keys={keys.data} onRevoke={setRevoking} />
      )}

      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(name, secret) => {
            setCreating(false);
            setCreated({ name, secret });
          }}
        />
      )}
      {created && (
        <SecretDialog title={`Key “${created.name}” created`} secret={created.secret} onClose={() => setCreated(null)}>
          <Text size="sm">Send it as <code>x-api-key</code> (or <code>Authorization: Bearer …</code>) with <code>storeId={store.storeId}</code> in the query.</Text>
        </SecretDialog>
      )}
      {revoking && (
        <ConfirmDialog
          title={`Revoke “${revoking.name}”?`}
          confirmLabel="Revoke key"
          cancelLabel="Keep key"
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            await revoke.mutateAsync(revoking.keyId);
            notifyDone(`Key “${revoking.name}” revoked`);
            setRevoking(null);
          }}
        >
          <Text size="sm">
            Every website or script using {revoking.prefix}…{revoking.last4} is refused within a second. This cannot be undone: a new key is needed to connect again.
          </Text>
        </ConfirmDialog>
      )}
    </Stack>
  );
}

type KeyState = 'active' | 'expired' | 'revoked';

function stateOf(key: IntegrationKey): KeyState {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && Date.parse(key.expiresAt) <= Date.now()) return 'expired';
  return 'active';
}

function KeyStateBadge({ keyRecord }: { keyRecord: IntegrationKey }) {
  const state = stateOf(keyRecord);
  const color = state === 'active' ? 'teal' : state === 'expired' ? 'orange' : 'gray';
  return <Badge color={color} variant="dot" miw="max-content">{state === 'active' ? 'Active' : state === 'expired' ? 'Expired' : 'Revoked'}</Badge>;
}

function KeyList({ keys, onRevoke }: { keys: IntegrationKey[]; onRevoke: (key: IntegrationKey) => void }) {
  const store = useCurrentStore();
  const when = (iso: string | null, none: string) => (iso ? formatDateTime(iso, store.timezone) : none);
  const lastUsed = (k: IntegrationKey) => (k.lastUsedAt ? relativeTime(k.lastUsedAt) : 'Never');
  const expires = (k: IntegrationKey) => (k.revokedAt ? `Revoked ${formatDateTime(k.revokedAt, store.timezone)}` : when(k.expiresAt, 'Never'));
  const scopes = (k: IntegrationKey) => (sameSet(k.scopes, WEBSITE_SCOPES) ? 'Website set' : k.scopes.join(', '));
  const action = (k: IntegrationKey) =>
    stateOf(k) !== 'revoked' && (
      <Button size="xs" variant="outline" color="red" onClick={() => onRevoke(k)} aria-label={`Revoke ${k.name}`}>Revoke</Button>
    );

  return (
    <>
      <Table.ScrollContainer minWidth={960} visibleFrom="sm">
        <Table aria-label="Integration keys" verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Key</Table.Th>
              <Table.Th scope="col">Scopes</Table.Th>
              <Table.Th scope="col">Created</Table.Th>
              <Table.Th scope="col">Last used</Table.Th>
              <Table.Th scope="col">Expires</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col"><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.map((k) => (
              <Table.Tr key={k.keyId}>
                <Table.Td><Text size="sm" fw={600}>{k.name}</Text></Table.Td>
                <Table.Td><Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>{k.prefix}…{k.last4}</Text></Table.Td>
                <Table.Td><Text size="sm" title={k.scopes.join(', ')}>{scopes(k)}</Text></Table.Td>
                <Table.Td><Text size="sm">{formatDateTime(k.createdAt, store.timezone)}</Text></Table.Td>
                <Table.Td><Text size="sm" title={when(k.lastUsedAt, '')}>{lastUsed(k)}</Text></Table.Td>
                <Table.Td><Text size="sm">{expires(k)}</Text></Table.Td>
                <Table.Td><KeyStateBadge keyRecord={k} /></Table.Td>
                <Table.Td>{action(k)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Integration keys">
        {keys.map((k) => (
          <Card key={k.keyId} withBorder component="li" padding="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>{k.name}</Text>
                <Text size="sm" ff="monospace">{k.prefix}…{k.last4}</Text>
              </Stack>
              <KeyStateBadge keyRecord={k} />
            </Group>
            <Stack gap={2} mt={6}>
              <Line label="Scopes">{scopes(k)}</Line>
              <Line label="Created">{formatDateTime(k.createdAt, store.timezone)}</Line>
              <Line label="Last used">{lastUsed(k)}</Line>
              <Line label="Expires">{expires(k)}</Line>
            </Stack>
            {action(k) && <Group justify="flex-end" mt="xs">{action(k)}</Group>}
          </Card>
        ))}
      </Stack>
    </>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span c="dimmed" size="sm">{label}: </Text>
      {children}
    </Text>
  );
}

function sameSet(a: string[], b: string[]) {
  return a.length === b.length && b.every((x) => a.includes(x));
}

const EXPIRY = [
  { value: 'never', label: 'Never' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In a year' },
];

function CreateKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (name: string, secret: string) => void }) {
  const store = useCurrentStore();
  const create = useCreateKey(store.storeId);
  const error = useFormError();
  const form = useForm({
    initialValues: { name: '', scopes: [...WEBSITE_SCOPES] as string[], expiresAt: 'never' },
    validate: {
      name: (v) => (v.trim() ? null : 'Give the key a name, e.g. the website that will use it'),
      scopes: (v) => (v.length ? null : 'Tick at least one scope'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    error.clear();
    const days = values.expiresAt === 'never' ? null : Number(values.expiresAt);
    try {
      const result = await create.mutateAsync({
        name: values.name.trim(),
        scopes: values.scopes as KeyScope[],
        ...(days ? { expiresAt: new Date(Date.now() + days * 86_400_000).toISOString() } : {}),
      });
      onCreated(result.key.name, result.secret);
    } catch (e) {
      error.set(e, form, ['name', 'scopes', 'expiresAt']);
    }
  });

  return (
    <Modal opened onClose={onClose} title="Create an integration key" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {error.message && <Alert color="red" role="alert">{error.message}</Alert>}
          <TextInput label="Name" description="Who uses it, e.g. “Main website”" required maxLength={100} autoComplete="off" data-autofocus {...form.getInputProps('name')} />
          <Checkbox.Group
            label="Scopes: what the key may do"
            description="The website set is ticked: enough for a shop or booking site. Add others only if you need them."
            {...form.getInputProps('scopes')}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" mt="xs">
              {SCOPES.map((s) => (
                <Checkbox key={s.scope} value={s.scope} label={<Text span size="sm" ff="monospace">{s.scope}</Text>} description={s.allows} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Select label="Expires" data={EXPIRY} allowDeselect={false} {...form.getInputProps('expiresAt')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={create.isPending}>Create key</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
