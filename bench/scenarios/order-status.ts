// Order status by reference (GET /v1IntegrationOrderStatus), as a partner's return page or server
// polls it: one order created through checkout first. On the grown store (`--grown`) the lookup
// (reference, trxref or clientOrderId) finds it among 100,000 orders.
import { staffCall } from '../grown.ts';
import type { BenchScenario } from '../types.ts';

const scenarios: BenchScenario[] = [
  {
    name: 'order status (by reference)',
    expectStatus: [200],
    async prepare(target) {
      const { item } = await staffCall(target, 'POST', `/api/stores/${target.storeId}/items`, { itemType: 'product', name: 'Bench status mug', price: 12.5, stockCount: 1000 });
      const res = await fetch(`${target.baseUrl}/integrationCheckoutCreate`, {
        method: 'POST',
        headers: target.keyHeaders,
        body: JSON.stringify({
          storeId: target.storeId,
          clientOrderId: `bench-status-${process.pid}-${Date.now()}`,
          items: [{ type: 'PRODUCT', item_type: 'product', item_id: item.id, qty: 1 }],
          customer: { name: 'Bench Status', email: `bench-status-${target.storeId}@example.test` },
          returnUrl: 'https://shop.example.test/checkout/success',
          cancelUrl: 'https://shop.example.test/checkout/cancel',
        }),
      });
      if (res.status !== 201) throw new Error(`bench checkout for the status read failed: ${res.status} ${await res.text()}`);
      const { reference } = (await res.json()) as { reference: string };
      if (!reference) throw new Error('bench checkout answered without a reference');
      const { 'content-type': _contentType, ...headers } = target.keyHeaders;
      return { method: 'GET', path: `/v1IntegrationOrderStatus?storeId=${target.storeId}&reference=${encodeURIComponent(reference)}`, headers };
    },
  },
];

export default scenarios;
