// Checkout create under load: each request is a new order (unique clientOrderId and customer) for
// one product with plenty of tracked stock and one with untracked stock. Expect 201 (CONTRACT §5).
import type { BenchScenario, BenchTarget } from '../types.ts';

async function createItem(target: BenchTarget, input: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${target.baseUrl}/api/stores/${target.storeId}/items`, {
    method: 'POST',
    headers: { authorization: `Bearer ${target.staffToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ itemType: 'product', ...input }),
  });
  if (res.status !== 201) throw new Error(`bench item creation failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { item: { id: string } }).item.id;
}

const scenarios: BenchScenario[] = [
  {
    name: 'checkout create (2 lines, stock reserved)',
    expectStatus: [201],
    async prepare(target) {
      const stocked = await createItem(target, { name: 'Bench mug', price: 12.5, stockCount: 10_000_000 });
      const untracked = await createItem(target, { name: 'Bench sticker', price: 3 });
      let n = 0;
      const run = `${process.pid}-${Date.now()}`;
      const body = (i: number) =>
        JSON.stringify({
          storeId: target.storeId,
          merchantId: target.storeId,
          clientOrderId: `bench-${run}-${i}`,
          sourceChannel: 'client_website',
          items: [
            { type: 'PRODUCT', item_type: 'product', item_id: stocked, qty: 1 },
            { type: 'PRODUCT', item_type: 'product', item_id: `${target.storeId}_${untracked}`, qty: 2 },
          ],
          customer: { name: `Bench ${i}`, email: `bench-${run}-${i}@example.test` },
          returnUrl: 'https://shop.example.test/checkout/success',
          cancelUrl: 'https://shop.example.test/checkout/cancel',
        });
      const headers = { ...target.keyHeaders, 'content-type': 'application/json' };
      return {
        method: 'POST',
        path: '/integrationCheckoutCreate',
        headers,
        body: body(0),
        setupRequest: (request) => ({ ...request, body: body(++n) }),
      };
    },
  },
];

export default scenarios;
