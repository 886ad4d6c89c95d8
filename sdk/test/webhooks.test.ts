// verifyWebhook: Standard Webhooks signatures (made here with the standardwebhooks package itself,
// as the service signs), accepted from Node's req.headers, a fetch Headers or a plain object.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { verifyWebhook, WebhookVerificationError } from '../src/index.ts';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const event = { id: 'evt_1', type: 'order.paid', createdAt: '2026-11-23T11:02:41.007Z', storeId: 'acme', data: { reference: 'ORD-1', status: 'paid' } };
const body = JSON.stringify(event);

function signed(at = new Date(), payload = body, secret = SECRET) {
  return { 'webhook-id': event.id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(event.id, at, payload) };
}

describe('verifyWebhook', () => {
  test('returns the typed event for a good signature, from a string, a Buffer or a Uint8Array body', () => {
    const headers = signed();
    const verified = verifyWebhook(body, headers, SECRET);
    assert.deepEqual(verified, event);
    if (verified.type === 'order.paid') assert.equal(verified.data.reference, 'ORD-1');
    assert.deepEqual(verifyWebhook(Buffer.from(body), headers, SECRET), event);
    assert.deepEqual(verifyWebhook(new TextEncoder().encode(body), headers, SECRET), event);
  });

  test("takes Node's req.headers (any case, arrays) and fetch Headers", () => {
    const h = signed();
    assert.deepEqual(verifyWebhook(body, { 'Webhook-Id': h['webhook-id'], 'webhook-timestamp': [h['webhook-timestamp']], 'WEBHOOK-SIGNATURE': h['webhook-signature'], host: 'x' }, SECRET), event);
    assert.deepEqual(verifyWebhook(body, new Headers(h), SECRET), event);
  });

  test('throws on a changed body, another secret, missing headers, or a timestamp more than 5 minutes off', () => {
    const h = signed();
    assert.throws(() => verifyWebhook(body.replace('ORD-1', 'ORD-2'), h, SECRET), WebhookVerificationError);
    assert.throws(() => verifyWebhook(body, h, `whsec_${randomBytes(32).toString('base64')}`), WebhookVerificationError);
    assert.throws(() => verifyWebhook(body, { 'webhook-id': h['webhook-id'] }, SECRET), /Missing required headers/);
    assert.throws(() => verifyWebhook(body, signed(new Date(Date.now() - 6 * 60_000)), SECRET), /too old/);
    assert.throws(() => verifyWebhook(body, signed(new Date(Date.now() + 6 * 60_000)), SECRET), /too new/);
  });
});
