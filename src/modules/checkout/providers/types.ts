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

export interface PaymentProvider {
  readonly name: 'sandbox' | 'paystack';
  /** Whether checkout needs the customer's email (Paystack does). */
  readonly requiresEmail: boolean;
  initialize(request: InitializeRequest): Promise<InitializeResult>;
  verify(reference: string): Promise<VerifyResult>;
}

export class ProviderError extends Error {}
