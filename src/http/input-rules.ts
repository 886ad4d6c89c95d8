// Input rules for every route (CONTRACT §9), decided here once rather than route by route: strings
// holding U+0000 (PostgreSQL cannot store them), repeated query parameters, JSON nesting depth, empty
// JSON bodies, Content-Encoding and multipart without a boundary. They run before any route hook,
// so no input that breaks them reaches authentication, SQL or a handler.
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preValidationHookHandler } from 'fastify';
import { AppError, notFound, validationFailed, type ErrorDetail } from '../shared/errors.ts';

/** JSON bodies nested deeper than this (objects and arrays) are refused. */
export const MAX_JSON_DEPTH = 64;

const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

export function registerInputRules(app: FastifyInstance) {
  registerJsonParser(app);
  app.addHook('onRequest', checkHeadersQueryAndPath);
  app.addHook('preValidation', checkBody);
}

/**
 * JSON with a depth limit checked on the text before parsing (a counter, so a deep body can
 * neither overflow the stack here nor later in JSON.stringify), Fastify's own prototype-poisoning
 * checks (secure-json-parse), and an empty body read as `{}`.
 */
function registerJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    // A POST that needs no body (webhook test, publish) sent with a JSON content type and nothing else.
    if (text.length === 0) return done(null, {});
    if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(validationFailed([{ field: 'body', message: `must not be nested deeper than ${MAX_JSON_DEPTH} levels` }]), undefined);
    }
    parse(request, text, done);
  });
}

/** Whether the JSON text opens more than `max` objects/arrays inside each other (brackets in strings do not count). */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

const checkHeadersQueryAndPath: onRequestHookHandler = function (request, _reply, done) {
  try {
    checkEncoding(request);
    if (request.is404 !== true) {
      checkParams(request);
      checkQuery(request);
    }
  } catch (error) {
    return done(error as Error);
  }
  done();
};

function checkEncoding(request: FastifyRequest) {
  const headers = request.headers;
  const hasBody = headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');
  if (!hasBody) return;
  const encoding = headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    throw new AppError(415, 'unsupported-media-type', `Content-Encoding ${encoding} is not accepted; send the body uncompressed.`);
  }
  const type = headers['content-type'];
  // Without a boundary the multipart parser cannot even start.
  if (type !== undefined && /^\s*multipart\//i.test(type) && !/;\s*boundary=/i.test(type)) {
    throw new AppError(415, 'unsupported-media-type', 'A multipart body needs a boundary parameter in Content-Type.');
  }
}

function checkParams(request: FastifyRequest) {
  const params = request.params as Record<string, string> | undefined;
  if (!params) return;
  // No stored id or slug can hold a NUL, so whatever the path names does not exist.
  for (const key in params) if (params[key]?.includes('\0')) throw notFound('not-found', 'No such resource.');
}

function checkQuery(request: FastifyRequest) {
  const query = request.query as Record<string, string | string[]> | undefined;
  if (!query) return;
  const details: ErrorDetail[] = [];
  for (const key in query) {
    const value = query[key];
    if (key.includes('\0')) details.push({ field: printable(key), message: NUL_MESSAGE });
    else if (typeof value === 'string') {
      if (value.includes('\0')) details.push({ field: key, message: NUL_MESSAGE });
    } else if (Array.isArray(value)) {
      if (!arrayQueryKeys(request).has(key)) details.push({ field: key, message: 'must be sent once' });
      else if (value.some((v) => v.includes('\0'))) details.push({ field: key, message: NUL_MESSAGE });
    }
  }
  if (details.length > 0) throw validationFailed(details);
}

const arrayKeysBySchema = new WeakMap<object, Set<string>>();
const NO_KEYS = new Set<string>();

/** Query parameters the route's schema declares as arrays: only those may repeat. */
function arrayQueryKeys(request: FastifyRequest): Set<string> {
  const schema = request.routeOptions.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
  if (!schema || typeof schema !== 'object') return NO_KEYS;
  let keys = arrayKeysBySchema.get(schema);
  if (!keys) {
    keys = new Set(Object.entries(schema.properties ?? {}).filter(([, s]) => allowsArray(s)).map(([k]) => k));
    arrayKeysBySchema.set(schema, keys);
  }
  return keys;
}

function allowsArray(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const s = schema as { type?: unknown; anyOf?: unknown[]; oneOf?: unknown[] };
  if (s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array'))) return true;
  return [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some(allowsArray);
}

/** Any parsed body (JSON, form, CSV text): a string anywhere in it, key or value, must not hold U+0000. */
const checkBody: preValidationHookHandler = function (request, _reply, done) {
  const body = request.body;
  if (body === undefined || body === null || Buffer.isBuffer(body) || !containsNul(body)) return done();
  done(validationFailed(nulPaths(body).map((field) => ({ field, message: NUL_MESSAGE }))));
};

/** Iterative (no recursion), allocation-free apart from the stack: the common case finds nothing. */
function containsNul(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes('\0')) return true;
    } else if (Array.isArray(value)) {
      for (const v of value) stack.push(v);
    } else if (value !== null && typeof value === 'object') {
      for (const key in value) {
        if (key.includes('\0')) return true;
        stack.push((value as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** The dotted paths of the offending strings (only computed once one is known to be there). */
function nulPaths(root: unknown, limit = 20): string[] {
  const found: string[] = [];
  const stack: Array<[unknown, string]> = [[root, '']];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length > 0 && found.length < limit) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\0')) found.push(path || 'body');
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], join(path, String(i))]);
    } else if (value !== null && typeof value === 'object') {
      // Pushed last to first, so the paths come out in the body's order.
      for (const key of Object.keys(value).reverse()) {
        if (key.includes('\0')) found.push(join(path, printable(key)));
        else stack.push([(value as Record<string, unknown>)[key], join(path, key)]);
      }
    }
  }
  return found;
}

const printable = (s: string) => s.replaceAll('\0', '\\u0000');
