// Content safety for blog posts: SPEC.md's allowlist, applied on write and again on render.
// Allowed: a[href], p, h1–h4, ul, ol, li, strong, em, blockquote, img[src, alt]. Every URL must be
// an absolute http(s) URL; relative, protocol-relative and other schemes are removed (an <a> keeps
// its text, an <img> without a usable src is dropped). Links carry rel="noopener noreferrer".
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

/** sanitize-html (and its HTML and CSS parsers, ~80 files) is loaded on first use, not at start. */
let loaded: typeof SanitizeHtml | null = null;
const sanitizeHtml = (html: string, options: SanitizeHtml.IOptions) => (loaded ??= createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml)(html, options);

export const ALLOWED_TAGS = ['a', 'p', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'blockquote', 'img'];

/**
 * The URL normalised when it is an absolute http(s) URL, else null. The WHATWG parser strips tabs
 * and newlines and decodes nothing further, so `jav&#x09;ascript:` (already entity-decoded by the
 * HTML parser) is seen as `javascript:` and refused.
 */
export function safeHttpUrl(value: string | undefined | null): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  // Raw-text elements whose content must never surface, even as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'xmp', 'iframe', 'noembed', 'noframes', 'template', 'title', 'svg', 'math', 'object'],
  transformTags: {
    a: (tagName, attribs) => {
      const href = safeHttpUrl(attribs.href);
      const out: Record<string, string> = href ? { href, rel: 'noopener noreferrer' } : {};
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const src = safeHttpUrl(attribs.src);
      const out: Record<string, string> = {};
      if (src) out.src = src;
      if (typeof attribs.alt === 'string') out.alt = attribs.alt;
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Sanitized post HTML: idempotent, so running it again on render changes nothing that was clean. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * Render-time sanitizing, memoised by a hash of the input: the output is always exactly
 * sanitizePostHtml(input), but a page or feed that shows the same stored HTML again does not
 * parse it again. Bounded by entries and by total characters (posts may be 200 000 characters).
 */
const RENDER_CACHE_MAX_ENTRIES = 1000;
const RENDER_CACHE_MAX_CHARS = 8_000_000;
const renderCache = new Map<string, string>();
let renderCacheChars = 0;

function memo(kind: string, input: string, compute: (s: string) => string): string {
  const key = kind + createHash('sha256').update(input).digest('base64url');
  const hit = renderCache.get(key);
  if (hit !== undefined) {
    renderCache.delete(key);
    renderCache.set(key, hit);
    return hit;
  }
  const value = compute(input);
  renderCache.set(key, value);
  renderCacheChars += value.length;
  for (const [oldKey, oldValue] of renderCache) {
    if (renderCache.size <= RENDER_CACHE_MAX_ENTRIES && renderCacheChars <= RENDER_CACHE_MAX_CHARS) break;
    renderCache.delete(oldKey);
    renderCacheChars -= oldValue.length;
  }
  return value;
}

/** sanitizePostHtml for rendering (public API, pages, RSS). */
export function renderPostHtml(html: string): string {
  return memo('h:', html, sanitizePostHtml);
}

/** plainText for rendering (meta descriptions, RSS descriptions). */
export function renderPlainText(html: string): string {
  return memo('t:', html, plainText);
}

/** Plain text of post HTML (meta descriptions, RSS fallbacks). */
export function plainText(html: string): string {
  // Block boundaries become spaces, so "<p>a</p><p>b</p>" reads "a b", not "ab".
  const spaced = html.replace(/<\/(p|h[1-6]|li|blockquote|div|ul|ol)\s*>|<br\s*\/?>/gi, '$& ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, cut at a word boundary with an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).trimEnd() + '…';
}
