import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { api, ok } from '../../api/client';
import { useFormError } from '../../components/api-form';
import { CurrencySelect, TimezoneSelect } from '../../components/StoreFields';
import { AuthFrame } from './AuthFrame';

export function Component() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const error = useFormError();
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'Africa/Accra';
  const form = useForm({
    initialValues: { name: '', email: '', password: '', store: { name: '', currency: 'GHS', timezone: browserZone } },
    validate: {
      name: (v) => (v.trim() ? null : 'Enter your name'),
      email: (v) => (/^\S+@\S+\.\S+$/.test(v) ? null : 'Enter a valid email'),
      password: (v) => (v.length >= 10 ? null : 'At least 10 characters'),
      store: { name: (v) => (v.trim() ? null : 'Name your store') },
    },
  });
  const signup = useMutation({
    mutationFn: (body: typeof form.values) => ok(api.POST('/api/auth/signup', { body })),
  });

  const submit = form.onSubmit(async (values) => {
    error.clear();
    try {
      const result = await signup.mutateAsync(values);
      await client.invalidateQueries();
      navigate(`/s/${result.store.id}/today?welcome=1`, { replace: true });
    } catch (e) {
      error.set(e, form, ['name', 'email', 'password', 'store']);
    }
  });

  return (
    <AuthFrame title="Create your store" subtitle="You will be its owner. You can invite your team afterwards.">
      <form onSubmit={submit} noValidate>
        <Stack>
          {error.message && <Alert color="red" role="alert">{error.message}</Alert>}
          <TextInput label="Your name" autoComplete="name" required {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordInput label="Password" description="At least 10 characters" autoComplete="new-password" required {...form.getInputProps('password')} />
          <TextInput label="Store name" required {...form.getInputProps('store.name')} />
          <CurrencySelect {...form.getInputProps('store.currency')} />
          <TimezoneSelect {...form.getInputProps('store.timezone')} />
          <Button type="submit" loading={signup.isPending} fullWidth>Create store</Button>
          <Text size="sm">Already have an account? <Anchor component={Link} to="/login">Sign in</Anchor></Text>
        </Stack>
      </form>
    </AuthFrame>
  );
}
