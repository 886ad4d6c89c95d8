import { newIdempotencyKey, type RequestOptions, type RequestSender } from '../client.js';
import { toRawItemId } from '../browser/rules.js';
import { paginate } from '../paginate.js';
import type { Availability, Booking, BookingCreated, BookingFilters, BookingRequest, BookingsPage } from '../types.js';

export interface AvailabilityQuery {
  /** The service (raw id or `<storeId>_` display id). */
  serviceId: string;
  /** Window start and end (Date or ISO 8601); at most 62 days, `to` after `from`. */
  from: Date | string;
  to: Date | string;
}

/** Options of a write: the per-call options, `idempotencyKey` among them (default: a new UUID per call, kept across its retries). */
export type CreateOptions = RequestOptions;

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);

/** GET /v1IntegrationAvailability: open slots; send a slot's `date` and `time` as bookingDate and bookingTime. */
export function availabilityCall(sender: RequestSender, storeId: string) {
  return (query: AvailabilityQuery, options: RequestOptions = {}): Promise<Availability> =>
    sender.send<Availability>({
      method: 'GET',
      path: '/v1IntegrationAvailability',
      query: { storeId, serviceId: toRawItemId(query.serviceId, storeId), from: iso(query.from), to: iso(query.to) },
      call: options,
    });
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
