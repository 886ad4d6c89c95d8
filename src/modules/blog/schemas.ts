// TypeBox schemas of the blog routes (they also feed /openapi.json).
import { Type } from 'typebox';
import { IsoTimestamp, Nullable } from '../../http/schemas.ts';
import { BLOG_LIMITS } from './post-input.ts';
import { PUBLIC_LIMIT } from './service.ts';

const Status = Type.Union([Type.Literal('draft'), Type.Literal('published'), Type.Literal('archived')]);

// Shapes only; lengths, URL schemes and slug rules are checked by post-input.ts with field details.
const postFields = {
  title: Type.String({ description: `${BLOG_LIMITS.titleMin}–${BLOG_LIMITS.titleMax} characters` }),
  slug: Type.Optional(Nullable(Type.String({ description: 'override; default generated from the title (transliterated), numbered -2, -3… when taken' }))),
  excerpt: Type.Optional(Nullable(Type.String({ description: `plain text, at most ${BLOG_LIMITS.excerptMax} characters` }))),
  coverImageUrl: Type.Optional(Nullable(Type.String({ description: 'absolute http(s) URL, e.g. from POST /api/uploads' }))),
  coverImageAlt: Type.Optional(Nullable(Type.String({ description: `at most ${BLOG_LIMITS.coverImageAltMax} characters` }))),
  contentHtml: Type.String({ description: 'HTML; sanitized to a, p, h1–h4, ul, ol, li, strong, em, blockquote, img with http(s) URLs only' }),
};

export const CreatePostBody = Type.Object(
  { ...postFields, status: Type.Optional(Type.Union([Type.Literal('draft'), Type.Literal('published')], { description: 'default draft' })) },
  { additionalProperties: false },
);

export const UpdatePostBody = Type.Object(
  {
    title: Type.Optional(postFields.title),
    slug: postFields.slug,
    excerpt: postFields.excerpt,
    coverImageUrl: postFields.coverImageUrl,
    coverImageAlt: postFields.coverImageAlt,
    contentHtml: Type.Optional(postFields.contentHtml),
  },
  { additionalProperties: false },
);

export const UnpublishBody = Type.Object(
  { to: Type.Optional(Type.Union([Type.Literal('draft'), Type.Literal('archived')], { description: 'default draft' })) },
  { additionalProperties: false },
);

export const PostSchema = Type.Object({
  id: Type.String(),
  storeId: Type.String(),
  storeSlug: Type.String(),
  title: Type.String(),
  slug: Type.String(),
  excerpt: Nullable(Type.String()),
  coverImageUrl: Nullable(Type.String()),
  coverImageAlt: Nullable(Type.String()),
  contentHtml: Type.String(),
  status: Status,
  publishedAt: Nullable(IsoTimestamp),
  createdBy: Type.String({ description: 'staff user id of the author' }),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
  url: Type.String({ description: 'hosted page (served while published)' }),
});

export const PostResponse = Type.Object({ ok: Type.Boolean(), post: PostSchema });

export const PostListQuery = Type.Object({
  status: Type.Optional(Status),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  cursor: Type.Optional(Type.String({ maxLength: 500 })),
});

export const PostListResponse = Type.Object({ ok: Type.Boolean(), posts: Type.Array(PostSchema), nextCursor: Nullable(Type.String()) });

const summaryFields = {
  title: Type.String(),
  slug: Type.String(),
  postSlug: Type.String(),
  storeSlug: Type.String(),
  excerpt: Nullable(Type.String()),
  coverImageUrl: Nullable(Type.String()),
  coverImageAlt: Nullable(Type.String()),
  publishedAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
  url: Type.String({ description: 'hosted page of the post' }),
};

export const PublicListQuery = Type.Object({
  storeSlug: Type.String({ minLength: 1, maxLength: 200 }),
  limit: Type.Optional(Type.Integer({ minimum: PUBLIC_LIMIT.min, maximum: PUBLIC_LIMIT.max, default: PUBLIC_LIMIT.default })),
  cursor: Type.Optional(Type.String({ maxLength: 500, description: 'nextCursor of the previous page (opaque)' })),
});

export const PublicListResponse = Type.Object({
  ok: Type.Boolean(),
  storeSlug: Type.String(),
  items: Type.Array(Type.Object(summaryFields)),
  nextCursor: Nullable(Type.String({ description: 'null on the last page' })),
});

export const PublicPostQuery = Type.Object({ storeSlug: Type.String({ minLength: 1, maxLength: 200 }) });

export const PublicPostResponse = Type.Object({ ok: Type.Boolean(), ...summaryFields, contentHtml: Type.String({ description: 'sanitized HTML' }) });

export const RssQuery = Type.Object({ storeSlug: Type.String({ minLength: 1, maxLength: 200 }) });

export const UploadResponse = Type.Object({ ok: Type.Boolean(), url: Type.String(), contentType: Type.String(), size: Type.Integer() });
