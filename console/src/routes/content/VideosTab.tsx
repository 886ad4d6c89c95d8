// The video feed (GET /integrationVideos): videos in feed order, newest publication date first and
// undated ones last, so the order is set by each video's publication date. Owners and admins add,
// edit and delete; the feed answers 404 to websites while it has no video.
import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Image, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCreateVideo, useDeleteVideo, useUpdateVideo, useVideos, type Video, type VideoInput } from '../../api/content';
import { canManage } from '../../api/session';
import { useFormError } from '../../components/api-form';
import { EmptyState, PageError, PageLoader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatDateTime, fromZonedWallTime, toZonedWallTime } from '../../lib/format';
import { notifyDone } from '../../lib/notify';
import { ConfirmDialog, ImageField, isHttpUrl } from './shared';
import { ZonedDateTimePicker } from './ZonedDateTimePicker';

export function VideosTab() {
  const store = useCurrentStore();
  const videos = useVideos(store.storeId);
  const editable = canManage(store.role);
  const [editing, setEditing] = useState<Video | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Video | null>(null);
  const remove = useDeleteVideo(store.storeId);
  const [error, setError] = useState<string | null>(null);

  if (videos.isPending) return <PageLoader />;
  if (videos.isError) return <PageError error={videos.error} retry={() => videos.refetch()} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text size="sm" c="dimmed" maw={560}>
          Websites get the videos in this order: newest publication date first, videos without a date last. Change a video’s date to move it.
        </Text>
        {editable && <Button onClick={() => setEditing('new')}>Add video</Button>}
      </Group>
      {error && <Alert color="red" role="alert">{error}</Alert>}
      {videos.data.length === 0 ? (
        <EmptyState title="No videos">Websites that ask for the video feed are told it is not set up until the first video is added.</EmptyState>
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Videos in feed order">
          {videos.data.map((video, index) => (
            <Card key={video.id} withBorder padding="sm" component="li">
              <Group align="flex-start" gap="md" wrap="wrap">
                {video.thumbnailUrl ? (
                  <Image src={video.thumbnailUrl} alt="" w={128} h={72} radius="sm" fit="cover" style={{ flex: 'none' }} />
                ) : (
                  <Stack w={128} h={72} justify="center" align="center" style={{ flex: 'none', borderRadius: 'var(--mantine-radius-sm)', background: 'var(--mantine-color-gray-1)' }}>
                    <Text size="xs" c="dimmed">No thumbnail</Text>
                  </Stack>
                )}
                <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
                  <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>{index + 1}. {video.title}</Title>
                  <Anchor href={video.url} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>{video.url}</Anchor>
                  <Text size="sm" c="dimmed">
                    {video.provider ? `${video.provider} · ` : ''}
                    {video.publishedAt ? `Published ${formatDateTime(video.publishedAt, store.timezone)}` : 'No publication date'}
                  </Text>
                </Stack>
                {editable && (
                  <Group gap="xs">
                    <Button size="xs" variant="default" onClick={() => setEditing(video)} aria-label={`Edit: ${video.title}`}>Edit</Button>
                    <Button size="xs" variant="outline" color="red" onClick={() => setDeleting(video)} aria-label={`Delete: ${video.title}`}>Delete</Button>
                  </Group>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {editing && <VideoDialog video={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete this video?"
          confirmLabel="Delete video"
          busy={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            setError(null);
            try {
              await remove.mutateAsync(deleting.id);
              notifyDone('Video deleted');
            } catch (e) {
              setError(e instanceof Error ? e.message : 'Not deleted.');
            }
            setDeleting(null);
          }}
        >
          <Text size="sm">“{deleting.title}” leaves the video feed at once. This cannot be undone.</Text>
        </ConfirmDialog>
      )}
    </Stack>
  );
}

interface VideoValues {
  title: string;
  url: string;
  thumbnailUrl: string;
  provider: string;
  publishedAt: string | null;
}

const FIELDS = ['title', 'url', 'thumbnailUrl', 'provider', 'publishedAt'];

function VideoDialog({ video, onClose }: { video: Video | null; onClose(): void }) {
  const store = useCurrentStore();
  const zone = store.timezone;
  const create = useCreateVideo(store.storeId);
  const update = useUpdateVideo(store.storeId);
  const error = useFormError();
  const form = useForm<VideoValues>({
    initialValues: {
      title: video?.title ?? '',
      url: video?.url ?? '',
      thumbnailUrl: video?.thumbnailUrl ?? '',
      provider: video?.provider ?? '',
      publishedAt: video?.publishedAt ? toZonedWallTime(video.publishedAt, zone) : null,
    },
    validate: {
      title: (v) => (v.trim() ? null : 'Enter a title'),
      url: (v) => (isHttpUrl(v) ? null : 'The video’s address, starting with https://'),
    },
  });
  const values = form.getValues();

  const submit = form.onSubmit(async (v) => {
    error.clear();
    const body: VideoInput = {
      title: v.title.trim(),
      url: v.url.trim(),
      thumbnailUrl: v.thumbnailUrl.trim() || null,
      // Empty: the service works the provider out from the address.
      provider: v.provider.trim() || null,
      publishedAt: v.publishedAt ? fromZonedWallTime(v.publishedAt, zone) : null,
    };
    try {
      if (video) {
        // A provider left empty after a new address is derived again from that address.
        const patch = { ...body, ...(body.provider === null ? { provider: undefined } : {}) };
        await update.mutateAsync({ videoId: video.id, patch });
      } else await create.mutateAsync(body);
      notifyDone(video ? 'Video saved' : 'Video added');
      onClose();
    } catch (e) {
      error.set(e, form, FIELDS);
    }
  });

  return (
    <Modal opened onClose={onClose} title={video ? 'Edit video' : 'Add video'} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {error.message && <Alert color="red" role="alert">{error.message}</Alert>}
          <TextInput label="Title" required maxLength={200} data-autofocus {...form.getInputProps('title')} />
          <TextInput label="Video address" description="The page or embed address (YouTube, Vimeo, …)" required type="url" placeholder="https://" {...form.getInputProps('url')} />
          <ImageField
            storeId={store.storeId}
            label="Thumbnail"
            url={values.thumbnailUrl}
            onUrl={(url) => form.setFieldValue('thumbnailUrl', url)}
            error={form.errors.thumbnailUrl}
            onError={(message) => (message ? form.setFieldError('thumbnailUrl', message) : form.clearFieldError('thumbnailUrl'))}
          />
          <TextInput label="Provider" description="Empty: worked out from the address (youtube, vimeo…)" maxLength={40} {...form.getInputProps('provider')} />
          <ZonedDateTimePicker
            label="Published"
            clearLabel="Clear the date"
            description={`${zone} time; sets the video’s place in the feed`}
            placeholder="No date"
            {...form.getInputProps('publishedAt')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={create.isPending || update.isPending}>{video ? 'Save video' : 'Add video'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
