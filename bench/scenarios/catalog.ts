// Catalog read under load: GET /v1IntegrationProducts with key auth for a store of 50 published
// items (40 products, 10 services with schedules). No If-None-Match, so every response is a full 200;
// once with Accept-Encoding gzip (as Node's fetch and browsers send) and once without. A third row
// revalidates with If-None-Match (a partner that keeps the ETag gets 304 and no body).
import type { BenchScenario, BenchTarget } from '../types.ts';

async function createItem(target: BenchTarget, input: Record<string, unknown>) {
  const res = await fetch(`${target.baseUrl}/api/stores/${target.storeId}/items`, {
    method: 'POST',
    headers: { authorization: `Bearer ${target.staffToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (res.status !== 201) throw new Error(`bench item creation failed: ${res.status} ${await res.text()}`);
}

async function prepareStore(target: BenchTarget) {
  for (let i = 0; i < 50; i++) {
    const service = i % 5 === 4;
    await createItem(target, {
      id: `bench-item-${i}`,
      name: `Bench ${service ? 'service' : 'product'} ${i}`,
      itemType: service ? 'service' : 'product',
      category: `Category ${i % 6}`,
      description: 'A realistic description of a catalog item, long enough to look like the real thing on a partner website.',
      priceMinor: 500 + i * 125,
      ...(service
        ? { schedule: { durationMinutes: 60, weeklyHours: ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day, start: '09:00', end: '17:00' })) } }
        : { stockCount: 100 + i }),
      imageUrl: `https://images.example.com/items/${i}.jpg`,
      imageUrls: [`https://images.example.com/items/${i}.jpg`, `https://images.example.com/items/${i}-b.jpg`],
      imageAlt: `Photo of bench item ${i}`,
    });
  }
}

const prepared = new WeakMap<BenchTarget, Promise<void>>();
/** Both scenarios read the same 50 items (created once per server). */
function ensureItems(target: BenchTarget) {
  if (!prepared.has(target)) prepared.set(target, prepareStore(target));
  return prepared.get(target)!;
}

function catalogRequest(target: BenchTarget, acceptEncoding: string | null) {
  const { 'content-type': _contentType, ...headers } = target.keyHeaders;
  return {
    method: 'GET' as const,
    path: `/v1IntegrationProducts?storeId=${target.storeId}`,
    headers: acceptEncoding ? { ...headers, 'accept-encoding': acceptEncoding } : headers,
  };
}

const scenarios: BenchScenario[] = [
  {
    name: 'catalog read (50 items, key auth)',
    expectStatus: [200],
    async prepare(target) {
      await ensureItems(target);
      return catalogRequest(target, null);
    },
  },
  {
    // What partner servers usually send: Node's fetch, browsers and curl --compressed all accept gzip.
    name: 'catalog read (50 items, key auth, gzip)',
    expectStatus: [200],
    async prepare(target) {
      await ensureItems(target);
      return catalogRequest(target, 'gzip, deflate');
    },
  },
  {
    name: 'catalog revalidation (If-None-Match, 304)',
    expectStatus: [304],
    async prepare(target) {
      await ensureItems(target);
      const request = catalogRequest(target, null);
      const res = await fetch(`${target.baseUrl}${request.path}`, { headers: request.headers });
      const etag = res.headers.get('etag');
      if (res.status !== 200 || !etag) throw new Error(`catalog read for the ETag failed: ${res.status}`);
      return { ...request, headers: { ...request.headers, 'if-none-match': etag } };
    },
  },
];

export default scenarios;
