import { Type } from 'typebox';
import { DocumentedAs, emailPattern, IsoTimestamp, NonBlank, Nullable } from '../../http/schemas.ts';
import { pattern, withFieldChecks } from '../../http/validation.ts';
import { TIME } from '../catalog/item-input.ts';
import { ScheduleSchema } from '../catalog/schemas.ts';
import { FrontDeskEmail } from '../customers/schemas.ts';
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
      email: Type.Optional(Nullable(Type.String({ maxLength: 254, ...pattern(new RegExp(`^\\s*(?:${emailPattern('')}\\s*)?$`), 'must be an email address'), description: 'an email address (recommended: the confirmation is sent there), or empty' }))),
    }),
    paymentMethod: Type.Optional(Type.String({ maxLength: 50, description: 'gateway_checkout, manual, cash, momo…' })),
    paymentAmount: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000_000, description: 'major currency units' })),
    sourceChannel: Type.Optional(Type.String({ maxLength: 100 })),
    staffId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'a performer of the service (the store\'s staff list names who performs what; also read from attributes.staffId). Without it a free performer is assigned: the one with the fewest bookings that day. Naming a person who does not perform the service (or any person, for a service without performers) is 422 not-bookable' })),
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
    amountPaid: Type.Number({ description: 'paid towards the booking through its deposit, net of refunds (major units)' }),
    amountPaidMinor: Type.Integer({ description: 'the same in minor units' }),
    deposit: {
      ...Nullable(
        Type.Object({
          amount: Type.Number(),
          amountMinor: Type.Integer(),
          state: Type.Union(['due', 'paid', 'kept', 'refunded', 'review', 'unpaid'].map((s) => Type.Literal(s)), {
            description: 'due: waiting for payment (the time is held); paid; kept: paid and the customer did not come; refunded; review: money arrived late or did not match (staff decide); unpaid: not paid in time (cancelled as deposit_unpaid) or cancelled before it was',
          }),
        }),
      ),
      description: 'the deposit the service asked when it was booked; null when none',
    },
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
    staffId: { ...Nullable(Type.String()), description: 'the person booked, for a service with performers (see the store\'s staff); null otherwise' },
    staffName: { ...Nullable(Type.String()), description: 'that person\'s display name when booked' },
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
  payment: Type.Optional(
    Type.Object(
      {
        reference: Type.String({ description: 'the deposit\'s order reference (v1IntegrationOrderStatus reads it)' }),
        checkoutUrl: Type.String({ description: 'the hosted payment page: send the customer there; they come back to the booking\'s manage link' }),
        amountDue: Type.Number(),
        amountDueMinor: Type.Integer(),
        expiresAt: IsoTimestamp,
      },
      {
        description:
          'present only when the service asks a deposit: what to pay. The booking holds its time until expiresAt; paid, its paymentStatus is paid; unpaid then, it is cancelled (cancellation.reason deposit_unpaid) and the time is free again. A payment arriving after that goes to the store\'s manual review, never double-booking the time',
      },
    ),
  ),
  booking: BookingRecord,
});

export const StaffBookingRecord = Type.Object({
  ...BookingRecord.properties,
  staffNotes: Nullable(Type.String({ description: 'internal, never shown to integrations' })),
  overbooked: Type.Boolean({ description: 'staff booked it over capacity or outside the service\'s hours (allowOverbook)' }),
});

const CUSTOMER_NAME = 'a new or returning customer: matched by phone (any format of the store\'s country) or email';
const frontDeskCustomer = {
  customerId: Type.String({ minLength: 1, maxLength: 100, description: 'an existing customer (cus_…)' }),
  name: Type.String({ maxLength: 200, description: CUSTOMER_NAME }),
  phone: Nullable(Type.String({ maxLength: 40 })),
  email: Nullable(FrontDeskEmail),
};

// The service tells which form a customer is in (frontDeskCustomerErrors: customer.name "required
// without customerId", customer "not both"); /openapi.json states the two forms as alternatives.
const StaffBookingCustomer = DocumentedAs(
  Type.Object(
    {
      customerId: Type.Optional(frontDeskCustomer.customerId),
      name: Type.Optional(frontDeskCustomer.name),
      phone: Type.Optional(frontDeskCustomer.phone),
      email: Type.Optional(frontDeskCustomer.email),
    },
    { additionalProperties: false, description: '{customerId} or {name, phone?, email?}' },
  ),
  Type.Union(
    [
      Type.Object({ customerId: frontDeskCustomer.customerId }, { additionalProperties: false, description: 'an existing customer' }),
      Type.Object(
        {
          name: NonBlank(200, { description: CUSTOMER_NAME }),
          phone: Type.Optional(frontDeskCustomer.phone),
          email: Type.Optional(frontDeskCustomer.email),
        },
        { additionalProperties: false, description: 'a new or returning customer, found by phone or email, else added' },
      ),
    ],
    { description: '{customerId}, or {name, phone?, email?}; not both' },
  ),
);

export const StaffBookingCreateBody = Type.Object(
  {
    serviceId: Type.String({ minLength: 1, maxLength: 200, description: 'a service or course of the store (published or not)' }),
    date: Type.String({ format: 'date', description: 'store date YYYY-MM-DD' }),
    time: Type.String({ ...pattern(TIME, 'must be a time HH:MM (00:00–23:59)'), description: 'store time HH:MM' }),
    customer: StaffBookingCustomer,
    notes: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    source: Type.Union(['walk_in', 'phone', 'whatsapp', 'social', 'other'].map((s) => Type.Literal(s)), { description: 'where the booking came from; becomes sourceChannel' }),
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'seats (default 1)' })),
    staffId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'a performer of the service; without it a free one is assigned (fewest bookings that day)' })),
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
  staffId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'only the times this performer is free (a service with performers)' })),
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
      capacity: Type.Integer({ description: 'seats per slot; for a service with performers, the number of performers asked about' }),
      remaining: Type.Integer({ description: 'seats left; for a service with performers, how many of them are free' }),
      staffIds: Type.Optional(Type.Array(Type.String(), { description: 'a service with performers only: who is free for this slot (send one as staffId to book them)' })),
    }),
  ),
});

const staffBookingPatchFields = {
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
  staffId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'move the booking to another performer of its service (at its time, or with a reschedule at the new one): 409 slot-unavailable unless they are free' })),
};

// The service checks how the fields go together (updateBooking: "send status, attendance, staffNotes,
// paymentStatus or staffId", "only with status rescheduled", attendance against status); /openapi.json
// states those rules as far as JSON Schema can.
const presentOnly = (keys: string[]) => keys.map((key) => ({ required: [key] }));
/** The field is not sent. */
const absent = (key: string) => ({ not: { required: [key], properties: { [key]: {} } } });
export const StaffBookingPatchBody = DocumentedAs(
  Type.Object(staffBookingPatchFields, { additionalProperties: false }),
  Type.Object(staffBookingPatchFields, {
    additionalProperties: false,
    description:
      'At least one of status, attendance, staffNotes, paymentStatus, staffId. bookingDate and bookingTime go with status rescheduled (both required then) and only with it. ' +
      'attendance no_show goes with no status or status cancelled, attended with no status or status completed.',
    allOf: [
      { anyOf: presentOnly(['status', 'attendance', 'staffNotes', 'paymentStatus', 'staffId']) },
      {
        anyOf: [
          { required: ['status', 'bookingDate', 'bookingTime'], properties: { status: { const: 'rescheduled' } } },
          { properties: { status: { not: { const: 'rescheduled' } } }, allOf: [absent('bookingDate'), absent('bookingTime')] },
        ],
      },
      {
        anyOf: [
          absent('attendance'),
          absent('status'),
          { properties: { attendance: { const: 'no_show' }, status: { const: 'cancelled' } } },
          { properties: { attendance: { const: 'attended' }, status: { const: 'completed' } } },
        ],
      },
    ],
  }),
);

/**
 * A moment a staff slot query names (service.ts instantOf): a store date, or a timestamp whose zone may
 * be left out; what Date.parse cannot read (month 13, 25:00) is refused. A real date is that day's
 * midnight; an unreal one such as 2026-02-30 is read as Date.parse does (the days roll over).
 */
const Instant = (options: { description: string }) =>
  Type.String({
    maxLength: 40,
    ...pattern(
      /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?:T(?:(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?|24:00(?::00(?:\.0+)?)?)(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/,
      'must be an ISO 8601 timestamp or a date YYYY-MM-DD',
    ),
    ...options,
  });

export const StaffAvailabilityQuery = Type.Object({
  from: Instant({ description: 'ISO 8601 timestamp, or a store date YYYY-MM-DD (from its midnight)' }),
  to: Instant({ description: 'ISO 8601 timestamp, or a store date YYYY-MM-DD (that day included); after from, at most 62 days later' }),
  staffId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'only the times this performer is free' })),
});

export const SchedulePreviewBody = Type.Object(
  {
    schedule: Type.Partial(ScheduleSchema, { additionalProperties: false, description: 'the schedule as edited (defaults as on an item)' }),
    itemId: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "a service or course: its existing bookings take their seats in the preview" })),
    from: Type.Optional(Instant({ description: 'ISO 8601 timestamp or store date YYYY-MM-DD; default now' })),
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
