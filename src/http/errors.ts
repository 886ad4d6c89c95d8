import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorDetail } from '../shared/errors.ts';
import { CONTRACT_VERSION } from './schemas.ts';

function detailsFromValidation(error: FastifyError): ErrorDetail[] {
  const context = (error as any).validationContext as string | undefined;
  return (error.validation ?? []).map((v: any) => {
    const path = String(v.instancePath ?? '')
      .split('/')
      .filter(Boolean)
      .join('.');
    const missing = v.params?.missingProperty as string | undefined;
    const field = [path, missing].filter(Boolean).join('.') || context || 'body';
    return { field, message: v.message ?? 'is not valid' };
  });
}

/** Maps any thrown error to the flat error body of CONTRACT §3. */
export function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  const e = error as FastifyError;
  if (e.validation) {
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

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  if (error.headers) reply.headers(error.headers);
  return reply.code(error.status).send({
    ok: false,
    error: error.code,
    message: error.message,
    requestId: request.id,
    ...(error.details ? { details: error.details } : {}),
    ...(error.extra ?? {}),
  });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error as FastifyError);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code }, 'request rejected');
    return sendError(request, reply, appError);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, new AppError(404, 'not-found', `No route ${request.method} ${request.url.split('?')[0]}. Check the path; the contract version is a header, never a path segment.`)),
  );
}
