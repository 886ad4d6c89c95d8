// The gallery: pictures in display order. Owners and admins upload (new pictures start hidden, so
// they get a description before websites show them), describe, publish or hide, reorder by drag or
// with the Move up / Move down buttons (keyboard), and delete. The order is saved at once.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Alert, Badge, Button, Card, FileInput, Flex, Group, Image, Stack, Switch, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useCreateGalleryEntry, useDeleteGalleryEntry, useGallery, useReorderGallery, useUpdateGalleryEntry, type GalleryEntry } from '../../api/content';
import { canManage } from '../../api/session';
import { EmptyState, PageError, PageLoader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { notifyDone } from '../../lib/notify';
import { ConfirmDialog, imageProblem, readablePlaceholder, uploadCheckedImage } from './shared';

/** How a person tells pictures apart in button names and messages. */
function nameOf(entry: GalleryEntry, index: number): string {
  return entry.alt?.trim() || entry.caption?.trim() || `Picture ${index + 1}`;
}

function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

export function GalleryTab() {
  const store = useCurrentStore();
  const gallery = useGallery(store.storeId);
  const reorder = useReorderGallery(store.storeId);
  const editable = canManage(store.role);
  const [announcement, setAnnouncement] = useState('');
  const [orderError, setOrderError] = useState<string | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  // After a move by keyboard, the focus stays on the moved picture's button.
  const focusAfterMove = useRef<{ id: string; direction: 'up' | 'down' } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());

  const entries = gallery.data ?? [];

  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const button = buttons.current.get(`${target.id}:${target.direction}`);
    const other = buttons.current.get(`${target.id}:${target.direction === 'up' ? 'down' : 'up'}`);
    (button && !button.disabled ? button : other)?.focus();
  }, [entries]);

  if (gallery.isPending) return <PageLoader />;
  if (gallery.isError) return <PageError error={gallery.error} retry={() => gallery.refetch()} />;

  async function move(from: number, to: number, byKeyboard?: 'up' | 'down') {
    if (to < 0 || to >= entries.length || from === to) return;
    const entry = entries[from];
    setOrderError(null);
    if (byKeyboard) focusAfterMove.current = { id: entry.id, direction: byKeyboard };
    const name = nameOf(entry, from);
    try {
      await reorder.mutateAsync(moved(entries, from, to));
      setAnnouncement(`${name} moved to position ${to + 1} of ${entries.length}. Order saved.`);
    } catch (e) {
      setOrderError(`The new order was not saved: ${e instanceof Error ? e.message : 'unknown error'}`);
    }
  }

  function onDrop(event: DragEvent, to: number) {
    event.preventDefault();
    const from = entries.findIndex((e) => e.id === dragging);
    setDragging(null);
    if (from >= 0) void move(from, to);
  }

  return (
    <Stack gap="md">
      {editable && <AddPictures nextSortOrder={entries.reduce((max, e) => Math.max(max, e.sortOrder + 1), 0)} />}
      <VisuallyHidden role="status" aria-live="polite">{announcement}</VisuallyHidden>
      {orderError && <Alert color="red" role="alert">{orderError}</Alert>}
      {entries.length === 0 ? (
        <EmptyState title="No pictures yet">{editable ? 'Add pictures above; websites show the published ones in this order.' : 'Owners and admins add pictures here.'}</EmptyState>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Websites show published pictures in this order.{editable && ' Drag a picture, or use its Move up and Move down buttons, to change it.'}
          </Text>
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Gallery pictures in display order">
            {entries.map((entry, index) => (
              <li
                key={entry.id}
                draggable={editable}
                onDragStart={(e) => {
                  setDragging(entry.id);
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', entry.id);
                }}
                onDragEnd={() => setDragging(null)}
                onDragOver={(e) => {
                  if (dragging) e.preventDefault();
                }}
                onDrop={(e) => onDrop(e, index)}
                style={{ opacity: dragging === entry.id ? 0.5 : 1, cursor: editable ? 'grab' : undefined }}
                data-testid="gallery-entry"
              >
                <GalleryRow
                  entry={entry}
                  index={index}
                  count={entries.length}
                  editable={editable}
                  onMove={(direction) => void move(index, direction === 'up' ? index - 1 : index + 1, direction)}
                  buttonRef={(direction, el) => buttons.current.set(`${entry.id}:${direction}`, el)}
                />
              </li>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

/** Upload one or more pictures: each is checked here first, then added hidden at the end. */
function AddPictures({ nextSortOrder }: { nextSortOrder: number }) {
  const store = useCurrentStore();
  const create = useCreateGalleryEntry(store.storeId);
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  async function add(chosen: File[]) {
    setFiles(chosen);
    if (chosen.length === 0) return;
    const found = chosen.map(imageProblem).filter((p): p is string => !!p);
    setProblems(found);
    const good = chosen.filter((f) => !imageProblem(f));
    setBusy(true);
    let added = 0;
    for (const [i, file] of good.entries()) {
      try {
        const url = await uploadCheckedImage(store.storeId, file);
        await create.mutateAsync({ url, isPublished: false, sortOrder: nextSortOrder + i });
        added++;
      } catch (e) {
        setProblems((p) => [...p, e instanceof Error ? e.message : `“${file.name}” was not added.`]);
      }
    }
    setBusy(false);
    setFiles([]);
    if (added) notifyDone(`${added === 1 ? 'Picture' : `${added} pictures`} added, hidden until you publish`);
  }

  return (
    <Card withBorder>
      <Stack gap="xs">
        <FileInput
          label="Add pictures"
          description={`PNG, JPEG, GIF, WebP or AVIF, at most 5 MB each. New pictures start hidden: describe them, then publish.`}
          placeholder="Choose files"
          styles={readablePlaceholder}
          accept="image/*"
          multiple
          value={files}
          onChange={(chosen) => void add(chosen)}
          disabled={busy}
          maw={520}
        />
        {busy && <Text size="sm" role="status">Uploading…</Text>}
        {problems.length > 0 && (
          <Alert color="red" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setProblems([])}>
            <Stack gap={4}>{problems.map((p) => <Text key={p} size="sm">{p}</Text>)}</Stack>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

interface RowProps {
  entry: GalleryEntry;
  index: number;
  count: number;
  editable: boolean;
  onMove(direction: 'up' | 'down'): void;
  buttonRef(direction: 'up' | 'down', el: HTMLButtonElement | null): void;
}

function GalleryRow({ entry, index, count, editable, onMove, buttonRef }: RowProps) {
  const store = useCurrentStore();
  const update = useUpdateGalleryEntry(store.storeId);
  const remove = useDeleteGalleryEntry(store.storeId);
  const [alt, setAlt] = useState(entry.alt ?? '');
  const [caption, setCaption] = useState(entry.caption ?? '');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const name = nameOf(entry, index);
  const dirty = alt !== (entry.alt ?? '') || caption !== (entry.caption ?? '');

  async function save() {
    setError(null);
    try {
      await update.mutateAsync({ entryId: entry.id, patch: { alt: alt.trim() || null, caption: caption.trim() || null } });
      notifyDone('Picture saved');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Not saved.');
    }
  }

  async function setPublished(isPublished: boolean) {
    setError(null);
    try {
      await update.mutateAsync({ entryId: entry.id, patch: { isPublished } });
      notifyDone(isPublished ? `${name} is published` : `${name} is hidden`);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Not saved.');
    }
  }

  return (
    <Card withBorder padding="sm" aria-label={`${name}, position ${index + 1} of ${count}`} component="article">
      <Group align="flex-start" gap="md" wrap="wrap">
        <Image src={entry.url} alt={entry.alt ?? ''} w={120} h={90} radius="sm" fit="cover" style={{ flex: 'none' }} draggable={false} />
        <Stack gap="xs" style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Group gap="xs">
            <Text size="sm" fw={600}>{index + 1}.</Text>
            <Badge variant={entry.isPublished ? 'filled' : 'outline'} color={entry.isPublished ? 'teal.9' : 'gray.8'}>{entry.isPublished ? 'Published' : 'Hidden'}</Badge>
          </Group>
          {editable ? (
            <>
              <TextInput label="Description (alt text)" description="What the picture shows, read out to people who cannot see it" maxLength={300} value={alt} onChange={(e) => setAlt(e.currentTarget.value)} />
              <TextInput label="Caption" maxLength={500} value={caption} onChange={(e) => setCaption(e.currentTarget.value)} />
              {error && <Text size="sm" c="red.9" role="alert">{error}</Text>}
              <Group gap="xs" wrap="wrap">
                {dirty && <Button size="xs" onClick={() => void save()} loading={update.isPending}>Save picture details</Button>}
                {dirty && <Button size="xs" variant="default" onClick={() => { setAlt(entry.alt ?? ''); setCaption(entry.caption ?? ''); }}>Discard</Button>}
              </Group>
              <Switch
                label="Published on websites"
                checked={entry.isPublished}
                disabled={update.isPending}
                onChange={(e) => void setPublished(e.currentTarget.checked)}
              />
            </>
          ) : (
            <>
              <Text size="sm">{entry.alt || <Text span c="dimmed" size="sm">No description</Text>}</Text>
              {entry.caption && <Text size="sm" c="dimmed">{entry.caption}</Text>}
            </>
          )}
        </Stack>
        {editable && (
          <Flex gap="xs" direction={{ base: 'row', sm: 'column' }} wrap="wrap">
            <Button size="xs" variant="default" ref={(el) => buttonRef('up', el)} disabled={index === 0} onClick={() => onMove('up')} aria-label={`Move up: ${name}`}>
              ↑ Move up
            </Button>
            <Button size="xs" variant="default" ref={(el) => buttonRef('down', el)} disabled={index === count - 1} onClick={() => onMove('down')} aria-label={`Move down: ${name}`}>
              ↓ Move down
            </Button>
            <Button size="xs" variant="outline" color="red" onClick={() => setDeleting(true)} aria-label={`Delete: ${name}`}>Delete</Button>
          </Flex>
        )}
      </Group>
      {deleting && (
        <ConfirmDialog
          title="Delete this picture?"
          confirmLabel="Delete picture"
          busy={remove.isPending}
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(entry.id);
              notifyDone('Picture deleted');
            } catch (e) {
              setError(e instanceof Error ? e.message : 'Not deleted.');
              setDeleting(false);
            }
          }}
        >
          <Stack gap="xs">
            <Image src={entry.url} alt={entry.alt ?? ''} h={120} w="auto" fit="contain" />
            <Text size="sm">{name} leaves the gallery and websites at once. This cannot be undone.</Text>
          </Stack>
        </ConfirmDialog>
      )}
    </Card>
  );
}
