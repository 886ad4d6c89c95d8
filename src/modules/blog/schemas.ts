// TypeBox schemas of the blog routes (they also feed /openapi.json).
import { Type } from 'typebox';
import { IsoTimestamp, Nullable, OptionalHttpUrl } from '../../http/schemas.ts';
import { pattern, withFieldChecks } from '../../http/validation.ts';
import { SLUG_PATTERN } from '../../shared/slug.ts';
import { BLOG_LIMITS, parsePostFields } from './post-input.ts';
import { PUBLIC_LIMIT } from './service.ts';

const Status = Type.Union([Type.Literal('draft'), Type.Literal('published'), Type.Literal('archived')]);

// post-input.ts checks every rule with field details (trimmed lengths, control characters, reserved
// slugs), which join the schema's details when the schema refuses a body (one answer, every bad field).
const postChecks = (body: Record<string, unknown>) => parsePostFields(body).errors;
// The limits a schema can say are declared too, so a generated client can check them first.
/** At most `max` characters once surrounding spaces are dropped (the raw maxLength only leaves room for them). */
const trimmedAtMost = (max: number) => pattern(new RegExp(`^\\s*(?:\\S(?:[\\s\\S]{0,${max - 2}}\\S)?)?\\s*$`), `must be at most ${max} characters`);
const postFields = {
  // titleMin–titleMax characters once surrounding spaces are dropped (the pattern), as post-input.ts
  // counts them; only the surrounding spaces make the raw bound looser.
  title: Type.String({
    maxLength: 1000,
    ...pattern(
      new RegExp(`^\\s*\\S[\\s\\S]{${BLOG_LIMITS.titleMin - 2},${BLOG_LIMITS.titleMax - 2}}\\S\\s*$`),
      `must be ${BLOG_LIMITS.titleMin}–${BLOG_LIMITS.titleMax} characters`,
    ),
    description: `${BLOG_LIMITS.titleMin}–${BLOG_LIMITS.titleMax} characters once surrounding spaces are dropped (runs of spaces inside are then made one)`,
  }),
  slug: Type.Optional(Nullable(Type.String({
    maxLength: BLOG_LIMITS.slugMax,
    ...pattern(new RegExp(`^(?:${SLUG_PATTERN.slice(1, -1)})?$`), `lowercase letters, digits and single hyphens, at most ${BLOG_LIMITS.slugMax} characters`),
    description: 'override; default (null or empty) generated from the title (transliterated), numbered -2, -3… when taken',
  }))),
  excerpt: Type.Optional(Nullable(Type.String({ maxLength: BLOG_LIMITS.excerptMax + 200, ...trimmedAtMost(BLOG_LIMITS.excerptMax), description: `plain text, at most ${BLOG_LIMITS.excerptMax} characters once trimmed` }))),
  coverImageUrl: Type.Optional(Nullable(OptionalHttpUrl({ maxLength: BLOG_LIMITS.urlMax, description: 'absolute http(s) URL, e.g. from POST /api/uploads (null or empty: none)' }))),
  coverImageAlt: Type.Optional(Nullable(Type.String({ maxLength: BLOG_LIMITS.coverImageAltMax + 200, ...trimmedAtMost(BLOG_LIMITS.coverImageAltMax), description: `at most ${BLOG_LIMITS.coverImageAltMax} characters once trimmed` }))),
  contentHtml: Type.String({ maxLength: BLOG_LIMITS.contentHtmlMax, description: 'HTML; sanitized to a, p, h1–h4, ul, ol, li, strong, em, blockquote, img with http(s) URLs only' }),
};

export const CreatePostBody = withFieldChecks(
  Type.Object(
    { ...postFields, status: Type.Optional(Type.Union([Type.Literal('draft'), Type.Literal('published')], { description: 'default draft' })) },
    { additionalProperties: false },
  ),
  postChecks,
);

export const UpdatePostBody = withFieldChecks(
  Type.Object(
    {
      title: Type.Optional(postFields.title),
      slug: postFields.slug,
      excerpt: postFields.excerpt,
      coverImageUrl: postFields.coverImageUrl,
      coverImageAlt: postFields.coverImageAlt,
      contentHtml: Type.Optional(postFields.contentHtml),
    },
    { additionalProperties: false },
  ),
  postChecks,
  { partial: true },
);

export const PreviewPostBody = withFieldChecks(
  Type.Object(
    {
      ...postFields,
      postId: Type.Optional(Type.String({ maxLength: 100, description: 'the post being edited, if saved: its slug and publishedAt are shown (404 post-not-found when unknown)' })),
    },
    { additionalProperties: false },
  ),
  postChecks,
);

export const PreviewResponse = Type.Object({
  ok: Type.Boolean(),
  html: Type.String({ description: 'the whole public post page (the template of GET /s/{storeSlug}/blog/{postSlug}) for the fields sent, sanitized the same way' }),
});

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
