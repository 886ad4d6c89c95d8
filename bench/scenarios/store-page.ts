// The hosted store page (issue 48, item 1): each GET step of its booking flow, as a customer who
// followed the store's link would ask for it. The time step lists a day's free times of a 5-minute
// service open 09:00–17:00 (96 times), the page that cost most when each time built its own
// formatter. Compare each with the bare route; the front page is the cheapest of them.
import { DateTime } from 'luxon';
import { staffCall } from '../grown.ts';
import type { BenchScenario, BenchTarget } from '../types.ts';

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** A published 5-minute service open every day, and the store's next day as YYYY-MM-DD. */
async function quickService(target: BenchTarget) {
  const { store } = await staffCall(target, 'GET', `/api/stores/${target.storeId}`);
  const { item } = await staffCall(target, 'POST', `/api/stores/${target.storeId}/items`, {
    itemType: 'service',
    name: 'Quick trim',
    price: 20,
    schedule: { durationMinutes: 5, slotIntervalMinutes: 5, capacity: 1000, maxAdvanceDays: 60, weeklyHours: WEEK.map((day) => ({ day, start: '09:00', end: '17:00' })) },
  });
  const day = DateTime.now().setZone(store.timezone).plus({ days: 1 }).toISODate()!;
  return { serviceId: item.id as string, day };
}

let prepared: Promise<{ serviceId: string; day: string }> | null = null;
const once = (target: BenchTarget) => (prepared ??= quickService(target));

const page = (name: string, path: (target: BenchTarget, s: { serviceId: string; day: string }) => string): BenchScenario => ({
  name,
  expectStatus: [200],
  async prepare(target) {
    // One service per engine run (the module is loaded once per bench process; each engine is a new store).
    prepared = null;
    const s = await once(target);
    return { method: 'GET', path: path(target, s), headers: { accept: 'text/html' } };
  },
});

const scenarios: BenchScenario[] = [
  page('store page: front page', (t) => `/s/${t.storeSlug}`),
  page('store page: choose a service', (t) => `/s/${t.storeSlug}/book`),
  page('store page: time step (96 free times)', (t, s) => `/s/${t.storeSlug}/book?serviceId=${s.serviceId}&date=${s.day}`),
  page('store page: details step', (t, s) => `/s/${t.storeSlug}/book?serviceId=${s.serviceId}&date=${s.day}&time=10:00`),
];

export default scenarios;
