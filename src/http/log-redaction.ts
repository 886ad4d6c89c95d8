// What a log line may say about a request's URL. A secret in a query string (a password-reset link's
// token, a key a client put in `?key=`) or in a path (a link's token) would otherwise be written to
// the request log, where anyone who reads the logs could use it. Redacted before the line is written.

const CENSOR = '[redacted]';

/** Query parameter names whose values are secrets, whatever they look like. */
const SECRET_NAME = /token|secret|passw|pwd|key|sig|auth|session|cookie|otp|credential|code/i;

/** Values that are the service's own secrets, whatever parameter or path segment carries them. */
const SECRET_VALUE = /^(isk|sst|prt|inv|whsec)_/;

/** Path segments that are secrets by position: /b/<manage-link token>. */
const SECRET_PATH = /^\/b\/[^/?]+/;

function redactPath(path: string): string {
  let out = SECRET_PATH.test(path) ? path.replace(SECRET_PATH, `/b/${CENSOR}`) : path;
  if (out.includes('_')) out = out.split('/').map((segment) => (SECRET_VALUE.test(decodeSafely(segment)) ? CENSOR : segment)).join('/');
  return out;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The URL as it may be logged: secret-named query values and secret-looking values (keys, session
 * and reset tokens, wherever they appear) replaced by "[redacted]". Everything else is kept as sent.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const safePath = redactPath(path);
  if (q === -1) return safePath;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return SECRET_VALUE.test(decodeSafely(pair)) ? CENSOR : pair;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '') return pair;
      return SECRET_NAME.test(decodeSafely(name)) || SECRET_VALUE.test(decodeSafely(value)) ? `${name}=${CENSOR}` : pair;
    })
    .join('&');
  return `${safePath}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
  headers?: Record<string, string | string[] | undefined>;
}

/** The x-store-client header the client library sends (`@store-integration/client/1.0.0 node/20.11.0`): printable ASCII, at most 120 characters. */
function clientOf(request: LoggedRequest): string | undefined {
  const value = request.headers?.['x-store-client'];
  if (typeof value !== 'string' || value === '') return undefined;
  return value.replace(/[^\x20-\x7e]/g, '?').slice(0, 120);
}

/** Fastify's request serializer, with the URL redacted (same fields as Fastify's own), and the client library that sent it when it says. */
export function serializeRequest(request: LoggedRequest) {
  const client = clientOf(request);
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host ?? request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
    ...(client ? { client } : {}),
  };
}
