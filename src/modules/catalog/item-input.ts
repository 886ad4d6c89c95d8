// Catalog item input, shared by the staff API and sync feeds (CONTRACT §7). Pure: validates
// one raw input and returns the normalised item or field-level errors. Unknown fields are refused
// here too (CONTRACT §9): sync feed items reach this parser without a JSON schema in front.
import type { ErrorDetail } from '../../shared/errors.ts';
import { toMinor } from '../../shared/money.ts';
import { CONTROL_CHARACTER } from '../../http/schemas.ts';

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
  /** Open during the store's hours (and closed on its closed dates) instead of weeklyHours. */
  useStoreHours?: boolean;
  /** A deposit paid when booking online: a percentage of the price, or a fixed amount (minor units), per seat. */
  deposit?: ServiceDeposit;
}

export type ServiceDeposit = { percent: number } | { amountMinor: number };

/** The deposit due for `quantity` seats of a service priced `priceMinor`; 0 when it asks none. */
export function depositDue(schedule: ServiceSchedule, priceMinor: number, quantity: number): number {
  const d = schedule.deposit;
  if (!d) return 0;
  if ('percent' in d) return Math.round((priceMinor * d.percent) / 100) * quantity;
  return d.amountMinor * quantity;
}

/** The schedule slots are made from: with useStoreHours, the store's hours and closed dates. */
export function effectiveSchedule(schedule: ServiceSchedule, store: { hours: WeeklyHours[]; closedDates: string[] }): ServiceSchedule {
  if (!schedule.useStoreHours) return schedule;
  return { ...schedule, weeklyHours: store.hours, closedDates: [...new Set([...schedule.closedDates, ...store.closedDates])].sort() };
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
export const ITEM_ID_RULE = 'must be 1–100 letters, digits or . _ : -, starting with a letter or digit';
export const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Closing times may also be 24:00 (midnight at the end of the day). */
export const END_TIME = /^(?:([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Bounds of item input, shared with the staff API schema (catalog/schemas.ts). */
export const ITEM_LIMITS = {
  name: 200,
  category: 100,
  description: 5000,
  imageAlt: 300,
  imageUrls: 20,
  price: 10_000_000,
  priceMinor: 1_000_000_000,
  stockCount: 1_000_000_000,
  weeklyHours: 70,
  closedDates: 1000,
} as const;

/** Bounds of the schedule's numbers. */
export const SCHEDULE_NUMBERS = {
  durationMinutes: { min: 5, max: 24 * 60 },
  capacity: { min: 1, max: 10_000 },
  slotIntervalMinutes: { min: 5, max: 24 * 60 },
  bufferMinutes: { min: 0, max: 24 * 60 },
  leadTimeMinutes: { min: 0, max: 365 * 24 * 60 },
  maxAdvanceDays: { min: 1, max: 730 },
} as const;

/** Bounds of a deposit: a whole percentage, or an amount in minor units. */
export const DEPOSIT_LIMITS = { percent: { min: 1, max: 100 }, amountMinor: { min: 1, max: 100_000_000 } } as const;

/** The fields of catalog item input (CONTRACT §7); any other field is refused. */
const ITEM_FIELDS = new Set(['id', 'name', 'itemType', 'category', 'description', 'price', 'priceMinor', 'stockCount', 'imageUrl', 'imageUrls', 'imageAlt', 'published', 'schedule']);
const SCHEDULE_FIELDS = new Set([...Object.keys(SCHEDULE_NUMBERS), 'weeklyHours', 'closedDates', 'useStoreHours', 'deposit']);
/** New schedules offer a start every half hour, whatever their length (a 4-hour service is not offered twice a day only). */
export const DEFAULT_SLOT_INTERVAL_MINUTES = 30;
const HOURS_FIELDS = new Set(['day', 'start', 'end']);

/** One "unknown field" detail per key of `raw` not in `known`. */
function unknownFields(raw: Record<string, unknown>, known: Set<string>, at: (name: string) => string, errors: ErrorDetail[]) {
  for (const name of Object.keys(raw)) if (!known.has(name)) errors.push({ field: at(name), message: 'unknown field' });
}

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
  unknownFields(s, SCHEDULE_FIELDS, (name) => `${field}.${name}`, errors);
  const num = (name: keyof typeof SCHEDULE_NUMBERS, fallback: number): number => {
    const { min, max } = SCHEDULE_NUMBERS[name];
    const v = s[name];
    if (v === undefined || v === null) return fallback;
    if (!isInt(v, min, max)) {
      errors.push({ field: `${field}.${name}`, message: `must be an integer from ${min} to ${max}` });
      return fallback;
    }
    return v;
  };
  const durationMinutes = num('durationMinutes', 60);
  const schedule: ServiceSchedule = {
    durationMinutes,
    capacity: num('capacity', 1),
    slotIntervalMinutes: num('slotIntervalMinutes', DEFAULT_SLOT_INTERVAL_MINUTES),
    bufferMinutes: num('bufferMinutes', 0),
    leadTimeMinutes: num('leadTimeMinutes', 0),
    maxAdvanceDays: num('maxAdvanceDays', 90),
    weeklyHours: [],
    closedDates: [],
  };
  const hours = s.weeklyHours ?? [];
  if (!Array.isArray(hours) || hours.length > ITEM_LIMITS.weeklyHours) {
    errors.push({ field: `${field}.weeklyHours`, message: `must be an array of at most ${ITEM_LIMITS.weeklyHours} {day, start, end}` });
  } else {
    hours.forEach((h, i) => {
      const f = `${field}.weeklyHours.${i}`;
      if (!h || typeof h !== 'object' || Array.isArray(h)) return errors.push({ field: f, message: 'must be an object {day, start, end}' });
      const entry = h as Record<string, unknown>;
      unknownFields(entry, HOURS_FIELDS, (name) => `${f}.${name}`, errors);
      const day = typeof entry.day === 'string' ? entry.day.toLowerCase().slice(0, 3) : '';
      if (!(WEEKDAYS as readonly string[]).includes(day)) return errors.push({ field: `${f}.day`, message: 'must be mon, tue, wed, thu, fri, sat or sun' });
      if (typeof entry.start !== 'string' || !TIME.test(entry.start)) return errors.push({ field: `${f}.start`, message: 'must be a time HH:MM (00:00–23:59)' });
      if (typeof entry.end !== 'string' || !END_TIME.test(entry.end)) return errors.push({ field: `${f}.end`, message: 'must be a time HH:MM (00:00–24:00)' });
      if (entry.end <= entry.start) return errors.push({ field: `${f}.end`, message: 'must be after start' });
      schedule.weeklyHours.push({ day: day as Weekday, start: entry.start, end: entry.end });
    });
  }
  if (s.useStoreHours !== undefined && s.useStoreHours !== null) {
    if (typeof s.useStoreHours !== 'boolean') errors.push({ field: `${field}.useStoreHours`, message: 'must be true or false' });
    else if (s.useStoreHours) schedule.useStoreHours = true;
  }
  if (s.deposit !== undefined && s.deposit !== null) {
    const deposit = parseDeposit(s.deposit, errors, `${field}.deposit`);
    if (deposit) schedule.deposit = deposit;
  }
  const closed = s.closedDates ?? [];
  if (!Array.isArray(closed) || closed.length > ITEM_LIMITS.closedDates || closed.some((d) => typeof d !== 'string' || !DATE.test(d))) {
    errors.push({ field: `${field}.closedDates`, message: 'must be an array of YYYY-MM-DD dates' });
  } else {
    schedule.closedDates = [...new Set(closed as string[])].sort();
  }
  return schedule;
}

/** `{percent}` (1–100) or `{amountMinor}`: exactly one of them. */
function parseDeposit(raw: unknown, errors: ErrorDetail[], field: string): ServiceDeposit | null {
  const rule = 'must be {percent: 1–100} or {amountMinor: a whole number of minor units}';
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    errors.push({ field, message: rule });
    return null;
  }
  const d = raw as Record<string, unknown>;
  const before = errors.length;
  unknownFields(d, new Set(['percent', 'amountMinor']), (name) => `${field}.${name}`, errors);
  if (errors.length > before) return null;
  const { percent, amountMinor } = DEPOSIT_LIMITS;
  if (d.percent !== undefined && d.amountMinor !== undefined) errors.push({ field, message: 'give percent or amountMinor, not both' });
  else if (d.percent !== undefined) {
    if (isInt(d.percent, percent.min, percent.max)) return { percent: d.percent };
    errors.push({ field: `${field}.percent`, message: `must be an integer from ${percent.min} to ${percent.max}` });
  } else if (d.amountMinor !== undefined) {
    if (isInt(d.amountMinor, amountMinor.min, amountMinor.max)) return { amountMinor: d.amountMinor };
    errors.push({ field: `${field}.amountMinor`, message: `must be an integer from ${amountMinor.min} to ${amountMinor.max}` });
  } else errors.push({ field, message: rule });
  return null;
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
  unknownFields(r, ITEM_FIELDS, f, errors);

  if (r.id !== undefined && r.id !== null && (typeof r.id !== 'string' || !ITEM_ID_PATTERN.test(r.id))) {
    errors.push({ field: f('id'), message: ITEM_ID_RULE });
  }
  const name = typeof r.name === 'string' ? r.name.trim() : '';
  // Lengths in characters (code points), as the schema's maxLength counts them.
  if (!name || [...name].length > ITEM_LIMITS.name) errors.push({ field: f('name'), message: `required, 1–${ITEM_LIMITS.name} characters (not only spaces)` });
  else if (CONTROL_CHARACTER.test(name)) errors.push({ field: f('name'), message: 'must be one line without control characters' });

  const itemType = typeof r.itemType === 'string' ? r.itemType.toLowerCase() : '';
  if (!(ITEM_TYPES as string[]).includes(itemType)) errors.push({ field: f('itemType'), message: 'must be product, service or course' });

  let priceMinor = 0;
  if (r.priceMinor !== undefined && r.priceMinor !== null) {
    if (!isInt(r.priceMinor, 0, ITEM_LIMITS.priceMinor)) errors.push({ field: f('priceMinor'), message: 'must be a non-negative integer (minor units)' });
    else priceMinor = r.priceMinor;
  } else if (r.price !== undefined && r.price !== null) {
    if (typeof r.price !== 'number' || !Number.isFinite(r.price) || r.price < 0 || r.price > ITEM_LIMITS.price) {
      errors.push({ field: f('price'), message: 'must be a non-negative number (major units)' });
    } else priceMinor = toMinor(r.price, currency);
  } else {
    errors.push({ field: f('price'), message: 'send price (major units) or priceMinor (minor units)' });
  }

  let stockCount: number | null = null;
  if (r.stockCount !== undefined && r.stockCount !== null) {
    if (!isInt(r.stockCount, 0, ITEM_LIMITS.stockCount)) errors.push({ field: f('stockCount'), message: 'must be a non-negative integer or null (not tracked)' });
    else stockCount = r.stockCount;
  }

  for (const name of ['category', 'description', 'imageAlt'] as const) {
    if (!optionalText(r[name])) errors.push({ field: f(name), message: 'must be a string or null' });
  }
  const text = (v: unknown, max: number, name: string): string | null => {
    if (typeof v !== 'string' || !v.trim()) return null;
    if ([...v].length > max) errors.push({ field: f(name), message: `at most ${max} characters` });
    return v.trim();
  };

  let imageUrl: string | null = null;
  if (r.imageUrl !== undefined && r.imageUrl !== null && r.imageUrl !== '') {
    if (typeof r.imageUrl !== 'string' || !isHttpUrl(r.imageUrl)) errors.push({ field: f('imageUrl'), message: 'must be an http(s) URL' });
    else imageUrl = r.imageUrl;
  }
  let imageUrls: string[] = [];
  if (r.imageUrls !== undefined && r.imageUrls !== null) {
    if (!Array.isArray(r.imageUrls) || r.imageUrls.length > ITEM_LIMITS.imageUrls || r.imageUrls.some((u) => typeof u !== 'string' || !isHttpUrl(u))) {
      errors.push({ field: f('imageUrls'), message: `must be an array of at most ${ITEM_LIMITS.imageUrls} http(s) URLs` });
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
    category: text(r.category, ITEM_LIMITS.category, 'category'),
    description: text(r.description, ITEM_LIMITS.description, 'description'),
    priceMinor,
    stockCount,
    imageUrl,
    imageUrls,
    imageAlt: text(r.imageAlt, ITEM_LIMITS.imageAlt, 'imageAlt'),
    published: r.published !== false,
    schedule,
  };
  return errors.length ? { value: null, errors } : { value, errors };
}

/** The field details parseItemInput would give (the currency only scales a valid price). */
export function itemInputErrors(raw: unknown): ErrorDetail[] {
  return parseItemInput(raw, 'XXX').errors;
}
