// Catalog sync: upload a CSV or JSON feed, see first what it would do (a dry run: items created,
// updated with the fields that change, deleted, and the rows that fail), then apply that same feed;
// the runs list with counts, duration and failures; roll back a run behind a confirmation.
import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Checkbox, FileInput, Group, Modal, Radio, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  useRollback,
  useSendFeed,
  useSyncRuns,
  type Feed,
  type FeedOptions,
  type FeedOutcome,
  type SyncChange,
  type SyncCounts,
  type SyncFailure,
  type SyncRun,
} from '../../api/developer';
import { EmptyState, PageError } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatDateTime, statusLabel } from '../../lib/format';
import { notifyDone } from '../../lib/notify';
import { ConfirmDialog } from './shared';

export function Component() {
  return (
    <Stack gap="xl">
      <Stack gap={2}>
        <Title order={2} size="h3">Catalog sync</Title>
        <Text size="sm" c="dimmed">
          Load your catalog from a point-of-sale export or a spreadsheet. Every feed is checked first and shows what it would change;
          an applied feed can be rolled back to the catalog as it was just before.
        </Text>
      </Stack>
      <UploadFeed />
      <Runs />
    </Stack>
  );
}

// ---- upload, dry run, apply ----

/** Reads the chosen file: CSV as text, JSON as a list of items or an object holding `items`. */
async function readFeed(file: File): Promise<Feed> {
  const text = await file.text();
  const json = /\.json$/i.test(file.name) || file.type === 'application/json';
  if (!json) return { format: 'csv', text };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${file.name} is not valid JSON.`);
  }
  const items = Array.isArray(parsed) ? parsed : (parsed as { items?: unknown })?.items;
  if (!Array.isArray(items)) throw new Error(`${file.name} must hold a list of items, or an object with an "items" list.`);
  return { format: 'json', items };
}

function UploadFeed() {
  const store = useCurrentStore();
  const send = useSendFeed(store.storeId);
  const [file, setFile] = useState<File | null>(null);
  const [options, setOptions] = useState<FeedOptions>({ mode: 'upsert', allowMassDelete: false });
  // The feed and settings the shown dry run was made with: Apply sends exactly these.
  const [checked, setChecked] = useState<{ feed: Feed; options: FeedOptions; outcome: FeedOutcome } | null>(null);
  const [applied, setApplied] = useState<FeedOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setChecked(null);
    setApplied(null);
    setError(null);
  };

  const dryRun = async () => {
    reset();
    if (!file) return setError('Choose a CSV or JSON file first.');
    try {
      const feed = await readFeed(file);
      const outcome = await send.mutateAsync({ feed, options, dryRun: true });
      setChecked({ feed, options, outcome });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong.');
    }
  };

  const apply = async () => {
    if (!checked) return;
    setError(null);
    try {
      const outcome = await send.mutateAsync({ feed: checked.feed, options: checked.options, dryRun: false });
      setChecked(null);
      setApplied(outcome);
      if (outcome.kind === 'applied') notifyDone('Feed applied to the catalog');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong.');
    }
  };

  const preview = checked?.outcome;
  return (
    <Card withBorder component="section" aria-labelledby="sync-upload">
      <Stack gap="md">
        <Title order={3} size="h4" id="sync-upload">Upload a feed</Title>
        <FileInput
          label="Feed file"
          description="CSV with a header row (id, name, itemType, price, stockCount, …) or JSON (a list of items)"
          placeholder="Choose a .csv or .json file"
          // Mantine's placeholder grey is under 4.5:1 on white; the dimmed grey is not.
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          accept=".csv,.json,text/csv,application/json"
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the file' }}
          value={file}
          onChange={(f) => {
            setFile(f);
            reset();
          }}
        />
        <Radio.Group
          label="Mode"
          value={options.mode}
          onChange={(mode) => {
            setOptions((o) => ({ ...o, mode: mode as FeedOptions['mode'] }));
            reset();
          }}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="upsert" label="Upsert" description="Create or update the items in the file; keep every other item" />
            <Radio value="full" label="Full" description="The file is the whole catalog: items not in it are deleted" />
          </Stack>
        </Radio.Group>
        <Checkbox
          label="Allow deleting more than half of the catalog"
          description="A full feed that would delete more than half of your items is refused, in case the export was cut short. Tick this only when you mean to remove that many."
          checked={options.allowMassDelete}
          onChange={(e) => {
            const allowMassDelete = e.currentTarget.checked;
            setOptions((o) => ({ ...o, allowMassDelete }));
            reset();
          }}
        />
        <Group>
          <Button onClick={dryRun} loading={send.isPending && !checked} disabled={!file}>Check feed (dry run)</Button>
          <Text size="xs" c="dimmed">Nothing changes until you apply.</Text>
        </Group>
        {error && <Alert color="red" role="alert">{error}</Alert>}
        {preview && <DryRunReport outcome={preview} onApply={apply} applying={send.isPending} options={checked.options} />}
        {applied && <AppliedReport outcome={applied} />}
      </Stack>
    </Card>
  );
}

function countsText(c: SyncCounts) {
  return `${c.created} created, ${c.updated} updated, ${c.deleted} deleted, ${c.unchanged} unchanged`;
}

function DryRunReport({ outcome, onApply, applying, options }: { outcome: FeedOutcome; onApply: () => void; applying: boolean; options: FeedOptions }) {
  if (outcome.kind === 'applied') return null;
  if (outcome.kind === 'refused') {
    const massDelete = outcome.code === 'mass-delete-refused';
    return (
      <Stack gap="sm" aria-label="Dry run result" role="region">
        <Alert color="red" role="alert" title={massDelete ? 'This feed would delete more than half of the catalog' : 'This feed cannot be applied'}>
          <Text size="sm">{outcome.message}</Text>
          {massDelete && !options.allowMassDelete && (
            <Text size="sm" mt={4}>If that is what you mean, tick “Allow deleting more than half of the catalog” and check the feed again.</Text>
          )}
          {!massDelete && outcome.failures.length === 0 && outcome.details.length > 0 && (
            <Text size="sm" mt={4}>{outcome.details.map((d) => `${d.field}: ${d.message}`).join('; ')}</Text>
          )}
        </Alert>
        {outcome.failures.length > 0 && <Failures failures={outcome.failures} caption="Rows that fail" />}
        {massDelete && outcome.counts && <Text size="sm">As if allowed: {countsText(outcome.counts)}.</Text>}
        {massDelete && outcome.changes.length > 0 && <Changes changes={outcome.changes} />}
      </Stack>
    );
  }
  const { counts, changes } = outcome;
  const nothing = counts.created + counts.updated + counts.deleted === 0;
  return (
    <Stack gap="sm" aria-label="Dry run result" role="region">
      <Alert color="blue" role="status" title="Dry run: nothing has changed yet">
        <Text size="sm">Applying this feed would: {countsText(counts)}.</Text>
      </Alert>
      <CountTiles counts={counts} />
      {nothing ? <Text size="sm">The catalog already matches this feed.</Text> : <Changes changes={changes} />}
      <Group>
        <Button onClick={onApply} loading={applying}>Apply feed</Button>
        <Text size="xs" c="dimmed">Sends this same file for real. You can roll it back afterwards.</Text>
      </Group>
    </Stack>
  );
}

function AppliedReport({ outcome }: { outcome: FeedOutcome }) {
  if (outcome.kind === 'applied') {
    return (
      <Alert color="teal" role="status" title="Feed applied">
        <Text size="sm">{countsText(outcome.run.counts)}. The run is listed below, where it can be rolled back.</Text>
      </Alert>
    );
  }
  if (outcome.kind === 'refused') {
    // The catalog changed between the dry run and the apply; nothing was applied.
    return (
      <Stack gap="sm">
        <Alert color="red" role="alert" title="The feed was refused; nothing changed">{outcome.message}</Alert>
        {outcome.failures.length > 0 && <Failures failures={outcome.failures} caption="Rows that fail" />}
      </Stack>
    );
  }
  return null;
}

function CountTiles({ counts }: { counts: SyncCounts }) {
  const tiles: [string, number][] = [['Created', counts.created], ['Updated', counts.updated], ['Deleted', counts.deleted], ['Unchanged', counts.unchanged]];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
      {tiles.map(([label, n]) => (
        <Card key={label} withBorder padding="xs">
          <Text size="xs" c="dimmed">{label}</Text>
          <Text fw={700} size="lg">{n}</Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

const ACTION: Record<SyncChange['action'], { label: string; color: string }> = {
  create: { label: 'Create', color: 'teal' },
  update: { label: 'Update', color: 'blue' },
  delete: { label: 'Delete', color: 'red' },
};

function fieldsText(c: SyncChange) {
  if (c.action === 'delete') return 'The whole item goes';
  if (c.action === 'create') return c.fields.join(', ');
  return `Changes: ${c.fields.join(', ')}`;
}

function Changes({ changes }: { changes: SyncChange[] }) {
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table aria-label="What the feed would change" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Item id</Table.Th>
            <Table.Th scope="col">Action</Table.Th>
            <Table.Th scope="col">Fields</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((c) => (
            <Table.Tr key={`${c.action}-${c.itemId}`}>
              <Table.Td><Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{c.itemId}</Text></Table.Td>
              <Table.Td><Badge color={ACTION[c.action].color} variant="dot">{ACTION[c.action].label}</Badge></Table.Td>
              <Table.Td><Text size="sm">{fieldsText(c)}</Text></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Failures({ failures, caption }: { failures: SyncFailure[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table aria-label={caption} verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Row</Table.Th>
            <Table.Th scope="col">Item id</Table.Th>
            <Table.Th scope="col">Why</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {failures.map((f, i) => (
            <Table.Tr key={i}>
              <Table.Td>{f.row ?? 'Whole feed'}</Table.Td>
              <Table.Td><Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{f.itemId ?? '—'}</Text></Table.Td>
              <Table.Td><Text size="sm">{f.reason}</Text></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

// ---- runs ----

const RUN_COLOR: Record<SyncRun['status'], string> = { running: 'blue', succeeded: 'teal', failed: 'red', rolled_back: 'gray' };

function runKind(run: SyncRun) {
  if (run.kind === 'rollback') return 'Rollback';
  return `${run.mode === 'full' ? 'Full' : 'Upsert'} feed${run.source ? ` (${run.source.toUpperCase()})` : ''}`;
}

function duration(ms: number | null) {
  if (ms === null) return '—';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function Runs() {
  const store = useCurrentStore();
  const pages = useSyncRuns(store.storeId);
  const rollback = useRollback(store.storeId);
  const runs = pages.data?.pages.flatMap((p) => p.runs) ?? [];
  const [rollingBack, setRollingBack] = useState<SyncRun | null>(null);
  const [showing, setShowing] = useState<SyncRun | null>(null);
  const time = (iso: string | null) => formatDateTime(iso, store.timezone, { dateStyle: 'medium', timeStyle: 'medium' });

  const actions = (run: SyncRun): ReactNode => (
    <Group gap={4} wrap="nowrap">
      {run.failures.length > 0 && (
        <Button size="xs" variant="subtle" onClick={() => setShowing(run)} aria-label={`Failures of the run started ${time(run.startedAt)}`}>
          Failures
        </Button>
      )}
      {run.kind === 'sync' && run.status === 'succeeded' && (
        <Button size="xs" variant="default" onClick={() => setRollingBack(run)} aria-label={`Roll back the run started ${time(run.startedAt)}`}>
          Roll back
        </Button>
      )}
    </Group>
  );
  // Never narrower than its words: a table column must not cut the status short.
  const status = (run: SyncRun) => <Badge color={RUN_COLOR[run.status]} variant="dot" miw="max-content">{statusLabel(run.status)}</Badge>;
  const undone = (run: SyncRun) => runs.filter((r) => r.kind === 'sync' && r.status === 'succeeded' && r.runId !== run.runId && r.startedAt > run.startedAt).length;

  return (
    <Stack gap="sm" component="section" aria-labelledby="sync-runs">
      <Title order={3} size="h4" id="sync-runs">Runs</Title>
      {pages.isError ? (
        <PageError error={pages.error} retry={() => pages.refetch()} />
      ) : pages.isPending ? (
        <Text size="sm" c="dimmed">Loading…</Text>
      ) : runs.length === 0 ? (
        <EmptyState title="No runs yet">Applied feeds, refused feeds and rollbacks are listed here.</EmptyState>
      ) : (
        <>
          <Table.ScrollContainer minWidth={920} visibleFrom="sm">
            <Table aria-label="Sync runs" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Started</Table.Th>
                  <Table.Th scope="col">Kind</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col" ta="right">Created</Table.Th>
                  <Table.Th scope="col" ta="right">Updated</Table.Th>
                  <Table.Th scope="col" ta="right">Deleted</Table.Th>
                  <Table.Th scope="col" ta="right">Unchanged</Table.Th>
                  <Table.Th scope="col" ta="right">Failed</Table.Th>
                  <Table.Th scope="col" ta="right">Duration</Table.Th>
                  <Table.Th scope="col">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {runs.map((r) => (
                  <Table.Tr key={r.runId}>
                    <Table.Td><Text size="sm" style={{ whiteSpace: 'nowrap' }}>{time(r.startedAt)}</Text></Table.Td>
                    <Table.Td><Text size="sm">{runKind(r)}</Text></Table.Td>
                    <Table.Td>{status(r)}</Table.Td>
                    <Table.Td ta="right">{r.counts.created}</Table.Td>
                    <Table.Td ta="right">{r.counts.updated}</Table.Td>
                    <Table.Td ta="right">{r.counts.deleted}</Table.Td>
                    <Table.Td ta="right">{r.counts.unchanged}</Table.Td>
                    <Table.Td ta="right">{r.counts.failed}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{duration(r.durationMs)}</Table.Td>
                    <Table.Td>{actions(r)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Sync runs">
            {runs.map((r) => (
              <Card key={r.runId} withBorder component="li" padding="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2}>
                    <Text fw={600} size="sm">{runKind(r)}</Text>
                    <Text size="xs" c="dimmed">{time(r.startedAt)} · {duration(r.durationMs)}</Text>
                  </Stack>
                  {status(r)}
                </Group>
                <Text size="sm" mt={4}>{countsText(r.counts)}{r.counts.failed ? `, ${r.counts.failed} failed` : ''}</Text>
                <Group justify="flex-end" mt={4}>{actions(r)}</Group>
              </Card>
            ))}
          </Stack>
        </>
      )}
      {pages.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => pages.fetchNextPage()} loading={pages.isFetchingNextPage}>Load more</Button>
        </Group>
      )}

      {showing && (
        <Modal opened onClose={() => setShowing(null)} title={`Failures of the run started ${time(showing.startedAt)}`} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
          <Stack>
            {showing.counts.failed > showing.failures.length && <Text size="sm">The first {showing.failures.length} of {showing.counts.failed}.</Text>}
            <Failures failures={showing.failures} caption="Failures" />
          </Stack>
        </Modal>
      )}
      {rollingBack && (
        <ConfirmDialog
          title="Roll back this run?"
          confirmLabel="Roll back"
          cancelLabel="Keep the catalog as it is"
          onClose={() => setRollingBack(null)}
          onConfirm={async () => {
            const result = await rollback.mutateAsync(rollingBack.runId);
            notifyDone(`Catalog rolled back: ${countsText(result.run.counts)}`);
            setRollingBack(null);
          }}
        >
          <Text size="sm">
            The catalog goes back to exactly what it was just before the run of {time(rollingBack.startedAt)}: items it created are removed, items it deleted come back,
            and every price, stock count and detail returns to its value then.
          </Text>
          {undone(rollingBack) > 0 && (
            <Text size="sm" fw={600}>{undone(rollingBack)} later {undone(rollingBack) === 1 ? 'feed is' : 'feeds are'} undone too.</Text>
          )}
          <Text size="sm">Changes made since then — stock taken by orders, edits by staff — are overwritten as well.</Text>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
