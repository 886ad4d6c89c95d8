import type { ErrorCode } from './error-codes.ts';

export type { ErrorCode } from './error-codes.ts';

export interface ErrorDetail {
  field: string;
  message: string;
}

/** The one error type. The HTTP error handler turns it into CONTRACT §3's flat body. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    /** One of ERROR_CODES (src/shared/error-codes.ts): a new code is added there first. */
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    /** Extra top-level fields for the error body (e.g. expectedVersion). */
    readonly extra?: Record<string, unknown>,
    /** Extra response headers (e.g. Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (code: ErrorCode, message: string, details?: ErrorDetail[]) => new AppError(400, code, message, details);
export const validationFailed = (details: ErrorDetail[], message = 'The request is not valid.') =>
  new AppError(400, 'validation-failed', message, details);
export const unauthorized = (code: 'unauthorized' | 'invalid-api-key', message: string) => new AppError(401, code, message);
export const forbidden = (message: string, code: ErrorCode = 'forbidden') => new AppError(403, code, message);
export const notFound = (code: ErrorCode, message: string) => new AppError(404, code, message);
export const conflict = (code: ErrorCode, message: string, details?: ErrorDetail[]) => new AppError(409, code, message, details);
export const unprocessable = (code: ErrorCode, message: string, details?: ErrorDetail[]) => new AppError(422, code, message, details);
export const rateLimited = (retryAfterSeconds: number, message = 'Too many requests, retry later.') =>
  new AppError(429, 'rate-limited', message, undefined, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
