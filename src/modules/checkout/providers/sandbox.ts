// The built-in sandbox provider: the hosted page /pay/{reference} of this service stands in for a
// real gateway. Pay / Decline / Cancel on that page decide the outcome, so there is nothing to verify remotely;
// a refund is processed at once.
import { randomUUID } from 'node:crypto';
import type { InitializeRequest, InitializeResult, PaymentProvider, RefundResult, VerifyResult } from './types.ts';

export function createSandboxProvider(publicBaseUrl: string): PaymentProvider {
  return {
    name: 'sandbox',
    requiresEmail: false,
    async initialize(request: InitializeRequest): Promise<InitializeResult> {
      return { authorizationUrl: `${publicBaseUrl}/pay/${encodeURIComponent(request.reference)}`, paymentReference: request.reference };
    },
    async verify(): Promise<VerifyResult> {
      return { outcome: 'pending', amountMinor: null, currency: null, paidAt: null };
    },
    // Sandbox money goes back at once.
    async refund(): Promise<RefundResult> {
      return { status: 'processed', id: `sandbox_${randomUUID()}` };
    },
    async refundStatus(id: string): Promise<RefundResult> {
      return { status: 'processed', id };
    },
  };
}
