// Set-up shared by the Bookings and Today tests: a service with weekly hours created over the staff
// API, and a partner's booking made over the integration API with a key (none of these steps is
// what those tests are about). The real SMTP peer is test/helpers/smtp.ts.
import assert from 'node:assert/strict';
import type { TestEnv, TestStore } from '../../test/helpers/app.ts';


/** A calendar date `days` after today in a time zone (YYYY-MM-DD). */
export function dayIn(timeZone: string, days = 0): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return new Date(Date.UTC(get('year'), get('month') - 1, get('day') + days)).toISOString().slice(0, 10);
}

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** A service open every day from `start` to `end` in one-hour slots of `capacity` places. */
export function createService(env: TestEnv, store: TestStore, input: { name: string; start?: string; end?: string; capacity?: number; price?: number; maxAdvanceDays?: number }) {
  return env.createItem(store, {
    itemType: 'service',
    name: input.name,
    price: input.price ?? 40,
    schedule: {
      durationMinutes: 60,
      capacity: input.capacity ?? 1,
      maxAdvanceDays: input.maxAdvanceDays ?? 90,
      weeklyHours: WEEK.map((day) => ({ day, start: input.start ?? '09:00', end: input.end ?? '17:00' })),
    },
  });
}

/** A partner's website books over the integration API (POST /v1IntegrationBookings with a key). */
export async function partnerBooks(
  env: TestEnv,
  store: TestStore,
  key: string,
  input: { serviceId: string; date: string; time: string; name: string; email?: string; notes?: string; attributes?: Record<string, unknown> },
) {
  const res = await env.inject({
    method: 'POST',
    url: `/v1IntegrationBookings?storeId=${store.storeId}`,
    headers: env.keyHeaders(key),
    payload: {
      serviceId: input.serviceId,
      bookingDate: input.date,
      bookingTime: input.time,
      customer: { name: input.name, phone: '0241112223', ...(input.email ? { email: input.email } : {}) },
      ...(input.notes ? { notes: input.notes } : {}),
      ...(input.attributes ? { attributes: input.attributes } : {}),
      paymentMethod: 'cash',
    },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.data.booking as { bookingId: string; reference: string; status: string };
}
