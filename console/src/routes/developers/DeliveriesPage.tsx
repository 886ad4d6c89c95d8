// The delivery inspector of one endpoint: every delivery with its attempts (time, response code,
// duration, error, the start of the answer), its retry schedule and next attempt, a terminal failure,
// and Redeliver for finished deliveries. Refreshes itself while a delivery is still on its schedule.
import { useState } from 'react';
import { Accordion, Alert, Anchor, Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useDeliveries, useEndpoints, useRedeliver, useSendTest, type TestResult, type WebhookDelivery, type WebhookEndpoint } from '../../api/developer';
import { EmptyState, PageError } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatDateTime, relativeTime } from '../../lib/format';
import { notifyDone } from '../../lib/notify';
import { warningAlertStyles } from './shared';
import { TestOutcome } from './WebhooksPage';

const STATUS: Record<WebhookDelivery['status'], { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'blue' },
  retrying: { label: 'Retrying', color: 'orange' },
  succeeded: { label: 'Succeeded', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

export function Component() {
  const { endpointId = '' } = useParams();
  const store = useCurrentStore();
  const endpoints = useEndpoints(store.storeId);
  const endpoint = endpoints.data?.find((e) => e.endpointId === endpointId);

  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/s/${store.storeId}/developers/webhooks`} size="sm">‹ Webhook endpoints</Anchor>
      {endpoints.isError ? (
        <PageError error={endpoints.error} retry={() => endpoints.refetch()} />
      ) : endpoints.isPending ? (
        <Text size="sm" c="dimmed">Loading…</Text>
      ) : !endpoint ? (
        <Stack gap="xs">
          <Title order={2} size="h3">Endpoint not found</Title>
          <Text>This webhook endpoint does not exist in {store.name} (it may have been deleted).</Text>
        </Stack>
      ) : (
        <Inspector endpoint={endpoint} />
      )}
    </Stack>
  );
}

function Inspector({ endpoint }: { endpoint: WebhookEndpoint }) {
  const store = useCurrentStore();
  const pages = useDeliveries(store.storeId, endpoint.endpointId);
  const test = useSendTest(store.storeId);
  const [result, setResult] = useState<TestResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rows = pages.data?.pages.flatMap((p) => p.deliveries) ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2} style={{ flex: 1, minWidth: 220 }}>
          <Title order={2} size="h3">Deliveries</Title>
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{endpoint.url}</Text>
          <Text size="sm" c="dimmed">Newest first. Each event is tried until your endpoint answers 2xx or the retry schedule runs out.</Text>
        </Stack>
        <Button
          variant="default"
          loading={test.isPending}
          disabled={!endpoint.enabled}
          onClick={async () => {
            setError(null);
            setResult(null);
            try {
              setResult(await test.mutateAsync(endpoint.endpointId));
            } catch (e) {
              setError(e instanceof Error ? e.message : 'Something went wrong.');
            }
          }}
        >
          Send test event
        </Button>
      </Group>
      {!endpoint.enabled && (
        <Alert color="yellow" role="status" title="This endpoint is disabled" styles={warningAlertStyles}>
          {endpoint.disabledReason ? `${endpoint.disabledReason}. ` : ''}It gets no new events, and deliveries cannot be sent again until it is enabled on the Webhooks tab.
        </Alert>
      )}
      {result && <TestOutcome result={result} endpointId={endpoint.endpointId} />}
      {error && <Alert color="red" role="alert">{error}</Alert>}

      {pages.isError ? (
        <PageError error={pages.error} retry={() => pages.refetch()} />
      ) : pages.isPending ? (
        <Text size="sm" c="dimmed">Loading…</Text>
      ) : rows.length === 0 ? (
        <EmptyState title="No deliveries yet">Events sent to this endpoint appear here. Send a test event to try it.</EmptyState>
      ) : (
        <Accordion variant="separated" multiple order={3}>
          {rows.map((d) => (
            <DeliveryItem key={d.deliveryId} delivery={d} endpoint={endpoint} />
          ))}
        </Accordion>
      )}
      {pages.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => pages.fetchNextPage()} loading={pages.isFetchingNextPage}>Load more</Button>
        </Group>
      )}
    </Stack>
  );
}

function DeliveryItem({ delivery: d, endpoint }: { delivery: WebhookDelivery; endpoint: WebhookEndpoint }) {
  const store = useCurrentStore();
  const redeliver = useRedeliver(store.storeId, endpoint.endpointId);
  const [error, setError] = useState<string | null>(null);
  const status = STATUS[d.status];
  const finished = d.status === 'succeeded' || d.status === 'failed';
  const attempts = `${d.attemptCount} ${d.attemptCount === 1 ? 'attempt' : 'attempts'}`;
  const time = (iso: string | null) => formatDateTime(iso, store.timezone, { dateStyle: 'medium', timeStyle: 'medium' });

  return (
    <Accordion.Item value={d.deliveryId}>
      <Accordion.Control>
        <Group gap="xs" wrap="wrap">
          <Badge color={status.color} variant="dot" miw="max-content">{status.label}</Badge>
          <Text span size="sm" ff="monospace" fw={600}>{d.eventType}</Text>
          <Text span size="sm" c="dimmed">{time(d.createdAt)} · {attempts}</Text>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          {d.terminalFailure && (
            <Alert color="red" title="Gave up" role="status">
              {d.terminalFailure.reason} ({time(d.terminalFailure.at)})
            </Alert>
          )}
          {d.nextAttemptAt && (
            <Text size="sm">
              Next attempt {time(d.nextAttemptAt)} ({relativeTime(d.nextAttemptAt)}), attempt {d.attemptCount + 1} of {d.maxAttempts}.
            </Text>
          )}
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Event <Code>{d.eventId}</Code> (the <Code>webhook-id</Code> header, the same on every attempt) · delivery <Code>{d.deliveryId}</Code>
            {d.redeliveryCount > 0 && ` · sent again ${d.redeliveryCount} ${d.redeliveryCount === 1 ? 'time' : 'times'}, last ${time(d.redeliveredAt)}`}
          </Text>

          <Title order={4} size="h6">Attempts</Title>
          <Attempts delivery={d} time={time} />

          <Title order={4} size="h6">Retry schedule{d.redeliveryCount > 0 ? ' (this round)' : ''}</Title>
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {d.retrySchedule.map((s) => (
              <Text key={s.attempt} component="li" size="sm">
                Attempt {s.attempt}: {s.delaySeconds === 0 ? 'at once' : `after ${waitLabel(s.delaySeconds)}`}
                {' · '}
                {s.state === 'attempted' ? `made ${time(s.at)}` : s.state === 'planned' ? `planned ${time(s.at)}` : 'will not be made'}
              </Text>
            ))}
          </Stack>

          {error && <Alert color="red" role="alert" title="Not sent again">{error}</Alert>}
          {finished && (
            <Group>
              <Button
                size="xs"
                variant="light"
                loading={redeliver.isPending}
                disabled={!endpoint.enabled}
                onClick={async () => {
                  setError(null);
                  try {
                    await redeliver.mutateAsync(d.deliveryId);
                    notifyDone(`${d.eventType} queued to be sent again`);
                  } catch (e) {
                    setError(e instanceof ApiError && e.status === 409 ? `${e.message} Refresh to see where it stands.` : e instanceof Error ? e.message : 'Something went wrong.');
                  }
                }}
              >
                Redeliver
              </Button>
              <Text size="xs" c="dimmed">Sends the same event (same webhook-id) again with a fresh retry schedule.</Text>
            </Group>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** Every attempt: a table on wide screens, a list on phones. */
function Attempts({ delivery: d, time }: { delivery: WebhookDelivery; time: (iso: string | null) => string }) {
  if (d.attempts.length === 0) return <Text size="sm" c="dimmed">No attempt yet.</Text>;
  const label = `Attempts of delivery ${d.deliveryId}`;
  return (
    <>
      <Table.ScrollContainer minWidth={720} visibleFrom="sm">
        <Table aria-label={label} verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">#</Table.Th>
              <Table.Th scope="col">Time</Table.Th>
              <Table.Th scope="col">Response</Table.Th>
              <Table.Th scope="col">Duration</Table.Th>
              <Table.Th scope="col">Error</Table.Th>
              <Table.Th scope="col">Answer (start)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.attempts.map((a) => (
              <Table.Tr key={a.attempt}>
                <Table.Td>{a.attempt}</Table.Td>
                <Table.Td><Text size="sm" style={{ whiteSpace: 'nowrap' }}>{time(a.attemptedAt)}</Text></Table.Td>
                <Table.Td>{a.responseStatus ? `HTTP ${a.responseStatus}` : '—'}</Table.Td>
                <Table.Td>{a.durationMs} ms</Table.Td>
                <Table.Td><Text size="sm">{a.error ?? '—'}</Text></Table.Td>
                <Table.Td>
                  {a.responseBodyExcerpt ? (
                    <Code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: 320, display: 'inline-block' }}>{a.responseBodyExcerpt}</Code>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
        {d.attempts.map((a) => (
          <Stack key={a.attempt} component="li" gap={2} pb="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            <Text size="sm" fw={600}>
              Attempt {a.attempt}: {a.responseStatus ? `HTTP ${a.responseStatus}` : 'no answer'} in {a.durationMs} ms
            </Text>
            <Text size="xs" c="dimmed">{time(a.attemptedAt)}</Text>
            {a.error && a.error !== `HTTP ${a.responseStatus}` && <Text size="sm">{a.error}</Text>}
            {a.responseBodyExcerpt && <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{a.responseBodyExcerpt}</Code>}
          </Stack>
        ))}
      </Stack>
    </>
  );
}

function waitLabel(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  return `${Math.round((seconds / 3600) * 10) / 10} h`;
}
