// Blog post input: pure validation and normalisation with field-level details. PATCH merges the
// stored values with the sent fields and runs the same parser, so an update can never leave a post
// in a state a create would refuse.
import type { ErrorDetail } from '../../shared/errors.ts';
import { SLUG_PATTERN } from '../../shared/slug.ts';
import { safeHttpUrl, sanitizePostHtml } from './sanitize.ts';

export const BLOG_LIMITS = {
  titleMin: 5,
  titleMax: 120,
  slugMax: 80,
  excerptMax: 500,
  coverImageAltMax: 300,
  urlMax: 2048,
  contentHtmlMax: 200_000,
} as const;

/** Slugs the public API routes claim for themselves (`/api/public/blog/rss`). */
export const RESERVED_SLUGS = new Set(['rss']);

const SLUG_RE = new RegExp(SLUG_PATTERN);
// C0/C1 controls other than tab/newline: they break XML (RSS) and mean nothing in a title.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export interface PostFields {
  title: string;
  /** Null: generate from the title. */
  slug: string | null;
  excerpt: string | null;
  coverImageUrl: string | null;
  coverImageAlt: string | null;
  contentHtml: string;
}

type Raw = Record<string, unknown>;

const length = (s: string) => Array.from(s).length;

function optionalText(raw: Raw, field: string, max: number, errors: ErrorDetail[]): string | null {
  const v = raw[field];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') {
    errors.push({ field, message: 'must be a string or null' });
    return null;
  }
  const t = v.trim();
  if (!t) return null;
  if (length(t) > max) errors.push({ field, message: `at most ${max} characters` });
  else if (CONTROL.test(t)) errors.push({ field, message: 'must not contain control characters' });
  return t;
}

/** Validates and normalises a whole post; contentHtml comes back sanitized. */
export function parsePostFields(raw: Raw): { value: PostFields; errors: ErrorDetail[] } {
  const errors: ErrorDetail[] = [];

  let title = '';
  if (typeof raw.title !== 'string') {
    errors.push({ field: 'title', message: `required, ${BLOG_LIMITS.titleMin}–${BLOG_LIMITS.titleMax} characters` });
  } else {
    // Counted as sent, surrounding spaces dropped (what the documented schema can say); stored with runs of spaces made one.
    const n = length(raw.title.trim());
    title = raw.title.trim().replace(/\s+/g, ' ');
    if (n < BLOG_LIMITS.titleMin || n > BLOG_LIMITS.titleMax) {
      errors.push({ field: 'title', message: `must be ${BLOG_LIMITS.titleMin}–${BLOG_LIMITS.titleMax} characters (got ${n})` });
    } else if (CONTROL.test(title)) errors.push({ field: 'title', message: 'must not contain control characters' });
  }

  let slug: string | null = null;
  if (raw.slug !== undefined && raw.slug !== null && raw.slug !== '') {
    if (typeof raw.slug !== 'string' || raw.slug.length > BLOG_LIMITS.slugMax || !SLUG_RE.test(raw.slug)) {
      errors.push({ field: 'slug', message: `lowercase letters, digits and single hyphens, at most ${BLOG_LIMITS.slugMax} characters` });
    } else if (RESERVED_SLUGS.has(raw.slug)) {
      errors.push({ field: 'slug', message: `"${raw.slug}" is reserved` });
    } else slug = raw.slug;
  }

  const excerpt = optionalText(raw, 'excerpt', BLOG_LIMITS.excerptMax, errors);
  const coverImageAlt = optionalText(raw, 'coverImageAlt', BLOG_LIMITS.coverImageAltMax, errors);

  let coverImageUrl: string | null = null;
  const cover = raw.coverImageUrl;
  if (cover !== undefined && cover !== null && !(typeof cover === 'string' && cover.trim() === '')) {
    const safe = typeof cover === 'string' && cover.length <= BLOG_LIMITS.urlMax ? safeHttpUrl(cover) : null;
    if (!safe) errors.push({ field: 'coverImageUrl', message: 'must be an absolute URL starting with http:// or https://' });
    else coverImageUrl = safe;
  }

  let contentHtml = '';
  if (typeof raw.contentHtml !== 'string') {
    errors.push({ field: 'contentHtml', message: 'required, a string of HTML' });
  } else if (length(raw.contentHtml) > BLOG_LIMITS.contentHtmlMax) {
    errors.push({ field: 'contentHtml', message: `at most ${BLOG_LIMITS.contentHtmlMax} characters` });
  } else {
    contentHtml = sanitizePostHtml(raw.contentHtml);
  }

  return { value: { title, slug, excerpt, coverImageUrl, coverImageAlt, contentHtml }, errors };
}
