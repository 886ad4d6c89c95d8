// The page an emailed reset link opens (/console/reset-password?token=…): a new password, typed
// twice, then sign in with it. A link that is unknown, used or expired is explained, with a way to
// ask for a new one. The token leaves the address bar (and the history entry) as soon as it is read:
// the page keeps it in memory only, so it is not left in history, bookmarks or a shared screen.
import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useConfirmPasswordReset } from '../../api/account';
import { ApiError } from '../../api/client';
import { useFormError } from '../../components/api-form';
import { AuthFrame } from './AuthFrame';
import { newPasswordRules } from '../account/password-rules';

const LINK_ERRORS = new Set(['reset-token-invalid', 'reset-token-used', 'reset-token-expired']);

export function Component() {
  const [params] = useSearchParams();
  const [token] = useState(() => params.get('token') ?? '');
  const navigate = useNavigate();
  const tokenInAddress = params.has('token');
  useEffect(() => {
    if (tokenInAddress) navigate({ search: '' }, { replace: true });
  }, [tokenInAddress, navigate]);
  const confirm = useConfirmPasswordReset();
  const error = useFormError();
  const form = useForm({ initialValues: { newPassword: '', repeat: '' }, validate: newPasswordRules });
  const linkProblem = confirm.error instanceof ApiError && LINK_ERRORS.has(confirm.error.code) ? confirm.error.message : null;

  const submit = form.onSubmit(async ({ newPassword }) => {
    error.clear();
    try {
      const { email } = await confirm.mutateAsync({ token, newPassword });
      navigate(`/login?reset=done&email=${encodeURIComponent(email)}`, { replace: true });
    } catch (e) {
      if (!(e instanceof ApiError && LINK_ERRORS.has(e.code))) error.set(e, form, ['newPassword']);
    }
  });

  if (!token) {
    return (
      <AuthFrame title="Choose a new password">
        <Stack>
          <Text>This page needs the link from the password-reset email. Open the link from the mail, or ask for a new one.</Text>
          <Anchor component={Link} to="/forgot-password">Ask for a reset link</Anchor>
        </Stack>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title="Choose a new password" subtitle="After this, you sign in with the new password everywhere: every device signed in to your account is signed out.">
      {linkProblem ? (
        <Stack>
          <Alert color="red" role="alert" title="This link cannot be used">{linkProblem}</Alert>
          <Anchor component={Link} to="/forgot-password">Ask for a new link</Anchor>
          <Anchor component={Link} to="/login" size="sm">Back to sign in</Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {error.message && <Alert color="red" role="alert">{error.message}</Alert>}
            <PasswordInput label="New password" description="At least 10 characters" autoComplete="new-password" required {...form.getInputProps('newPassword')} />
            <PasswordInput label="Repeat the new password" autoComplete="new-password" required {...form.getInputProps('repeat')} />
            <Button type="submit" loading={confirm.isPending} fullWidth>Set new password</Button>
            <Anchor component={Link} to="/login" size="sm">Back to sign in</Anchor>
          </Stack>
        </form>
      )}
    </AuthFrame>
  );
}
