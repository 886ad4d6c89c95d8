import { Type } from 'typebox';
import { IsoTimestamp, NonBlank, Nullable } from '../../http/schemas.ts';
import { pattern, withFieldChecks } from '../../http/validation.ts';
import { TIME } from '../catalog/item-input.ts';
import { ScheduleSchema } from '../catalog/schemas.ts';
import { checkCreateInput, type CreateBookingInput } from './service.ts';

const StatusEnum = Type.Union(['pending', 'pending_approval', 'confirmed', 'completed', 'cancelled', 'rescheduled'].map((s) => Type.Literal(s)));
const PaymentStatusEnum = Type.Union(['payment_pending', 'paid', 'manual_review', 'refunded'].map((s) => Type.Literal(s)));

// Integration payload: unknown fields are accepted and ignored (CONTRACT §9). The service's own
// checks (checkCreateInput) join the schema's details, so one answer names every bad field.
export const CreateBookingBody = withFieldChecks(Type.Object(
  {
    serviceId: NonBlank(200, { description: 'raw item id of a service or course' }),
    serviceName: Type.Optional(Type.String({ maxLength: 200 })),
    bookingDate: Type.String({ ...pattern(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'), format: 'date', description: 'YYYY-MM-DD in the store time zone (a slot date from v1IntegrationAvailability)' }),
    bookingTime: Type.String({ ...pattern(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM (00:00–23:59)'), description: 'HH:MM in the store time zone (a slot time from v1IntegrationAvailability)' }),
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'seats taken in the slot (default 1)' })),
    notes: Type.Optional(Type.String({ maxLength: 2000 })),
    customer: Type.Object({
      name: NonBlank(200),
      phone: Type.String({ maxLength: 40, ...pattern(/^(?:\D*\d){9,15}\D*$/, 'must have 9 to 15 digits'), description: '9 to 15 digits; spaces, +, - and brackets allowed' }),
      email: Type.Optional(Nullable(Type.String({ maxLength: 254, ...pattern(/^\s*(?:[^\s@]+@[^\s@]+\.[^\s@]+)?\s*$/, 'must be an email address'), description: 'an email address (recommended: the confirmation is sent there), or empty' }))),
    }),
    paymentMethod: Type.Optional(Type.String({ maxLength: 50, description: 'gateway_checkout, manual, cash, momo…' })),
    paymentAmount: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000_000, description: 'major currency units' })),
    sourceChannel: Type.Optional(Type.String({ maxLength: 100 })),
    attributes: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'free-form vertical data (at most 8 KB)' })),
    payment: Type.Optional(
      Type.Object({
        method: Type.Optional(Type.String({ maxLength: 50 })),
        amount: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000_000 })),
        confirmed: Type.Optional(Type.Boolean({ description: 'never trusted: true gives paymentStatus manual_review' })),
      }),
    ),
  },
  { description: 'Booking create request: top-level payment fields or the payment object. Unknown fields are ignored.' },
), (body) => checkCreateInput(body as unknown as CreateBookingInput));

export const BookingRecord = Type.Object(
  {
    bookingId: Type.String(),
    reference: Type.String(),
    storeId: Type.String(),
    serviceId: Type.String(),
    serviceName: Type.String(),
    bookingDate: Type.String(),
    bookingTime: Type.String(),
    endTime: Type.String({ description: 'HH:MM in the store time zone' }),
    startAt: IsoTimestamp,
    endAt: IsoTimestamp,
    timezone: Type.String(),
    quantity: Type.Integer(),
    notes: Nullable(Type.String()),
    customer: Type.Object({ name: Type.String(), phone: Type.String(), email: Nullable(Type.String()) }),
    customerId: Nullable(Type.String()),
    paymentMethod: Nullable(Type.String()),
    paymentAmount: Nullable(Type.Number()),
    paymentAmountMinor: Nullable(Type.Integer()),
    paymentStatus: PaymentStatusEnum,
    sourceChannel: Nullable(Type.String()),
    attributes: Type.Object({}, { additionalProperties: true }),
    status: StatusEnum,
    bookingStatus: StatusEnum,
    manageUrl: Type.String({ description: 'the booking\'s page for its customer ({PUBLIC_BASE_URL}/b/<token>): see it, cancel it or move it until the store\'s cut-off. A secret of this booking: give it to its customer only. Works until 7 days after the booking ends.' }),
    cancellation: {
      ...Nullable(Type.Object({ by: Type.Union([Type.Literal('store'), Type.Literal('customer')]), reason: Nullable(Type.String()), at: IsoTimestamp })),
      description: 'set once the booking is cancelled: by whom, why (no_show for a no-show), when',
    },
    attendance: {
      ...Nullable(Type.Union([Type.Literal('attended'), Type.Literal('no_show')])),
      description: 'recorded by the store: attended (completed) or no_show (cancelled after its start); null until then',
    },
    createdAt: IsoTimestamp,
    updatedAt: IsoTimestamp,
  },
  { description: 'Booking record' },
);

export const CreateBookingResponse = Type.Object({
  ok: Type.Boolean(),
  storeId: Type.String(),
  bookingId: Type.String(),
  reference: Type.String({ description: 'IB- + 8 Crockford base32 characters' }),
  status: StatusEnum,
  bookingStatus: StatusEnum,
  paymentStatus: PaymentStatusEnum,
  manageUrl: Type.String({ description: 'the booking\'s page for its customer (see the booking record)' }),
  booking: BookingRecord,
});

export const StaffBookingRecord = Type.Object({
  ...BookingRecord.properties,
  staffNotes: Nullable(Type.String({ description: 'internal, never shown to integrations' })),
  overbooked: Type.Boolean({ description: 'staff booked it over capacity or outside the service\'s hours (allowOverbook)' }),
});

export const StaffBookingCreateBody = Type.Object(
  {
    serviceId: Type.String({ minLength: 1, maxLength: 200, description: 'a service or course of the store (published or not)' }),
    date: Type.String({ format: 'date', description: 'store date YYYY-MM-DD' }),
    time: Type.String({ ...pattern(TIME, 'must be a time HH:MM (00:00–23:59)'), description: 'store time HH:MM' }),
    customer: Type.Object(
      {
        customerId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'an existing customer (cus_…); or name with phone and/or email' })),
        name: Type.Optional(Type.String({ maxLength: 200, description: 'a new or returning customer: matched by phone (any format of the store\'s country) or email' })),
        phone: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
        email: Type.Optional(Nullable(Type.String({ maxLength: 254 }))),
      },
      { additionalProperties: false, description: '{customerId} or {name, phone?, email?}' },
    ),
    notes: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    source: Type.Union(['walk_in', 'phone', 'whatsapp', 'social', 'other'].map((s) => Type.Literal(s)), { description: 'where the booking came from; becomes sourceChannel' }),
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'seats (default 1)' })),
    allowOverbook: Type.Optional(
      Type.Boolean({ description: 'owners and admins: book even when the time is full or outside the service\'s hours (recorded as overbooked). Without it such a time is 409 slot-unavailable; a time already started is recorded as a visit (completed, attended), owners and admins only' }),
    ),
  },
  { additionalProperties: false },
);

export const BookingListQuery = Type.Object({
  storeId: Type.Optional(Type.String()),
  status: Type.Optional(StatusEnum),
  serviceId: Type.Optional(Type.String({ maxLength: 200 })),
  reference: Type.Optional(Type.String({ maxLength: 20 })),
  from: Type.Optional(Type.String({ description: 'bookingDate on or after (YYYY-MM-DD)' })),
  to: Type.Optional(Type.String({ description: 'bookingDate on or before (YYYY-MM-DD)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'default 50' })),
  cursor: Type.Optional(Type.String({ maxLength: 500 })),
});

export const AvailabilityQuery = Type.Object({
  storeId: Type.Optional(Type.String()),
  serviceId: Type.String({ minLength: 1, maxLength: 200 }),
  from: Type.String({ description: 'ISO 8601 timestamp' }),
  to: Type.String({ description: 'ISO 8601 timestamp, after from, at most 62 days later' }),
});

export const AvailabilityResponse = Type.Object({
  ok: Type.Boolean(),
  storeId: Type.String(),
  serviceId: Type.String(),
  timezone: Type.String(),
  durationMinutes: Nullable(Type.Integer()),
  slots: Type.Array(
    Type.Object({
      start: IsoTimestamp,
      end: IsoTimestamp,
      date: Type.String({ description: 'YYYY-MM-DD in the store time zone (send as bookingDate)' }),
      time: Type.String({ description: 'HH:MM in the store time zone (send as bookingTime)' }),
      capacity: Type.Integer(),
      remaining: Type.Integer(),
    }),
  ),
});

export const StaffBookingPatchBody = Type.Object(
  {
    status: Type.Optional(StatusEnum),
    bookingDate: Type.Optional(Type.String({ format: 'date', description: 'with status rescheduled: the new date (YYYY-MM-DD)' })),
    bookingTime: Type.Optional(Type.String({ ...pattern(TIME, 'must be a time HH:MM (00:00–23:59)'), description: 'with status rescheduled: the new time (HH:MM)' })),
    staffNotes: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
    paymentStatus: Type.Optional(PaymentStatusEnum),
    cancellationReason: Type.Optional(Nullable(Type.String({ maxLength: 500, description: 'with status cancelled: why (told to the customer)' }))),
    attendance: Type.Optional(
      Type.Union([Type.Literal('no_show'), Type.Literal('attended')], {
        description: 'no_show: once the start has passed, cancels the booking as missed (counted on the customer, no mail); attended: completes it',
      }),
    ),
  },
  { additionalProperties: false },
);

export const StaffAvailabilityQuery = Type.Object({
  from: Type.String({ maxLength: 40, description: 'ISO 8601 timestamp, or a store date YYYY-MM-DD (from its midnight)' }),
  to: Type.String({ maxLength: 40, description: 'ISO 8601 timestamp, or a store date YYYY-MM-DD (that day included); after from, at most 62 days later' }),
});

export const SchedulePreviewBody = Type.Object(
  {
    schedule: Type.Partial(ScheduleSchema, { additionalProperties: false, description: 'the schedule as edited (defaults as on an item)' }),
    itemId: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "a service or course: its existing bookings take their seats in the preview" })),
    from: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601 timestamp or store date YYYY-MM-DD; default now' })),
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: 62, description: 'days from `from` (default 7)' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'slots returned at most (default 50)' })),
  },
  { additionalProperties: false },
);

export const SchedulePreviewResponse = Type.Object({
  ok: Type.Boolean(),
  storeId: Type.String(),
  timezone: Type.String(),
  durationMinutes: Type.Integer(),
  from: IsoTimestamp,
  to: IsoTimestamp,
  count: Type.Integer({ description: 'open slots in the window (slots holds the first `limit`)' }),
  slots: AvailabilityResponse.properties.slots,
});
