// Order messages through a real SMTP server: a cash or mobile-money order tells the customer what to
// pay and how (and alerts the owner), marking it paid sends a receipt with items and totals, a refund
// says so; a checkout paid on the hosted page sends its receipt once.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDb, type TestEnv } from '../helpers/app.ts';
import { freePort } from '../helpers/browser.ts';
import { startSmtpPeer, waitFor, type ReceivedMail, type SmtpPeer } from '../helpers/smtp.ts';
import { startMessageWorkers } from '../../src/modules/messages/worker.ts';
import { basicPayload, checkout, createShop, openPayPage, submitPayForm, type Shop } from '../checkout/helpers.ts';
import { mailsTo, readMail } from './helpers.ts';

const received: ReceivedMail[] = [];
const port = await freePort();
const CUSTOMER = 'kofi@example.test';

async function shopWithContact(env: TestEnv): Promise<Shop> {
  const shop = await createShop(env);
  const res = await env.inject({
    method: 'PATCH',
    url: `/api/stores/${shop.store.storeId}`,
    headers: env.staffHeaders(shop.store),
    payload: { contact: { phone: '030 222 3333', whatsapp: '024 555 6666', email: 'shop@ama.example' } },
  });
  assert.equal(res.statusCode, 200, res.body);
  return shop;
}

const ownerOf = async (env: TestEnv, shop: Shop) => (await env.inject({ method: 'GET', url: '/api/auth/me', headers: env.staffHeaders(shop.store) })).data.user.email as string;
const orderMails = (reference: string, to: string) => mailsTo(received, to).filter((m) => m.raw.includes(reference));
const kinds = async (env: TestEnv, orderId: string) =>
  (await env.db.selectFrom('mail_outbox').select(['kind', 'to_address']).where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute()).map((r) => `${r.kind}→${r.to_address === CUSTOMER ? 'customer' : 'owner'}`);

describeEachDb(
  'order messages (real SMTP server)',
  (env) => {
    let smtp: SmtpPeer;
    before(async () => {
      smtp = await startSmtpPeer({ port, messages: received });
      await startMessageWorkers(env.app.ctx, { pollMs: 50 });
    });
    after(() => smtp.stop());

    test('a mobile-money order: how to pay (the store\'s number, the amount, the reference), the owner alerted; marked paid: a receipt; refunded: a refund mail', async () => {
      const shop = await shopWithContact(env);
      const owner = await ownerOf(env, shop);
      const created = await checkout(env, shop.key, basicPayload(shop, [{ id: shop.mug.id, qty: 2 }, { id: shop.sticker.id, qty: 1 }], { paymentMethod: 'momo' }));
      assert.equal(created.statusCode, 201, created.body);
      const order = created.data;
      await waitFor('the how-to-pay mail', () => orderMails(order.reference, CUSTOMER).length === 1);
      const howTo = await readMail(orderMails(order.reference, CUSTOMER)[0]);
      assert.equal(howTo.parsed.from?.value[0].name, 'Ama’s Shop');
      assert.equal(howTo.parsed.replyTo?.value[0].address, 'shop@ama.example');
      assert.equal(howTo.parsed.subject, `Your order ${order.reference}: how to pay`);
      const text = howTo.parsed.text ?? '';
      assert.match(text, /Pay GH₵28\.00 by mobile money to 024 555 6666 \(Ama’s Shop\)/);
      assert.match(text, new RegExp(`with ${order.reference} as the reference`));
      assert.match(text, /2 × Mug\s+GH₵25\.00/);
      assert.match(text, /Total: GH₵28\.00/);
      await waitFor('the owner\'s alert', () => orderMails(order.reference, owner).length === 1);
      assert.match(orderMails(order.reference, owner)[0].text, /New order/);

      const paid = await env.inject({ method: 'POST', url: `/api/stores/${shop.store.storeId}/orders/${order.orderId}/mark-paid`, headers: env.staffHeaders(shop.store), payload: { method: 'momo' } });
      assert.equal(paid.statusCode, 200, paid.body);
      await waitFor('the receipt', () => orderMails(order.reference, CUSTOMER).length === 2);
      const receipt = await readMail(orderMails(order.reference, CUSTOMER)[1]);
      assert.equal(receipt.parsed.subject, `Receipt for your order ${order.reference}`);
      assert.match(receipt.parsed.text ?? '', /Payment: mobile money/);
      assert.match(receipt.parsed.text ?? '', /1 × Sticker\s+GH₵3\.00/);
      assert.ok((receipt.parsed.html as string).includes('GH₵28.00'));

      const refunded = await env.inject({ method: 'POST', url: `/api/stores/${shop.store.storeId}/orders/${order.orderId}/refund`, headers: env.staffHeaders(shop.store), payload: {} });
      assert.equal(refunded.statusCode, 200, refunded.body);
      await waitFor('the refund mail', () => orderMails(order.reference, CUSTOMER).length === 3);
      const refund = await readMail(orderMails(order.reference, CUSTOMER)[2]);
      assert.equal(refund.parsed.subject, `Refund for your order ${order.reference}`);
      assert.match(refund.parsed.text ?? '', /refunded GH₵28\.00 of your order/);
      assert.deepEqual(await kinds(env, order.orderId), ['order.received→customer', 'alert.order.new→owner', 'order.paid→customer', 'alert.order.paid→owner', 'order.refunded→customer']);
    });

    test('cash: pay when you collect; a gateway checkout says nothing until paid on the hosted page, then one receipt', async () => {
      const shop = await shopWithContact(env);
      const cash = await checkout(env, shop.key, basicPayload(shop, [{ id: shop.sticker.id, qty: 1 }], { paymentMethod: 'cash' }));
      assert.equal(cash.statusCode, 201, cash.body);
      await waitFor('the cash mail', () => orderMails(cash.data.reference, CUSTOMER).length === 1);
      assert.match(orderMails(cash.data.reference, CUSTOMER)[0].text, /in cash when you collect or receive your order/);

      const online = await checkout(env, shop.key, basicPayload(shop, [{ id: shop.mug.id, qty: 1 }]));
      assert.equal(online.statusCode, 201, online.body);
      assert.deepEqual(await kinds(env, online.data.orderId), []);
      const { token } = await openPayPage(env, online.data.reference);
      const pay = await submitPayForm(env, online.data.reference, 'pay', token);
      assert.equal(pay.statusCode, 303, pay.body);
      // The same confirmation again (a provider's webhook after the redirect) sends nothing more.
      await env.app.ctx.services.checkout.confirmPayment(online.data.reference, { amountMinor: online.data.totalMinor, currency: 'GHS', via: 'test' });
      await waitFor('the receipt', () => orderMails(online.data.reference, CUSTOMER).length === 1);
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(orderMails(online.data.reference, CUSTOMER).length, 1);
      assert.deepEqual(await kinds(env, online.data.orderId), ['order.paid→customer', 'alert.order.paid→owner']);
    });
  },
  { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } },
);
