// The staff console's bookings list, first page (GET /api/stores/{storeId}/bookings, newest first,
// 50 per page) with a session token. The store gets 60 bookings first when it has fewer than a page;
// the grown store (`--grown`) has 200,000.
import { DateTime } from 'luxon';
import { grownOrNewService, staffCall } from '../grown.ts';
import type { BenchScenario, BenchTarget } from '../types.ts';

async function fillPage(target: BenchTarget) {
  const first = await staffCall(target, 'GET', `/api/stores/${target.storeId}/bookings?limit=50`);
  if (first.nextCursor) return;
  const { store } = await staffCall(target, 'GET', `/api/stores/${target.storeId}`);
  // Mail is not what this measures (and a grown store's history sent its mail long ago).
  await staffCall(target, 'PATCH', `/api/stores/${target.storeId}`, { notificationsEnabled: false });
  const serviceId = await grownOrNewService(target, 1, 'Bench list service');
  const day = DateTime.now().setZone(store.timezone).plus({ days: 3 }).startOf('day');
  // One-hour slots 09:00–16:00 with three seats: 24 bookings a day.
  for (let i = 0; i < 60; i++) {
    const res = await fetch(`${target.baseUrl}/v1IntegrationBookings?storeId=${target.storeId}`, {
      method: 'POST',
      headers: target.keyHeaders,
      body: JSON.stringify({
        serviceId,
        bookingDate: day.plus({ days: Math.floor(i / 24) }).toISODate(),
        bookingTime: `${String(9 + (Math.floor(i / 3) % 8)).padStart(2, '0')}:00`,
        sourceChannel: 'client_website',
        customer: { name: `List ${i}`, phone: `+23321${String(i).padStart(7, '0')}`, email: `list-${target.storeId}-${i}@example.test` },
        paymentMethod: 'cash',
      }),
    });
    if (res.status !== 201) throw new Error(`bench booking for the list failed: ${res.status} ${await res.text()}`);
  }
}

const scenarios: BenchScenario[] = [
  {
    name: 'bookings list, first page (staff)',
    expectStatus: [200],
    async prepare(target) {
      await fillPage(target);
      return { method: 'GET', path: `/api/stores/${target.storeId}/bookings`, headers: { authorization: `Bearer ${target.staffToken}`, accept: 'application/json' } };
    },
  },
];

export default scenarios;
