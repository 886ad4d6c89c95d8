// A post's status as a badge (text and outline, so it does not rely on colour alone).
import { Badge } from '@mantine/core';
import type { PostStatus } from '../../api/blog';

const LOOK: Record<PostStatus, { label: string; color: string; variant: string }> = {
  draft: { label: 'Draft', color: 'gray.8', variant: 'outline' },
  published: { label: 'Published', color: 'teal.9', variant: 'filled' },
  archived: { label: 'Archived', color: 'dark.6', variant: 'outline' },
};

export function PostStatusBadge({ status }: { status: PostStatus }) {
  const look = LOOK[status];
  return <Badge color={look.color} variant={look.variant}>{look.label}</Badge>;
}
