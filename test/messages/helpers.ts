// Shared steps of the messages tests: a salon with a service and a key, booking over the API, and
// reading what a real SMTP server received (parsed with mailparser, the calendar with ical.js).
import assert from 'node:assert/strict';
import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import { DateTime } from 'luxon';
import type { TestEnv, TestStore } from '../helpers/app.ts';
import type { ReceivedMail } from '../helpers/smtp.ts';

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
export const ZONE = 'Africa/Accra';
export const dayAhead = (days: number) => DateTime.now().setZone(ZONE).plus({ days }).toISODate()!;

export interface Salon {
  store: TestStore;
  key: string;
  service: { id: string; name: string };
}

/** A salon in Accra with contact details and a 90-minute service open every day 08:00–20:00. */
export async function salon(env: TestEnv, name = 'Adom Braids'): Promise<Salon> {
  const store = await env.createStore({ timezone: ZONE, name });
  const profile = await env.inject({
    method: 'PATCH',
    url: `/api/stores/${store.storeId}`,
    headers: env.staffHeaders(store),
    payload: { contact: { phone: '020 765 4321', whatsapp: '0207654321', email: 'hello@adom.example', address: '12 Oxford St, Osu, Accra', mapUrl: 'https://maps.example/adom' } },
  });
  assert.equal(profile.statusCode, 200, profile.body);
  const key = await env.createKey(store);
  const service = await env.createItem(store, {
    itemType: 'service',
    price: 250,
    name: 'Knotless braids',
    schedule: { durationMinutes: 90, capacity: 100, slotIntervalMinutes: 30, maxAdvanceDays: 365, weeklyHours: WEEK.map((day) => ({ day, start: '08:00', end: '20:00' })) },
  });
  return { store, key, service };
}

export async function book(env: TestEnv, s: Salon, options: { date?: string; time?: string; email?: string | null; name?: string; notes?: string } = {}) {
  const res = await env.inject({
    method: 'POST',
    url: `/v1IntegrationBookings?storeId=${s.store.storeId}`,
    headers: env.keyHeaders(s.key),
    payload: {
      serviceId: s.service.id,
      bookingDate: options.date ?? dayAhead(3),
      bookingTime: options.time ?? '10:00',
      customer: { name: options.name ?? 'Esi Owusu', phone: '0241112223', ...(options.email === null ? {} : { email: options.email ?? 'esi@example.test' }) },
      ...(options.notes ? { notes: options.notes } : {}),
    },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.data.booking;
}

export function staffPatch(env: TestEnv, s: Salon, bookingId: string, payload: Record<string, unknown>) {
  return env.inject({ method: 'PATCH', url: `/api/stores/${s.store.storeId}/bookings/${bookingId}`, headers: env.staffHeaders(s.store), payload });
}

export interface ReadMail {
  parsed: ParsedMail;
  raw: string;
  /** The iCalendar part, parsed (null when there is none). */
  calendar: { method: string; uid: string; sequence: number; start: string; end: string; summary: string; status: string; raw: string } | null;
}

/** Parses a received mail: headers, text, HTML, and its calendar part. */
export async function readMail(mail: ReceivedMail): Promise<ReadMail> {
  const parsed = await simpleParser(mail.raw);
  const ics = parsed.attachments.find((a) => a.contentType.startsWith('text/calendar'))?.content.toString('utf8') ?? null;
  if (!ics) return { parsed, raw: mail.raw, calendar: null };
  const component = new ICAL.Component(ICAL.parse(ics));
  const event = component.getFirstSubcomponent('vevent')!;
  const value = (name: string) => String(event.getFirstPropertyValue(name) ?? '');
  const time = (name: string) => (event.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();
  return {
    parsed,
    raw: mail.raw,
    calendar: {
      method: String(component.getFirstPropertyValue('method')),
      uid: value('uid'),
      sequence: Number(event.getFirstPropertyValue('sequence')),
      start: time('dtstart'),
      end: time('dtend'),
      summary: value('summary'),
      status: value('status'),
      raw: ics,
    },
  };
}

/** Mails to `address` whose subject matches, in the order received. */
export function mailsTo(received: ReceivedMail[], address: string, subject?: RegExp) {
  return received.filter((m) => m.to.includes(address) && (!subject || subject.test(m.text.split('\r\n\r\n')[0])));
}
