// Staff calendars (staff API): the store's bookable people. Any member reads them; owners and admins
// add, change and remove them.
import { Type } from 'typebox';
import type { App } from '../../app.ts';
import type { AppContext } from '../../context.ts';
import { authStoreId, requireMember } from '../../http/auth.ts';
import { IsoTimestamp, Nullable, OneLineName, OptionalHttpUrl, responses } from '../../http/schemas.ts';
import { pattern, withFieldChecks } from '../../http/validation.ts';
import { END_TIME, TIME, WEEKDAYS } from '../catalog/item-input.ts';
import { STAFF_LIMITS, TIME_OFF_BOUND, type StaffInput } from './staff.ts';

const staffSecurity: Record<string, string[]>[] = [{ bearer: [] }];
const StoreParams = Type.Object({ storeId: Type.String() });
const StaffParams = Type.Object({ storeId: Type.String(), staffId: Type.String() });

const Hours = Type.Object(
  {
    day: Type.Union(WEEKDAYS.map((d) => Type.Literal(d)), { description: 'mon, tue, wed, thu, fri, sat or sun' }),
    start: Type.String({ ...pattern(TIME, 'must be a time HH:MM (00:00–23:59)'), description: 'HH:MM in the store time zone' }),
    end: Type.String({ ...pattern(END_TIME, 'must be a time HH:MM (00:00–24:00)'), description: 'HH:MM (24:00 for midnight), after start' }),
  },
  { additionalProperties: false },
);

const BOUND_RULE = 'must be a date YYYY-MM-DD, a store time YYYY-MM-DDTHH:MM or an ISO 8601 timestamp';
const TimeOffInput = Type.Object(
  {
    from: Type.String({ ...pattern(TIME_OFF_BOUND, BOUND_RULE), description: 'a date YYYY-MM-DD (from its start), a store time YYYY-MM-DDTHH:MM, or an ISO 8601 timestamp with its zone' }),
    to: Type.String({ ...pattern(TIME_OFF_BOUND, BOUND_RULE), description: 'a date YYYY-MM-DD (that day included), a store time YYYY-MM-DDTHH:MM, or an ISO 8601 timestamp with its zone; after from, within 400 days' }),
    note: Type.Optional(Nullable(Type.String({ maxLength: STAFF_LIMITS.note }))),
  },
  { additionalProperties: false },
);

const fields = {
  displayName: OneLineName(STAFF_LIMITS.displayName, { description: 'the name customers see' }),
  photoUrl: Type.Optional(Nullable(OptionalHttpUrl({ description: 'an http(s) URL of their picture; empty or null for none' }))),
  memberId: Type.Optional(Nullable(Type.String({ maxLength: 100, description: 'the user id of a member of the store, when this person signs in (their lane comes first in their console)' }))),
  weeklyHours: Type.Array(Hours, { maxItems: STAFF_LIMITS.weeklyHours, description: 'when they work, in the store time zone; the store\'s hours (when set) bound them' }),
  timeOff: Type.Optional(Type.Array(TimeOffInput, { maxItems: STAFF_LIMITS.timeOff, description: 'ranges they are away (part days too)' })),
  serviceIds: Type.Array(Type.String({ maxLength: 200 }), { maxItems: STAFF_LIMITS.serviceIds, description: 'the services and courses they perform' }),
};

/**
 * What the service checks of a body without the store (each day's hours end after they start), run
 * too when the schema refuses the body, so one answer lists every bad field.
 */
function hoursOrder(body: unknown) {
  const hours = (body as { weeklyHours?: unknown })?.weeklyHours;
  if (!Array.isArray(hours)) return [];
  return hours.flatMap((h, i) =>
    h && typeof h.start === 'string' && typeof h.end === 'string' && TIME.test(h.start) && END_TIME.test(h.end) && h.end <= h.start ? [{ field: `weeklyHours.${i}.end`, message: 'must be after start' }] : [],
  );
}

const StaffCreateBody = withFieldChecks(Type.Object(fields, { additionalProperties: false }), hoursOrder);
const StaffPatchBody = withFieldChecks(Type.Object(
  {
    displayName: Type.Optional(fields.displayName),
    photoUrl: fields.photoUrl,
    memberId: fields.memberId,
    weeklyHours: Type.Optional(fields.weeklyHours),
    timeOff: fields.timeOff,
    serviceIds: Type.Optional(fields.serviceIds),
    keepBookings: Type.Optional(Type.Boolean({ description: 'time off over bookings to come is 409 conflict listing them, unless this is true (they are kept as they are)' })),
  },
  { additionalProperties: false },
), hoursOrder, { partial: true });

export const StaffRecord = Type.Object({
  id: Type.String({ description: 'stf_…' }),
  storeId: Type.String(),
  memberId: Nullable(Type.String()),
  displayName: Type.String(),
  photoUrl: Nullable(Type.String()),
  weeklyHours: Type.Array(Type.Object({ day: Type.String(), start: Type.String(), end: Type.String() })),
  timeOff: Type.Array(Type.Object({ from: IsoTimestamp, to: IsoTimestamp, note: Nullable(Type.String()) }), { description: 'sorted by from; instants in UTC' }),
  serviceIds: Type.Array(Type.String()),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});

export async function staffRoutes(app: App, ctx: AppContext) {
  const directory = ctx.services.bookings.staff;
  const zoneOf = async (storeId: string) => (await ctx.services.stores.getStore(storeId)).timezone;

  app.get('/api/stores/:storeId/staff', {
    preValidation: requireMember(ctx),
    schema: { tags: ['staff: staff calendars'], summary: 'The store\'s bookable people, oldest first', security: staffSecurity, params: StoreParams, response: responses({ 200: Type.Object({ ok: Type.Boolean(), staff: Type.Array(StaffRecord) }) }) },
  }, async (request) => ({ ok: true, staff: await directory.list(authStoreId(request)) }));

  app.post('/api/stores/:storeId/staff', {
    preValidation: requireMember(ctx, ['owner', 'admin']),
    schema: {
      tags: ['staff: staff calendars'],
      summary: 'Add a bookable person: name, photo, weekly hours, time off and the services they perform (a service with performers is then booked per person)',
      security: staffSecurity,
      params: StoreParams,
      body: StaffCreateBody,
      response: responses({ 201: Type.Object({ ok: Type.Boolean(), staff: StaffRecord }) }),
    },
  }, async (request, reply) => {
    const storeId = authStoreId(request);
    const staff = await directory.create(storeId, await zoneOf(storeId), request.body as StaffInput);
    return reply.code(201).send({ ok: true, staff });
  });

  app.get('/api/stores/:storeId/staff/:staffId', {
    preValidation: requireMember(ctx),
    schema: { tags: ['staff: staff calendars'], summary: 'One bookable person', security: staffSecurity, params: StaffParams, response: responses({ 200: Type.Object({ ok: Type.Boolean(), staff: StaffRecord }) }) },
  }, async (request) => ({ ok: true, staff: await directory.get(authStoreId(request), (request.params as { staffId: string }).staffId) }));

  app.patch('/api/stores/:storeId/staff/:staffId', {
    preValidation: requireMember(ctx, ['owner', 'admin']),
    schema: {
      tags: ['staff: staff calendars'],
      summary: 'Change a person: fields sent replace theirs (timeOff and weeklyHours whole). Time off over their bookings to come is 409 conflict listing them, unless keepBookings',
      security: staffSecurity,
      params: StaffParams,
      body: StaffPatchBody,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), staff: StaffRecord }) }),
    },
  }, async (request) => {
    const storeId = authStoreId(request);
    return { ok: true, staff: await directory.update(storeId, await zoneOf(storeId), (request.params as { staffId: string }).staffId, request.body as StaffInput) };
  });

  app.delete('/api/stores/:storeId/staff/:staffId', {
    preValidation: requireMember(ctx, ['owner', 'admin']),
    schema: {
      tags: ['staff: staff calendars'],
      summary: 'Remove a person with no bookings to come (409 conflict listing them otherwise); past bookings keep their name',
      security: staffSecurity,
      params: StaffParams,
      response: responses({ 200: Type.Object({ ok: Type.Boolean(), deleted: Type.String() }) }),
    },
  }, async (request) => {
    const storeId = authStoreId(request);
    const { staffId } = request.params as { staffId: string };
    await directory.remove(storeId, await zoneOf(storeId), staffId);
    return { ok: true, deleted: staffId };
  });
}
