// Blog posts: query keys and hooks (the list by status, one post, save, publish, unpublish,
// archive, delete, and the preview of unsaved fields). Every member of the store writes posts.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from './client';
import type { paths } from './schema';

export type Post = Awaited<ReturnType<typeof getPost>>;
export type PostStatus = Post['status'];
export type PostInput = paths['/api/stores/{storeId}/blog/posts']['post']['requestBody']['content']['application/json'];
export type PostPatch = NonNullable<paths['/api/stores/{storeId}/blog/posts/{postId}']['patch']['requestBody']>['content']['application/json'];
export type PreviewInput = paths['/api/stores/{storeId}/blog/preview']['post']['requestBody']['content']['application/json'];

export const blogKeys = {
  all: (storeId: string) => ['stores', storeId, 'blog'] as const,
  list: (storeId: string, status: PostStatus | null) => [...blogKeys.all(storeId), 'list', status ?? 'all'] as const,
  one: (storeId: string, postId: string) => [...blogKeys.all(storeId), 'one', postId] as const,
};

function getPost(storeId: string, postId: string) {
  return ok(api.GET('/api/stores/{storeId}/blog/posts/{postId}', { params: { path: { storeId, postId } } })).then((r) => r.post);
}

/** Posts newest created first, 25 at a time ("Load more" follows nextCursor); null status: all. */
export function usePostPages(storeId: string, status: PostStatus | null) {
  return useInfiniteQuery({
    queryKey: blogKeys.list(storeId, status),
    queryFn: ({ pageParam }) =>
      ok(api.GET('/api/stores/{storeId}/blog/posts', { params: { path: { storeId }, query: { limit: 25, ...(status ? { status } : {}), ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function usePost(storeId: string, postId: string, enabled = true) {
  // Never refetched behind the editor's back: the editor owns the text while it is open.
  return useQuery({ queryKey: blogKeys.one(storeId, postId), queryFn: () => getPost(storeId, postId), enabled, staleTime: Infinity, refetchOnWindowFocus: false });
}

/** Every change of a post answers with the post: the cache takes it and the lists are read again. */
function usePostMutation<T>(storeId: string, call: (input: T) => Promise<{ post: Post }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => (await call(input)).post,
    onSuccess: (post) => {
      client.setQueryData(blogKeys.one(storeId, post.id), post);
      void client.invalidateQueries({ queryKey: [...blogKeys.all(storeId), 'list'] });
    },
  });
}

export function useCreatePost(storeId: string) {
  return usePostMutation(storeId, (body: PostInput) => ok(api.POST('/api/stores/{storeId}/blog/posts', { params: { path: { storeId } }, body })));
}

export function useUpdatePost(storeId: string) {
  return usePostMutation(storeId, ({ postId, patch }: { postId: string; patch: PostPatch }) =>
    ok(api.PATCH('/api/stores/{storeId}/blog/posts/{postId}', { params: { path: { storeId, postId } }, body: patch })),
  );
}

export function usePublishPost(storeId: string) {
  return usePostMutation(storeId, (postId: string) => ok(api.POST('/api/stores/{storeId}/blog/posts/{postId}/publish', { params: { path: { storeId, postId } } })));
}

/** Moves a post to draft (unpublish) or archived. */
export function useUnpublishPost(storeId: string) {
  return usePostMutation(storeId, ({ postId, to }: { postId: string; to: 'draft' | 'archived' }) =>
    ok(api.POST('/api/stores/{storeId}/blog/posts/{postId}/unpublish', { params: { path: { storeId, postId } }, body: { to } })),
  );
}

export function useDeletePost(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => ok(api.DELETE('/api/stores/{storeId}/blog/posts/{postId}', { params: { path: { storeId, postId } } })),
    onSuccess: (_data, postId) => {
      client.removeQueries({ queryKey: blogKeys.one(storeId, postId) });
      void client.invalidateQueries({ queryKey: [...blogKeys.all(storeId), 'list'] });
    },
  });
}

/** The public post page for fields not saved yet (nothing is stored). */
export function previewPost(storeId: string, body: PreviewInput) {
  return ok(api.POST('/api/stores/{storeId}/blog/preview', { params: { path: { storeId } }, body })).then((r) => r.html);
}
