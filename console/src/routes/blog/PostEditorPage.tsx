// One post: title (5–120, counted as you type), address (slug, shown and overridable), excerpt,
// cover picture with its description, and the text in a rich-text editor that can only make the
// markup SPEC.md allows. Drafts save themselves a moment after each change ("Saved at …");
// a published post changes only when its owner clicks Update. Preview shows the public page as
// it would be (the service renders it with the public template); leaving with unsaved changes asks
// first. Publish, unpublish (back to draft), archive and delete follow the post's status.
import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Card, Grid, Group, Input, Loader, Modal, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useNavigate, useParams } from 'react-router';
import { previewPost, useCreatePost, useDeletePost, usePost, usePublishPost, useUnpublishPost, useUpdatePost, type Post, type PostPatch } from '../../api/blog';
import { useFormError } from '../../components/api-form';
import { PageHeader, PageLoader, RecordLoadError } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatDateTime } from '../../lib/format';
import { notifyDone } from '../../lib/notify';
import { useLeaveGuard } from '../../components/leave-guard';
import { ConfirmDialog, ImageField } from '../content/shared';
import { PostContentEditor } from './PostContentEditor';
import { PostStatusBadge } from './status';
import './post-editor.css';

const TITLE = { min: 5, max: 120 };
const EXCERPT_MAX = 500;
const SLUG_MAX = 80;
const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const AUTOSAVE_DELAY_MS = 1500;
const FIELDS = ['title', 'slug', 'excerpt', 'coverImageUrl', 'coverImageAlt', 'contentHtml'];

interface Values {
  title: string;
  slug: string;
  excerpt: string;
  coverImageUrl: string;
  coverImageAlt: string;
  contentHtml: string;
}

function valuesOf(post: Post | null): Values {
  return {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    excerpt: post?.excerpt ?? '',
    coverImageUrl: post?.coverImageUrl ?? '',
    coverImageAlt: post?.coverImageAlt ?? '',
    contentHtml: post?.contentHtml ?? '',
  };
}

/** Characters as the service counts them: trimmed, runs of spaces as one, code points. */
const titleLength = (title: string) => Array.from(title.trim().replace(/\s+/g, ' ')).length;

/** The address the service would make from a title (it has the last word: it also numbers duplicates). */
function slugSuggestion(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX - 4)
    .replace(/-+$/, '');
}

export function Component() {
  const { postId = 'new' } = useParams();
  const store = useCurrentStore();
  // A new post that saved itself moves to its own address without reloading the editor.
  const created = useRef<string | null>(null);
  const isNew = postId === 'new' || postId === created.current;
  const post = usePost(store.storeId, postId, !isNew);

  if (!isNew) {
    if (post.isPending) return <PageLoader />;
    if (post.isError) {
      return <RecordLoadError error={post.error} retry={() => post.refetch()} back={<BackLink />} noun="Post" notFound={<>This post does not exist in {store.name} (it may have been deleted).</>} />;
    }
  }
  return (
    <PostEditor
      key={isNew ? 'new' : postId}
      initial={isNew ? null : post.data!}
      onCreated={(id) => {
        created.current = id;
      }}
    />
  );
}

function BackLink() {
  const store = useCurrentStore();
  return <Anchor component={Link} to={`/s/${store.storeId}/blog`} size="sm">‹ All posts</Anchor>;
}

type Confirming = 'unpublish' | 'archive' | 'delete' | null;

function PostEditor({ initial, onCreated }: { initial: Post | null; onCreated(id: string): void }) {
  const store = useCurrentStore();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 48em)');
  const create = useCreatePost(store.storeId);
  const update = useUpdatePost(store.storeId);
  const publish = usePublishPost(store.storeId);
  const unpublish = useUnpublishPost(store.storeId);
  const remove = useDeletePost(store.storeId);
  const error = useFormError();

  const [post, setPost] = useState<Post | null>(initial);
  // What the service holds, in the form's terms: the form is dirty while it differs.
  const [baseline, setBaseline] = useState<Values>(() => valuesOf(initial));
  const [ready, setReady] = useState(false);
  const [saving, setSaving] = useState(false);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [autosaveError, setAutosaveError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [preview, setPreview] = useState<{ html: string | null; error: string | null } | null>(null);
  // The cover's upload problem is kept apart from the form's errors: form.validate() (run by every
  // save, autosave included) replaces those and would hide it.
  const [coverProblem, setCoverProblem] = useState<string | null>(null);
  const inFlight = useRef<Promise<Post | null> | null>(null);

  const form = useForm<Values>({
    initialValues: valuesOf(initial),
    validate: {
      title: (v) => {
        const n = titleLength(v);
        return n < TITLE.min || n > TITLE.max ? `The title needs ${TITLE.min}–${TITLE.max} characters (now ${n})` : null;
      },
      slug: (v) => (v && (v.length > SLUG_MAX || !SLUG_RE.test(v)) ? `Lowercase letters, digits and single hyphens, at most ${SLUG_MAX}` : null),
      excerpt: (v) => (v.trim().length > EXCERPT_MAX ? `At most ${EXCERPT_MAX} characters` : null),
    },
  });
  const values = form.getValues();
  const dirty = ready && (Object.keys(values) as (keyof Values)[]).some((k) => values[k] !== baseline[k]);
  const status = post?.status ?? 'draft';
  const autosaves = status === 'draft';

  // persist() reads the latest post and baseline from refs: an autosave queued behind another
  // save must see what that save stored (a second create would duplicate the post).
  const postRef = useRef(post);
  const baselineRef = useRef(baseline);
  const keep = (saved: Post, sentValues: Values) => {
    postRef.current = saved;
    baselineRef.current = sentValues;
    setPost(saved);
    setBaseline(sentValues);
  };

  /** Saves what the form holds (create, or a PATCH of the changed fields); the post, or null when refused. */
  async function persist(): Promise<Post | null> {
    while (inFlight.current) await inFlight.current;
    if (form.validate().hasErrors) return null;
    const sent = form.getValues();
    const text = (s: string) => s.trim() || null;
    const run = async (): Promise<Post | null> => {
      setSaving(true);
      try {
        const current = postRef.current;
        const before = baselineRef.current;
        let saved: Post;
        if (!current) {
          saved = await create.mutateAsync({
            title: sent.title,
            slug: sent.slug || null,
            excerpt: text(sent.excerpt),
            coverImageUrl: text(sent.coverImageUrl),
            coverImageAlt: text(sent.coverImageAlt),
            contentHtml: sent.contentHtml,
            status: 'draft',
          });
          postRef.current = saved;
          onCreated(saved.id);
          navigate(`/s/${store.storeId}/blog/${saved.id}`, { replace: true });
        } else {
          const patch: PostPatch = {};
          if (sent.title !== before.title) patch.title = sent.title;
          if (sent.slug !== before.slug && sent.slug) patch.slug = sent.slug;
          if (sent.excerpt !== before.excerpt) patch.excerpt = text(sent.excerpt);
          if (sent.coverImageUrl !== before.coverImageUrl) patch.coverImageUrl = text(sent.coverImageUrl);
          if (sent.coverImageAlt !== before.coverImageAlt) patch.coverImageAlt = text(sent.coverImageAlt);
          if (sent.contentHtml !== before.contentHtml) patch.contentHtml = sent.contentHtml;
          saved = Object.keys(patch).length ? await update.mutateAsync({ postId: current.id, patch }) : current;
        }
        // The address the service chose (from the title, numbered when taken) shows in the field.
        const slug = sent.slug || saved.slug;
        if (form.getValues().slug === sent.slug) form.setFieldValue('slug', slug);
        keep(saved, { ...sent, slug });
        setSavedAt(new Date().toISOString());
        setAutosaveError(null);
        error.clear();
        return saved;
      } catch (e) {
        error.set(e, form, FIELDS);
        setAutosaveError(e instanceof Error ? e.message : 'Not saved.');
        return null;
      } finally {
        setSaving(false);
      }
    };
    const promise = run();
    inFlight.current = promise;
    try {
      return await promise;
    } finally {
      if (inFlight.current === promise) inFlight.current = null;
    }
  }
  const persistRef = useRef(persist);
  persistRef.current = persist;

  // Autosave: a draft saves itself a moment after the last change, when the form is valid. A
  // published or archived post never does: its owner clicks Update (the public page changes).
  const titleOk = titleLength(values.title) >= TITLE.min && titleLength(values.title) <= TITLE.max;
  const snapshot = JSON.stringify(values);
  useEffect(() => {
    if (!autosaves || !dirty || !titleOk || saving) return;
    const timer = setTimeout(() => void persistRef.current(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [snapshot, autosaves, dirty, titleOk, saving]);

  const guard = useLeaveGuard(dirty || saving, {
    save: autosaves ? async () => !!(await persist()) : undefined,
    allowPath: (path) => !!postRef.current && path.endsWith(`/blog/${postRef.current.id}`),
  });

  async function doPublish() {
    if (values.coverImageUrl && !values.coverImageAlt.trim()) {
      form.setFieldError('coverImageAlt', 'Describe the cover picture before publishing');
      return;
    }
    const saved = await persist();
    if (!saved) return;
    try {
      keep(await publish.mutateAsync(saved.id), baselineRef.current);
      notifyDone('Published: the post is on your blog');
    } catch (e) {
      error.set(e);
    }
  }

  async function doUpdatePublished() {
    if (values.coverImageUrl && !values.coverImageAlt.trim()) {
      form.setFieldError('coverImageAlt', 'Describe the cover picture');
      return;
    }
    if (await persist()) notifyDone('Saved: the public page shows the changes');
  }

  async function doSave() {
    if (await persist()) notifyDone(status === 'draft' ? 'Draft saved' : 'Saved');
  }

  async function doUnpublish(to: 'draft' | 'archived') {
    if (!post) return;
    try {
      const was = post.status;
      keep(await unpublish.mutateAsync({ postId: post.id, to }), baselineRef.current);
      setConfirming(null);
      notifyDone(to === 'archived' ? 'Archived' : was === 'published' ? 'Unpublished: the post is a draft again' : 'Moved to drafts');
    } catch (e) {
      setConfirming(null);
      error.set(e);
    }
  }

  async function doDelete() {
    if (!post) return;
    try {
      await remove.mutateAsync(post.id);
      guard.allowNext();
      notifyDone('Post deleted');
      navigate(`/s/${store.storeId}/blog`);
    } catch (e) {
      setConfirming(null);
      error.set(e);
    }
  }

  async function openPreview() {
    setPreview({ html: null, error: null });
    try {
      const html = await previewPost(store.storeId, {
        title: values.title,
        slug: values.slug || null,
        excerpt: values.excerpt.trim() || null,
        coverImageUrl: values.coverImageUrl || null,
        coverImageAlt: values.coverImageAlt.trim() || null,
        contentHtml: values.contentHtml,
        ...(post ? { postId: post.id } : {}),
      });
      setPreview({ html, error: null });
    } catch (e) {
      error.set(e, form, FIELDS);
      setPreview({ html: null, error: e instanceof Error ? e.message : 'The preview could not be made.' });
    }
  }

  const publicUrl = `/s/${encodeURIComponent(store.slug)}/blog/${encodeURIComponent(post?.slug ?? '')}`;
  const n = titleLength(values.title);
  const busy = saving || publish.isPending || unpublish.isPending;

  return (
    <Stack gap="md">
      <BackLink />
      <PageHeader title={post ? post.title : 'New post'} actions={<PostStatusBadge status={status} />} />
      {error.message && <Alert color="red" role="alert">{error.message}</Alert>}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <TextInput
              label="Title"
              required
              size="md"
              description={<span className={n < TITLE.min || n > TITLE.max ? 'counter-off' : undefined}>{n} of {TITLE.min}–{TITLE.max} characters</span>}
              {...form.getInputProps('title')}
            />
            <Stack gap={4}>
              <Input.Label id="post-content-label" labelElement="div">Text</Input.Label>
              <Text size="xs" c="dimmed" id="post-content-help" mt={-4}>
                Headings, bold, italic, lists, quotes, links (https:// or http:// only) and pictures. Pasted text keeps only these.
              </Text>
              <PostContentEditor
                content={initial?.contentHtml ?? ''}
                storeId={store.storeId}
                labelId="post-content-label"
                describedBy="post-content-help"
                onReady={(html) => {
                  baselineRef.current = { ...baselineRef.current, contentHtml: html };
                  setBaseline(baselineRef.current);
                  form.setFieldValue('contentHtml', html);
                  setReady(true);
                }}
                onChange={(html) => form.setFieldValue('contentHtml', html)}
              />
              {form.errors.contentHtml && <Text size="sm" c="red.9">{form.errors.contentHtml}</Text>}
            </Stack>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md" style={phone ? undefined : { position: 'sticky', top: 72 }}>
            <Card withBorder component="section" aria-labelledby="post-publishing">
              <Title order={2} size="h4" id="post-publishing" mb="xs">Publishing</Title>
              <Text size="sm" role="status" aria-live="polite" mb="sm" data-testid="save-status">
                {saving ? (
                  <Group gap={6} component="span"><Loader size={12} aria-hidden /> Saving…</Group>
                ) : autosaveError && dirty ? (
                  <Text span c="red.9" size="sm">Not saved: {autosaveError}</Text>
                ) : dirty ? (
                  autosaves ? (titleOk ? 'Unsaved changes: saving in a moment' : `Not saved yet: the title needs ${TITLE.min}–${TITLE.max} characters`)
                    : status === 'published' ? 'Unsaved changes: the public page changes when you click Update'
                    : 'Unsaved changes'
                ) : savedAt ? (
                  `Saved at ${formatDateTime(savedAt, store.timezone, { timeStyle: 'medium' })}`
                ) : post ? (
                  `Last saved ${formatDateTime(post.updatedAt, store.timezone)}`
                ) : (
                  'Not saved yet. Drafts save themselves as you write.'
                )}
              </Text>
              {post?.status === 'published' && post.publishedAt && (
                <Text size="sm" mb="sm">
                  Published {formatDateTime(post.publishedAt, store.timezone)} ·{' '}
                  <Anchor href={publicUrl} target="_blank" rel="noopener noreferrer" size="sm" underline="always">View public page</Anchor>
                </Text>
              )}
              <Stack gap="xs">
                {status === 'published' ? (
                  <Button onClick={() => void doUpdatePublished()} loading={saving} disabled={!dirty || busy}>Update published post</Button>
                ) : (
                  <>
                    <Button onClick={() => void doPublish()} loading={publish.isPending} disabled={busy}>Publish</Button>
                    <Button variant="default" onClick={() => void doSave()} loading={saving} disabled={busy || (!!post && !dirty)}>{status === 'draft' ? 'Save draft' : 'Save'}</Button>
                  </>
                )}
                <Button variant="default" onClick={() => void openPreview()}>Preview</Button>
                {post && status === 'published' && <Button variant="outline" color="red" onClick={() => setConfirming('unpublish')} disabled={busy}>Unpublish</Button>}
                {post && status !== 'archived' && <Button variant="subtle" color="dark" onClick={() => setConfirming('archive')} disabled={busy}>Archive</Button>}
                {post && status === 'archived' && <Button variant="subtle" color="dark" onClick={() => void doUnpublish('draft')} disabled={busy}>Move to drafts</Button>}
                {post && <Button variant="subtle" color="red" onClick={() => setConfirming('delete')} disabled={busy}>Delete post</Button>}
              </Stack>
            </Card>

            <Card withBorder component="section" aria-labelledby="post-details">
              <Title order={2} size="h4" id="post-details" mb="xs">Details</Title>
              <Stack gap="sm">
                <TextInput
                  label="Address (slug)"
                  description={
                    <span style={{ overflowWrap: 'anywhere' }}>
                      /s/{store.slug}/blog/<strong>{values.slug || slugSuggestion(values.title) || '…'}</strong>
                      {post ? '. Changing it breaks links to the old address.' : '. Made from the title unless you type one.'}
                    </span>
                  }
                  placeholder={slugSuggestion(values.title) || 'made-from-the-title'}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  maxLength={SLUG_MAX}
                  autoComplete="off"
                  {...form.getInputProps('slug')}
                />
                <Textarea
                  label="Excerpt"
                  description={`Shown in lists and search results; ${values.excerpt.trim().length} of ${EXCERPT_MAX} characters`}
                  autosize
                  minRows={2}
                  maxLength={EXCERPT_MAX + 50}
                  {...form.getInputProps('excerpt')}
                />
                <ImageField
                  storeId={store.storeId}
                  label="Cover picture"
                  url={values.coverImageUrl}
                  alt={values.coverImageAlt}
                  onUrl={(url) => form.setFieldValue('coverImageUrl', url)}
                  error={coverProblem ?? form.errors.coverImageUrl}
                  onError={setCoverProblem}
                />
                {values.coverImageUrl && (
                  <TextInput
                    label="Cover description (alt text)"
                    description="What the picture shows, read out to people who cannot see it"
                    maxLength={300}
                    {...form.getInputProps('coverImageAlt')}
                  />
                )}
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>

      {preview && (
        <Modal opened onClose={() => setPreview(null)} title="Preview of the public page" size="xl" fullScreen={phone} closeButtonProps={{ 'aria-label': 'Close preview' }}>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {status === 'published' && !dirty ? 'This is what your blog shows now.' : 'This is how the post will look on your blog once published. Nothing is saved by previewing.'}
            </Text>
            {preview.error ? (
              <Alert color="red" role="alert">{preview.error}</Alert>
            ) : preview.html === null ? (
              <Loader aria-label="Making the preview" />
            ) : (
              // Sandboxed: no scripts, no access to the console; the service rendered it with the public template.
              <iframe title="Public page preview" srcDoc={preview.html} sandbox="" style={{ width: '100%', height: phone ? 'calc(100vh - 140px)' : '70vh', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8 }} />
            )}
          </Stack>
        </Modal>
      )}

      {confirming === 'unpublish' && (
        <ConfirmDialog title="Unpublish this post?" confirmLabel="Unpublish" busy={unpublish.isPending} onClose={() => setConfirming(null)} onConfirm={() => doUnpublish('draft')}>
          <Text size="sm">“{post?.title}” leaves your blog, its feed and websites at once, and becomes a draft. You can publish it again later.</Text>
        </ConfirmDialog>
      )}
      {confirming === 'archive' && (
        <ConfirmDialog title="Archive this post?" confirmLabel="Archive" color="dark" busy={unpublish.isPending} onClose={() => setConfirming(null)} onConfirm={() => doUnpublish('archived')}>
          <Text size="sm">{status === 'published' ? `“${post?.title}” leaves your blog at once. ` : ''}Archived posts stay here, out of the way; you can move them back to drafts.</Text>
        </ConfirmDialog>
      )}
      {confirming === 'delete' && (
        <ConfirmDialog title="Delete this post?" confirmLabel="Delete post" busy={remove.isPending} onClose={() => setConfirming(null)} onConfirm={doDelete}>
          <Text size="sm">“{post?.title}” is deleted{status === 'published' ? ' and leaves your blog at once' : ''}. This cannot be undone.</Text>
        </ConfirmDialog>
      )}
      {guard.dialog}
    </Stack>
  );
}
