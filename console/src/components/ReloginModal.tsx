// When the session ends mid-work (expired, or signed out elsewhere), a sign-in dialog opens over
// the page: whatever was being edited stays as it was, and after signing in the work continues.
import { useEffect, useState } from 'react';
import { Alert, Button, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { onSessionExpired } from '../api/client';
import { useLogin, useSession } from '../api/session';
import { useFormError } from './api-form';

export function ReloginModal() {
  const [open, setOpen] = useState(false);
  const session = useSession();
  const login = useLogin();
  const client = useQueryClient();
  const error = useFormError();
  const form = useForm({ initialValues: { email: '', password: '' } });

  useEffect(() => onSessionExpired(() => {
    if (session.data) {
      form.setFieldValue('email', session.data.user.email);
      setOpen(true);
    }
  }), [session.data]);

  const submit = form.onSubmit(async (values) => {
    error.clear();
    try {
      await login.mutateAsync(values);
      form.setFieldValue('password', '');
      setOpen(false);
      await client.invalidateQueries();
    } catch (e) {
      error.set(e, form, ['email', 'password']);
    }
  });

  return (
    <Modal opened={open} onClose={() => undefined} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} title="Your session has ended" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">Sign in again to carry on. Nothing you typed has been lost: save again after signing in.</Text>
          {error.message && <Alert color="red" role="alert">{error.message}</Alert>}
          <TextInput label="Email" type="email" autoComplete="username" required {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="current-password" required data-autofocus {...form.getInputProps('password')} />
          <Button type="submit" loading={login.isPending}>Sign in</Button>
        </Stack>
      </form>
    </Modal>
  );
}
