export interface ErrorDetail {
  field: string;
  message: string;
}

/** The one error type. The HTTP error handler turns it into CONTRACT §3's flat body. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
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

export const badRequest = (code: string, message: string, details?: ErrorDetail[]) => new AppError(400, code, message, details);
export const validationFailed = (details: ErrorDetail[], message = 'The request is not valid.') =>
  new AppError(400, 'validation-failed', message, details);
export const unauthorized = (code: 'unauthorized' | 'invalid-api-key', message: string) => new AppError(401, code, message);
export const forbidden = (message: string, code = 'forbidden') => new AppError(403, code, message);
export const notFound = (code: string, message: string) => new AppError(404, code, message);
export const conflict = (code: string, message: string, details?: ErrorDetail[]) => new AppError(409, code, message, details);
export const unprocessable = (code: string, message: string, details?: ErrorDetail[]) => new AppError(422, code, message, details);
export const rateLimited = (retryAfterSeconds: number, message = 'Too many requests, retry later.') =>
  new AppError(429, 'rate-limited', message, undefined, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
