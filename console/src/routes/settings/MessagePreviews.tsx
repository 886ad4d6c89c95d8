// Every message the store sends, previewed with its own name, contact, time zone and language about
// a made-up booking or order: pick one to read its subject, sender and the mail itself (in a
// sandboxed frame, scripts and links inert), or its text version.
import { useState } from 'react';
import { Alert, Box, Chip, Grid, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { CUSTOMER_MESSAGES, STAFF_MESSAGES, messageKindLabel, useMessagePreview, type MessageKind } from '../../api/messages';
import { PageError } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';

const ALL = [...CUSTOMER_MESSAGES, ...STAFF_MESSAGES];
// Tall enough for a whole booking mail on a phone; longer ones scroll inside the frame.
const FRAME_HEIGHT = 760;

export function MessagePreviews() {
  const [kind, setKind] = useState<MessageKind>('booking.confirmed');
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Chip.Group multiple={false} value={kind} onChange={(v) => setKind(v as MessageKind)}>
          <Stack gap="sm">
            <KindGroup id="preview-customers" title="To customers" kinds={CUSTOMER_MESSAGES} />
            <KindGroup id="preview-team" title="To your team" kinds={STAFF_MESSAGES} />
          </Stack>
        </Chip.Group>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Preview key={kind} kind={kind} />
      </Grid.Col>
    </Grid>
  );
}

function KindGroup({ id, title, kinds }: { id: string; title: string; kinds: typeof ALL }) {
  return (
    <div role="radiogroup" aria-labelledby={id}>
      <Text size="sm" fw={600} id={id} mb={6}>{title}</Text>
      <Group gap={6}>
        {kinds.map((k) => (
          <Chip key={k.kind} value={k.kind} size="sm" variant="outline">{k.label}</Chip>
        ))}
      </Group>
    </div>
  );
}

function Preview({ kind }: { kind: MessageKind }) {
  const store = useCurrentStore();
  const preview = useMessagePreview(store.storeId, kind);
  const [view, setView] = useState<'mail' | 'text'>('mail');
  const info = ALL.find((k) => k.kind === kind)!;
  const label = messageKindLabel(kind);

  return (
    <Stack gap="sm" component="section" aria-labelledby="preview-title">
      <div>
        <Title order={3} size="h5" id="preview-title">{label}</Title>
        <Text size="sm" c="dimmed">{info.when}.</Text>
      </div>
      {preview.isError ? (
        <PageError error={preview.error} retry={() => preview.refetch()} />
      ) : !preview.data ? (
        <Stack gap="xs" role="status" aria-label={`Loading the preview of ${label}`}>
          <Skeleton h={56} />
          <Skeleton h={FRAME_HEIGHT / 2} />
        </Stack>
      ) : (
        <>
          <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 12, rowGap: 4, fontSize: 'var(--mantine-font-size-sm)' }}>
            <Text component="dt" size="sm" c="dimmed">Subject</Text>
            <Text component="dd" size="sm" fw={600} m={0} style={{ overflowWrap: 'anywhere' }}>{preview.data.subject}</Text>
            <Text component="dt" size="sm" c="dimmed">From</Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>{preview.data.from}</Text>
            <Text component="dt" size="sm" c="dimmed">Replies to</Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
              {preview.data.replyTo ?? 'Nobody: add your email under Profile and hours, so customers’ replies reach you'}
            </Text>
          </Box>
          {preview.data.calendar && (
            <Alert color="blue" variant="light" p="xs">
              <Text size="sm">A calendar invitation is attached, so the customer can add the appointment to their calendar (and it moves or goes with the booking).</Text>
            </Alert>
          )}
          <SegmentedControl
            aria-label="Show"
            value={view}
            onChange={(v) => setView(v as 'mail' | 'text')}
            data={[
              { value: 'mail', label: 'Email' },
              { value: 'text', label: 'Text version' },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
          {view === 'mail' ? (
            <iframe
              sandbox=""
              srcDoc={preview.data.html}
              title={`Preview of ${label}`}
              style={{ width: '100%', height: FRAME_HEIGHT, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)', background: '#fff' }}
            />
          ) : (
            <Box
              component="pre"
              m={0}
              p="sm"
              style={{
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                fontSize: 'var(--mantine-font-size-sm)',
                background: 'var(--mantine-color-gray-0)',
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 'var(--mantine-radius-md)',
              }}
            >
              {preview.data.text}
            </Box>
          )}
        </>
      )}
    </Stack>
  );
}
