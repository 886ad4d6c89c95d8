// Your account (/console/s/<storeId>/account): who you are, and a new password (the current one,
// then the new one twice; the service's answer next to the fields). A member invited with a
// temporary password lands here first (`?first=1`): the rest of the console waits until they
// have chosen their own (StoreLayout sends them back here).
import { Alert, Button, Card, DataList, Group, PasswordInput, SimpleGrid, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { useChangePassword } from '../../api/account';
import { useSession } from '../../api/session';
import { useFormError } from '../../components/api-form';
import { PageHeader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { notifyDone } from '../../lib/notify';
import { newPasswordRules } from './password-rules';

const ROLE_WORDS = { owner: 'Owner', admin: 'Admin', staff: 'Staff' } as const;

export function Component() {
  const store = useCurrentStore();
  const session = useSession();
  const navigate = useNavigate();
  const change = useChangePassword();
  const error = useFormError();
  const user = session.data?.user;
  const mustChange = Boolean(user?.mustChangePassword);
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', repeat: '' },
    validate: { currentPassword: (v: string) => (v ? null : 'Enter your current password'), ...newPasswordRules },
  });

  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    error.clear();
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset();
      notifyDone('Password changed. Any other device signed in to your account was signed out.');
      if (mustChange) navigate(`/s/${store.storeId}/today`, { replace: true });
    } catch (e) {
      error.set(e, form, ['currentPassword', 'newPassword']);
    }
  });

  return (
    <Stack gap="md">
      <PageHeader title="Your account" />
      {mustChange && (
        <Alert color="yellow" role="status" title="Choose your own password to continue" styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}>
          You signed in with a temporary password that someone else has seen. Set a password only you know; the rest of the console opens
          once it is changed. As the current password, type the temporary one you were given.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder component="section" aria-labelledby="account-password">
          <Title order={2} size="h4" id="account-password" mb="sm">Change password</Title>
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              {error.message && <Alert color="red" role="alert">{error.message}</Alert>}
              <PasswordInput label={mustChange ? 'Temporary password' : 'Current password'} autoComplete="current-password" required {...form.getInputProps('currentPassword')} />
              <PasswordInput label="New password" description="At least 10 characters" autoComplete="new-password" required {...form.getInputProps('newPassword')} />
              <PasswordInput label="Repeat the new password" autoComplete="new-password" required {...form.getInputProps('repeat')} />
              <Group justify="flex-end">
                <Button type="submit" loading={change.isPending}>Change password</Button>
              </Group>
            </Stack>
          </form>
        </Card>
        <Card withBorder component="section" aria-labelledby="account-who">
          <Title order={2} size="h4" id="account-who" mb="sm">Signed in as</Title>
          <DataList labelWidth={120}>
            <DataList.Item>
              <DataList.ItemLabel>Name</DataList.ItemLabel>
              <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{user?.name}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Email</DataList.ItemLabel>
              <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{user?.email}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Role in {store.name}</DataList.ItemLabel>
              <DataList.ItemValue>{ROLE_WORDS[store.role]}</DataList.ItemValue>
            </DataList.Item>
          </DataList>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
