// Adding a customer by hand (a walk-in, someone who phoned): name, phone, email, notes and tags. A
// phone (in any format of the store's country) or email that already belongs to a customer is
// refused by the service; the dialog then links to that customer instead of making a second record.
import { useState, type CSSProperties } from 'react';
import { Alert, Anchor, Button, Group, Modal, Stack, TagsInput, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { conflictingCustomerId, useCreateCustomer, useCustomer, type NewCustomer } from '../../api/customers';
import { useFormError } from '../../components/api-form';
import { useCurrentStore } from '../../components/store-context';
import { notifyDone } from '../../lib/notify';

const FIELDS = ['name', 'phone', 'email', 'notes', 'tags'];

export function AddCustomerDialog({ onClose }: { onClose(): void }) {
  const store = useCurrentStore();
  const navigate = useNavigate();
  const create = useCreateCustomer(store.storeId);
  const error = useFormError();
  const [existing, setExisting] = useState<{ id: string; field: string } | null>(null);
  const form = useForm({
    initialValues: { name: '', phone: '', email: '', notes: '', tags: [] as string[] },
    validate: { name: (v) => (v.trim() ? null : 'Enter a name') },
  });

  const submit = form.onSubmit(async (v) => {
    error.clear();
    setExisting(null);
    const body: NewCustomer = {
      name: v.name.trim(),
      ...(v.phone.trim() ? { phone: v.phone.trim() } : {}),
      ...(v.email.trim() ? { email: v.email.trim() } : {}),
      ...(v.notes.trim() ? { notes: v.notes.trim() } : {}),
      ...(v.tags.length ? { tags: v.tags } : {}),
    };
    try {
      const { customer } = await create.mutateAsync(body);
      notifyDone(`${customer.name} added`);
      onClose();
      navigate(`/s/${store.storeId}/customers/${customer.id}`);
    } catch (e) {
      const other = e instanceof ApiError && e.status === 409 ? conflictingCustomerId(e.message) : null;
      const field = e instanceof ApiError ? (e.details[0]?.field ?? '') : '';
      if (e instanceof ApiError && e.status === 409 && (field === 'phone' || field === 'email')) {
        setExisting({ id: other ?? '', field });
        form.setFieldError(field, field === 'phone' ? 'Another customer has this number' : 'Another customer has this email');
        return;
      }
      error.set(e, form, FIELDS);
    }
  });

  return (
    <Modal opened onClose={onClose} title="Add customer" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate style={{ '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties}>
        <Stack gap="sm">
          {existing && <AlreadyCustomer id={existing.id} field={existing.field} />}
          {error.message && <Alert color="red" role="alert">{error.message}</Alert>}
          <TextInput label="Name" required maxLength={200} autoComplete="off" data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Phone" type="tel" autoComplete="off" description="Any format, e.g. 024 123 4567 or +233 24 123 4567" {...form.getInputProps('phone')} />
          <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
          <Textarea label="Notes" autosize minRows={2} maxRows={6} maxLength={2000} description="Only staff see them, e.g. allergies or favourite style" {...form.getInputProps('notes')} />
          <TagsInput label="Tags" description="Press Enter after each, e.g. VIP" maxTags={20} clearable {...form.getInputProps('tags')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={create.isPending}>Add customer</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** "Already a customer: Esi Mensah": the record that has this phone or email, to open instead. */
function AlreadyCustomer({ id, field }: { id: string; field: string }) {
  const store = useCurrentStore();
  const what = field === 'phone' ? 'This phone number' : 'This email';
  return (
    <Alert color="yellow" role="alert" title="Already a customer" styles={{ title: { color: 'var(--console-text-on-tint)' } }}>
      {what} belongs to a customer of {store.name}: {id ? <CustomerLink id={id} /> : 'search for them in the list'}. Open their record rather than adding them twice.
    </Alert>
  );
}

function CustomerLink({ id }: { id: string }) {
  const store = useCurrentStore();
  const other = useCustomer(store.storeId, id);
  return <Anchor component={Link} to={`/s/${store.storeId}/customers/${id}`} size="sm" fw={700} c="var(--console-text-on-tint)" underline="always">{other.data?.name ?? 'open their record'}</Anchor>;
}
