// A local stand-in for Paystack's documented API on 127.0.0.1: POST /transaction/initialize
// (Bearer secret key; email, amount in subunits, reference, callback_url → data.authorization_url)
// and GET /transaction/verify/:reference (→ data.status success | failed | abandoned, data.amount;
// `ongoing` while a mobile-money charge waits for the customer to approve it on their phone, as
// Paystack answers then). Its callback (the webhook) is sent only when a test asks, so a test can
// drop it; `failVerify` makes verify answer an error, as an outage would. Refunds: POST /refund
// {transaction, amount?} queues one (data.status pending, data.id; more than what is left of the
// transaction is refused, as Paystack does), GET /refund/:id reads it, and `refundWebhook` makes the
// refund.processed / refund.failed callback (amount as a string, as Paystack's samples show).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';

export interface StandInTransaction {
  reference: string;
  email: string;
  amount: number;
  currency: string;
  callbackUrl: string;
  status: 'abandoned' | 'ongoing' | 'success' | 'failed';
  paidAt: string | null;
}

export interface StandInRefund {
  id: number;
  transactionReference: string;
  amount: number;
  currency: string;
  status: 'pending' | 'processing' | 'processed' | 'failed';
}

export class PaystackStandIn {
  refunds = new Map<number, StandInRefund>();
  /** When set, POST /refund answers this HTTP status with status:false (4xx: refused; 5xx: an outage). */
  failRefund: number | null = null;
  server!: Server;
  baseUrl = '';
  transactions = new Map<string, StandInTransaction>();
  requests: Array<{ method: string; path: string; authorization: string | undefined; body: any }> = [];
  /** When set, initialize answers this HTTP status with status:false. */
  failInitialize: number | null = null;
  /** When set, verify answers this HTTP status with status:false. */
  failVerify: number | null = null;

  constructor(readonly secretKey: string) {}

  async start() {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const body = raw ? JSON.parse(raw) : null;
        const path = req.url ?? '';
        this.requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body });
        const send = (status: number, json: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(json));
        };
        if (req.headers.authorization !== `Bearer ${this.secretKey}`) return send(401, { status: false, message: 'Invalid key' });
        if (req.method === 'POST' && path === '/transaction/initialize') {
          if (this.failInitialize) return send(this.failInitialize, { status: false, message: 'Service unavailable' });
          if (typeof body?.email !== 'string' || !body.email.includes('@')) return send(400, { status: false, message: 'Invalid Email Address Passed' });
          if (!Number.isInteger(body.amount) || body.amount <= 0) return send(400, { status: false, message: 'Invalid Amount Sent' });
          if (this.transactions.has(body.reference)) return send(400, { status: false, message: 'Duplicate Transaction Reference' });
          const accessCode = `ac_${this.transactions.size + 1}`;
          this.transactions.set(body.reference, {
            reference: body.reference,
            email: body.email,
            amount: body.amount,
            currency: body.currency ?? 'NGN',
            callbackUrl: body.callback_url,
            status: 'abandoned',
            paidAt: null,
          });
          return send(200, {
            status: true,
            message: 'Authorization URL created',
            data: { authorization_url: `${this.baseUrl}/checkout/${accessCode}`, access_code: accessCode, reference: body.reference },
          });
        }
        const verify = /^\/transaction\/verify\/([^/?]+)$/.exec(path);
        if (req.method === 'GET' && verify) {
          if (this.failVerify) return send(this.failVerify, { status: false, message: 'Service unavailable' });
          const tx = this.transactions.get(decodeURIComponent(verify[1]));
          if (!tx) return send(400, { status: false, message: 'Transaction reference not found' });
          return send(200, {
            status: true,
            message: 'Verification successful',
            data: { id: 1, status: tx.status, reference: tx.reference, amount: tx.amount, currency: tx.currency, paid_at: tx.paidAt, gateway_response: tx.status === 'success' ? 'Successful' : 'Declined' },
          });
        }
        if (req.method === 'POST' && path === '/refund') {
          if (this.failRefund) return send(this.failRefund, { status: false, message: this.failRefund < 500 ? 'Refund cannot be processed for this transaction' : 'Service unavailable' });
          const tx = this.transactions.get(String(body?.transaction ?? ''));
          if (!tx || tx.status !== 'success') return send(400, { status: false, message: 'Transaction not found or not successful' });
          const taken = [...this.refunds.values()].filter((r) => r.transactionReference === tx.reference && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
          const amount = body.amount === undefined ? tx.amount - taken : Number(body.amount);
          if (!Number.isInteger(amount) || amount <= 0 || amount > tx.amount - taken) return send(400, { status: false, message: 'Refund amount cannot be more than the transaction amount' });
          const refund: StandInRefund = { id: 1000 + this.refunds.size + 1, transactionReference: tx.reference, amount, currency: tx.currency, status: 'pending' };
          this.refunds.set(refund.id, refund);
          return send(200, { status: true, message: 'Refund has been queued for processing', data: this.refundData(refund) });
        }
        const refundRead = /^\/refund\/(\d+)$/.exec(path);
        if (req.method === 'GET' && refundRead) {
          const refund = this.refunds.get(Number(refundRead[1]));
          if (!refund) return send(404, { status: false, message: 'Refund not found' });
          return send(200, { status: true, message: 'Refund retrieved', data: this.refundData(refund) });
        }
        send(404, { status: false, message: 'Not found' });
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The customer finished on Paystack's page. */
  settle(reference: string, status: 'success' | 'failed' | 'ongoing') {
    const tx = this.transactions.get(reference);
    if (!tx) throw new Error(`no stand-in transaction ${reference}`);
    tx.status = status;
    tx.paidAt = status === 'success' ? new Date().toISOString() : null;
    return tx;
  }

  /** The webhook body Paystack would send for the transaction, and its signature. */
  webhook(reference: string, secret = this.secretKey) {
    const tx = this.transactions.get(reference)!;
    const body = JSON.stringify({ event: 'charge.success', data: { id: 1, status: 'success', reference, amount: tx.amount, currency: tx.currency, paid_at: tx.paidAt, customer: { email: tx.email } } });
    return { body, signature: createHmac('sha512', secret).update(body).digest('hex') };
  }

  private refundData(r: StandInRefund) {
    return { id: r.id, transaction: { reference: r.transactionReference }, amount: r.amount, currency: r.currency, status: r.status, refunded_at: r.status === 'processed' ? new Date().toISOString() : null };
  }

  /** Paystack finished a refund: its state, and the callback it sends (signed), or null for a refund it never calls back about. */
  finishRefund(id: number, status: 'processed' | 'failed', secret = this.secretKey) {
    const refund = this.refunds.get(id);
    if (!refund) throw new Error(`no stand-in refund ${id}`);
    refund.status = status;
    const body = JSON.stringify({
      event: `refund.${status}`,
      data: { status, transaction_reference: refund.transactionReference, refund_reference: status === 'processed' ? `RR${id}` : null, amount: String(refund.amount), currency: refund.currency, customer: { email: 'x@example.test' }, domain: 'test' },
    });
    return { body, signature: createHmac('sha512', secret).update(body).digest('hex') };
  }

  async stop() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
