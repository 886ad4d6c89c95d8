// Webhook endpoints: the list, add (the whsec_ secret shown once), edit, enable/disable, rotate the
// secret (the new one shown once), send a test event and show its result, delete; each endpoint
// links to its delivery inspector.
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Checkbox, Group, Modal, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import {
  EVENT_TYPES,
  useCreateEndpoint,
  useDeleteEndpoint,
  useEndpoints,
  useRotateSecret,
  useSendTest,
  useUpdateEndpoint,
  type TestResult,
  type WebhookEndpoint,
  type WebhookEvent,
} from '../../api/developer';
import { useFormError } from '../../components/api-form';
import { EmptyState, PageError } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatDateTime } from '../../lib/format';
import { notifyDone } from '../../lib/notify';
import { ConfirmDialog, SecretDialog } from './shared';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; endpoint: WebhookEndpoint }
  | { kind: 'rotate'; endpoint: WebhookEndpoint }
  | { kind: 'delete'; endpoint: WebhookEndpoint }
  | { kind: 'secret'; title: string; secret: string; rotated?: boolean };

export function Component() {
  const store = useCurrentStore();
  const endpoints = useEndpoints(store.storeId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const remove = useDeleteEndpoint(store.storeId);
  const rotate = useRotateSecret(store.storeId);
  const close = () => setDialog(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2} style={{ flex: 1, minWidth: 220 }}>
          <Title order={2} size="h3">Webhook endpoints</Title>
          <Text size="sm" c="dimmed">
            The service tells your website what changed (a booking, an order paid, a feed applied) by sending a signed request to each endpoint, and retries when it fails.
          </Text>
        </Stack>
        <Button onClick={() => setDialog({ kind: 'create' })}>Add endpoint</Button>
      </Group>

      {endpoints.isError ? (
        <PageError error={endpoints.error} retry={() => endpoints.refetch()} />
      ) : endpoints.isPending ? (
        <Text size="sm" c="dimmed">Loading…</Text>
      ) : endpoints.data.length === 0 ? (
        <EmptyState title="No webhook endpoints">Add the address on your website that should hear about new bookings and orders.</EmptyState>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Webhook endpoints">
          {endpoints.data.map((e) => (
            <EndpointCard key={e.endpointId} endpoint={e} onDialog={setDialog} />
          ))}
        </Stack>
      )}

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <EndpointDialog
          endpoint={dialog.kind === 'edit' ? dialog.endpoint : null}
          onClose={close}
          onCreated={(secret) => setDialog({ kind: 'secret', title: 'Endpoint added: its signing secret', secret })}
        />
      )}
      {dialog?.kind === 'secret' && (
        <SecretDialog title={dialog.title} secret={dialog.secret} onClose={close}>
          <Text size="sm">Your receiver checks each request’s <code>webhook-signature</code> with it (Standard Webhooks; see the webhooks guide).</Text>
          {dialog.rotated && <Text size="sm">The previous secret keeps signing beside it for 24 hours: put this one in your receiver before then.</Text>}
        </SecretDialog>
      )}
      {dialog?.kind === 'rotate' && (
        <ConfirmDialog
          title="Rotate the signing secret?"
          confirmLabel="Rotate secret"
          cancelLabel="Keep the current secret"
          onClose={close}
          onConfirm={async () => {
            const result = await rotate.mutateAsync(dialog.endpoint.endpointId);
            setDialog({ kind: 'secret', title: 'New signing secret', secret: result.secret, rotated: true });
          }}
        >
          <Text size="sm">
            Requests to <Text span ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>{dialog.endpoint.url}</Text> are then signed with the new secret
            and, for 24 hours, with the current one too, so your receiver keeps working while you put the new secret in. After 24 hours only the new secret works.
            Rotating again within the 24 hours ends the current secret at once.
          </Text>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete this endpoint?"
          confirmLabel="Delete endpoint"
          cancelLabel="Keep endpoint"
          onClose={close}
          onConfirm={async () => {
            await remove.mutateAsync(dialog.endpoint.endpointId);
            notifyDone('Endpoint deleted');
            close();
          }}
        >
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span ff="monospace" size="sm">{dialog.endpoint.url}</Text> gets no more events. Its queued deliveries and its delivery history are deleted too.
          </Text>
        </ConfirmDialog>
      )}
    </Stack>
  );
}

function eventsSummary(events: string[]) {
  return events.includes('*') ? 'All events' : events.join(', ');
}

function EndpointCard({ endpoint, onDialog }: { endpoint: WebhookEndpoint; onDialog: (d: Dialog) => void }) {
  const store = useCurrentStore();
  const update = useUpdateEndpoint(store.storeId);
  const test = useSendTest(store.storeId);
  const [result, setResult] = useState<TestResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const titleId = `endpoint-${endpoint.endpointId}`;

  const toggle = async () => {
    setError(null);
    try {
      await update.mutateAsync({ endpointId: endpoint.endpointId, patch: { enabled: !endpoint.enabled } });
      notifyDone(endpoint.enabled ? 'Endpoint disabled' : 'Endpoint enabled');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong.');
    }
  };
  const sendTest = async () => {
    setError(null);
    setResult(null);
    try {
      setResult(await test.mutateAsync(endpoint.endpointId));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong.');
    }
  };

  return (
    <Card withBorder component="li" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h5" id={titleId} ff="monospace" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{endpoint.url}</Title>
          <Badge color={endpoint.enabled ? 'teal' : 'gray'} variant="dot" style={{ flexShrink: 0 }}>{endpoint.enabled ? 'Enabled' : 'Disabled'}</Badge>
        </Group>
        {endpoint.description && <Text size="sm">{endpoint.description}</Text>}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}><Text span c="dimmed" size="sm">Events: </Text>{eventsSummary(endpoint.events)}</Text>
        <Text size="xs" c="dimmed">Added {formatDateTime(endpoint.createdAt, store.timezone)}</Text>
        {endpoint.previousSecretExpiresAt && (
          <Text size="xs" c="dimmed">Secret rotated: the previous secret also signs until {formatDateTime(endpoint.previousSecretExpiresAt, store.timezone)}</Text>
        )}
        {!endpoint.enabled && endpoint.disabledReason && (
          <Text size="sm" fw={600}>Disabled: {endpoint.disabledReason}. It gets no new events until enabled.</Text>
        )}
        {result && <TestOutcome result={result} endpointId={endpoint.endpointId} />}
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Group gap="xs" mt={4}>
          <Button size="xs" component={Link} to={`/s/${store.storeId}/developers/webhooks/${endpoint.endpointId}`} variant="light">Deliveries</Button>
          <Button size="xs" variant="default" onClick={sendTest} loading={test.isPending} disabled={!endpoint.enabled}>Send test event</Button>
          <Button size="xs" variant="default" onClick={() => onDialog({ kind: 'edit', endpoint })}>Edit</Button>
          <Button size="xs" variant="default" onClick={toggle} loading={update.isPending}>{endpoint.enabled ? 'Disable' : 'Enable'}</Button>
          <Button size="xs" variant="default" onClick={() => onDialog({ kind: 'rotate', endpoint })}>Rotate secret</Button>
          <Button size="xs" variant="outline" color="red" onClick={() => onDialog({ kind: 'delete', endpoint })}>Delete</Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** What the test event met: status, response code, time, error. */
export function TestOutcome({ result, endpointId }: { result: TestResult; endpointId: string }) {
  const store = useCurrentStore();
  const succeeded = result.status === 'succeeded';
  const answer = result.responseStatus ? `HTTP ${result.responseStatus}` : 'no answer';
  return (
    <Alert color={succeeded ? 'teal' : 'red'} role="status" title={succeeded ? 'Test event delivered' : 'Test event failed'}>
      <Text size="sm">
        {answer}
        {result.durationMs !== null ? ` in ${result.durationMs} ms` : ''}
        {result.error && !succeeded ? ` · ${result.error}` : ''}
      </Text>
      <Anchor component={Link} to={`/s/${store.storeId}/developers/webhooks/${endpointId}`} size="sm">See the delivery</Anchor>
    </Alert>
  );
}

function EndpointDialog({ endpoint, onClose, onCreated }: { endpoint: WebhookEndpoint | null; onClose: () => void; onCreated: (secret: string) => void }) {
  const store = useCurrentStore();
  const create = useCreateEndpoint(store.storeId);
  const update = useUpdateEndpoint(store.storeId);
  const error = useFormError();
  const all = !endpoint || endpoint.events.includes('*');
  const form = useForm({
    initialValues: {
      url: endpoint?.url ?? '',
      allEvents: all,
      events: all ? [] : ((endpoint?.events ?? []) as WebhookEvent[]),
      description: endpoint?.description ?? '',
    },
    validate: {
      url: (v) => (/^https?:\/\/\S+$/i.test(v.trim()) ? null : 'Enter the full address, starting with https://'),
      events: (v, values) => (values.allEvents || v.length ? null : 'Tick the events to send, or “All events”'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    error.clear();
    const body = {
      url: values.url.trim(),
      events: values.allEvents ? (['*'] as WebhookEvent[]) : values.events,
      description: values.description.trim() || null,
    };
    try {
      if (endpoint) {
        await update.mutateAsync({ endpointId: endpoint.endpointId, patch: body });
        notifyDone('Endpoint saved');
        onClose();
      } else {
        const result = await create.mutateAsync(body);
        onCreated(result.secret);
      }
    } catch (e) {
      error.set(e, form, ['url', 'events', 'description']);
    }
  });

  return (
    <Modal opened onClose={onClose} title={endpoint ? 'Edit endpoint' : 'Add a webhook endpoint'} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {error.message && <Alert color="red" role="alert">{error.message}</Alert>}
          <TextInput
            label="Endpoint URL"
            description="An https:// address on your website; it must answer 2xx within 10 seconds"
            placeholder="https://example.com/store-webhooks"
            required
            maxLength={2048}
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('url')}
          />
          <Checkbox label="All events" description="Every event, including kinds added later" {...form.getInputProps('allEvents', { type: 'checkbox' })} />
          {!form.values.allEvents && (
            <Checkbox.Group label="Events to send" {...form.getInputProps('events')}>
              <Stack gap={6} mt="xs">
                {EVENT_TYPES.map((e) => (
                  <Checkbox key={e.type} value={e.type} label={<Text span size="sm" ff="monospace">{e.type}</Text>} description={`When ${e.when}`} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          <Textarea label="Description" description="Optional: what this endpoint is for" maxLength={500} autosize minRows={2} {...form.getInputProps('description')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={create.isPending || update.isPending}>{endpoint ? 'Save' : 'Add endpoint'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
