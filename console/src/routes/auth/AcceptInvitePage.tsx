// The page an invitation link opens (/console/accept-invite?token=…): which store, which role, who
// invited and which address, until when; then joining. Signed in with the invited address: accept.
// Signed in as someone else: say so, and offer to sign out. Signed out: a new account (name and a
// password of their own) that joins at once, or sign in with the existing account and come back.
// The token leaves the address bar (and the history entry) as soon as it is read, as on the reset
// page; it is kept in memory, and in this tab's sessionStorage so it survives the sign-in round trip,
// until the invitation is accepted or turns out unusable.
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Center, DataList, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAcceptInvitation, useAcceptInvitationWithNewAccount, useInvitationPreview } from '../../api/account';
import { ApiError } from '../../api/client';
import { useLogout, useSession, type Role } from '../../api/session';
import { useFormError } from '../../components/api-form';
import { formatDateTime } from '../../lib/format';
import { notifyDone } from '../../lib/notify';
import { newPasswordRules } from '../account/password-rules';
import { AuthFrame } from './AuthFrame';
import { DataItem } from '../../components/DataItem';

const STORAGE_KEY = 'console.invitation-token';
const LINK_ERRORS = new Set(['invitation-invalid', 'invitation-used', 'invitation-withdrawn', 'invitation-expired']);
// What each role may do, as the API enforces it: the words of Settings → Members (MembersSection.tsx).
const ROLE_WORDS: Record<Role, string> = {
  owner: 'Owner: everything, including members and ownership: only an owner can invite or remove another owner.',
  admin: 'Admin: everything except changing owners: settings, the catalog and its prices, refunds, content, integration keys and webhooks, and members other than owners.',
  staff:
    'Staff: sees and handles bookings (confirm, move, complete, cancel, mark no-show) and orders (mark paid, deliver, cancel); adds and edits customers; adjusts the stock count of products when goods arrive; writes blog posts. Cannot change prices, create or delete catalog items, refund orders, delete customers, or change content, settings, keys or members.',
};
const ROLE_NAMES: Record<Role, string> = { owner: 'an owner', admin: 'an admin', staff: 'staff' };
const warningTitle = { title: { color: 'var(--mantine-color-dark-7)' } };

function stored(): string {
  try {
    return sessionStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

function remember(token: string | null) {
  try {
    if (token) sessionStorage.setItem(STORAGE_KEY, token);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage off (private mode): the token lives in memory only, and a sign-in round trip loses it.
  }
}

const isLinkError = (e: unknown): e is ApiError => e instanceof ApiError && LINK_ERRORS.has(e.code);
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function Component() {
  const [params] = useSearchParams();
  const [token] = useState(() => params.get('token') ?? stored());
  const navigate = useNavigate();
  const tokenInAddress = params.has('token');
  useEffect(() => {
    if (!tokenInAddress) return;
    remember(token);
    navigate({ search: '' }, { replace: true });
  }, [tokenInAddress, token, navigate]);

  const session = useSession();
  const preview = useInvitationPreview(token);
  const signup = useAcceptInvitationWithNewAccount();
  const accept = useAcceptInvitation();
  const logout = useLogout();
  const linkError = [preview.error, signup.error, accept.error].find(isLinkError);
  useEffect(() => {
    if (linkError) remember(null);
  }, [linkError]);

  const signedIn = session.data ?? null;
  const signInLink = (email?: string) => `/login?${new URLSearchParams({ ...(email ? { email } : {}), next: '/accept-invite' })}`;

  if (!token) {
    return (
      <AuthFrame title="Join a store">
        <Stack>
          <Text>This page needs the invitation link you were sent. Open the link from the invitation, or ask the person who invited you to send it again.</Text>
          <Anchor component={Link} to="/login">Sign in</Anchor>
        </Stack>
      </AuthFrame>
    );
  }

  if (linkError) {
    return (
      <AuthFrame title="Join a store">
        <Stack>
          <Alert color="red" role="alert" title="This invitation cannot be used">{linkError.message}</Alert>
          {signedIn ? <Anchor component={Link} to="/">Go to your stores</Anchor> : <Anchor component={Link} to="/login">Sign in</Anchor>}
        </Stack>
      </AuthFrame>
    );
  }

  if (preview.isError || session.isError) {
    const failed = preview.isError ? preview : session;
    return (
      <AuthFrame title="Join a store">
        <Stack>
          <Alert color="red" role="alert" title="The invitation could not be loaded">{failed.error instanceof Error ? failed.error.message : 'Something went wrong.'}</Alert>
          <Button variant="default" onClick={() => failed.refetch()}>Try again</Button>
        </Stack>
      </AuthFrame>
    );
  }

  if (preview.isPending || session.isPending) {
    return (
      <AuthFrame title="Join a store">
        <Center py="lg"><Loader role="status" aria-label="Loading the invitation" /></Center>
      </AuthFrame>
    );
  }

  const invitation = preview.data;
  const expires = formatDateTime(invitation.expiresAt, Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  const joined = (store: { id: string; name: string; role: Role }) => {
    remember(null);
    notifyDone(`You joined ${store.name} as ${ROLE_NAMES[store.role]}.`);
    navigate(`/s/${store.id}/today`, { replace: true });
  };

  // Once a new account is being made, the page stays on its form (the session turns up meanwhile).
  const creating = signup.isPending || signup.isSuccess;
  let action: ReactNode;
  if (signedIn && !creating && sameEmail(signedIn.user.email, invitation.email)) {
    action = (
      <AcceptAsUser
        email={signedIn.user.email}
        error={accept.error}
        pending={accept.isPending || accept.isSuccess}
        onAccept={async () => {
          try {
            joined((await accept.mutateAsync({ token })).store);
          } catch {
            // Said by the page (a link problem) or next to the button.
          }
        }}
      />
    );
  } else if (signedIn && !creating) {
    action = (
      <Stack>
        <Alert color="yellow" role="status" title="You are signed in with another account" styles={warningTitle}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            This invitation is for <strong>{invitation.email}</strong>, and you are signed in as <strong>{signedIn.user.email}</strong>. Sign out, then
            create an account for {invitation.email} or sign in with it.
          </Text>
        </Alert>
        <Button variant="default" loading={logout.isPending} onClick={() => logout.mutateAsync().catch(() => undefined)}>Sign out</Button>
      </Stack>
    );
  } else {
    action = <NewAccountForm token={token} email={invitation.email} signInTo={signInLink(invitation.email)} signup={signup} onJoined={joined} />;
  }

  return (
    <AuthFrame title={`Join ${invitation.storeName}`} subtitle={`${invitation.invitedBy ?? 'The store'} invited you to help run ${invitation.storeName} as ${ROLE_NAMES[invitation.role]}.`}>
      <DataList labelWidth={110} aria-label="The invitation">
        <DataItem label="Role">{ROLE_WORDS[invitation.role]}</DataItem>
        <DataItem label="Invited by">{invitation.invitedBy ?? 'The store’s operator'}</DataItem>
        <DataItem label="For">{invitation.email}</DataItem>
        <DataItem label="Valid until">{expires}</DataItem>
      </DataList>
      {action}
    </AuthFrame>
  );
}

function AcceptAsUser({ email, error, pending, onAccept }: { email: string; error: unknown; pending: boolean; onAccept: () => void }) {
  return (
    <Stack>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>You are signed in as <strong>{email}</strong>: accept to see the store in your console.</Text>
      {error instanceof Error && !isLinkError(error) && <Alert color="red" role="alert" title="You did not join">{error.message}</Alert>}
      <Button loading={pending} onClick={onAccept} fullWidth>Accept invitation</Button>
    </Stack>
  );
}

function NewAccountForm({ token, email, signInTo, signup, onJoined }: {
  token: string;
  email: string;
  signInTo: string;
  signup: ReturnType<typeof useAcceptInvitationWithNewAccount>;
  onJoined: (store: { id: string; name: string; role: Role }) => void;
}) {
  const error = useFormError();
  const [emailTaken, setEmailTaken] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: '', newPassword: '', repeat: '' },
    validate: { name: (v) => (v.trim() ? null : 'Enter your name'), ...newPasswordRules },
  });

  const submit = form.onSubmit(async ({ name, newPassword }) => {
    error.clear();
    setEmailTaken(null);
    try {
      onJoined((await signup.mutateAsync({ token, name: name.trim(), password: newPassword })).store);
    } catch (e) {
      if (isLinkError(e)) return;
      if (e instanceof ApiError && e.code === 'email-taken') setEmailTaken(e.message);
      else error.set(e, form, ['name']);
    }
  });

  const signIn = (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      Already have an account with {email}? <Anchor component={Link} to={signInTo}>Sign in to accept</Anchor>
    </Text>
  );

  if (emailTaken) {
    return (
      <Stack>
        <Alert color="yellow" role="alert" title="You already have an account" styles={warningTitle}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{emailTaken}</Text>
        </Alert>
        <Button component={Link} to={signInTo} fullWidth>Sign in to accept</Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {/* The account's address, for the browser's password manager to save with the new password. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Text size="sm">New here? Create your account for <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong>: you sign in with this address and the password you choose.</Text>
        {error.message && <Alert color="red" role="alert">{error.message}</Alert>}
        <TextInput label="Your name" autoComplete="name" required maxLength={120} {...form.getInputProps('name')} />
        <PasswordInput label="Password" description="At least 10 characters" autoComplete="new-password" required {...form.getInputProps('newPassword')} />
        <PasswordInput label="Repeat the password" autoComplete="new-password" required {...form.getInputProps('repeat')} />
        <Button type="submit" loading={signup.isPending || signup.isSuccess} fullWidth>Create account and join</Button>
        {signIn}
      </Stack>
    </form>
  );
}
