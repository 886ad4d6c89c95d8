// Paystack over its HTTP API: POST /transaction/initialize → authorization_url, GET
// /transaction/verify/:reference → data.status, and the webhook signature (x-paystack-signature:
// HMAC-SHA512 of the raw body with the secret key, hex), POST /refund {transaction, amount} (queued:
// data.status pending or processing, then the refund.processed / refund.failed callback) and GET
// /refund/:id for its status. Amounts are integer subunits.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ProviderError, type InitializeRequest, type InitializeResult, type PaymentProvider, type RefundResult, type VerifyResult } from './types.ts';

const TIMEOUT_MS = 15_000;

export function paystackSignature(secretKey: string, rawBody: string | Buffer): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

/** Constant-time check of the webhook's x-paystack-signature header against the raw body. */
export function verifyPaystackSignature(secretKey: string, rawBody: string | Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{128}$/i.test(header)) return false;
  const expected = Buffer.from(paystackSignature(secretKey, rawBody), 'hex');
  const given = Buffer.from(header, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function createPaystackProvider(baseUrl: string, secretKey: string): PaymentProvider {
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
    let res: Response;
    try {
      res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderError(`Paystack ${method} ${path} failed: ${(error as Error).message}`);
    }
    let json: any = null;
    try {
      json = await res.json();
    } catch {
      // handled below
    }
    if (!res.ok || !json || json.status !== true) {
      const message = typeof json?.message === 'string' ? json.message.slice(0, 200) : 'no message';
      throw new ProviderError(`Paystack ${method} ${path} answered ${res.status}: ${message}`, res.status >= 400 && res.status < 500 && json?.status === false);
    }
    return json;
  }

  return {
    name: 'paystack',
    requiresEmail: true,
    async initialize(request: InitializeRequest): Promise<InitializeResult> {
      const json = await call('POST', '/transaction/initialize', {
        email: request.email,
        amount: request.amountMinor,
        currency: request.currency,
        reference: request.reference,
        callback_url: request.callbackUrl,
        metadata: request.metadata,
      });
      const url = json.data?.authorization_url;
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new ProviderError('Paystack initialize returned no authorization_url');
      return { authorizationUrl: url, paymentReference: typeof json.data?.reference === 'string' ? json.data.reference : request.reference };
    },
    async verify(reference: string): Promise<VerifyResult> {
      const json = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      const data = json.data ?? {};
      const status = String(data.status ?? '');
      const outcome = status === 'success' ? 'success' : status === 'failed' || status === 'reversed' ? 'failed' : 'pending';
      return {
        outcome,
        amountMinor: Number.isInteger(data.amount) ? data.amount : null,
        currency: typeof data.currency === 'string' ? data.currency : null,
        paidAt: typeof data.paid_at === 'string' ? data.paid_at : null,
      };
    },
    async refund(request): Promise<RefundResult> {
      const json = await call('POST', '/refund', {
        transaction: request.reference,
        amount: request.amountMinor,
        currency: request.currency,
        ...(request.note ? { merchant_note: request.note.slice(0, 200) } : {}),
      });
      return refundResultOf(json.data);
    },
    async refundStatus(id: string): Promise<RefundResult> {
      const json = await call('GET', `/refund/${encodeURIComponent(id)}`);
      return refundResultOf(json.data);
    },
  };
}

/** Paystack's refund states: pending, processing, needs-attention (still working) → processed | failed. */
export function refundResultOf(data: any): RefundResult {
  const status = String(data?.status ?? '');
  const id = data?.id === undefined || data?.id === null ? null : String(data.id);
  if (status === 'processed') return { status: 'processed', id };
  if (status === 'failed') return { status: 'failed', id, failure: typeof data?.reason === 'string' && data.reason ? data.reason.slice(0, 200) : 'the refund failed at Paystack' };
  return { status: 'pending', id };
}
