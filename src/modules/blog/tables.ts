// Tables owned by the blog module.

export type BlogPostStatus = 'draft' | 'published' | 'archived';

/** The private record, read and written by members of the store only. */
export interface BlogPostRow {
  id: string;
  store_id: string;
  slug: string;
  title: string;
  excerpt: string | null;
  cover_image_url: string | null;
  cover_image_alt: string | null;
  /** Sanitized on write (and again on render). */
  content_html: string;
  status: BlogPostStatus;
  /** Set when first published; kept across unpublish/republish. */
  published_at: string | null;
  /** Staff user id of the author. */
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** The public projection: one row per published post, written only in the post change's transaction. */
export interface BlogPublicPostRow {
  post_id: string;
  store_id: string;
  store_slug: string;
  post_slug: string;
  title: string;
  excerpt: string | null;
  cover_image_url: string | null;
  cover_image_alt: string | null;
  content_html: string;
  published_at: string;
  updated_at: string;
}

export interface BlogTables {
  blog_posts: BlogPostRow;
  blog_public_posts: BlogPublicPostRow;
}
