// How a catalog response goes out: the representation a request gets (identity or gzip, by
// Accept-Encoding), its validator (If-None-Match → 304), and the headers of each. Two ways, one result:
// - sendCached: through Fastify's reply (a miss, just built; the legacy read with updatedSince);
// - serveHit: a cache hit, from replies prepared once per catalog version (the entry's encoded bodies
//   and whole header sets), written with sendPrepared (src/http/prepared-reply.ts). A hit then costs a
//   lookup, a comparison of If-None-Match and one write.
// test/catalog/encoded-cache.test.ts holds both to the same bytes for every combination.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preparedReply, sendPrepared, type PreparedReply } from '../../http/prepared-reply.ts';
import type { CachedResponse } from './cache.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Whether Accept-Encoding allows gzip (and does not refuse it with q=0). */
function parseAcceptsGzip(header: string): boolean {
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

// Clients send one of a handful of Accept-Encoding values over and over: parse each once.
const acceptsGzipMemo = new Map<string, boolean>();
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let accepts = acceptsGzipMemo.get(header);
  if (accepts === undefined) {
    accepts = parseAcceptsGzip(header);
    if (acceptsGzipMemo.size >= 256) acceptsGzipMemo.clear();
    acceptsGzipMemo.set(header, accepts);
  }
  return accepts;
}

/** Whether If-None-Match names the entity (weak comparison: W/ or not, alone or in a list). */
function matches(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: { body: string | Buffer; etag: string | null; gzip?: Buffer | null }, cacheControl: string) {
  reply.header('cache-control', cacheControl);
  const gzip = cached.gzip && acceptsGzip(request.headers['accept-encoding']) ? cached.gzip : null;
  if (cached.gzip) {
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  }
  if (cached.etag) {
    // The gzipped representation carries the weak form of the same validator.
    reply.header('etag', gzip ? `W/${cached.etag}` : cached.etag);
    const match = request.headers['if-none-match'];
    if (match && matches(match, cached.etag)) return reply.code(304).send();
  }
  if (gzip) reply.header('content-encoding', 'gzip');
  return reply.type(JSON_TYPE).send(gzip ?? cached.body);
}

/** One representation's replies: the full 200 and the 304 for a matching If-None-Match. */
interface Representation {
  ok: PreparedReply;
  notModified: PreparedReply;
}

/** Everything a hit needs, prepared once per cached entry (and Cache-Control: one per route). */
export interface CatalogReplies {
  cacheControl: string;
  identity: Representation;
  /** Null when the body is too small to be offered gzipped. */
  gzip: Representation | null;
  /** The strong validator and its weak form, for the common If-None-Match of one tag. */
  etag: string;
  weakEtag: string;
}

/** The headers sendCached sets, in its order, for each representation and outcome. */
function prepareReplies(cached: CachedResponse, cacheControl: string): CatalogReplies {
  const vary: Record<string, string> = cached.gzip ? { vary: 'accept-encoding' } : {};
  const representation = (etag: string, body: Buffer, encoding: Record<string, string>): Representation => ({
    ok: preparedReply(200, { 'cache-control': cacheControl, ...vary, etag, ...encoding, 'content-type': JSON_TYPE }, body),
    notModified: preparedReply(304, { 'cache-control': cacheControl, ...vary, etag }, null),
  });
  const weakEtag = `W/${cached.etag}`;
  return {
    cacheControl,
    identity: representation(cached.etag, cached.body, {}),
    gzip: cached.gzip ? representation(weakEtag, cached.gzip, { 'content-encoding': 'gzip' }) : null,
    etag: cached.etag,
    weakEtag,
  };
}

/** A cache hit: pick the representation, compare If-None-Match, write the prepared reply. */
export function serveHit(request: FastifyRequest, reply: FastifyReply, cached: CachedResponse, cacheControl: string): void {
  let replies = cached.replies;
  if (replies === null || replies.cacheControl !== cacheControl) replies = cached.replies = prepareReplies(cached, cacheControl);
  const representation = replies.gzip !== null && acceptsGzip(request.headers['accept-encoding']) ? replies.gzip : replies.identity;
  const match = request.headers['if-none-match'];
  const notModified = match !== undefined && match !== '' && (match === replies.etag || match === replies.weakEtag || matches(match, replies.etag));
  sendPrepared(request, reply, notModified ? representation.notModified : representation.ok);
}
