// Settings → Messages: whether this server sends email at all and what waits in its outbox; whether
// the store's customers get messages (owners and admins switch it); a preview of every message; and
// the signed-in member's own alerts for this store (everyone chooses their own, staff too).
import { useState } from 'react';
import { Alert, Anchor, Card, Loader, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMailState, type MailState } from '../../api/messages';
import { useMyAlerts, useSetAlert, type AlertChoice } from '../../api/notifications';
import { canManage, useSession } from '../../api/session';
import { useStoreSettings, useUpdateStore } from '../../api/store';
import { PageError } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatDateTime, relativeTime } from '../../lib/format';
import { notifyDone } from '../../lib/notify';
import { MessagePreviews } from './MessagePreviews';

const warningTitle = { title: { color: 'var(--mantine-color-dark-7)' } };
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function Component() {
  const store = useCurrentStore();
  const mail = useMailState(store.storeId);
  return (
    <Stack gap="md">
      {mail.data && <MailNotice state={mail.data} />}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <CustomerMessages />
        <YourAlerts mailOff={mail.data?.mailEnabled === false} />
      </SimpleGrid>
      <Card withBorder component="section" aria-labelledby="messages-previews">
        <Title order={2} size="h4" id="messages-previews">Previews</Title>
        <Text size="sm" c="dimmed" mb="sm">
          Each message as it is sent, with your store’s name, contact, hours and language, about a made-up customer.
        </Text>
        <MessagePreviews />
      </Card>
    </Stack>
  );
}

/** Mail off on the server (nothing leaves), or messages waiting or failed while it is on. */
function MailNotice({ state }: { state: MailState }) {
  const store = useCurrentStore();
  const { mailEnabled, pending, failed, oldestPendingAt } = state;
  if (!mailEnabled) {
    return (
      <Alert color="yellow" role="status" title="This server does not send email" styles={warningTitle}>
        <Text size="sm">
          No mail server is set up for it yet (its SMTP_URL setting), so no message reaches your customers or your team. Messages are kept in the
          outbox and go out once whoever runs the server sets mail up: {plural(pending, 'message is', 'messages are')} waiting now.
        </Text>
      </Alert>
    );
  }
  if (pending === 0 && failed === 0) return <Text size="sm" c="dimmed">Email is on: messages go out as things happen.</Text>;
  return (
    <Stack gap="xs">
      {pending > 0 && (
        <Alert color="blue" role="status" title={`${plural(pending, 'message is', 'messages are')} waiting to be sent`} styles={warningTitle}>
          <Text size="sm">
            {oldestPendingAt ? `The oldest has waited since ${formatDateTime(oldestPendingAt, store.timezone)} (${relativeTime(oldestPendingAt)}). ` : ''}
            They are tried again by themselves while the mail server does not answer.
          </Text>
        </Alert>
      )}
      {failed > 0 && (
        <Alert color="red" role="status" title={`${plural(failed, 'message', 'messages')} could not be sent`} styles={warningTitle}>
          <Text size="sm">The mail server refused them, or they failed too many times. A booking’s page says which of its messages failed, and why.</Text>
        </Alert>
      )}
    </Stack>
  );
}

function CustomerMessages() {
  const current = useCurrentStore();
  const settings = useStoreSettings(current.storeId);
  const update = useUpdateStore(current.storeId);
  const manage = canManage(current.role);
  // The switch moves at once; the saved value replaces it when the answer comes (or it moves back).
  const [saving, setSaving] = useState<boolean | null>(null);
  const on = saving ?? settings.data?.notificationsEnabled;

  return (
    <Card withBorder component="section" aria-labelledby="messages-customers">
      <Title order={2} size="h4" id="messages-customers" mb="sm">Customer messages</Title>
      <Stack gap="xs">
        <Switch
          label="Send messages to customers"
          description="When on, customers who gave an email address hear from you: when they book or order, when you confirm, move or cancel their booking, before their appointment (reminders), and when their order is paid or refunded. When off, they get nothing from the store."
          checked={on ?? false}
          disabled={!manage || !settings.data}
          onChange={async (e) => {
            const next = e.currentTarget.checked;
            setSaving(next);
            try {
              await update.mutateAsync({ notificationsEnabled: next });
              notifyDone(next ? 'Customers get messages again' : 'Customers no longer get messages');
            } catch {
              // Said below the switch.
            } finally {
              setSaving(null);
            }
          }}
        />
        {update.isError && <Text size="sm" c="red.9" role="alert">Not saved: {update.error.message}</Text>}
        {!manage && <Text size="xs" c="dimmed">Only owners and admins turn this on or off.</Text>}
        <Text size="xs" c="dimmed">
          Reminders and how late customers may change a booking are set under{' '}
          <Anchor component={Link} to={`/s/${current.storeId}/settings/profile`} inherit underline="always">Profile and hours</Anchor>.
        </Text>
      </Stack>
    </Card>
  );
}

const ALERTS: { choice: AlertChoice; label: string; when: string }[] = [
  { choice: 'newBooking', label: 'New booking', when: 'A customer books, on your pages or your website.' },
  { choice: 'bookingChanged', label: 'Customer cancelled or moved', when: 'A customer cancels or moves a booking with their link.' },
  { choice: 'newOrder', label: 'New order', when: 'A customer orders.' },
  { choice: 'orderPaid', label: 'Order paid', when: 'An order is paid, online or marked paid by your team.' },
];

function YourAlerts({ mailOff }: { mailOff: boolean }) {
  const store = useCurrentStore();
  const session = useSession();
  const alerts = useMyAlerts();
  const set = useSetAlert(store.storeId);
  const mine = alerts.data?.find((s) => s.storeId === store.storeId);
  // A switch moves at once; the saved choice replaces it when the answer comes (or it moves back).
  const [saving, setSaving] = useState<Partial<Record<AlertChoice, boolean>>>({});
  const settle = (choice: AlertChoice) => setSaving(({ [choice]: _done, ...rest }) => rest);

  return (
    <Card withBorder component="section" aria-labelledby="messages-alerts">
      <Title order={2} size="h4" id="messages-alerts">Your alerts</Title>
      <Text size="sm" c="dimmed" mb="sm" style={{ overflowWrap: 'anywhere' }}>
        Emails to you{session.data ? ` (${session.data.user.email})` : ''} when something happens in {store.name}. Your own choice: the others choose theirs.
        {mailOff ? ' This server does not send email yet: they wait in its outbox.' : ''}
      </Text>
      {alerts.isError ? (
        <PageError error={alerts.error} retry={() => alerts.refetch()} />
      ) : !mine ? (
        <Loader size="sm" role="status" aria-label="Loading your alerts" />
      ) : (
        <Stack gap="sm">
          {ALERTS.map(({ choice, label, when }) => {
            const pending = saving[choice];
            return (
              <Switch
                key={choice}
                label={label}
                description={when}
                checked={pending ?? mine.notifications[choice]}
                disabled={pending !== undefined}
                onChange={async (e) => {
                  const on = e.currentTarget.checked;
                  setSaving((before) => ({ ...before, [choice]: on }));
                  try {
                    await set.mutateAsync({ choice, on });
                    notifyDone(on ? `You will be emailed: ${label}` : `No more emails to you: ${label}`);
                  } catch {
                    // Said below the switches.
                  } finally {
                    settle(choice);
                  }
                }}
              />
            );
          })}
          {set.isError && <Text size="sm" c="red.9" role="alert">Not saved: {set.error.message}</Text>}
        </Stack>
      )}
    </Card>
  );
}
