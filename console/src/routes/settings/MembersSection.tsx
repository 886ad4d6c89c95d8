// The store's members with their roles (everyone sees them), and the invitations not yet accepted;
// owners and admins invite, resend or withdraw invitations, and remove members. An invitation is a
// single-use link valid 7 days, mailed to the address; on a server without mail the inviter gets the
// link to pass on privately. Nobody joins until they accept (with a password of their own, or by
// signing in). The last owner cannot be removed (the API refuses with 409, and the dialog says why).
import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Code, CopyButton, Group, List, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { useInviteMember, useMembers, useRemoveMember, useResendInvitation, useWithdrawInvitation, type Invitation, type InviteResult, type Member } from '../../api/members';
import { canManage, sessionKey, useSession, type Role } from '../../api/session';
import { useFormError } from '../../components/api-form';
import { EmptyState, PageError } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatDateTime } from '../../lib/format';
import { notifyDone } from '../../lib/notify';

// What each role may do, as the API enforces it (requireMember in src/modules/*/routes.ts): say it exactly.
const ROLES: { value: Role; label: string; description: string }[] = [
  { value: 'owner', label: 'Owner', description: 'Everything, including members and ownership: only an owner can invite or remove another owner.' },
  {
    value: 'admin',
    label: 'Admin',
    description: 'Everything except changing owners: settings, the catalog and its prices, refunds, content, integration keys and webhooks, and members other than owners.',
  },
  {
    value: 'staff',
    label: 'Staff',
    description:
      'Sees and handles bookings (confirm, move, complete, cancel, mark no-show) and orders (mark paid, deliver, cancel); adds and edits customers; adjusts the stock count of products when goods arrive; writes blog posts. Cannot change prices, create or delete catalog items, refund orders, delete customers, or change content, settings, keys or members.',
  },
];
const roleLabel = (role: Role) => ROLES.find((r) => r.value === role)?.label ?? role;
const warningTitle = { title: { color: 'var(--console-text-on-tint)' } };
const badgeLabel = { label: { color: 'var(--console-text-on-tint)' } };
const rowStyle = { borderBottom: '1px solid var(--mantine-color-gray-3)' };

/** A link to pass on by hand (mail is off on the server), for the invitation it opens. */
interface SharedLink {
  invitation: Invitation;
  url: string;
}

export function MembersSection() {
  const store = useCurrentStore();
  const session = useSession();
  const members = useMembers(store.storeId);
  const resend = useResendInvitation(store.storeId);
  const manage = canManage(store.role);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  const [shared, setShared] = useState<SharedLink | null>(null);
  const [resendError, setResendError] = useState<string | null>(null);
  const me = session.data?.user.id;
  // Only an owner may remove an owner, or invite one.
  const mayRemove = (m: Member) => manage && (m.role !== 'owner' || store.role === 'owner');
  const mayResend = (i: Invitation) => manage && (i.role !== 'owner' || store.role === 'owner');

  /** The answer to an invitation or a resend: mailed (said in a notice), or a link to pass on. */
  const invited = (result: InviteResult, again: boolean) => {
    if (result.mailed || !result.inviteUrl) {
      notifyDone(`Invitation ${again ? 'sent again' : 'sent'} to ${result.invitation.email}. The link works for 7 days.`);
    } else {
      setShared({ invitation: result.invitation, url: result.inviteUrl });
    }
  };

  const resendTo = async (invitation: Invitation) => {
    setResendError(null);
    try {
      invited(await resend.mutateAsync(invitation.invitationId), true);
    } catch (e) {
      setResendError(`The invitation to ${invitation.email} was not sent again: ${e instanceof Error ? e.message : 'something went wrong.'}`);
    }
  };

  const invitations = members.data?.invitations ?? [];

  return (
    <Card withBorder component="section" aria-labelledby="settings-members">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4" id="settings-members">Members</Title>
        {manage && <Button size="sm" onClick={() => setInviting(true)}>Invite a member</Button>}
      </Group>
      {members.isError ? (
        <PageError error={members.error} retry={() => members.refetch()} />
      ) : members.isPending ? (
        <Text size="sm" c="dimmed">Loading…</Text>
      ) : members.data.members.length === 0 ? (
        <EmptyState title="No members" />
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Members of the store">
          {members.data.members.map((m) => (
            <Group key={m.userId} component="li" justify="space-between" gap="xs" py="xs" wrap="wrap" style={rowStyle}>
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {m.name}
                  {m.userId === me && <Text span size="sm" c="dimmed"> (you)</Text>}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{m.email} · member since {formatDateTime(m.createdAt, store.timezone, { dateStyle: 'medium' })}</Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Badge variant="light" color={m.role === 'staff' ? 'gray' : 'teal'} styles={badgeLabel}>{roleLabel(m.role)}</Badge>
                {mayRemove(m) && (
                  <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(m)} aria-label={`Remove ${m.name}`}>Remove</Button>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {invitations.length > 0 && (
        <Stack gap="xs" mt="md">
          <Title order={3} size="h5" id="settings-invitations">Invited, not yet joined</Title>
          {resendError && (
            <Alert color="red" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setResendError(null)}>{resendError}</Alert>
          )}
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="settings-invitations">
            {invitations.map((i) => (
              <InvitationRow
                key={i.invitationId}
                invitation={i}
                resending={resend.isPending && resend.variables === i.invitationId}
                onResend={mayResend(i) ? () => resendTo(i) : undefined}
                onWithdraw={manage ? () => setWithdrawing(i) : undefined}
              />
            ))}
          </Stack>
        </Stack>
      )}
      {manage && (
        <List size="xs" c="dimmed" mt="sm" spacing={2} aria-label="What each role may do">
          {ROLES.map((r) => <List.Item key={r.value}><strong>{r.label}</strong>: {r.description}</List.Item>)}
        </List>
      )}
      {inviting && (
        <InviteDialog
          onClose={() => setInviting(false)}
          onInvited={(result) => {
            setInviting(false);
            invited(result, false);
          }}
        />
      )}
      {shared && <ShareLinkDialog shared={shared} onClose={() => setShared(null)} />}
      {withdrawing && <WithdrawDialog invitation={withdrawing} onClose={() => setWithdrawing(null)} />}
      {removing && <RemoveDialog member={removing} self={removing.userId === me} onClose={() => setRemoving(null)} />}
    </Card>
  );
}

function InvitationRow({ invitation: i, resending, onResend, onWithdraw }: { invitation: Invitation; resending: boolean; onResend?: () => void; onWithdraw?: () => void }) {
  const store = useCurrentStore();
  const who = i.name ?? i.email;
  const expired = i.status === 'expired';
  const date = formatDateTime(i.expiresAt, store.timezone, { dateStyle: 'medium' });
  return (
    <Group component="li" justify="space-between" gap="xs" py="xs" wrap="wrap" style={rowStyle}>
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>{who}</Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {i.name ? `${i.email} · ` : ''}
          {i.invitedBy ? `invited by ${i.invitedBy.name} · ` : ''}
          {expired ? `the link expired ${date}: send it again to invite them` : `expires ${date}`}
        </Text>
      </Stack>
      {/* Badges, then the buttons: on a narrow screen each pair wraps as a whole. */}
      <Group gap="xs" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          {expired ? (
            <Badge variant="light" color="red" styles={badgeLabel}>Expired</Badge>
          ) : (
            <Badge variant="light" color="blue" styles={badgeLabel}>Invited</Badge>
          )}
          <Badge variant="light" color={i.role === 'staff' ? 'gray' : 'teal'} styles={badgeLabel}>{roleLabel(i.role)}</Badge>
        </Group>
        {(onResend || onWithdraw) && (
          <Group gap="xs" wrap="nowrap">
            {onResend && (
              <Button size="xs" variant="subtle" loading={resending} onClick={onResend} aria-label={`Resend the invitation to ${i.email}`}>Resend</Button>
            )}
            {onWithdraw && (
              <Button size="xs" variant="subtle" color="red" onClick={onWithdraw} aria-label={`Withdraw the invitation to ${i.email}`}>Withdraw</Button>
            )}
          </Group>
        )}
      </Group>
    </Group>
  );
}

function InviteDialog({ onClose, onInvited }: { onClose: () => void; onInvited: (result: InviteResult) => void }) {
  const store = useCurrentStore();
  const invite = useInviteMember(store.storeId);
  const error = useFormError();
  const form = useForm<{ email: string; name: string; role: Role }>({
    initialValues: { email: '', name: '', role: 'staff' },
    validate: { email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'Enter their email address') },
  });
  const roles = ROLES.filter((r) => r.value !== 'owner' || store.role === 'owner');

  const submit = form.onSubmit(async ({ email, name, role }) => {
    error.clear();
    try {
      onInvited(await invite.mutateAsync({ email: email.trim(), role, ...(name.trim() ? { name: name.trim() } : {}) }));
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        // Already a member: the service's sentence above the form, the field marked.
        form.setFieldError('email', 'Already a member of this store');
        error.set(new Error(e.message));
      } else {
        error.set(e, form, ['email', 'name', 'role']);
      }
    }
  });

  return (
    <Modal opened onClose={onClose} title="Invite a member" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {error.message && <Alert color="red" role="alert">{error.message}</Alert>}
          <TextInput label="Email" type="email" autoComplete="off" required data-autofocus {...form.getInputProps('email')} />
          <TextInput label="Name" description="How you know them, shown here until they join" autoComplete="off" maxLength={120} {...form.getInputProps('name')} />
          <Select
            label="Role"
            required
            allowDeselect={false}
            data={roles.map((r) => ({ value: r.value, label: r.label }))}
            description={roles.find((r) => r.value === form.getValues().role)?.description}
            {...form.getInputProps('role')}
          />
          <Text size="xs" c="dimmed">
            We email them an invitation link. It works once, for 7 days, and they join {store.name} when they accept it: with a password of their own, or by
            signing in if they already have an account. (If this server cannot send mail, you get the link to pass on.)
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={invite.isPending}>Invite</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The link of an invitation nobody was emailed: shown while this dialog is open, then forgotten. */
function ShareLinkDialog({ shared, onClose }: { shared: SharedLink; onClose: () => void }) {
  const store = useCurrentStore();
  const { invitation, url } = shared;
  const until = formatDateTime(invitation.expiresAt, store.timezone);
  return (
    <Modal opened onClose={onClose} title="Share the invitation link" closeOnClickOutside={false} closeButtonProps={{ 'aria-label': 'Close' }} size="lg">
      <Stack>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {invitation.name ? `${invitation.name} (${invitation.email})` : invitation.email} is invited to {store.name} as {roleLabel(invitation.role).toLowerCase()}. They join
          by opening this link:
        </Text>
        <Code block aria-label="Invitation link" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{url}</Code>
        <Alert color="yellow" role="status" title="Mail is off on this server: pass the link on yourself" styles={warningTitle}>
          Nobody was emailed. Give the link to them privately: in person, or in a private message only they read (not a group chat or a shared
          email). It works once, until {until} (7 days), and they choose their own password when they open it.
        </Alert>
        <Group justify="space-between">
          <CopyButton value={url} timeout={2000}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'filled' : 'default'} onClick={copy}>{copied ? 'Copied' : 'Copy link'}</Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function WithdrawDialog({ invitation, onClose }: { invitation: Invitation; onClose: () => void }) {
  const store = useCurrentStore();
  const withdraw = useWithdrawInvitation(store.storeId);
  const [error, setError] = useState<string | null>(null);
  // After a refusal the answer is known: the dialog only explains.
  const [refused, setRefused] = useState(false);

  const confirm = async () => {
    setError(null);
    try {
      await withdraw.mutateAsync(invitation.invitationId);
      notifyDone(`Invitation to ${invitation.email} withdrawn`);
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) {
        setRefused(true);
        setError(`The invitation to ${invitation.email} is no longer open: it was accepted or withdrawn meanwhile.`);
      } else {
        setError(e instanceof Error ? e.message : 'Something went wrong.');
      }
    }
  };

  return (
    <Modal opened onClose={onClose} title="Withdraw the invitation?" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          The link sent to {invitation.email} stops working, and they do not join {store.name}. You can invite them again later.
        </Text>
        {error && <Alert color="red" role="alert" title="The invitation was not withdrawn">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{refused ? 'Close' : 'Cancel'}</Button>
          {!refused && <Button color="red" loading={withdraw.isPending} onClick={confirm}>Withdraw invitation</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}

function RemoveDialog({ member, self, onClose }: { member: Member; self: boolean; onClose: () => void }) {
  const store = useCurrentStore();
  const remove = useRemoveMember(store.storeId);
  const client = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<ReactNode>(null);
  // After a refusal the answer is known: the dialog only explains.
  const [refused, setRefused] = useState(false);

  const confirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync(member.userId);
      if (self) {
        await client.invalidateQueries({ queryKey: sessionKey });
        notifyDone(`You left ${store.name}`);
        navigate('/', { replace: true });
        return;
      }
      notifyDone(`${member.name} removed from ${store.name}`);
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        setRefused(true);
        setError(
          self
            ? 'You are the store’s only owner, and a store always keeps at least one owner. To hand the store over, invite the new owner first (role Owner); then you can leave.'
            : `${member.name} is the store’s only owner, and a store always keeps at least one owner. To hand the store over, invite the new owner first (role Owner); then ${member.name} can be removed.`,
        );
      } else if (e instanceof ApiError && e.status === 403) {
        setRefused(true);
        setError('Only an owner can remove an owner.');
      } else if (e instanceof ApiError && e.status === 404) {
        setRefused(true);
        setError(`${member.name} is no longer a member of ${store.name}.`);
      } else {
        setError(e instanceof Error ? e.message : 'Something went wrong.');
      }
    }
  };

  return (
    <Modal opened onClose={onClose} title={self ? `Leave ${store.name}?` : `Remove ${member.name}?`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text size="sm">
          {self
            ? `You will no longer see ${store.name} in the console. Your account stays, with any other stores you belong to.`
            : `${member.name} (${member.email}) will no longer be able to open ${store.name}. Their account stays, with any other stores they belong to, and what they did here is kept.`}
        </Text>
        {error && <Alert color="red" role="alert" title={self ? 'You were not removed' : `${member.name} was not removed`}>{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{refused ? 'Close' : 'Cancel'}</Button>
          {!refused && <Button color="red" loading={remove.isPending} onClick={confirm}>{self ? 'Leave store' : 'Remove member'}</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
