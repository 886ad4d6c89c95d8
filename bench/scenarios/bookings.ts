// Booking create under load: every request books a different free slot (capacity 1, 5-minute slots
// from 09:00 to 17:00 every day for 700 days) with a fresh Idempotency-Key and customer, so each
// one does the full work: slot check under the service lock, customer upsert, event, insert.
import { DateTime } from 'luxon';
import type { BenchScenario, BenchTarget } from '../types.ts';

async function staff(target: BenchTarget, method: string, path: string, body?: unknown) {
  const res = await fetch(`${target.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${target.staffToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`bench ${method} ${path} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as any;
}

const scenarios: BenchScenario[] = [
  {
    name: 'booking create (distinct slot each)',
    expectStatus: [201],
    async prepare(target) {
      const { store } = await staff(target, 'GET', `/api/stores/${target.storeId}`);
      // Mail is not what this measures: keep the outbox out of the loop.
      await staff(target, 'PATCH', `/api/stores/${target.storeId}`, { notificationsEnabled: false });
      const { item } = await staff(target, 'POST', `/api/stores/${target.storeId}/items`, {
        itemType: 'service',
        name: 'Bench consultation',
        price: 10,
        schedule: {
          durationMinutes: 5,
          slotIntervalMinutes: 5,
          capacity: 1,
          maxAdvanceDays: 730,
          weeklyHours: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({ day, start: '09:00', end: '17:00' })),
        },
      });
      const firstDay = DateTime.now().setZone(store.timezone).plus({ days: 2 }).startOf('day');
      const slotsPerDay = 96;
      // The dates and times are computed once: the client shares the server's event loop, and a date
      // computed per request (Luxon) was ~5% of the measured process's CPU, the client's and not the server's.
      const days: string[] = [];
      const times = Array.from({ length: slotsPerDay }, (_, i) => {
        const minutes = 9 * 60 + i * 5;
        return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      });
      const slot = (i: number) => {
        const d = Math.floor(i / slotsPerDay) % 700;
        return { bookingDate: (days[d] ??= firstDay.plus({ days: d }).toISODate()!), bookingTime: times[i % slotsPerDay]! };
      };
      const run = `${process.pid}-${Date.now()}`;
      const body = (i: number) =>
        JSON.stringify({
          serviceId: item.id,
          ...slot(i),
          sourceChannel: 'client_website',
          customer: { name: `Bench ${i}`, phone: `+23320${String(i).padStart(7, '0')}`, email: `bench-${run}-${i}@example.test` },
          paymentMethod: 'cash',
        });
      let n = 0;
      const headers = { ...target.keyHeaders, 'content-type': 'application/json' };
      return {
        method: 'POST',
        path: `/v1IntegrationBookings?storeId=${target.storeId}`,
        headers: { ...headers, 'idempotency-key': `bench-${run}-0` },
        body: body(0),
        setupRequest: (request) => {
          const i = ++n;
          return { ...request, headers: { ...headers, 'idempotency-key': `bench-${run}-${i}` }, body: body(i) };
        },
      };
    },
  },
];

export default scenarios;
