// The promo: one per store, shown by websites between its start and end (times in the store's
// zone). The form replaces it whole (PUT); beside it a preview of how a website shows it and
// whether it is live now.
import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Image, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDeletePromo, usePromo, useSavePromo, type Promo, type PromoBody, type PromoState } from '../../api/content';
import { canManage } from '../../api/session';
import { useFormError } from '../../components/api-form';
import { PageError, PageLoader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatDateTime, fromZonedWallTime, toZonedWallTime } from '../../lib/format';
import { notifyDone } from '../../lib/notify';
import { useLeaveGuard } from '../../components/leave-guard';
import { ConfirmDialog, ImageField, isHttpUrl } from './shared';
import { ZonedDateTimePicker } from './ZonedDateTimePicker';
import { SaveButtons } from '../../components/SaveButtons';

interface PromoValues {
  title: string;
  subtitle: string;
  body: string;
  imageUrl: string;
  ctaLabel: string;
  ctaUrl: string;
  /** Wall-clock "YYYY-MM-DD HH:mm:ss" in the store's zone, or null: no bound. */
  startsAt: string | null;
  endsAt: string | null;
}

const FIELDS = ['title', 'subtitle', 'body', 'imageUrl', 'ctaLabel', 'ctaUrl', 'startsAt', 'endsAt'];

function valuesOf(promo: Promo | null, zone: string): PromoValues {
  return {
    title: promo?.title ?? '',
    subtitle: promo?.subtitle ?? '',
    body: promo?.body ?? '',
    imageUrl: promo?.imageUrl ?? '',
    ctaLabel: promo?.ctaLabel ?? '',
    ctaUrl: promo?.ctaUrl ?? '',
    startsAt: promo?.startsAt ? toZonedWallTime(promo.startsAt, zone) : null,
    endsAt: promo?.endsAt ? toZonedWallTime(promo.endsAt, zone) : null,
  };
}

/** Whether a window (UTC instants, null = open) contains now. */
function liveNow(startsAt: string | null, endsAt: string | null, now = Date.now()): boolean {
  return (!startsAt || Date.parse(startsAt) <= now) && (!endsAt || now < Date.parse(endsAt));
}

/** The window in words: when it shows, and why it does not now. */
function windowSentence(startsAt: string | null, endsAt: string | null, zone: string, now = Date.now()): string {
  const at = (iso: string) => formatDateTime(iso, zone);
  if (startsAt && Date.parse(startsAt) > now) return `Starts ${at(startsAt)}${endsAt ? `, ends ${at(endsAt)}` : ''}.`;
  if (endsAt && Date.parse(endsAt) <= now) return `Ended ${at(endsAt)}.`;
  if (endsAt) return `Shows until ${at(endsAt)}.`;
  return 'Shows with no end date.';
}

export function PromoTab() {
  const store = useCurrentStore();
  const promo = usePromo(store.storeId);
  if (promo.isPending) return <PageLoader />;
  if (promo.isError) return <PageError error={promo.error} retry={() => promo.refetch()} />;
  return <PromoEditor key={promo.data.promo?.updatedAt ?? 'none'} state={promo.data} />;
}

function PromoEditor({ state }: { state: PromoState }) {
  const store = useCurrentStore();
  const zone = store.timezone;
  const editable = canManage(store.role);
  const save = useSavePromo(store.storeId);
  const remove = useDeletePromo(store.storeId);
  const error = useFormError();
  const [deleting, setDeleting] = useState(false);
  const form = useForm<PromoValues>({
    initialValues: valuesOf(state.promo, zone),
    validate: {
      title: (v) => (v.trim() ? null : 'Enter a title'),
      ctaUrl: (v, values) => (v.trim() && !isHttpUrl(v) ? 'An address starting with https:// or http://' : !v.trim() && values.ctaLabel.trim() ? 'Add the address the button opens' : null),
      endsAt: (v, values) => (v && values.startsAt && v <= values.startsAt ? 'The end must be after the start' : null),
    },
  });
  const guard = useLeaveGuard(editable && form.isDirty());
  const values = form.getValues();
  const startsAt = values.startsAt ? fromZonedWallTime(values.startsAt, zone) : null;
  const endsAt = values.endsAt ? fromZonedWallTime(values.endsAt, zone) : null;

  const submit = form.onSubmit(async (v) => {
    error.clear();
    const text = (s: string) => s.trim() || null;
    const body: PromoBody = {
      title: v.title.trim(),
      subtitle: text(v.subtitle),
      body: text(v.body),
      imageUrl: text(v.imageUrl),
      ctaLabel: text(v.ctaLabel),
      ctaUrl: text(v.ctaUrl),
      startsAt: v.startsAt ? fromZonedWallTime(v.startsAt, zone) : null,
      endsAt: v.endsAt ? fromZonedWallTime(v.endsAt, zone) : null,
    };
    try {
      const saved = await save.mutateAsync(body);
      // The editor is keyed by updatedAt: it starts again from what was saved.
      notifyDone(saved.active ? 'Promo saved: it is live now' : 'Promo saved: it is not live now');
    } catch (e) {
      error.set(e, form, FIELDS);
    }
  });

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Stack gap="md">
        <Card withBorder component="section" aria-labelledby="promo-status">
          <Title order={2} size="h4" id="promo-status" mb="xs">Status</Title>
          {state.promo ? (
            <Group gap="sm" wrap="wrap">
              <Badge color={state.active ? 'teal.9' : 'gray.8'} variant={state.active ? 'filled' : 'outline'} size="lg">{state.active ? 'Live now' : 'Not live'}</Badge>
              <Text size="sm">{windowSentence(state.promo.startsAt, state.promo.endsAt, zone)}</Text>
            </Group>
          ) : (
            <Text size="sm">No promo. Websites get none until you save one.</Text>
          )}
        </Card>

        <Card withBorder component="section" aria-labelledby="promo-edit">
          <Title order={2} size="h4" id="promo-edit" mb="sm">{state.promo ? 'Edit the promo' : 'Create a promo'}</Title>
          <form onSubmit={submit} noValidate>
            <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
              <Stack gap="sm">
                {error.message && <Alert color="red" role="alert">{error.message}</Alert>}
                <TextInput label="Title" required maxLength={200} {...form.getInputProps('title')} />
                <TextInput label="Subtitle" maxLength={300} {...form.getInputProps('subtitle')} />
                <Textarea label="Text" description="Plain text" autosize minRows={3} maxLength={5000} {...form.getInputProps('body')} />
                <ImageField
                  storeId={store.storeId}
                  label="Promo picture"
                  url={values.imageUrl}
                  onUrl={(url) => form.setFieldValue('imageUrl', url)}
                  error={form.errors.imageUrl}
                  onError={(message) => (message ? form.setFieldError('imageUrl', message) : form.clearFieldError('imageUrl'))}
                  disabled={!editable}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput label="Button label" placeholder="Shop now" maxLength={80} {...form.getInputProps('ctaLabel')} />
                  <TextInput label="Button link" placeholder="https://…" type="url" {...form.getInputProps('ctaUrl')} />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <ZonedDateTimePicker
                    label="Starts"
                    clearLabel="Clear the start"
                    description={`${zone} time; empty: from now`}
                    placeholder="Right away"
                    {...form.getInputProps('startsAt')}
                  />
                  <ZonedDateTimePicker
                    label="Ends"
                    clearLabel="Clear the end"
                    description={`${zone} time; empty: no end`}
                    placeholder="No end"
                    {...form.getInputProps('endsAt')}
                  />
                </SimpleGrid>
                {editable && (
                  <Group justify="space-between" wrap="wrap">
                    {state.promo ? <Button variant="outline" color="red" onClick={() => setDeleting(true)}>Remove promo</Button> : <span />}
                    <Group gap="xs">
                      <SaveButtons form={form} error={error} label="Save promo" saving={save.isPending} saveDisabled={!form.isDirty() && !!state.promo} />
                    </Group>
                  </Group>
                )}
              </Stack>
            </fieldset>
          </form>
        </Card>
      </Stack>

      <Card withBorder component="section" aria-labelledby="promo-preview" style={{ alignSelf: 'start' }}>
        <Title order={2} size="h4" id="promo-preview" mb={4}>Preview</Title>
        <Text size="sm" c="dimmed" mb="sm">How a website shows these fields (each site uses its own style).</Text>
        <Group gap="xs" mb="sm">
          <Text size="sm" fw={600}>With these dates:</Text>
          <Text size="sm" data-testid="promo-preview-live">{liveNow(startsAt, endsAt) ? 'live now' : 'not live now'}</Text>
        </Group>
        <PromoPreview values={values} />
      </Card>
      {guard.dialog}
      {deleting && (
        <ConfirmDialog
          title="Remove the promo?"
          confirmLabel="Remove promo"
          busy={remove.isPending}
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            try {
              await remove.mutateAsync();
              setDeleting(false);
              notifyDone('Promo removed');
            } catch (e) {
              setDeleting(false);
              error.set(e);
            }
          }}
        >
          <Text size="sm">Websites stop showing “{state.promo?.title}” at once. This cannot be undone.</Text>
        </ConfirmDialog>
      )}
    </SimpleGrid>
  );
}

function PromoPreview({ values }: { values: PromoValues }) {
  if (!values.title.trim()) return <Text size="sm" c="dimmed">Give the promo a title to see it here.</Text>;
  return (
    <Card withBorder radius="lg" p={0} style={{ overflow: 'hidden', background: 'var(--mantine-color-gray-0)' }} aria-label="Promo as a website shows it" role="figure">
      {values.imageUrl && <Image src={values.imageUrl} alt="" h={180} fit="cover" />}
      <Stack gap={6} p="md">
        <Text fw={700} size="xl" style={{ overflowWrap: 'anywhere' }}>{values.title}</Text>
        {values.subtitle.trim() && <Text fw={500} style={{ overflowWrap: 'anywhere' }}>{values.subtitle}</Text>}
        {values.body.trim() && <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{values.body}</Text>}
        {values.ctaLabel.trim() && (
          <Group mt="xs">
            <Text component="span" fw={600} c="white" bg="teal.9" px="md" py={6} style={{ borderRadius: 'var(--mantine-radius-md)' }}>{values.ctaLabel}</Text>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
