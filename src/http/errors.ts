import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode, type ErrorDetail } from '../shared/errors.ts';
import { newId } from '../shared/ids.ts';
import { CONTRACT_VERSION } from './schemas.ts';
import { validationDetails } from './validation.ts';
import type { ErrorObject } from 'ajv';

function detailsFromValidation(error: FastifyError): ErrorDetail[] {
  return validationDetails((error.validation ?? []) as ErrorObject[], (error as any).validationContext as string | undefined);
}

/** Maps any thrown error to the flat error body of CONTRACT §3. */
export function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  const e = error as FastifyError;
  if (e.validation) {
    // A storeId the query must carry keeps its own code (missing-store-id), as where a key could name the store.
    const context = (e as { validationContext?: string }).validationContext;
    const missingStore = context === 'querystring' && (e.validation as ErrorObject[]).some((v) => v.keyword === 'required' && (v.params as { missingProperty?: string }).missingProperty === 'storeId');
    if (missingStore) return new AppError(400, 'missing-store-id', 'Send the storeId query parameter.');
    return new AppError(400, 'validation-failed', 'The request is not valid.', detailsFromValidation(e));
  }
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(413, 'payload-too-large', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(415, 'unsupported-media-type', 'This content type is not accepted here.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(400, 'invalid-json', 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError(400, 'invalid-request', 'Content-Length does not match the body.');
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, 'payload-too-large', 'The upload is too large.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'unsupported-media-type', 'Send multipart/form-data.');
  }
  if (e instanceof SyntaxError && (e as any).statusCode === 400) {
    return new AppError(400, 'invalid-json', 'The request body is not valid JSON.');
  }
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status === 429) return new AppError(429, 'rate-limited', 'Too many requests, retry later.');
  if (status >= 400 && status < 500) return new AppError(status, status === 404 ? 'not-found' : 'bad-request', e.message);
  return new AppError(500, 'internal-error', 'Something went wrong on our side. Retry with backoff and quote the request id.');
}

/** Fastify's `frameworkErrors` hook: errors raised by the router before any route runs. */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const appError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError(404, 'not-found', 'No such resource.')
      : error.code === 'FST_ERR_BAD_URL'
        ? new AppError(400, 'bad-request', 'The URL is malformed.')
        : toAppError(error);
  // The router answers before any hook runs, so the headers every response carries are set here.
  reply.header('x-service-request-id', request.id);
  reply.header('x-service-contract-version', CONTRACT_VERSION);
  return sendError(request, reply, appError);
}

/**
 * Fastify's `clientErrorHandler`: errors Node's HTTP parser raises before there is a request
 * (headers too large, a malformed request line or unknown method, a request not received within
 * REQUEST_TIMEOUT_MS / HEADERS_TIMEOUT_MS). Answered on the raw socket with the flat body, then closed.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, ErrorCode, string] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'request-timeout', 'The request was not received in time.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'headers-too-large', 'The request headers are too large.']
        : [400, 'bad-request', 'The request is malformed (request line, method or headers).'];
  const requestId = newId('req');
  this.log.info({ reqId: requestId, code: error.code, status }, 'client error');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ ok: false, error: code, message, requestId });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'content-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      `x-service-request-id: ${requestId}\r\n` +
      `x-service-contract-version: ${CONTRACT_VERSION}\r\n` +
      'connection: close\r\n\r\n' +
      body,
    // The rest of a half-sent request is not waited for.
    () => socket.destroy(),
  );
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  if (error.headers) reply.headers(error.headers);
  // Serialized here, not by the route's response schema: an HTML route's 404 schema is a string.
  reply.type('application/json; charset=utf-8').serializer(JSON.stringify);
  return reply.code(error.status).send({
    ok: false,
    error: error.code,
    message: error.message,
    requestId: request.id,
    ...(error.details ? { details: error.details } : {}),
    ...(error.extra ?? {}),
  });
}

/**
 * Fields of a PostgreSQL error that quote the data of the failing row: `detail` holds key values
 * ("Key (email)=(ama@example.com) already exists."), `where` and `internalQuery` can quote them too.
 */
const DATABASE_DATA_FIELDS = new Set(['detail', 'where', 'internalQuery']);

/**
 * The error as it may be logged: without the database's data fields, so a 500's log line never
 * carries personal data. Code, constraint, table, message and stack stay. (The logger renders a
 * cause by its message and stack only, so causes need no scrubbing.)
 */
export function loggableError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null || !Object.keys(error).some((key) => DATABASE_DATA_FIELDS.has(key))) return error;
  const own = Object.getOwnPropertyDescriptors(error) as Record<string, PropertyDescriptor>;
  for (const key of DATABASE_DATA_FIELDS) delete own[key];
  // Same prototype, so the logger still names the error's type.
  return Object.create(Object.getPrototypeOf(error), own);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error as FastifyError);
    if (appError.status >= 500) request.log.error({ err: loggableError(error) }, 'request failed');
    else request.log.info({ code: appError.code }, 'request rejected');
    return sendError(request, reply, appError);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, new AppError(404, 'not-found', `No route ${request.method} ${request.url.split('?')[0]}. Check the path; the contract version is a header, never a path segment.`)),
  );
}
