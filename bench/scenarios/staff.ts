// Staff calendars under load (issue 32). Availability over 62 days for a service five people perform
// (each 09:00–17:00 every day), with ~14 bookings a day spread over them, as the single-calendar
// availability scenario has on the grown store; and booking create naming a person, each request a
// distinct free time of that person (5-minute slots, five people). Compare each with its
// single-calendar twin (availability (62 days, one service); booking create (distinct slot each)).
import { DateTime } from 'luxon';
import { grownOrNewService, staffCall } from '../grown.ts';
import type { BenchScenario, BenchTarget } from '../types.ts';

const DAY_MS = 86_400_000;
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const PEOPLE = 5;

async function addPeople(target: BenchTarget, serviceId: string, label: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < PEOPLE; i++) {
    const { staff } = await staffCall(target, 'POST', `/api/stores/${target.storeId}/staff`, {
      displayName: `${label} ${i + 1}`,
      weeklyHours: WEEK.map((day) => ({ day, start: '09:00', end: '17:00' })),
      serviceIds: [serviceId],
    });
    ids.push(staff.id);
  }
  return ids;
}

/**
 * Booking create on a service five people perform, each request a distinct free seat: with `choice`
 * the request names the person (request i: person i mod 5 at their next free time); without it, the
 * store's default "anyone", five requests per time, each given whoever is still free then.
 */
function bookingCreate(name: string, choice: boolean): BenchScenario {
  return {
    name,
    expectStatus: [201],
    async prepare(target) {
      const { store } = await staffCall(target, 'GET', `/api/stores/${target.storeId}`);
      await staffCall(target, 'PATCH', `/api/stores/${target.storeId}`, { notificationsEnabled: false });
      const { item } = await staffCall(target, 'POST', `/api/stores/${target.storeId}/items`, {
        itemType: 'service',
        name: choice ? 'Bench styling' : 'Bench styling (anyone)',
        price: 10,
        schedule: { durationMinutes: 5, slotIntervalMinutes: 5, capacity: 1, maxAdvanceDays: 730, weeklyHours: WEEK.map((day) => ({ day, start: '09:00', end: '17:00' })) },
      });
      const people = await addPeople(target, item.id, 'Booker');
      const firstDay = DateTime.now().setZone(store.timezone).plus({ days: 2 }).startOf('day');
      const slotsPerDay = 96;
      const days: string[] = [];
      const times = Array.from({ length: slotsPerDay }, (_, i) => {
        const minutes = 9 * 60 + i * 5;
        return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      });
      const slot = (i: number) => {
        const t = Math.floor(i / PEOPLE);
        const d = Math.floor(t / slotsPerDay) % 700;
        return { bookingDate: (days[d] ??= firstDay.plus({ days: d }).toISODate()!), bookingTime: times[t % slotsPerDay]!, ...(choice ? { staffId: people[i % PEOPLE] } : {}) };
      };
      const run = `${process.pid}-${Date.now()}`;
      const body = (i: number) =>
        JSON.stringify({
          serviceId: item.id,
          ...slot(i),
          sourceChannel: 'client_website',
          customer: { name: `Bench ${i}`, phone: `+23321${String(i).padStart(7, '0')}`, email: `staff-bench-${run}-${i}@example.test` },
          paymentMethod: 'cash',
        });
      let n = 0;
      const headers = { ...target.keyHeaders, 'content-type': 'application/json' };
      return {
        method: 'POST',
        path: `/v1IntegrationBookings?storeId=${target.storeId}`,
        headers: { ...headers, 'idempotency-key': `staff-bench-${run}-0` },
        body: body(0),
        setupRequest: (request) => {
          const i = ++n;
          return { ...request, headers: { ...headers, 'idempotency-key': `staff-bench-${run}-${i}` }, body: body(i) };
        },
      };
    },
  };
}

const scenarios: BenchScenario[] = [
  {
    name: 'availability (62 days, 5 performers)',
    expectStatus: [200],
    async prepare(target) {
      const { store } = await staffCall(target, 'GET', `/api/stores/${target.storeId}`);
      await staffCall(target, 'PATCH', `/api/stores/${target.storeId}`, { notificationsEnabled: false });
      // On the grown store one of its services (its bookings have no person: they count for nobody).
      const serviceId = await grownOrNewService(target, 1, 'Bench stylists');
      const people = await addPeople(target, serviceId, 'Stylist');
      const first = DateTime.now().setZone(store.timezone).plus({ days: 1 }).startOf('day');
      // ~14 bookings a day over the window, spread over the people and the hours.
      const headers = { ...target.keyHeaders, 'content-type': 'application/json' };
      const jobs: Array<() => Promise<void>> = [];
      for (let d = 0; d < 62; d++) {
        for (let k = 0; k < 14; k++) {
          const n = d * 14 + k;
          jobs.push(async () => {
            const res = await fetch(`${target.baseUrl}/v1IntegrationBookings?storeId=${target.storeId}`, {
              method: 'POST',
              headers,
              body: JSON.stringify({
                serviceId,
                bookingDate: first.plus({ days: d }).toISODate(),
                bookingTime: `${String(9 + (k % 8)).padStart(2, '0')}:00`,
                staffId: people[(k + Math.floor(k / 8)) % PEOPLE],
                customer: { name: `Stylist bench ${n}`, phone: `+23326${String(n).padStart(7, '0')}` },
              }),
            });
            if (res.status !== 201) throw new Error(`bench staff booking failed: ${res.status} ${await res.text()}`);
          });
        }
      }
      for (let i = 0; i < jobs.length; i += 8) await Promise.all(jobs.slice(i, i + 8).map((job) => job()));
      const query = new URLSearchParams({ storeId: target.storeId, serviceId, from: new Date(first.toMillis()).toISOString(), to: new Date(first.toMillis() + 62 * DAY_MS).toISOString() });
      const { 'content-type': _contentType, ...getHeaders } = target.keyHeaders;
      return { method: 'GET', path: `/v1IntegrationAvailability?${query}`, headers: getHeaders };
    },
  },
  bookingCreate('booking create (staff choice, distinct slot each)', true),
  bookingCreate('booking create (anyone free of 5, distinct slot each)', false),
];

export default scenarios;
