// "Forgot your password?": asks the service to email a reset link. The answer is the same whether
// the email has an account or not (the service never tells), so the page says "if".
import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useSearchParams } from 'react-router';
import { useRequestPasswordReset } from '../../api/account';
import { useFormError } from '../../components/api-form';
import { AuthFrame } from './AuthFrame';

export function Component() {
  const [params] = useSearchParams();
  const request = useRequestPasswordReset();
  const error = useFormError();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: params.get('email') ?? '' },
    validate: { email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'Enter the email of your account') },
  });

  const submit = form.onSubmit(async ({ email }) => {
    error.clear();
    try {
      await request.mutateAsync({ email: email.trim() });
      setSentTo(email.trim());
    } catch (e) {
      error.set(e, form, ['email']);
    }
  });

  if (sentTo) {
    return (
      <AuthFrame title="Check your email">
        <Stack>
          <Alert color="teal" role="status">
            If an account exists for <strong>{sentTo}</strong>, we sent it a link to choose a new password. The link works once, within one hour.
          </Alert>
          <Text size="sm">
            No mail after a few minutes? Look in the spam folder, or ask again. If your store’s service does not send mail, its operator can
            give you a reset link instead.
          </Text>
          <Button variant="default" onClick={() => setSentTo(null)}>Ask again or use another email</Button>
          <Anchor component={Link} to={`/login?email=${encodeURIComponent(sentTo)}`} size="sm">Back to sign in</Anchor>
        </Stack>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title="Forgot your password?" subtitle="Enter the email you sign in with. We will email you a link to choose a new password.">
      <form onSubmit={submit} noValidate>
        <Stack>
          {error.message && <Alert color="red" role="alert">{error.message}</Alert>}
          <TextInput label="Email" type="email" autoComplete="username" required {...form.getInputProps('email')} />
          <Button type="submit" loading={request.isPending} fullWidth>Email me a link</Button>
          <Anchor component={Link} to="/login" size="sm">Back to sign in</Anchor>
        </Stack>
      </form>
    </AuthFrame>
  );
}
