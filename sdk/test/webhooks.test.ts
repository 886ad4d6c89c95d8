// verifyWebhook: Standard Webhooks signatures (made here with the standardwebhooks package itself,
// as the service signs), accepted from Node's req.headers, a fetch Headers or a plain object.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { signTestWebhook, verifyWebhook, WebhookVerificationError, type WebhookEvent, type WebhookEventType } from '../src/index.ts';

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

describe('verifyWebhook options and several signatures', () => {
  const OTHER = `whsec_${randomBytes(32).toString('base64')}`;

  test('tolerance (seconds) widens or narrows the accepted clock difference; the default is 300', () => {
    const tenMinutesAgo = signed(new Date(Date.now() - 10 * 60_000));
    assert.throws(() => verifyWebhook(body, tenMinutesAgo, SECRET), /too old/);
    assert.deepEqual(verifyWebhook(body, tenMinutesAgo, SECRET, { tolerance: 900 }), event);
    const inTenMinutes = signed(new Date(Date.now() + 10 * 60_000));
    assert.deepEqual(verifyWebhook(body, inTenMinutes, SECRET, { tolerance: 900 }), event);
    const aMinuteAgo = signed(new Date(Date.now() - 60_000));
    assert.deepEqual(verifyWebhook(body, aMinuteAgo, SECRET), event);
    assert.throws(() => verifyWebhook(body, aMinuteAgo, SECRET, { tolerance: 30 }), /too old/);
    assert.throws(() => verifyWebhook(body, { ...aMinuteAgo, 'webhook-timestamp': 'soon' }, SECRET), WebhookVerificationError);
  });

  test('a header with several signatures is valid when any one matches, whichever its position', () => {
    const at = new Date();
    const mine = new Webhook(SECRET).sign(event.id, at, body);
    const theirs = new Webhook(OTHER).sign(event.id, at, body);
    const base = signed(at);
    for (const header of [`${mine} ${theirs}`, `${theirs} ${mine}`, `v2,abc ${mine}`]) {
      assert.deepEqual(verifyWebhook(body, { ...base, 'webhook-signature': header }, SECRET), event, header);
    }
    assert.deepEqual(verifyWebhook(body, { ...base, 'webhook-signature': `${mine} ${theirs}` }, OTHER), event);
    const third = `whsec_${randomBytes(32).toString('base64')}`;
    assert.throws(() => verifyWebhook(body, { ...base, 'webhook-signature': `${mine} ${theirs}` }, third), /No matching signature/);
    // A signature of the right secret over another timestamp or id does not count.
    assert.throws(() => verifyWebhook(body, { ...base, 'webhook-id': 'evt_2', 'webhook-signature': `${mine}` }, SECRET), /No matching signature/);
  });
});

describe('signTestWebhook', () => {
  test('returns the headers of a real delivery, which verifyWebhook and the standardwebhooks package accept', () => {
    const headers = signTestWebhook(event, SECRET);
    assert.deepEqual(Object.keys(headers).sort(), ['content-type', 'webhook-id', 'webhook-signature', 'webhook-timestamp']);
    assert.equal(headers['webhook-id'], event.id, 'the event id by default, as the service sends it');
    assert.equal(headers['content-type'], 'application/json');
    assert.match(headers['webhook-signature']!, /^v1,[A-Za-z0-9+/]+=*$/);
    assert.ok(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000) < 5);
    assert.deepEqual(verifyWebhook(JSON.stringify(event), headers, SECRET), event);
    assert.deepEqual(new Webhook(SECRET).verify(JSON.stringify(event), headers), event);
  });

  test('takes a raw body, an id and a timestamp (Date or seconds), and several secrets', () => {
    const at = new Date(Date.now() - 30_000);
    const fromString = signTestWebhook(body, SECRET, { id: 'msg_fixed', timestamp: at });
    assert.equal(fromString['webhook-id'], 'msg_fixed');
    assert.equal(fromString['webhook-timestamp'], String(Math.floor(at.getTime() / 1000)));
    assert.equal(fromString['webhook-signature'], new Webhook(SECRET).sign('msg_fixed', at, body));
    assert.deepEqual(signTestWebhook(body, SECRET, { id: 'msg_fixed', timestamp: Math.floor(at.getTime() / 1000) }), fromString);
    assert.match(signTestWebhook('{}', SECRET)['webhook-id']!, /^msg_/);
    const other = `whsec_${randomBytes(32).toString('base64')}`;
    const both = signTestWebhook(event, [other, SECRET]);
    assert.equal(both['webhook-signature']!.split(' ').length, 2);
    assert.deepEqual(verifyWebhook(JSON.stringify(event), both, SECRET), event);
    assert.deepEqual(verifyWebhook(JSON.stringify(event), both, other), event);
    const old = signTestWebhook(event, SECRET, { timestamp: new Date(Date.now() - 3600_000) });
    assert.throws(() => verifyWebhook(JSON.stringify(event), old, SECRET), /too old/);
  });

  test('WebhookEvent narrows data by type, for every event type the service sends', () => {
    const created: WebhookEvent = { id: 'evt_1', type: 'catalog.item.created', createdAt: '2026-11-23T11:02:41.007Z', storeId: 'acme', data: {} as Extract<WebhookEvent, { type: 'catalog.item.created' }>['data'] };
    const describe = (e: WebhookEvent): string => {
      switch (e.type) {
        case 'catalog.item.created':
        case 'catalog.item.updated':
        case 'catalog.item.deleted':
          return `item ${e.data.id}`;
        case 'customer.created':
          return `customer ${e.data.id}`;
        case 'order.refunded':
          return `order ${e.data.reference}`;
        default:
          return e.type;
      }
    };
    assert.equal(describe({ ...created, data: { ...created.data, id: 'p1' } }), 'item p1');
    const types: WebhookEventType[] = ['catalog.item.created', 'catalog.item.updated', 'catalog.item.deleted', 'customer.created', 'order.refunded', 'webhook.test'];
    assert.equal(types.length, 6);
  });
});
