// The store's members with their roles (everyone sees them); owners and admins invite and remove.
// A new account's temporary password is shown once, with a copy button and how to hand it over;
// the invitee must replace it when they first sign in. The last owner cannot be removed (the
// API refuses with 409, and the dialog says why in words).
import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Code, CopyButton, Group, List, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { useInviteMember, useMembers, useRemoveMember, type Member } from '../../api/members';
import { canManage, sessionKey, useSession, type Role } from '../../api/session';
import { useFormError } from '../../components/api-form';
import { EmptyState, PageError } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatDateTime } from '../../lib/format';
import { notifyDone } from '../../lib/notify';

const ROLES: { value: Role; label: string; description: string }[] = [
  { value: 'owner', label: 'Owner', description: 'Everything, including adding and removing owners.' },
  { value: 'admin', label: 'Admin', description: 'Everything but owners: settings, members and the developer area too.' },
  { value: 'staff', label: 'Staff', description: 'Runs the day: bookings, orders, catalog and customers. No settings, members or developer area.' },
];
const roleLabel = (role: Role) => ROLES.find((r) => r.value === role)?.label ?? role;
const warningTitle = { title: { color: 'var(--mantine-color-dark-7)' } };

export function MembersSection() {
  const store = useCurrentStore();
  const session = useSession();
  const members = useMembers(store.storeId);
  const manage = canManage(store.role);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const me = session.data?.user.id;
  // Only an owner may remove an owner.
  const mayRemove = (m: Member) => manage && (m.role !== 'owner' || store.role === 'owner');

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
      ) : members.data.length === 0 ? (
        <EmptyState title="No members" />
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Members of the store">
          {members.data.map((m) => (
            <Group key={m.userId} component="li" justify="space-between" gap="xs" py="xs" wrap="wrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {m.name}
                  {m.userId === me && <Text span size="sm" c="dimmed"> (you)</Text>}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{m.email} · member since {formatDateTime(m.createdAt, store.timezone, { dateStyle: 'medium' })}</Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Badge variant="light" color={m.role === 'staff' ? 'gray' : 'teal'} styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}>{roleLabel(m.role)}</Badge>
                {mayRemove(m) && (
                  <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(m)} aria-label={`Remove ${m.name}`}>Remove</Button>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {manage && (
        <List size="xs" c="dimmed" mt="sm" spacing={2} aria-label="What each role may do">
          {ROLES.map((r) => <List.Item key={r.value}><strong>{r.label}</strong>: {r.description}</List.Item>)}
        </List>
      )}
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
      {removing && <RemoveDialog member={removing} self={removing.userId === me} onClose={() => setRemoving(null)} />}
    </Card>
  );
}

function InviteDialog({ onClose }: { onClose: () => void }) {
  const store = useCurrentStore();
  const invite = useInviteMember(store.storeId);
  const error = useFormError();
  // The temporary password lives only here: closing the dialog forgets it.
  const [created, setCreated] = useState<{ member: Member; password: string } | null>(null);
  const form = useForm<{ email: string; name: string; role: Role }>({
    initialValues: { email: '', name: '', role: 'staff' },
    validate: { email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'Enter their email address') },
  });
  const roles = ROLES.filter((r) => r.value !== 'owner' || store.role === 'owner');

  const submit = form.onSubmit(async ({ email, name, role }) => {
    error.clear();
    try {
      const result = await invite.mutateAsync({ email: email.trim(), role, ...(name.trim() ? { name: name.trim() } : {}) });
      if (result.temporaryPassword) {
        setCreated({ member: result.member, password: result.temporaryPassword });
      } else {
        notifyDone(`${result.member.name} already had an account: they sign in with their own password and now see ${store.name}.`);
        onClose();
      }
    } catch (e) {
      error.set(e, form, ['email', 'name', 'role']);
    }
  });

  if (created) {
    const login = `${window.location.origin}/console/login`;
    return (
      <Modal opened onClose={onClose} title="Share the temporary password" closeOnClickOutside={false} closeButtonProps={{ 'aria-label': 'Close' }} size="lg">
        <Stack>
          <Text size="sm">
            {created.member.name} ({created.member.email}) now has an account and is {roleLabel(created.member.role).toLowerCase()} of {store.name}.
            They sign in at <span style={{ overflowWrap: 'anywhere' }}>{login}</span> with this temporary password:
          </Text>
          <Code block aria-label="Temporary password" style={{ fontSize: 'var(--mantine-font-size-md)', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {created.password}
          </Code>
          <Alert color="yellow" role="status" title="It is shown only now" styles={warningTitle}>
            Give it to them safely: in person, or in a private message only they read (not a group chat or a shared email). At their first
            sign-in they must choose their own password, so this one stops working.
          </Alert>
          <Group justify="space-between">
            <CopyButton value={created.password} timeout={2000}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'filled' : 'default'} onClick={copy}>{copied ? 'Copied' : 'Copy password'}</Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal opened onClose={onClose} title="Invite a member" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {error.message && <Alert color="red" role="alert">{error.message}</Alert>}
          <TextInput label="Email" type="email" autoComplete="off" required data-autofocus {...form.getInputProps('email')} />
          <TextInput label="Name" description="Used when they have no account yet" autoComplete="off" maxLength={120} {...form.getInputProps('name')} />
          <Select
            label="Role"
            required
            allowDeselect={false}
            data={roles.map((r) => ({ value: r.value, label: r.label }))}
            description={roles.find((r) => r.value === form.getValues().role)?.description}
            {...form.getInputProps('role')}
          />
          <Text size="xs" c="dimmed">
            Someone without an account gets one with a temporary password, shown to you once. Someone who already has an account keeps their password.
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
