// The payment provider interface: the checkout service talks to a provider only through this.

export interface InitializeRequest {
  reference: string;
  amountMinor: number;
  currency: string;
  email: string | null;
  /** Where the provider sends the customer back (with trxref and reference). */
  callbackUrl: string;
  metadata: Record<string, string>;
}

export interface InitializeResult {
  /** The hosted page the customer pays on. */
  authorizationUrl: string;
  /** The provider's reference (the same value as ours for both providers). */
  paymentReference: string;
}

export interface VerifyResult {
  /** success: money taken; failed: declined or abandoned; pending: not decided yet. */
  outcome: 'success' | 'failed' | 'pending';
  amountMinor: number | null;
  currency: string | null;
  paidAt: string | null;
}

export interface RefundResult {
  /** processed: the money is on its way back; pending: the provider works on it and says later (callback or status check); failed: it will not be. */
  status: 'pending' | 'processed' | 'failed';
  /** The provider's id of the refund (for status checks), when it gives one. */
  id: string | null;
  /** Why it failed, in the provider's words. */
  failure?: string | null;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'paystack';
  /** Whether checkout needs the customer's email (Paystack does). */
  readonly requiresEmail: boolean;
  initialize(request: InitializeRequest): Promise<InitializeResult>;
  verify(reference: string): Promise<VerifyResult>;
  /** Returns `amountMinor` of the payment `reference` to the customer. */
  refund(request: { reference: string; amountMinor: number; currency: string; note: string | null }): Promise<RefundResult>;
  /** What became of a refund asked earlier (its id from `refund`). */
  refundStatus(id: string): Promise<RefundResult>;
}

export class ProviderError extends Error {
  /** true: the provider answered and refused (4xx); false: no answer, or a server error (the outcome is unknown). */
  constructor(
    message: string,
    readonly refused = false,
  ) {
    super(message);
  }
}
