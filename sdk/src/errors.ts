import type { ErrorDetail, ServiceErrorCode } from './types.js';

/** Codes the client gives itself: no answer came, the answer was not JSON, or it refused before sending. */
export type ClientErrorCode = 'network-error' | 'timeout' | 'aborted' | 'invalid-response' | 'empty-cart' | 'missing-key' | `http-${number}`;

/**
 * A StoreApiError's code: one the service documents (generated from its OpenAPI document), one of
 * the client's own, or (`string & {}`) a code a newer service may add, which still type-checks.
 */
export type StoreApiErrorCode = ServiceErrorCode | ClientErrorCode | (string & {});

export interface StoreApiErrorInit {
  status: number;
  code: StoreApiErrorCode;
  message: string;
  requestId?: string | null;
  details?: ErrorDetail[];
  retryable?: boolean;
  retryAfterMs?: number | null;
  expectedVersion?: string;
  receivedVersion?: string;
}

/**
 * Every failure of the client: an error answer of the service (its flat body `{ok: false, error,
 * message, requestId, details?}`), a network error or timeout (`status` 0, `code` `network-error` /
 * `timeout`), or a check the client makes before sending (`status` 0). It never holds the
 * integration key.
 */
export class StoreApiError extends Error {
  override readonly name = 'StoreApiError';
  /** HTTP status; 0 when no answer came (network error, timeout) or the client refused before sending. */
  readonly status: number;
  /** Stable error code: the service's `error` (`slot-unavailable`, `invalid-api-key`…) or the client's own (`network-error`, `timeout`…). */
  readonly code: StoreApiErrorCode;
  /** The service's `x-service-request-id`: log it, quote it when asking for help. */
  readonly requestId: string | null;
  /** One entry per bad field (`validation-failed`, `item-not-found`, `out-of-stock`…). */
  readonly details: ErrorDetail[];
  /** True when trying again later may succeed (network errors, timeouts, 429, 5xx). */
  readonly retryable: boolean;
  /** The wait the service asked for (Retry-After) when it answered 429 or 503 and the call's budget could not hold it; else null. */
  readonly retryAfterMs: number | null;
  /** For `contract-version-mismatch`: the version the service speaks and the one it received. */
  readonly expectedVersion?: string;
  readonly receivedVersion?: string;

  constructor(init: StoreApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId ?? null;
    this.details = init.details ?? [];
    this.retryable = init.retryable ?? false;
    this.retryAfterMs = init.retryAfterMs ?? null;
    if (init.expectedVersion !== undefined) this.expectedVersion = init.expectedVersion;
    if (init.receivedVersion !== undefined) this.receivedVersion = init.receivedVersion;
  }

  /** One line with what to fix: `StoreApiError 400 validation-failed: … (request req_…) [customer.phone: must have 9 to 15 digits; …]`. */
  override toString(): string {
    const where = this.requestId ? ` (request ${this.requestId})` : '';
    const fields = this.details.length ? ` [${this.details.map((d) => `${d.field}: ${d.message}`).join('; ')}]` : '';
    const wait = this.retryAfterMs !== null ? ` (retry after ${Math.ceil(this.retryAfterMs / 1000)} s)` : '';
    return `StoreApiError ${this.status || '-'} ${this.code}: ${this.message}${where}${wait}${fields}`;
  }

  toJSON() {
    return { name: this.name, status: this.status, code: this.code, message: this.message, requestId: this.requestId, details: this.details, retryable: this.retryable, retryAfterMs: this.retryAfterMs };
  }
}
