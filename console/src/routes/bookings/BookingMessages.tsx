// What the booking's customer (and the team's alerts) were sent about it, newest first: the kind in
// words, to whom, the subject, and whether it was sent, waits (and until when) or failed (and why).
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { isStaffAlert, messageKindLabel, useBookingMessages, useMailState, type BookingMessage } from '../../api/messages';
import { PageError } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatDateTime } from '../../lib/format';

const rowStyle = { borderTop: '1px solid var(--mantine-color-gray-3)' };
const badgeLabel = { label: { color: 'var(--console-text-on-tint)' } };

export function BookingMessages({ bookingId }: { bookingId: string }) {
  const store = useCurrentStore();
  const messages = useBookingMessages(store.storeId, bookingId);
  const mail = useMailState(store.storeId);
  const mailOff = mail.data?.mailEnabled === false;

  return (
    <Card withBorder component="section" aria-labelledby="booking-messages">
      <Group justify="space-between" align="baseline" mb="xs" gap="xs">
        <Title order={2} size="h4" id="booking-messages">Messages</Title>
        <Text size="xs" c="dimmed">Newest first</Text>
      </Group>
      {messages.isError ? (
        <PageError error={messages.error} retry={() => messages.refetch()} />
      ) : !messages.data ? (
        <Text size="sm" c="dimmed">Loading…</Text>
      ) : messages.data.length === 0 ? (
        <Text size="sm" c="dimmed">No message about this booking yet.</Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="booking-messages">
          {messages.data.map((m) => <MessageRow key={m.messageId} message={m} mailOff={mailOff} />)}
        </Stack>
      )}
      {mailOff && (messages.data ?? []).some((m) => m.status === 'pending') && (
        <Text size="xs" c="dimmed" mt="xs">This server does not send email yet: waiting messages go out once mail is set up on it.</Text>
      )}
    </Card>
  );
}

function MessageRow({ message: m, mailOff }: { message: BookingMessage; mailOff: boolean }) {
  const store = useCurrentStore();
  const at = (iso: string | null) => formatDateTime(iso, store.timezone, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  const status =
    m.status === 'sent' ? (
      <>
        <Badge variant="light" color="teal" styles={badgeLabel}>Sent</Badge>
        <Text size="xs" c="dimmed">{at(m.sentAt)}</Text>
      </>
    ) : m.status === 'pending' ? (
      <>
        <Badge variant="light" color="yellow" styles={badgeLabel}>Waiting</Badge>
        <Text size="xs" c="dimmed">{mailOff ? 'mail is off on this server' : m.nextAttemptAt ? `next try ${at(m.nextAttemptAt)}` : 'to be sent'}</Text>
      </>
    ) : (
      <>
        <Badge variant="light" color="red" styles={badgeLabel}>Failed</Badge>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{m.lastError ?? `after ${m.attempts} tries`}</Text>
      </>
    );
  return (
    <Stack component="li" gap={2} py="xs" style={rowStyle}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {messageKindLabel(m.kind)}
          {isStaffAlert(m.kind) && <Text span size="xs" c="dimmed" fw={400}> (alert to your team)</Text>}
        </Text>
        <Group gap={6} wrap="wrap">{status}</Group>
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        To {m.to} · {at(m.createdAt)}
      </Text>
      {m.subject && <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{m.subject}</Text>}
    </Stack>
  );
}
