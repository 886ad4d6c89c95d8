// The staff console (console/, a single-page app built by Vite into console/dist) served at
// /console/: hashed assets cached for a year, every other /console/… path answered with index.html
// (never cached) so deep links work; for the sign-in page and a store's pages it also names the
// code that page loads (modulepreload), so a phone fetches it together with the entry, and marks a
// store's pages (data-shell="store" on the body) so the frame index.html paints before the app's
// code has run is the store's header and page, not the sign-in card. The
// next to index.html (sw.js, the service worker that lets the console open offline;
// manifest.webmanifest; icons) are revalidated on every use (no-cache).
// A browser opening `/` is sent there; JSON clients still get 404.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DateTime } from 'luxon';

// The package root is two folders above src/http/, three above build/server/http/ (the compiled server).
export const CONSOLE_DIST = resolve(import.meta.dirname, import.meta.filename.endsWith('.js') ? '../../..' : '../..', 'console/dist');

/** Whether a built console is there to serve (the start message says where it is only then). */
export function consoleBuilt(dist = CONSOLE_DIST): boolean {
  return existsSync(join(dist, 'index.html'));
}

// Scripts and styles only from the service itself; the console calls the API on the same origin.
// Its service worker (sw.js) and web app manifest come from the service too.
const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' https: http: data: blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

function wantsHtml(accept: string | undefined): boolean {
  return typeof accept === 'string' && /\btext\/html\b/.test(accept);
}

/**
 * The chunks a page will load beyond the entry (route-preloads.json, written by the console's build:
 * sign in; a store page's frame; Today), by the page's path under /console.
 */
function pagesToPreload(path: string): string[] {
  if (/^\/login\/?$/.test(path)) return ['login'];
  const store = /^\/s\/[^/]+(\/[^/?]*)?/.exec(path);
  if (!store) return [];
  const section = (store[1] ?? '').replace(/^\//, '');
  return section === '' || section === 'today' ? ['store', 'today'] : ['store'];
}

/**
 * index.html for each page that has chunks to preload: the same file with modulepreload links for
 * them, so a phone fetches the page's code together with the entry, not after it; a store's pages
 * with data-shell="store" on the body (the frame painted before the app's code runs).
 */
function indexVariants(dist: string, index: string): Map<string, string> {
  const variants = new Map<string, string>();
  let preloads: Record<string, string[]>;
  try {
    preloads = JSON.parse(readFileSync(join(dist, 'route-preloads.json'), 'utf8'));
  } catch {
    return variants; // an older build without it: the plain index.html
  }
  for (const key of [['login'], ['store'], ['store', 'today']]) {
    const files = [...new Set(key.flatMap((k) => preloads[k] ?? []))].filter((f) => /^assets\/[\w.-]+\.js$/.test(f));
    if (files.length === 0 || !index.includes('</head>')) continue;
    const links = files.map((f) => `<link rel="modulepreload" crossorigin href="/console/${f}">`).join('');
    let page = index.replace('</head>', `${links}</head>`);
    if (key[0] === 'store') page = page.replace('<body>', '<body data-shell="store">');
    variants.set(key.join('+'), page);
  }
  return variants;
}

/**
 * Who opens a store's page: the store's time zone when the request's session cookie belongs to a
 * member of that store who has chosen their own password (whose page then asks for its data at
 * once), otherwise null (the page will send them to sign in, elsewhere, or to choose a password).
 */
export type MemberStore = (request: FastifyRequest, storeId: string) => Promise<{ timezone: string } | null>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The API calls a signed-in member's store page makes first, exactly as the console sends them
 * (the same URLs, query parameters in the same order): the session and the store's settings for
 * the frame, and on Today its overview, the store's people and the day's bookings (the store's
 * today, or the day asked for). Named in the page as `<link rel="preload" as="fetch">`, the phone
 * asks for them together with the page's code instead of once that code has run: a first visit's
 * Today is drawn about three round trips sooner. The console's own calls then take these answers
 * (a test checks that each is asked for once).
 */
export function firstCalls(storeId: string, section: string, timezone: string, query: URLSearchParams): string[] {
  const store = `/api/stores/${encodeURIComponent(storeId)}`;
  const calls = ['/api/auth/me', store];
  if (section === '' || section === 'today') {
    const asked = query.get('day');
    const day = asked && DAY.test(asked) ? asked : DateTime.now().setZone(timezone).toISODate();
    calls.push(`${store}/overview?limit=8`, `${store}/staff`, `${store}/bookings?from=${day}&to=${day}&limit=100`);
  }
  return calls;
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export async function registerConsole(app: FastifyInstance, dist = CONSOLE_DIST, options: { memberStore?: MemberStore } = {}) {
  const built = consoleBuilt(dist);
  // Read once at start, as the assets it names (a later build keeps them a while: scripts/build.mjs).
  const index = built ? readFileSync(join(dist, 'index.html'), 'utf8') : null;
  const variants = index ? indexVariants(dist, index) : new Map<string, string>();

  /** For a member opening a store's page: the page with its first API calls named (firstCalls). */
  const withFirstCalls = async (request: FastifyRequest, path: string, page: string): Promise<string | null> => {
    const store = /^\/s\/([a-z0-9]{1,64})(?:\/([^/]*))?(?:\/.*)?$/.exec(path);
    if (!store || !options.memberStore || !page.includes('</head>')) return null;
    const member = await options.memberStore(request, store[1]).catch(() => null);
    if (!member) return null;
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const links = firstCalls(store[1], store[2] ?? '', member.timezone, query).map((url) => `<link rel="preload" as="fetch" crossorigin href="${attribute(url)}">`).join('');
    return page.replace('</head>', `${links}</head>`);
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, path = '/') => {
    if (!index) {
      return reply
        .code(503)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('<!doctype html><html lang="en"><meta charset="utf-8"><title>Console not built</title>' +
          '<p>The staff console has not been built. Run <code>npm run build</code> (or <code>npm start</code>, which builds it when needed).</p></html>');
    }
    const page = variants.get(pagesToPreload(path).join('+')) ?? index;
    const personal = await withFirstCalls(request, path, page);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      // A page naming a member's calls is theirs: kept by no shared cache.
      .header('cache-control', personal ? 'private, no-cache' : 'no-cache')
      .header('content-security-policy', CONSOLE_CSP)
      .send(personal ?? page);
  };

  if (built) {
    const files = {
      decorateReply: false,
      index: false as const,
      // Brotli or gzip files written next to each asset at build time (scripts/build.mjs).
      preCompressed: true,
      cacheControl: false,
      schemaHide: true,
      setHeaders(reply: { header(name: string, value: string): unknown }, path: string) {
        // Asset names carry a content hash: a changed file is a new URL, so it may be cached for good.
        // Everything else (index.html, sw.js, the manifest, icons) is checked with the service on each
        // use: the browser looks for a new service worker, and so a new console build, every time.
        reply.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (path.endsWith('.html')) reply.header('content-security-policy', CONSOLE_CSP);
        // The worker controls the console's pages only (its default scope, said for clarity).
        if (path.endsWith(`${sep}sw.js`)) reply.header('service-worker-allowed', '/console/');
      },
    };
    // The files next to index.html: one route each (found at start); any other /console/… path is the app's.
    await app.register(fastifyStatic, { ...files, root: dist, prefix: '/console/', wildcard: false, globIgnore: ['assets/**'] });
    // The hashed assets (hundreds, with their compressed copies) behind one route: a missing one
    // (an old tab asking for a file of a previous build) is a 404, not the app.
    await app.register(fastifyStatic, { ...files, root: join(dist, 'assets'), prefix: '/console/assets/', wildcard: true });
  }
  for (const path of ['/console', '/console/', '/console/*']) {
    app.get(path, { schema: { hide: true } }, async (request, reply) => {
      if (request.url === '/console') return reply.redirect('/console/', 301);
      return sendIndex(request, reply, request.url.slice('/console'.length).split('?')[0]);
    });
  }
  // No console built: an asset is a 404, not the app.
  if (!built) app.get('/console/assets/*', { schema: { hide: true } }, async (_request, reply) => reply.callNotFound());
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    if (wantsHtml(request.headers.accept)) return reply.redirect('/console/', 302);
    return reply.callNotFound();
  });
}
