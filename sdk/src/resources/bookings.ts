import { newIdempotencyKey, type RequestOptions, type RequestSender } from '../client.js';
import { toRawItemId } from '../browser/rules.js';
import { StoreApiError } from '../errors.js';
import { addDays, isDate, localDate, startOfLocalDay, weekdayOf, type Weekday } from '../local-days.js';
import { paginate } from '../paginate.js';
import type { Availability, AvailabilitySlot, Booking, BookingCreated, BookingFilters, BookingRequest, BookingsPage, StoreInfo } from '../types.js';

export interface AvailabilityQuery {
  /** The service (raw id or `<storeId>_` display id). */
  serviceId: string;
  /** Window start and end (Date or ISO 8601); at most 62 days, `to` after `from`. */
  from: Date | string;
  to: Date | string;
  /** Only the times this staff member is free (services with performers); passed through as given. */
  staffId?: string;
}

export interface AvailabilityDaysQuery {
  /** The service or course (raw id or `<storeId>_` display id). */
  serviceId: string;
  /** How many store-local days, 1 to 60 (default 7). */
  days?: number;
  /** The first day: a store-local date YYYY-MM-DD, or an instant (Date or ISO 8601) whose store-local date is taken. Default: today in the store's time zone. */
  from?: Date | string;
  /** Only the times this staff member is free (services with performers); passed through as given. */
  staffId?: string;
}

/** One local calendar day of the store and its open slots (none on a closed or full day). */
export interface AvailabilityDay {
  /** YYYY-MM-DD in the store's time zone. */
  date: string;
  weekday: Weekday;
  slots: AvailabilitySlot[];
}

export interface AvailabilityDays {
  storeId: string;
  serviceId: string;
  timezone: string;
  durationMinutes: number | null;
  /** Every day asked for, in order, with or without slots. */
  days: AvailabilityDay[];
}

/** The store as this client first read it (its time zone and slug), fetched again only after a failure. */
export type StoreInfoSource = (options?: RequestOptions) => Promise<StoreInfo>;

/** Options of a write: the per-call options, `idempotencyKey` among them (default: a new UUID per call, kept across its retries). */
export type CreateOptions = RequestOptions;

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);

/**
 * GET /v1IntegrationAvailability: open slots; send a slot's `date` and `time` as bookingDate and bookingTime.
 * `availability.days(…)` groups them by the store's local calendar days.
 */
export function availabilityCall(sender: RequestSender, storeId: string, storeInfo: StoreInfoSource) {
  const get = (query: AvailabilityQuery, options: RequestOptions = {}): Promise<Availability> =>
    sender.send<Availability>({
      method: 'GET',
      path: '/v1IntegrationAvailability',
      query: { storeId, serviceId: toRawItemId(query.serviceId, storeId), from: iso(query.from), to: iso(query.to), staffId: query.staffId },
      call: options,
    });
  /**
   * Open slots by store-local day: `days` consecutive dates of the store's calendar from `from`
   * (default today there), each with its slots, days without any included. The window runs from
   * the first day's start to the day after the last one's, in the store's time zone (from
   * store.get(), read once per client), so a daylight-saving day holds its 23 or 25 hours.
   */
  async function days(query: AvailabilityDaysQuery, options: RequestOptions = {}): Promise<AvailabilityDays> {
    const count = query.days ?? 7;
    if (!Number.isInteger(count) || count < 1 || count > 60) {
      throw new StoreApiError({ status: 0, code: 'validation-failed', message: 'days must be an integer from 1 to 60.', details: [{ field: 'days', message: 'an integer from 1 to 60' }] });
    }
    const from = query.from;
    if (typeof from === 'string' && !isDate(from) && Number.isNaN(Date.parse(from))) {
      throw new StoreApiError({ status: 0, code: 'validation-failed', message: 'from must be a date YYYY-MM-DD or an ISO 8601 timestamp.', details: [{ field: 'from', message: 'a date YYYY-MM-DD or an ISO 8601 timestamp' }] });
    }
    const zone = (await storeInfo(options)).timezone;
    const first = typeof from === 'string' && isDate(from) ? from : localDate(from === undefined ? Date.now() : new Date(from).getTime(), zone);
    const dates = Array.from({ length: count }, (_, i) => addDays(first, i));
    const answer = await get(
      { serviceId: query.serviceId, from: new Date(startOfLocalDay(first, zone)), to: new Date(startOfLocalDay(addDays(first, count), zone)), ...(query.staffId !== undefined ? { staffId: query.staffId } : {}) },
      options,
    );
    const byDate = new Map(dates.map((date) => [date, { date, weekday: weekdayOf(date), slots: [] as AvailabilitySlot[] }]));
    for (const slot of answer.slots) byDate.get(slot.date)?.slots.push(slot);
    return { storeId: answer.storeId, serviceId: answer.serviceId, timezone: answer.timezone, durationMinutes: answer.durationMinutes, days: [...byDate.values()] };
  }
  return Object.assign(get, { days });
}

export function bookingsResource(sender: RequestSender, storeId: string) {
  const resource = {
    /** POST /v1IntegrationBookings with an Idempotency-Key: status pending, bookingStatus pending_approval. */
    create(body: BookingRequest, options: CreateOptions = {}): Promise<BookingCreated> {
      return sender.send<BookingCreated>({
        method: 'POST',
        path: '/v1IntegrationBookings',
        query: { storeId },
        body: { ...body, serviceId: toRawItemId(body.serviceId, storeId) },
        idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
        call: options,
      });
    },
    /** GET /v1IntegrationBookings: one page of bookings (filters: status, serviceId, reference, from, to, limit, cursor). */
    list(filters: BookingFilters = {}, options: RequestOptions = {}): Promise<BookingsPage> {
      const serviceId = filters.serviceId === undefined ? undefined : toRawItemId(filters.serviceId, storeId);
      return sender.send<BookingsPage>({ method: 'GET', path: '/v1IntegrationBookings', query: { storeId, ...filters, serviceId }, call: options });
    },
    /** Every booking matching the filters, page after page: `for await (const booking of store.bookings.listAll({ status: 'confirmed' }))`. */
    listAll(filters: BookingFilters = {}, options: RequestOptions = {}): AsyncGenerator<Booking, void, undefined> {
      return paginate((query: BookingFilters, call) => resource.list(query, call), (page) => page.bookings as Booking[], filters, options);
    },
  };
  return resource;
}
