// Content input (gallery entries, the promo, videos): pure validation and normalisation.
// Staff PATCH merges the stored values with the sent fields and runs the same parser, so a
// partial update can never leave an entry in a state a create would refuse.
import type { ErrorDetail } from '../../shared/errors.ts';
import { isHttpUrl } from '../catalog/item-input.ts';

export const CONTENT_LIMITS = {
  caption: 500,
  alt: 300,
  title: 200,
  subtitle: 300,
  body: 5000,
  ctaLabel: 80,
  provider: 40,
  sortOrder: 1_000_000,
} as const;

const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/i;

/**
 * A full ISO 8601 timestamp with a zone (`Z` or `±HH:MM`), normalised to UTC with ms; null when
 * malformed. Stricter than Date.parse: no zone-less local times (their meaning would depend on
 * the server's zone) and no impossible dates such as Feb 30, which Date.parse rolls over.
 */
export function parseIsoTimestamp(value: string): string | null {
  const m = ISO_TIMESTAMP.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  if (m[8] !== undefined && (Number(m[8]) > 14 || Number(m[9]) > 59)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** Guesses the video host from its URL, for clients that pick an embed player. */
export function providerFromUrl(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  const is = (domain: string) => host === domain || host.endsWith(`.${domain}`);
  if (is('youtube.com') || is('youtu.be') || is('youtube-nocookie.com')) return 'youtube';
  if (is('vimeo.com')) return 'vimeo';
  if (is('tiktok.com')) return 'tiktok';
  if (is('instagram.com')) return 'instagram';
  if (is('facebook.com') || is('fb.watch')) return 'facebook';
  return null;
}

type Raw = Record<string, unknown>;

/** Reads fields of one raw object, collecting errors instead of throwing. */
class FieldReader {
  readonly errors: ErrorDetail[] = [];
  constructor(private readonly raw: Raw) {}

  private fail(field: string, message: string) {
    this.errors.push({ field, message });
  }

  /** Trimmed text, or null when absent, null or blank; `required` refuses those. */
  text(field: string, max: number, required = false): string | null {
    const v = this.raw[field];
    if (v === undefined || v === null) {
      if (required) this.fail(field, `required, 1–${max} characters`);
      return null;
    }
    if (typeof v !== 'string') {
      this.fail(field, required ? `required, 1–${max} characters` : 'must be a string or null');
      return null;
    }
    const t = v.trim();
    if (!t) {
      if (required) this.fail(field, `required, 1–${max} characters`);
      return null;
    }
    // Counted in characters (code points), as the schema's maxLength counts them.
    if ([...t].length > max) this.fail(field, `at most ${max} characters`);
    return t;
  }

  url(field: string, required = false): string | null {
    const v = this.raw[field];
    if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) {
      if (required) this.fail(field, 'required, an absolute http(s) URL');
      return null;
    }
    const t = typeof v === 'string' ? v.trim() : '';
    if (!isHttpUrl(t)) {
      this.fail(field, 'must be an absolute http(s) URL of at most 2048 characters');
      return null;
    }
    return t;
  }

  timestamp(field: string): string | null {
    const v = this.raw[field];
    if (v === undefined || v === null || v === '') return null;
    const parsed = typeof v === 'string' ? parseIsoTimestamp(v.trim()) : null;
    if (!parsed) this.fail(field, 'must be an ISO 8601 timestamp with a zone, e.g. 2026-12-01T00:00:00Z');
    return parsed;
  }

  boolean(field: string, fallback: boolean): boolean {
    const v = this.raw[field];
    if (v === undefined || v === null) return fallback;
    if (typeof v !== 'boolean') {
      this.fail(field, 'must be true or false');
      return fallback;
    }
    return v;
  }

  integer(field: string, fallback: number, min: number, max: number): number {
    const v = this.raw[field];
    if (v === undefined || v === null) return fallback;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      this.fail(field, `must be an integer from ${min} to ${max}`);
      return fallback;
    }
    return v;
  }
}

function asObject(raw: unknown): Raw | null {
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Raw) : null;
}

type Parsed<T> = { value: T; errors: [] } | { value: null; errors: ErrorDetail[] };

function result<T>(value: T, errors: ErrorDetail[]): Parsed<T> {
  return errors.length ? { value: null, errors } : { value, errors: [] };
}

const NOT_AN_OBJECT: Parsed<never> = { value: null, errors: [{ field: 'body', message: 'must be a JSON object' }] };

export interface GalleryInput {
  url: string;
  caption: string | null;
  alt: string | null;
  isPublished: boolean;
  sortOrder: number;
}

export function parseGalleryInput(raw: unknown): Parsed<GalleryInput> {
  const obj = asObject(raw);
  if (!obj) return NOT_AN_OBJECT;
  const r = new FieldReader(obj);
  const value: GalleryInput = {
    url: r.url('url', true) ?? '',
    caption: r.text('caption', CONTENT_LIMITS.caption),
    alt: r.text('alt', CONTENT_LIMITS.alt),
    isPublished: r.boolean('isPublished', true),
    sortOrder: r.integer('sortOrder', 0, -CONTENT_LIMITS.sortOrder, CONTENT_LIMITS.sortOrder),
  };
  return result(value, r.errors);
}

export interface PromoInput {
  title: string;
  subtitle: string | null;
  body: string | null;
  imageUrl: string | null;
  ctaLabel: string | null;
  ctaUrl: string | null;
  startsAt: string | null;
  endsAt: string | null;
}

export function parsePromoInput(raw: unknown): Parsed<PromoInput> {
  const obj = asObject(raw);
  if (!obj) return NOT_AN_OBJECT;
  const r = new FieldReader(obj);
  const value: PromoInput = {
    title: r.text('title', CONTENT_LIMITS.title, true) ?? '',
    subtitle: r.text('subtitle', CONTENT_LIMITS.subtitle),
    body: r.text('body', CONTENT_LIMITS.body),
    imageUrl: r.url('imageUrl'),
    ctaLabel: r.text('ctaLabel', CONTENT_LIMITS.ctaLabel),
    ctaUrl: r.url('ctaUrl'),
    startsAt: r.timestamp('startsAt'),
    endsAt: r.timestamp('endsAt'),
  };
  if (value.startsAt && value.endsAt && value.endsAt <= value.startsAt) {
    r.errors.push({ field: 'endsAt', message: 'must be after startsAt' });
  }
  return result(value, r.errors);
}

/** Whether a promo shows at `now`: inside [startsAt, endsAt); an absent bound is open. */
export function isPromoActive(promo: { startsAt: string | null; endsAt: string | null }, now: string): boolean {
  return (!promo.startsAt || promo.startsAt <= now) && (!promo.endsAt || now < promo.endsAt);
}

export interface VideoInput {
  title: string;
  url: string;
  thumbnailUrl: string | null;
  provider: string | null;
  publishedAt: string | null;
}

export function parseVideoInput(raw: unknown): Parsed<VideoInput> {
  const obj = asObject(raw);
  if (!obj) return NOT_AN_OBJECT;
  const r = new FieldReader(obj);
  const url = r.url('url', true) ?? '';
  const value: VideoInput = {
    title: r.text('title', CONTENT_LIMITS.title, true) ?? '',
    url,
    thumbnailUrl: r.url('thumbnailUrl'),
    provider: r.text('provider', CONTENT_LIMITS.provider)?.toLowerCase() ?? providerFromUrl(url),
    publishedAt: r.timestamp('publishedAt'),
  };
  return result(value, r.errors);
}
