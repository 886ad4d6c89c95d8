import type { ErrorDetail } from './types.js';

export interface StoreApiErrorInit {
  status: number;
  code: string;
  message: string;
  requestId?: string | null;
  details?: ErrorDetail[];
  retryable?: boolean;
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
  /** Stable error code: the service's `error` (`slot-unavailable`, `invalid-api-key`…) or the client's own. */
  readonly code: string;
  /** The service's `x-service-request-id`: log it, quote it when asking for help. */
  readonly requestId: string | null;
  /** One entry per bad field (`validation-failed`, `item-not-found`, `out-of-stock`…). */
  readonly details: ErrorDetail[];
  /** True when trying again later may succeed (network errors, timeouts, 429, 5xx). */
  readonly retryable: boolean;
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
    if (init.expectedVersion !== undefined) this.expectedVersion = init.expectedVersion;
    if (init.receivedVersion !== undefined) this.receivedVersion = init.receivedVersion;
  }

  override toString(): string {
    const where = this.requestId ? ` (request ${this.requestId})` : '';
    return `StoreApiError ${this.status || '-'} ${this.code}: ${this.message}${where}`;
  }

  toJSON() {
    return { name: this.name, status: this.status, code: this.code, message: this.message, requestId: this.requestId, details: this.details, retryable: this.retryable };
  }
}
