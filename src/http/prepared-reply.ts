// Prepared replies: a response whose headers and body were computed ahead of time (a catalog entry
// prepares them once per catalog version) written straight to Node's response, past Fastify's reply
// pipeline: no Content-Type parsing, no serializer, no onSend hooks, no second pass over the headers.
//
// Everything before the handler still ran (input rules, security headers, CORS, rate limit, key check,
// validation), so the headers those hooks set are taken from the reply as they are. What the global
// onSend hooks add to every response is added here in their place, in the same order: the request id and
// contract version (contract-version.ts), and the in-flight count (in-flight.ts). So is what Fastify's
// send adds: Content-Length (for HEAD the length of the body it does not send; 0 for a bodiless HEAD).
// The result is byte for byte what reply.send() would have sent: test/catalog/encoded-cache.test.ts
// compares both over HTTP for every header, in order.
import { createRequire } from 'node:module';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { repliedInFlight } from './in-flight.ts';
import { CONTRACT_VERSION } from './schemas.ts';

type HeaderObject = Record<string, string | number | string[] | undefined>;

/**
 * The reply's own header object (Fastify's internal kReplyHeaders symbol), which Fastify itself hands
 * to writeHead when it sends. Writing into it spares the copy reply.getHeaders() makes, and that copy
 * (spread over a null-prototype object) is a slow dictionary-mode object that Node's header
 * serialization then walks: measured, about a tenth of a cached catalog read. Should a Fastify version
 * not have it, the public copy is used instead (same bytes, slower).
 */
const kReplyHeaders: symbol | null = (() => {
  try {
    const symbol = (createRequire(import.meta.url)('fastify/lib/symbols.js') as { kReplyHeaders?: unknown }).kReplyHeaders;
    return typeof symbol === 'symbol' ? symbol : null;
  } catch {
    return null;
  }
})();

/**
 * The reply's own header object, or null should this Fastify version not have one where expected.
 * Hooks that set the same headers on every request (security-headers.ts, rate-limit.ts) write into it
 * directly, lower-case names and string values, as reply.header() would store them: reply.header()
 * lower-cases each name again, ~250 instructions a header (callgrind).
 */
export function ownReplyHeaders(reply: FastifyReply): HeaderObject | null {
  const own = kReplyHeaders === null ? undefined : (reply as unknown as Record<symbol, unknown>)[kReplyHeaders];
  return own !== null && typeof own === 'object' ? (own as HeaderObject) : null;
}

function replyHeaders(reply: FastifyReply): HeaderObject {
  // Headers set on the raw response (none on these routes) are merged by Node's writeHead either way.
  return ownReplyHeaders(reply) ?? reply.getHeaders();
}

/** A response's own headers (lower-case names, in the order the route sets them) and body, prepared once. */
export interface PreparedReply {
  status: number;
  /** The route's headers, set after those of the request hooks (Vary is appended to theirs, if any). */
  headers: ReadonlyArray<readonly [string, string]>;
  /**
   * The body as it is written, or null for a response without one (304). A body of up to SMALL_BODY
   * bytes is a latin1 string: the same bytes, one character per byte (UTF-8 or gzip alike). Node joins
   * a string body to the header block and writes the two in one plain write; a Buffer goes out with the
   * headers through writev, whose extra JS and the header string's separate conversion cost more than
   * copying a few KiB. Measured on the gzip catalog read (2.5 KB): ~0.8 µs of server CPU less per
   * request. Bigger bodies stay Buffers (no copy per request).
   */
  body: Buffer | string | null;
  /** The body's length in bytes, as a string, kept with it. */
  contentLength: string | null;
}

/** Bodies up to this size are kept as latin1 strings (see PreparedReply.body). */
const SMALL_BODY = 16 * 1024;

export function preparedReply(status: number, headers: Record<string, string>, body: Buffer | null): PreparedReply {
  return {
    status,
    headers: Object.entries(headers),
    body: body !== null && body.length <= SMALL_BODY ? body.toString('latin1') : body,
    contentLength: body === null ? null : String(body.length),
  };
}

export function sendPrepared(request: FastifyRequest, reply: FastifyReply, prepared: PreparedReply): void {
  // The request hooks' headers (security, CORS, rate limit), then the route's: a name already set keeps
  // its place and takes the new value, as with reply.header().
  const headers = replyHeaders(reply);
  for (const [name, value] of prepared.headers) {
    const current = name === 'vary' ? headers.vary : undefined;
    headers[name] = current ? `${String(current)}, ${value}` : value;
  }
  // The onSend hooks' (contract-version.ts).
  headers['x-service-request-id'] = request.id;
  headers['x-service-contract-version'] = CONTRACT_VERSION;
  // Fastify's: the body's length, also for HEAD (its HEAD route); a bodiless HEAD says 0.
  const head = request.method === 'HEAD';
  if (prepared.contentLength !== null) headers['content-length'] = prepared.contentLength;
  else if (head) headers['content-length'] = '0';
  repliedInFlight(request, prepared.status, reply);
  reply.hijack();
  const res = reply.raw;
  res.writeHead(prepared.status, headers as Record<string, string | number | string[]>);
  if (prepared.body !== null && !head) {
    // One write for the header block and the body. Node's end(body) corks the socket and queues the body
    // and then an empty chunk that carries its finish callback, so the response went out through writev
    // (strace). A socket corked here first makes write() queue the body alone (the header block joined
    // to a string body); uncork() then writes that one chunk with a plain write, and end() only finishes.
    // A Buffer body still goes out with its header block through one writev.
    const socket = res.socket;
    socket?.cork();
    res.write(prepared.body, 'latin1'); // (a Buffer is written as it is)
    socket?.uncork();
  }
  res.end();
}
