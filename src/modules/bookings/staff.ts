// Staff calendars: a store's bookable people. Each has a display name, a photo, their own weekly
// hours (bounded by the store's hours), time off (ranges of instants, part days included) and the
// services and courses they perform. A service with performers is booked per person: one booking per
// person at a time, whatever the service (the bookings service places them; this module keeps the
// people). A store has a handful of people, so they are read whole and kept per instance until a
// change to them (any instance's) drops the store's entry.
import { DateTime } from 'luxon';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/sql.ts';
import type { Database } from '../../db/database.ts';
import { END_TIME, isHttpUrl, TIME, WEEKDAYS, type Weekday, type WeeklyHours } from '../catalog/item-input.ts';
import { conflict, notFound, validationFailed, type ErrorDetail } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { StoreCache } from '../../shared/store-cache.ts';
import { nowIso } from '../../shared/time.ts';
import type { StaffRow } from './tables.ts';

type Db = Executor<Database>;

export interface TimeOff {
  /** ISO 8601 instants (UTC): [from, to). */
  from: string;
  to: string;
  note: string | null;
}

export interface StaffMember {
  id: string;
  storeId: string;
  memberId: string | null;
  displayName: string;
  photoUrl: string | null;
  weeklyHours: WeeklyHours[];
  timeOff: TimeOff[];
  serviceIds: string[];
  createdAt: string;
  updatedAt: string;
}

/** What a website sees of a bookable person. */
export interface PublicStaff {
  id: string;
  displayName: string;
  photoUrl: string | null;
  serviceIds: string[];
}

export interface StaffInput {
  displayName?: unknown;
  photoUrl?: unknown;
  memberId?: unknown;
  weeklyHours?: unknown;
  timeOff?: unknown;
  serviceIds?: unknown;
  /** Time off over existing bookings is refused (409, listing them) unless this is true. */
  keepBookings?: unknown;
}

export const STAFF_LIMITS = { displayName: 80, weeklyHours: 70, timeOff: 100, note: 200, serviceIds: 200, perStore: 200 } as const;
/** Time off reaches at most this far (a range, not a resignation). */
const MAX_TIME_OFF_DAYS = 400;
const DAY_MS = 24 * 3600_000;
/** A time-off bound: a date, a store time (no zone), or a timestamp with its zone (Z or an offset). */
export const TIME_OFF_BOUND = /^(\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))(?:T((?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?)(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/;
/** Characters as people count them (code points), not UTF-16 units. */
const chars = (text: string) => [...text].length;

export function toStaff(row: StaffRow): StaffMember {
  return {
    id: row.id,
    storeId: row.store_id,
    memberId: row.member_id,
    displayName: row.display_name,
    photoUrl: row.photo_url,
    weeklyHours: JSON.parse(row.weekly_hours) as WeeklyHours[],
    timeOff: JSON.parse(row.time_off) as TimeOff[],
    serviceIds: JSON.parse(row.service_ids) as string[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const toPublicStaff = (s: StaffMember): PublicStaff => ({ id: s.id, displayName: s.displayName, photoUrl: s.photoUrl, serviceIds: s.serviceIds });

/**
 * An instant of a time-off bound: an ISO timestamp with an offset, a local date-time of the store
 * (YYYY-MM-DDTHH:mm), or a date (from: its start; to: the end of that day, so `to` is inclusive).
 */
function boundOf(value: unknown, zone: string, end: boolean): number | null {
  const parts = typeof value === 'string' ? TIME_OFF_BOUND.exec(value) : null;
  if (!parts) return null;
  const [, date, time, offset] = parts;
  if (!time) {
    const day = DateTime.fromISO(date, { zone });
    if (!day.isValid || day.toISODate() !== date) return null;
    return (end ? day.plus({ days: 1 }) : day).startOf('day').toMillis();
  }
  // A store time is read in the store's zone; a timestamp with a zone, as it says.
  const t = offset ? DateTime.fromISO(value as string, { setZone: true }) : DateTime.fromISO(value as string, { zone });
  return t.isValid && t.toISODate() === date ? t.toMillis() : null;
}

function parseHours(raw: unknown, errors: ErrorDetail[]): WeeklyHours[] {
  if (!Array.isArray(raw) || raw.length > STAFF_LIMITS.weeklyHours) {
    errors.push({ field: 'weeklyHours', message: `must be an array of at most ${STAFF_LIMITS.weeklyHours} {day, start, end}` });
    return [];
  }
  const out: WeeklyHours[] = [];
  raw.forEach((h, i) => {
    const f = `weeklyHours.${i}`;
    if (!h || typeof h !== 'object' || Array.isArray(h)) return errors.push({ field: f, message: 'must be an object {day, start, end}' });
    const entry = h as Record<string, unknown>;
    const day = typeof entry.day === 'string' ? entry.day : '';
    if (!(WEEKDAYS as readonly string[]).includes(day)) return errors.push({ field: `${f}.day`, message: 'must be mon, tue, wed, thu, fri, sat or sun' });
    if (typeof entry.start !== 'string' || !TIME.test(entry.start)) return errors.push({ field: `${f}.start`, message: 'must be a time HH:MM (00:00–23:59)' });
    if (typeof entry.end !== 'string' || !END_TIME.test(entry.end)) return errors.push({ field: `${f}.end`, message: 'must be a time HH:MM (00:00–24:00)' });
    if (entry.end <= entry.start) return errors.push({ field: `${f}.end`, message: 'must be after start' });
    out.push({ day: day as Weekday, start: entry.start, end: entry.end });
  });
  return out;
}

function parseTimeOff(raw: unknown, zone: string, errors: ErrorDetail[]): TimeOff[] {
  if (!Array.isArray(raw) || raw.length > STAFF_LIMITS.timeOff) {
    errors.push({ field: 'timeOff', message: `must be an array of at most ${STAFF_LIMITS.timeOff} {from, to, note?}` });
    return [];
  }
  const out: TimeOff[] = [];
  raw.forEach((t, i) => {
    const f = `timeOff.${i}`;
    if (!t || typeof t !== 'object' || Array.isArray(t)) return errors.push({ field: f, message: 'must be an object {from, to, note?}' });
    const entry = t as Record<string, unknown>;
    const from = boundOf(entry.from, zone, false);
    const to = boundOf(entry.to, zone, true);
    const rule = 'must be a date YYYY-MM-DD, a store time YYYY-MM-DDTHH:MM or an ISO 8601 timestamp';
    if (from === null) errors.push({ field: `${f}.from`, message: rule });
    if (to === null) errors.push({ field: `${f}.to`, message: rule });
    if (from === null || to === null) return;
    if (to <= from) return errors.push({ field: `${f}.to`, message: 'must be after from' });
    if (to - from > MAX_TIME_OFF_DAYS * DAY_MS) return errors.push({ field: `${f}.to`, message: `at most ${MAX_TIME_OFF_DAYS} days after from` });
    const note = entry.note === undefined || entry.note === null ? null : entry.note;
    if (note !== null && (typeof note !== 'string' || chars(note) > STAFF_LIMITS.note)) return errors.push({ field: `${f}.note`, message: `must be text of at most ${STAFF_LIMITS.note} characters` });
    out.push({ from: new Date(from).toISOString(), to: new Date(to).toISOString(), note: note?.trim() || null });
  });
  return out.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

/** A person's bookings still to come (not cancelled or completed), soonest first. */
const bookingsAhead = (executor: Db, storeId: string, staffId: string) =>
  executor
    .selectFrom('bookings')
    .select(['reference', 'start_at', 'end_at', 'customer_name', 'service_name'])
    .where('store_id', '=', storeId)
    .where('staff_id', '=', staffId)
    .where('status', 'not in', ['cancelled', 'completed'])
    .where('end_at', '>', nowIso())
    .orderBy('start_at')
    .execute();

/** How a 409 names a booking: "IB-XXXX 2026-12-01 10:00 Braids (Esi Mensah)", in the store's time. */
const describe = (b: { reference: string; start_at: string; service_name: string; customer_name: string }, zone: string) =>
  `${b.reference} ${DateTime.fromISO(b.start_at, { zone }).toFormat('yyyy-MM-dd HH:mm')} ${b.service_name} (${b.customer_name})`;

/** Notifier topic: a store's staff changed; every instance drops the people it keeps for the store. */
export const STAFF_TOPIC = 'staff';

export function createStaffDirectory(ctx: AppContext) {
  const { db } = ctx;
  const cache = new StoreCache<StaffMember[]>({ maxSize: 20_000, sizeOf: (list) => list.length + 1, ttlMs: 60_000 });
  ctx.notifier.subscribe(STAFF_TOPIC, (storeId) => cache.drop(storeId));

  const listRows = (executor: Db, storeId: string) =>
    executor.selectFrom('staff').selectAll().where('store_id', '=', storeId).orderBy('created_at').orderBy('id').execute();

  async function changed(storeId: string) {
    cache.drop(storeId);
    await ctx.notifier.publish(STAFF_TOPIC, storeId);
  }

  /** Field checks of a create (partial: a PATCH) against the store; throws 400 listing every bad field. */
  async function parse(storeId: string, zone: string, input: StaffInput, partial: boolean) {
    const errors: ErrorDetail[] = [];
    const out: Partial<Omit<StaffMember, 'id' | 'storeId' | 'createdAt' | 'updatedAt'>> = {};
    if (!input || typeof input !== 'object' || Array.isArray(input)) throw validationFailed([{ field: 'body', message: 'must be an object' }]);
    if (input.displayName !== undefined || !partial) {
      const name = typeof input.displayName === 'string' ? input.displayName.trim() : '';
      if (!name || chars(name) > STAFF_LIMITS.displayName) errors.push({ field: 'displayName', message: `must be 1 to ${STAFF_LIMITS.displayName} characters` });
      else out.displayName = name;
    }
    if (input.photoUrl !== undefined) {
      if (input.photoUrl === null || (typeof input.photoUrl === 'string' && !input.photoUrl.trim())) out.photoUrl = null;
      else if (typeof input.photoUrl !== 'string' || !isHttpUrl(input.photoUrl.trim())) errors.push({ field: 'photoUrl', message: 'must be an http(s) URL of at most 2048 characters, or null' });
      else out.photoUrl = input.photoUrl.trim();
    }
    if (input.memberId !== undefined) {
      if (input.memberId === null || input.memberId === '') out.memberId = null;
      else if (typeof input.memberId !== 'string' || input.memberId.length > 100) errors.push({ field: 'memberId', message: 'must be the user id of a member of this store, or null' });
      else if (!(await ctx.services.stores.roleOf(storeId, input.memberId))) errors.push({ field: 'memberId', message: 'is not a member of this store' });
      else out.memberId = input.memberId;
    }
    if (input.weeklyHours !== undefined || !partial) out.weeklyHours = parseHours(input.weeklyHours, errors);
    if (input.timeOff !== undefined) out.timeOff = parseTimeOff(input.timeOff, zone, errors);
    if (input.serviceIds !== undefined || !partial) {
      const ids = input.serviceIds;
      if (!Array.isArray(ids) || ids.length > STAFF_LIMITS.serviceIds || ids.some((id) => typeof id !== 'string' || id.length > 200)) {
        errors.push({ field: 'serviceIds', message: `must be an array of at most ${STAFF_LIMITS.serviceIds} service or course ids` });
      } else {
        const unique = [...new Set((ids as string[]).map((id) => (id.startsWith(`${storeId}_`) ? id.slice(storeId.length + 1) : id)))];
        for (const [i, id] of unique.entries()) {
          const item = await ctx.services.catalog.findItem(db, storeId, id);
          if (!item) errors.push({ field: `serviceIds.${i}`, message: `no service ${id} in this store` });
          else if (item.itemType === 'product') errors.push({ field: `serviceIds.${i}`, message: `${id} is a product, not a service or course` });
        }
        out.serviceIds = unique;
      }
    }
    if (input.keepBookings !== undefined && typeof input.keepBookings !== 'boolean') errors.push({ field: 'keepBookings', message: 'must be true or false' });
    if (errors.length) throw validationFailed(errors);
    return out;
  }

  /**
   * The person's bookings still to come (not cancelled or completed) that the new time off covers and
   * the old did not: refused (409, listing them) unless the caller keeps them knowingly.
   */
  async function refuseCoveredBookings(executor: Db, storeId: string, staffId: string, before: TimeOff[], after: TimeOff[], zone: string) {
    const fresh = after.filter((t) => !before.some((b) => b.from === t.from && b.to === t.to));
    if (!fresh.length) return;
    const rows = await bookingsAhead(executor, storeId, staffId);
    const hit = rows.filter((b) => fresh.some((t) => b.start_at < t.to && t.from < b.end_at));
    if (!hit.length) return;
    throw conflict(
      'conflict',
      `This time off covers ${hit.length} booking${hit.length === 1 ? '' : 's'}: move ${hit.length === 1 ? 'it' : 'them'} to another person or time, cancel ${hit.length === 1 ? 'it' : 'them'}, or send keepBookings: true to keep ${hit.length === 1 ? 'it' : 'them'}.`,
      hit.map((b) => ({ field: 'timeOff', message: describe(b, zone) })),
    );
  }

  return {
    /** Every person of the store, oldest first (kept per instance). */
    async list(storeId: string): Promise<StaffMember[]> {
      return cache.get(storeId, 'all', async () => (await listRows(db, storeId)).map(toStaff));
    },

    /** The people who perform a service or course, oldest first. */
    async performersOf(storeId: string, serviceId: string): Promise<StaffMember[]> {
      return (await this.list(storeId)).filter((s) => s.serviceIds.includes(serviceId));
    },

    async get(storeId: string, staffId: string): Promise<StaffMember> {
      const row = await db.selectFrom('staff').selectAll().where('store_id', '=', storeId).where('id', '=', staffId).executeTakeFirst();
      if (!row) throw notFound('staff-not-found', `No staff member ${staffId} in this store.`);
      return toStaff(row);
    },

    async create(storeId: string, zone: string, input: StaffInput): Promise<StaffMember> {
      const fields = await parse(storeId, zone, input, false);
      const now = nowIso();
      const row: StaffRow = {
        id: newId('stf'),
        store_id: storeId,
        member_id: fields.memberId ?? null,
        display_name: fields.displayName!,
        photo_url: fields.photoUrl ?? null,
        weekly_hours: JSON.stringify(fields.weeklyHours ?? []),
        time_off: JSON.stringify(fields.timeOff ?? []),
        service_ids: JSON.stringify(fields.serviceIds ?? []),
        created_at: now,
        updated_at: now,
      };
      await db.transaction().execute(async (trx) => {
        const count = await trx.selectFrom('staff').select((eb) => eb.fn.countAll<string | number>().as('n')).where('store_id', '=', storeId).executeTakeFirstOrThrow();
        if (Number(count.n) >= STAFF_LIMITS.perStore) throw conflict('conflict', `A store has at most ${STAFF_LIMITS.perStore} staff members.`);
        await trx.insertInto('staff').values(row).execute();
      });
      await changed(storeId);
      return toStaff(row);
    },

    async update(storeId: string, zone: string, staffId: string, input: StaffInput): Promise<StaffMember> {
      const fields = await parse(storeId, zone, input, true);
      const updated = await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('staff').selectAll().where('store_id', '=', storeId).where('id', '=', staffId).executeTakeFirst();
        if (!row) throw notFound('staff-not-found', `No staff member ${staffId} in this store.`);
        const current = toStaff(row);
        if (fields.timeOff && input.keepBookings !== true) await refuseCoveredBookings(trx, storeId, staffId, current.timeOff, fields.timeOff, zone);
        const set: Partial<StaffRow> = { updated_at: nowIso() };
        if (fields.displayName !== undefined) set.display_name = fields.displayName;
        if (fields.photoUrl !== undefined) set.photo_url = fields.photoUrl;
        if (fields.memberId !== undefined) set.member_id = fields.memberId;
        if (fields.weeklyHours !== undefined) set.weekly_hours = JSON.stringify(fields.weeklyHours);
        if (fields.timeOff !== undefined) set.time_off = JSON.stringify(fields.timeOff);
        if (fields.serviceIds !== undefined) set.service_ids = JSON.stringify(fields.serviceIds);
        await trx.updateTable('staff').set(set).where('store_id', '=', storeId).where('id', '=', staffId).execute();
        return toStaff({ ...row, ...set } as StaffRow);
      });
      await changed(storeId);
      return updated;
    },

    /** Removes a person with no bookings to come (409 listing them otherwise); past bookings keep their name. */
    async remove(storeId: string, zone: string, staffId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('staff').select('id').where('store_id', '=', storeId).where('id', '=', staffId).executeTakeFirst();
        if (!row) throw notFound('staff-not-found', `No staff member ${staffId} in this store.`);
        const ahead = (await bookingsAhead(trx, storeId, staffId)).slice(0, 50);
        if (ahead.length) {
          throw conflict(
            'conflict',
            'This person has bookings to come: move them to another person or cancel them first.',
            ahead.map((b) => ({ field: 'staffId', message: describe(b, zone) })),
          );
        }
        await trx.deleteFrom('staff').where('store_id', '=', storeId).where('id', '=', staffId).execute();
      });
      await changed(storeId);
    },
  };
}

export type StaffDirectory = ReturnType<typeof createStaffDirectory>;
