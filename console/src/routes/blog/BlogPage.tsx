// The blog: every post of the store with a status filter (kept in the address), newest first, 25
// at a time. Each post opens in the editor; "New post" starts one. The editor (and TipTap with it)
// is its own chunk, loaded only when a post is opened.
import { Anchor, Button, Card, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router';
import { usePostPages, type Post, type PostStatus } from '../../api/blog';
import { EmptyState, PageError, PageHeader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { formatDateTime } from '../../lib/format';
import { PostStatusBadge } from './status';

const FILTERS: { value: PostStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'draft', label: 'Drafts' },
  { value: 'published', label: 'Published' },
  { value: 'archived', label: 'Archived' },
];

export function Component() {
  const store = useCurrentStore();
  const [params, setParams] = useSearchParams();
  const filter = FILTERS.find((f) => f.value === params.get('status'))?.value ?? 'all';
  const status = filter === 'all' ? null : filter;
  const pages = usePostPages(store.storeId, status);
  const posts = pages.data?.pages.flatMap((p) => p.posts) ?? [];
  const phone = useMediaQuery('(max-width: 48em)');
  const publicBlog = `/s/${encodeURIComponent(store.slug)}/blog`;

  return (
    <Stack gap="md">
      <PageHeader title="Blog" actions={<Button component={Link} to={`/s/${store.storeId}/blog/new`}>New post</Button>}>
        Posts for your website and your hosted blog page (<Anchor href={publicBlog} target="_blank" rel="noopener noreferrer" size="sm" underline="always">{publicBlog}</Anchor>).
      </PageHeader>
      <SegmentedControl
        aria-label="Show posts"
        value={filter}
        onChange={(value) => setParams(value === 'all' ? {} : { status: value }, { replace: true })}
        data={FILTERS}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
      />
      {pages.isError ? (
        <PageError error={pages.error} retry={() => pages.refetch()} />
      ) : pages.isPending ? (
        <Text size="sm" c="dimmed">Loading…</Text>
      ) : posts.length === 0 ? (
        <EmptyState title={status ? `No ${FILTERS.find((f) => f.value === status)?.label.toLowerCase()} posts` : 'No posts yet'}>
          {status ? 'Posts with this status appear here.' : 'Write the first one with New post.'}
        </EmptyState>
      ) : phone ? (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none', opacity: pages.isPlaceholderData ? 0.6 : 1 }} aria-label="Posts" aria-busy={pages.isFetching}>
          {posts.map((post) => (
            <Card key={post.id} component="li" withBorder padding="sm">
              <Stack gap={4}>
                <Anchor component={Link} to={`/s/${store.storeId}/blog/${post.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>{post.title}</Anchor>
                <Group gap="xs">
                  <PostStatusBadge status={post.status} />
                  <Text size="xs" c="dimmed">{dateLine(post, store.timezone)}</Text>
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" style={{ opacity: pages.isPlaceholderData ? 0.6 : 1 }} aria-busy={pages.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Title</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Published</Table.Th>
                <Table.Th scope="col">Last change</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {posts.map((post) => (
                <Table.Tr key={post.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/s/${store.storeId}/blog/${post.id}`} fw={600}>{post.title}</Anchor>
                    <Text size="xs" c="dimmed" ff="monospace">/{post.slug}</Text>
                  </Table.Td>
                  <Table.Td><PostStatusBadge status={post.status} /></Table.Td>
                  <Table.Td><Text size="sm">{post.publishedAt ? formatDateTime(post.publishedAt, store.timezone) : '—'}</Text></Table.Td>
                  <Table.Td><Text size="sm">{formatDateTime(post.updatedAt, store.timezone)}</Text></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => pages.fetchNextPage()} loading={pages.isFetchingNextPage}>Load more posts</Button>
        </Group>
      )}
    </Stack>
  );
}

function dateLine(post: Post, zone: string): string {
  if (post.status === 'published' && post.publishedAt) return `Published ${formatDateTime(post.publishedAt, zone)}`;
  return `Changed ${formatDateTime(post.updatedAt, zone)}`;
}
