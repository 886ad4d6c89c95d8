import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLogin } from '../../api/session';
import { useFormError } from '../../components/api-form';
import { AuthFrame } from './AuthFrame';

/** Where to go after signing in: the page that asked for it, or the first store. */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const error = useFormError();
  const form = useForm({
    initialValues: { email: params.get('email') ?? '', password: '' },
    validate: {
      email: (v) => (/^\S+@\S+$/.test(v) ? null : 'Enter the email you signed up with'),
      password: (v) => (v ? null : 'Enter your password'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    error.clear();
    try {
      const result = await login.mutateAsync(values);
      const mustChange = (result.user as { mustChangePassword?: boolean }).mustChangePassword;
      const first = result.stores[0];
      if (mustChange && first) navigate(`/s/${first.id}/account?first=1`, { replace: true });
      else navigate(safeNext(params.get('next')), { replace: true });
    } catch (e) {
      error.set(e, form, ['email', 'password']);
    }
  });

  return (
    <AuthFrame title="Sign in">
      <form onSubmit={submit} noValidate>
        <Stack>
          {params.get('reset') === 'done' && <Alert color="teal" role="status">Your password was changed. Sign in with the new one.</Alert>}
          {error.message && <Alert color="red" role="alert">{error.message}</Alert>}
          <TextInput label="Email" type="email" autoComplete="username" required {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
          <Button type="submit" loading={login.isPending} fullWidth>Sign in</Button>
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to="/forgot-password" size="sm">Forgot your password?</Anchor>
            <Text size="sm">New here? <Anchor component={Link} to="/signup">Create a store</Anchor></Text>
          </Group>
        </Stack>
      </form>
    </AuthFrame>
  );
}
