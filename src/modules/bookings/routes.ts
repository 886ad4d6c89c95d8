// Availability and booking routes (integration and staff).
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { App } from '../../app.ts';
import { actorOf, authStoreId, requireMember } from '../../http/auth.ts';
import { integrationDocs, integrationRoute } from '../../http/integration-route.ts';
import { sendIdempotent } from '../../http/idempotency.ts';
import { integrationHeaders, responses } from '../../http/schemas.ts';
import type { CreatedBooking, BookingFilterInput, CreateBookingInput, StaffBookingInput, StaffBookingPatch } from './service.ts';
import type { Role } from '../stores/service.ts';
import {
  AvailabilityQuery,
  AvailabilityResponse,
  BookingListQuery,
  BookingRecord,
  CreateBookingBody,
  CreateBookingResponse,
  SchedulePreviewBody,
  SchedulePreviewResponse,
  StaffAvailabilityQuery,
  StaffBookingCreateBody,
  StaffBookingPatchBody,
  StaffBookingRecord,
} from './schemas.ts';
import { staffRoutes } from './staff-routes.ts';

const NO_STORE = 'no-store';

export async function bookingsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify as App;
  const bookings = ctx.services.bookings;

  app.get('/v1IntegrationAvailability', {
    ...integrationRoute(app, 'availability:read'),
    schema: {
      tags: ['bookings'],
      summary: 'Open slots of a service between from and to (at most 62 days), in the store time zone',
      ...integrationDocs,
      querystring: AvailabilityQuery,
      response: responses({ 200: AvailabilityResponse }),
    },
  }, async (request, reply) => {
    const body = await bookings.availability(authStoreId(request), request.query as { serviceId: string; from: string; to: string; staffId?: string });
    // Serialized by V8's JSON.stringify, not the schema's serializer: up to 62 days of slots, each with
    // the ids of the people free, are escaped string by string there (measured: most of the extra cost
    // of a service with performers). The body is built with exactly the schema's fields
    // (test/bookings checks answers against it).
    return reply.header('cache-control', 'private, max-age=15').type('application/json; charset=utf-8').send(JSON.stringify(body));
  });

  app.post('/v1IntegrationBookings', {
    ...integrationRoute(app, 'bookings:write'),
    schema: {
      tags: ['bookings'],
      summary: 'Book a slot of a service (Idempotency-Key replays the first response for 24 h)',
      ...integrationDocs,
      headers: Type.Object({ ...integrationHeaders.properties, 'idempotency-key': Type.Optional(Type.String({ description: 'retry-safe key, 1–255 visible ASCII' })) }),
      querystring: Type.Object({ storeId: Type.Optional(Type.String()) }),
      body: CreateBookingBody,
      response: responses({ 201: CreateBookingResponse }),
    },
  }, async (request, reply) => {
    const storeId = authStoreId(request);
    reply.header('cache-control', NO_STORE);
    const created = ({ payment, ...booking }: CreatedBooking) => ({
      status: 201,
      body: {
        ok: true,
        storeId,
        bookingId: booking.bookingId,
        reference: booking.reference,
        status: booking.status,
        bookingStatus: booking.bookingStatus,
        paymentStatus: booking.paymentStatus,
        manageUrl: booking.manageUrl,
        // Only for a service that asks a deposit: the answer is otherwise exactly as before.
        ...(payment ? { payment } : {}),
        booking,
      },
    });
    return sendIdempotent(ctx, request, reply, storeId, 'bookings.create', async (record) =>
      created(await bookings.createBooking(storeId, request.body as CreateBookingInput, { idempotent: { record, answer: created } })),
    );
  });

  app.get('/v1IntegrationBookings', {
    ...integrationRoute(app, 'bookings:read'),
    schema: {
      tags: ['bookings'],
      summary: 'Bookings of the store, newest first, with filters and a cursor',
      ...integrationDocs,
      querystring: BookingListQuery,
      response: responses({
        200: Type.Object({ ok: Type.Boolean(), storeId: Type.String(), count: Type.Integer(), bookings: Type.Array(BookingRecord), nextCursor: Type.Union([Type.String(), Type.Null()]) }),
      }),
    },
  }, async (request, reply) => {
    const storeId = authStoreId(request);
    // Integration keys filter by what their schema names; the customer filter is for staff only.
    const { customerId: _staffOnly, ...filters } = request.query as BookingFilterInput;
    const page = await bookings.listBookings(storeId, filters);
    return reply.header('cache-control', NO_STORE).send({ ok: true, storeId, count: page.bookings.length, bookings: page.bookings, nextCursor: page.nextCursor });
  });

  // Staff bookings.
  const staffSecurity: Record<string, string[]>[] = [{ bearer: [] }];
  const StoreParams = Type.Object({ storeId: Type.String() });
  const BookingParams = Type.Object({ storeId: Type.String(), bookingId: Type.String() });
  const { storeId: _storeId, ...staffFilters } = BookingListQuery.properties;

  app.get('/api/stores/:storeId/bookings', {
    preValidation: requireMember(ctx),
    schema: {
      tags: ['staff: bookings'],
      summary: 'Bookings of the store, newest first, with staff notes',
      security: staffSecurity,
      params: StoreParams,
      querystring: Type.Object({ ...staffFilters, customerId: Type.Optional(Type.String({ maxLength: 200, description: 'the bookings of one customer (cus_…)' })) }),
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), count: Type.Integer(), bookings: Type.Array(StaffBookingRecord), nextCursor: Type.Union([Type.String(), Type.Null()]) }) }),
    },
  }, async (request, reply) => {
    const page = await bookings.listBookings(authStoreId(request), request.query as BookingFilterInput);
    return reply.header('cache-control', NO_STORE).send({ ok: true, count: page.staffBookings.length, bookings: page.staffBookings, nextCursor: page.nextCursor });
  });

  app.post('/api/stores/:storeId/bookings', {
    preValidation: requireMember(ctx),
    schema: {
      tags: ['staff: bookings'],
      summary: 'Enter a booking at the front desk (walk-in, phone, WhatsApp, social): confirmed at once; sourceChannel is the source',
      description:
        'In an open time with room, any member. A full time or one outside the service\'s hours is 409 slot-unavailable, unless an owner or admin sends allowOverbook (the booking is then marked overbooked). A time already started records a visit after the fact (owners and admins; status completed, attendance attended, no customer mail). The customer is an existing one (customerId) or is found by phone in any format of the store\'s country, or by email, or added; they get the confirmation mail when an email is known.',
      security: staffSecurity,
      params: StoreParams,
      body: StaffBookingCreateBody,
      response: responses({ 201: Type.Object({ ok: Type.Boolean(), booking: StaffBookingRecord }) }),
    },
  }, async (request, reply) => {
    const auth = request.auth as { role: Role | null };
    const booking = await bookings.createStaffBooking(authStoreId(request), request.body as StaffBookingInput, { role: auth.role, actor: actorOf(request) });
    return reply.code(201).send({ ok: true, booking });
  });

  app.get('/api/stores/:storeId/bookings/:bookingId', {
    preValidation: requireMember(ctx),
    schema: {
      tags: ['staff: bookings'],
      summary: 'One booking',
      security: staffSecurity,
      params: BookingParams,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), booking: StaffBookingRecord }) }),
    },
  }, async (request, reply) => {
    const { bookingId } = request.params as { bookingId: string };
    return reply.header('cache-control', NO_STORE).send({ ok: true, booking: await bookings.getBooking(authStoreId(request), bookingId) });
  });

  app.patch('/api/stores/:storeId/bookings/:bookingId', {
    preValidation: requireMember(ctx),
    schema: {
      tags: ['staff: bookings'],
      summary: 'Change status (pending → confirmed, cancelled, rescheduled; confirmed → completed, cancelled, rescheduled; rescheduled → confirmed, completed, cancelled, rescheduled; a reschedule carries bookingDate and bookingTime; others 409), attendance (no_show after the start, attended), staff notes or payment status',
      security: staffSecurity,
      params: BookingParams,
      body: StaffBookingPatchBody,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), booking: StaffBookingRecord }) }),
    },
  }, async (request) => {
    const { bookingId } = request.params as { bookingId: string };
    return { ok: true, booking: await bookings.updateBooking(authStoreId(request), bookingId, request.body as StaffBookingPatch, actorOf(request)) };
  });

  app.get('/api/stores/:storeId/items/:itemId/availability', {
    preValidation: requireMember(ctx),
    schema: {
      tags: ['staff: bookings'],
      summary: 'Open slots of a service or course (published or not) between from and to: the integration availability answer, with store dates allowed',
      security: staffSecurity,
      params: Type.Object({ storeId: Type.String(), itemId: Type.String() }),
      querystring: StaffAvailabilityQuery,
      response: responses({ 200: AvailabilityResponse }),
    },
  }, async (request, reply) => {
    const { itemId } = request.params as { itemId: string };
    const body = await bookings.staffAvailability(authStoreId(request), itemId, request.query as { from: string; to: string; staffId?: string });
    return reply.header('cache-control', NO_STORE).send(body);
  });

  app.post('/api/stores/:storeId/schedule-preview', {
    preValidation: requireMember(ctx),
    schema: {
      tags: ['staff: bookings'],
      summary: 'The next open slots of a schedule being edited (nothing is saved); with itemId, that service\'s bookings take their seats',
      security: staffSecurity,
      params: StoreParams,
      body: SchedulePreviewBody,
      response: responses({ 200: SchedulePreviewResponse }),
    },
  }, async (request, reply) => {
    const body = await bookings.previewSchedule(authStoreId(request), request.body as { schedule: unknown; itemId?: string; from?: string; days?: number; limit?: number });
    return reply.header('cache-control', NO_STORE).send(body);
  });

  await staffRoutes(app, ctx);
}
