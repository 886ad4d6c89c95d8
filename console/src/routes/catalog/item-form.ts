// The item form's values and their conversion from and to the API's item. Field names follow the
// API's paths (name, stockCount, schedule.weeklyHours.0.end …) so its validation details land on
// the right input; the price (and a deposit's fixed amount) is typed in major units of the store currency.
import type { Item, ItemPatch, ItemType, NewItem, Schedule, Weekday } from '../../api/items';
import { currencyDigits, toMinor } from '../../lib/format';
import { hasSchedule } from './labels';

export interface HoursValue {
  day: Weekday;
  start: string;
  /** "00:00" here means midnight at the end of the day (the API's "24:00"): a time input cannot show 24:00. */
  end: string;
}

export interface ScheduleValues {
  durationMinutes: number | string;
  capacity: number | string;
  /** Empty: a slot starts every `durationMinutes` (sent so, whatever the API's own default). */
  slotIntervalMinutes: number | string;
  bufferMinutes: number | string;
  leadTimeMinutes: number | string;
  maxAdvanceDays: number | string;
  /** Grouped by day in week order; indices are the API's `schedule.weeklyHours.<i>`. */
  weeklyHours: HoursValue[];
  closedDates: string[];
  /** Open during the store's hours (Settings › Store) instead of weeklyHours, which are kept for switching back. */
  useStoreHours: boolean;
  deposit: DepositValues;
}

/**
 * The deposit customers pay when they book online, per place: none, a whole percentage of the price,
 * or a fixed amount typed in major units (sent as schedule.deposit {percent} or {amountMinor}). The
 * value of the kind not chosen is kept while the form is open, for switching back.
 */
export interface DepositValues {
  kind: 'none' | 'percent' | 'amount';
  percent: number | string;
  amount: number | string;
}

export interface ItemFormValues {
  itemType: ItemType;
  name: string;
  category: string;
  description: string;
  price: number | string;
  trackStock: boolean;
  stockCount: number | string;
  imageUrl: string;
  imageAlt: string;
  published: boolean;
  schedule: ScheduleValues;
}

const WEEKDAY_HOURS: HoursValue[] = (['mon', 'tue', 'wed', 'thu', 'fri'] as Weekday[]).map((day) => ({ day, start: '09:00', end: '17:00' }));

/** A new service offers a start time every half hour, whatever its length (as the API defaults it). */
export const DEFAULT_SLOT_INTERVAL = 30;

export function defaultSchedule(): ScheduleValues {
  return {
    durationMinutes: 60,
    capacity: 1,
    slotIntervalMinutes: DEFAULT_SLOT_INTERVAL,
    bufferMinutes: 0,
    leadTimeMinutes: 0,
    maxAdvanceDays: 90,
    weeklyHours: WEEKDAY_HOURS.map((h) => ({ ...h })),
    closedDates: [],
    useStoreHours: false,
    deposit: { kind: 'none', percent: '', amount: '' },
  };
}

export function newItemValues(itemType: ItemType): ItemFormValues {
  return {
    itemType,
    name: '',
    category: '',
    description: '',
    price: '',
    trackStock: false,
    stockCount: '',
    imageUrl: '',
    imageAlt: '',
    published: true,
    schedule: defaultSchedule(),
  };
}

/** Minutes as the hours and minutes a person types ("" stays empty). */
export function splitMinutes(total: number | string): { hours: number | string; minutes: number | string } {
  if (total === '' || !Number.isFinite(Number(total))) return { hours: '', minutes: '' };
  const n = Number(total);
  return { hours: Math.floor(n / 60), minutes: n % 60 };
}

/** Hours and minutes as typed → minutes ("" when both are empty, so the form says the length is missing). */
export function joinMinutes(parts: { hours: number | string; minutes: number | string }): number | string {
  if (parts.hours === '' && parts.minutes === '') return '';
  return Number(parts.hours || 0) * 60 + Number(parts.minutes || 0);
}

/** An amount in minor units as the major units a person types (12.5 for 1250 in cedis). */
function majorOf(minor: number, currency: string): number {
  const digits = currencyDigits(currency);
  return Number((minor / 10 ** digits).toFixed(digits));
}

function depositValues(deposit: Schedule['deposit'], currency: string): DepositValues {
  if (deposit && 'percent' in deposit) return { kind: 'percent', percent: deposit.percent, amount: '' };
  if (deposit && 'amountMinor' in deposit) return { kind: 'amount', percent: '', amount: majorOf(deposit.amountMinor, currency) };
  return { kind: 'none', percent: '', amount: '' };
}

/** The deposit as the API takes it (null: none). */
export function toDeposit(d: DepositValues, currency: string): NonNullable<NewItem['schedule']>['deposit'] {
  if (d.kind === 'percent') return { percent: Number(d.percent) };
  if (d.kind === 'amount') return { amountMinor: toMinor(d.amount, currency) ?? 0 };
  return null;
}

/** What one place's deposit comes to in minor units, for a price typed in major units (null when it cannot be said yet). */
export function depositMinorOf(d: DepositValues, price: number | string, currency: string): number | null {
  if (d.kind === 'amount') return d.amount === '' ? null : toMinor(d.amount, currency);
  if (d.kind !== 'percent' || d.percent === '' || price === '') return null;
  const priceMinor = toMinor(price, currency);
  return priceMinor === null ? null : Math.round((priceMinor * Number(d.percent)) / 100);
}

function scheduleValues(schedule: Schedule | null, currency: string): ScheduleValues {
  if (!schedule) return { ...defaultSchedule(), weeklyHours: [] };
  return {
    durationMinutes: schedule.durationMinutes,
    capacity: schedule.capacity,
    slotIntervalMinutes: schedule.slotIntervalMinutes === schedule.durationMinutes ? '' : schedule.slotIntervalMinutes,
    bufferMinutes: schedule.bufferMinutes,
    leadTimeMinutes: schedule.leadTimeMinutes,
    maxAdvanceDays: schedule.maxAdvanceDays,
    weeklyHours: sortHours(schedule.weeklyHours.map((h) => ({ day: h.day, start: h.start, end: h.end === '24:00' ? '00:00' : h.end }))),
    closedDates: [...schedule.closedDates],
    useStoreHours: schedule.useStoreHours === true,
    deposit: depositValues(schedule.deposit, currency),
  };
}

const DAY_ORDER: Record<Weekday, number> = { mon: 0, tue: 1, wed: 2, thu: 3, fri: 4, sat: 5, sun: 6 };

/** Week order, then opening time (a stable order the grid keeps while people type). */
export function sortHours(hours: HoursValue[]): HoursValue[] {
  return [...hours].sort((a, b) => DAY_ORDER[a.day] - DAY_ORDER[b.day] || a.start.localeCompare(b.start));
}

export function itemValues(item: Item): ItemFormValues {
  return {
    itemType: item.itemType,
    name: item.name,
    category: item.category ?? '',
    description: item.description ?? '',
    price: majorOf(item.priceMinor, item.currency),
    trackStock: item.stockCount !== null,
    stockCount: item.stockCount ?? '',
    imageUrl: item.imageUrl ?? '',
    imageAlt: item.imageAlt ?? '',
    published: item.published,
    schedule: scheduleValues(item.schedule, item.currency),
  };
}

/** A number the person typed, or undefined when the field is empty (the API then uses its default). */
const num = (v: number | string): number | undefined => (v === '' || v === null ? undefined : Number(v));

/**
 * The schedule as the API takes it; values are sent as typed and judged by the service. Its deposit
 * is added by toNewItem (the schedule preview has no use for it).
 */
export function toSchedule(s: ScheduleValues): NonNullable<NewItem['schedule']> {
  const out: NonNullable<NewItem['schedule']> = {
    weeklyHours: s.weeklyHours.map((h) => ({ day: h.day, start: h.start, end: h.end === '00:00' ? '24:00' : h.end })),
    closedDates: [...s.closedDates].sort(),
    // Sent only when on: the service then ignores weeklyHours (kept, so switching back restores them).
    ...(s.useStoreHours ? { useStoreHours: true } : {}),
  };
  for (const key of ['durationMinutes', 'capacity', 'slotIntervalMinutes', 'bufferMinutes', 'leadTimeMinutes', 'maxAdvanceDays'] as const) {
    const value = num(s[key]);
    if (value !== undefined) out[key] = value;
  }
  // An empty interval means "the length", as the field says: sent so rather than left to the API's default.
  if (out.slotIntervalMinutes === undefined && out.durationMinutes !== undefined) out.slotIntervalMinutes = out.durationMinutes;
  return out;
}

const text = (v: string) => v.trim() || null;

/** The body of POST …/items. */
export function toNewItem(v: ItemFormValues, currency: string): NewItem {
  return {
    itemType: v.itemType,
    name: v.name.trim(),
    category: text(v.category),
    description: text(v.description),
    priceMinor: toMinor(v.price, currency) ?? 0,
    stockCount: v.trackStock ? (num(v.stockCount) ?? 0) : null,
    imageUrl: v.imageUrl || null,
    imageAlt: text(v.imageAlt),
    published: v.published,
    // The whole schedule, its deposit included (null: none), as a change of it replaces the stored one.
    ...(hasSchedule(v.itemType) ? { schedule: { ...toSchedule(v.schedule), deposit: toDeposit(v.schedule.deposit, currency) } } : {}),
  };
}

/** The body of PATCH …/items/{id}: only what changed, so stock taken by orders meanwhile is kept. */
export function toPatch(v: ItemFormValues, currency: string, dirty: (path: string) => boolean): ItemPatch {
  const full = toNewItem(v, currency);
  const patch: ItemPatch = {};
  if (dirty('name')) patch.name = full.name;
  if (dirty('category')) patch.category = full.category;
  if (dirty('description')) patch.description = full.description;
  if (dirty('price')) patch.priceMinor = full.priceMinor;
  if (dirty('trackStock') || dirty('stockCount')) patch.stockCount = full.stockCount;
  if (dirty('imageUrl')) patch.imageUrl = full.imageUrl;
  if (dirty('imageAlt') || dirty('imageUrl')) patch.imageAlt = full.imageAlt;
  if (dirty('published')) patch.published = full.published;
  if (hasSchedule(v.itemType) && dirty('schedule')) patch.schedule = full.schedule;
  return patch;
}

/** The form's path for a service field path (the price is typed in major units, so priceMinor shows on it). */
export function formField(field: string): string {
  if (field === 'priceMinor') return 'price';
  // The deposit's amount is typed in major units; a rule about the deposit as a whole shows on its choice.
  if (field === 'schedule.deposit.amountMinor') return 'schedule.deposit.amount';
  if (field === 'schedule.deposit') return 'schedule.deposit.kind';
  return field;
}
