// Catalog item input, shared by the staff API and sync feeds (CONTRACT §7). Pure: validates
// one raw input and returns the normalised item or field-level errors.
import type { ErrorDetail } from '../../shared/errors.ts';
import { toMinor } from '../../shared/money.ts';

export type ItemType = 'product' | 'service' | 'course';
export const ITEM_TYPES: ItemType[] = ['product', 'service', 'course'];
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface WeeklyHours {
  day: Weekday;
  start: string;
  end: string;
}

/** How a service or course can be booked (CONTRACT §4). Times are in the store's time zone. */
export interface ServiceSchedule {
  durationMinutes: number;
  capacity: number;
  slotIntervalMinutes: number;
  bufferMinutes: number;
  leadTimeMinutes: number;
  maxAdvanceDays: number;
  weeklyHours: WeeklyHours[];
  closedDates: string[];
}

export interface ItemInput {
  id?: string;
  name: string;
  itemType: ItemType;
  category: string | null;
  description: string | null;
  priceMinor: number;
  stockCount: number | null;
  imageUrl: string | null;
  imageUrls: string[];
  imageAlt: string | null;
  published: boolean;
  schedule: ServiceSchedule | null;
}

export const ITEM_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && value.length <= 2048;
  } catch {
    return false;
  }
}

const isInt = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const optionalText = (v: unknown): v is string | null | undefined => v === undefined || v === null || typeof v === 'string';

export function parseSchedule(raw: unknown, errors: ErrorDetail[], field = 'schedule'): ServiceSchedule | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    errors.push({ field, message: 'must be an object' });
    return null;
  }
  const s = raw as Record<string, unknown>;
  const num = (name: string, fallback: number, min: number, max: number): number => {
    const v = s[name];
    if (v === undefined || v === null) return fallback;
    if (!isInt(v, min, max)) {
      errors.push({ field: `${field}.${name}`, message: `must be an integer from ${min} to ${max}` });
      return fallback;
    }
    return v;
  };
  const durationMinutes = num('durationMinutes', 60, 5, 24 * 60);
  const schedule: ServiceSchedule = {
    durationMinutes,
    capacity: num('capacity', 1, 1, 10_000),
    slotIntervalMinutes: num('slotIntervalMinutes', durationMinutes, 5, 24 * 60),
    bufferMinutes: num('bufferMinutes', 0, 0, 24 * 60),
    leadTimeMinutes: num('leadTimeMinutes', 0, 0, 365 * 24 * 60),
    maxAdvanceDays: num('maxAdvanceDays', 90, 1, 730),
    weeklyHours: [],
    closedDates: [],
  };
  const hours = s.weeklyHours ?? [];
  if (!Array.isArray(hours) || hours.length > 70) {
    errors.push({ field: `${field}.weeklyHours`, message: 'must be an array of at most 70 {day, start, end}' });
  } else {
    hours.forEach((h, i) => {
      const f = `${field}.weeklyHours.${i}`;
      const entry = h as Record<string, unknown>;
      const day = typeof entry?.day === 'string' ? entry.day.toLowerCase().slice(0, 3) : '';
      if (!(WEEKDAYS as readonly string[]).includes(day)) return errors.push({ field: `${f}.day`, message: 'must be mon, tue, wed, thu, fri, sat or sun' });
      if (typeof entry.start !== 'string' || !TIME.test(entry.start)) return errors.push({ field: `${f}.start`, message: 'must be HH:MM' });
      if (typeof entry.end !== 'string' || !(TIME.test(entry.end) || entry.end === '24:00')) return errors.push({ field: `${f}.end`, message: 'must be HH:MM' });
      if (entry.end <= entry.start) return errors.push({ field: `${f}.end`, message: 'must be after start' });
      schedule.weeklyHours.push({ day: day as Weekday, start: entry.start, end: entry.end });
    });
  }
  const closed = s.closedDates ?? [];
  if (!Array.isArray(closed) || closed.length > 1000 || closed.some((d) => typeof d !== 'string' || !DATE.test(d))) {
    errors.push({ field: `${field}.closedDates`, message: 'must be an array of YYYY-MM-DD dates' });
  } else {
    schedule.closedDates = [...new Set(closed as string[])].sort();
  }
  return schedule;
}

/**
 * Validates one catalog item input. `partial` (staff PATCH) allows missing fields; the caller
 * merges the result over the stored item.
 */
export function parseItemInput(raw: unknown, currency: string, prefix = ''): { value: ItemInput | null; errors: ErrorDetail[] } {
  const errors: ErrorDetail[] = [];
  const f = (name: string) => (prefix ? `${prefix}.${name}` : name);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { value: null, errors: [{ field: prefix || 'body', message: 'must be an object' }] };
  const r = raw as Record<string, unknown>;

  if (r.id !== undefined && r.id !== null && (typeof r.id !== 'string' || !ITEM_ID_PATTERN.test(r.id))) {
    errors.push({ field: f('id'), message: 'letters, digits and . _ : - (1–100 characters, starting with a letter or digit)' });
  }
  const name = typeof r.name === 'string' ? r.name.trim() : '';
  if (!name || name.length > 200) errors.push({ field: f('name'), message: 'required, 1–200 characters' });

  const rawType = r.itemType ?? r.item_type ?? r.type;
  const itemType = typeof rawType === 'string' ? rawType.toLowerCase() : '';
  if (!(ITEM_TYPES as string[]).includes(itemType)) errors.push({ field: f('itemType'), message: 'must be product, service or course' });

  let priceMinor = 0;
  if (r.priceMinor !== undefined && r.priceMinor !== null) {
    if (!isInt(r.priceMinor, 0, 1_000_000_000)) errors.push({ field: f('priceMinor'), message: 'must be a non-negative integer (minor units)' });
    else priceMinor = r.priceMinor;
  } else if (r.price !== undefined && r.price !== null) {
    if (typeof r.price !== 'number' || !Number.isFinite(r.price) || r.price < 0 || r.price > 10_000_000) {
      errors.push({ field: f('price'), message: 'must be a non-negative number (major units)' });
    } else priceMinor = toMinor(r.price, currency);
  } else {
    errors.push({ field: f('price'), message: 'send price (major units) or priceMinor (minor units)' });
  }

  let stockCount: number | null = null;
  if (r.stockCount !== undefined && r.stockCount !== null) {
    if (!isInt(r.stockCount, 0, 1_000_000_000)) errors.push({ field: f('stockCount'), message: 'must be a non-negative integer or null (not tracked)' });
    else stockCount = r.stockCount;
  }

  for (const name of ['category', 'description', 'imageAlt'] as const) {
    if (!optionalText(r[name])) errors.push({ field: f(name), message: 'must be a string or null' });
  }
  const text = (v: unknown, max: number, name: string): string | null => {
    if (typeof v !== 'string' || !v.trim()) return null;
    if (v.length > max) errors.push({ field: f(name), message: `at most ${max} characters` });
    return v.trim();
  };

  let imageUrl: string | null = null;
  if (r.imageUrl !== undefined && r.imageUrl !== null && r.imageUrl !== '') {
    if (typeof r.imageUrl !== 'string' || !isHttpUrl(r.imageUrl)) errors.push({ field: f('imageUrl'), message: 'must be an http(s) URL' });
    else imageUrl = r.imageUrl;
  }
  let imageUrls: string[] = [];
  if (r.imageUrls !== undefined && r.imageUrls !== null) {
    if (!Array.isArray(r.imageUrls) || r.imageUrls.length > 20 || r.imageUrls.some((u) => typeof u !== 'string' || !isHttpUrl(u))) {
      errors.push({ field: f('imageUrls'), message: 'must be an array of at most 20 http(s) URLs' });
    } else imageUrls = r.imageUrls as string[];
  }

  if (r.published !== undefined && typeof r.published !== 'boolean') errors.push({ field: f('published'), message: 'must be true or false' });

  let schedule: ServiceSchedule | null = null;
  if (r.schedule !== undefined && r.schedule !== null) {
    if (itemType === 'product') errors.push({ field: f('schedule'), message: 'only services and courses have a schedule' });
    else schedule = parseSchedule(r.schedule, errors, f('schedule'));
  }

  const value: ItemInput = {
    ...(typeof r.id === 'string' ? { id: r.id } : {}),
    name,
    itemType: itemType as ItemType,
    category: text(r.category, 100, 'category'),
    description: text(r.description, 5000, 'description'),
    priceMinor,
    stockCount,
    imageUrl,
    imageUrls,
    imageAlt: text(r.imageAlt, 300, 'imageAlt'),
    published: r.published !== false,
    schedule,
  };
  return errors.length ? { value: null, errors } : { value, errors };
}
