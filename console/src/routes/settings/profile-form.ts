// The store profile as a person fills it in (contact as text, the cut-off in hours and minutes, the
// deposit hold in minutes, midnight closing as 00:00 like the catalog's week grid) and its
// translation to the API's patch, sending only the parts that changed.
import { ApiError } from '../../api/client';
import type { OpeningHours, Store, StoreSettingsPatch } from '../../api/store';
import { WEEKDAYS } from '../../api/items';
import { DAY_NAME } from '../catalog/labels';

export type Weekday = OpeningHours['day'];
export const WEEK: Weekday[] = WEEKDAYS;
/** The week's day names, the same words as the catalog's week grid. */
export const DAY_NAMES: Record<Weekday, string> = DAY_NAME;

export const CONTACT_FIELDS = ['phone', 'whatsapp', 'email', 'address', 'mapUrl'] as const;
type ContactField = (typeof CONTACT_FIELDS)[number];

export interface ProfileFormValues {
  contact: Record<ContactField, string>;
  country: string;
  locale: string;
  /** In week order; a closing time of 00:00 is midnight at the end of the day (the API's 24:00). */
  hours: { day: Weekday; start: string; end: string }[];
  closedDates: string[];
  cutoffHours: number | string;
  cutoffMinutes: number | string;
  /** How long a booking waits for its deposit before it is cancelled (deposit_unpaid). */
  depositHoldMinutes: number | string;
  reminderMinutes: number[];
}

/** The API's limits (CONTRACT "Store profile"). */
export const LIMITS = { cutoffMinutes: 30 * 24 * 60, reminders: 4, depositHold: { min: 10, max: 1440 } };

/** The reminders offered: 15 minutes to a week before. */
export const REMINDER_CHOICES = [15, 30, 60, 120, 180, 360, 720, 1440, 2880, 4320, 10080];

const DAY_ORDER = Object.fromEntries(WEEK.map((d, i) => [d, i])) as Record<Weekday, number>;

/** Week order, then opening time. */
export function sortHours<T extends { day: Weekday; start: string }>(hours: T[]): T[] {
  return [...hours].sort((a, b) => DAY_ORDER[a.day] - DAY_ORDER[b.day] || a.start.localeCompare(b.start));
}

export function toProfileValues(store: Store): ProfileFormValues {
  const cutoff = store.cancellationCutoffMinutes;
  return {
    contact: Object.fromEntries(CONTACT_FIELDS.map((f) => [f, store.contact[f] ?? ''])) as Record<ContactField, string>,
    country: store.country,
    locale: store.locale,
    hours: sortHours(store.hours.map((h) => ({ day: h.day, start: h.start, end: h.end === '24:00' ? '00:00' : h.end }))),
    closedDates: [...store.closedDates].sort(),
    cutoffHours: Math.floor(cutoff / 60),
    cutoffMinutes: cutoff % 60,
    depositHoldMinutes: store.depositHoldMinutes,
    reminderMinutes: [...store.reminderMinutes].sort((a, b) => b - a),
  };
}

export const cutoffOf = (values: Pick<ProfileFormValues, 'cutoffHours' | 'cutoffMinutes'>) => Number(values.cutoffHours || 0) * 60 + Number(values.cutoffMinutes || 0);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_TEXT = /^https?:\/\/\S+$/i;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** What the browser can tell before asking the service (phone numbers are judged by the service, by country). */
export const profileRules = {
  contact: {
    email: (v: string) => (!v.trim() || EMAIL.test(v.trim()) ? null : 'Enter an email address, like hello@yourstore.com'),
    mapUrl: (v: string) => (!v.trim() || URL_TEXT.test(v.trim()) ? null : 'Paste the whole link, starting with https://'),
  },
  country: (v: string) => (v ? null : 'Pick a country'),
  locale: (v: string) => (v ? null : 'Pick a language'),
  hours: {
    start: (v: string) => (/^\d{2}:\d{2}$/.test(v) ? null : 'Enter a time'),
    end: (v: string, values: ProfileFormValues, path: string) => {
      if (!/^\d{2}:\d{2}$/.test(v)) return 'Enter a time';
      const start = values.hours[Number(path.split('.')[1])]?.start ?? '';
      const end = v === '00:00' ? 24 * 60 : minutesOf(v);
      return /^\d{2}:\d{2}$/.test(start) && end <= minutesOf(start) ? 'After the opening time' : null;
    },
  },
  cutoffHours: (v: number | string, values: ProfileFormValues) =>
    v === '' || Number(v) < 0 ? 'Zero or more' : cutoffOf(values) > LIMITS.cutoffMinutes ? 'At most 30 days (720 hours)' : null,
  cutoffMinutes: (v: number | string) => (v === '' || Number(v) < 0 || Number(v) > 59 ? '0 to 59' : null),
  depositHoldMinutes: (v: number | string) =>
    v === '' || !Number.isInteger(Number(v)) || Number(v) < LIMITS.depositHold.min || Number(v) > LIMITS.depositHold.max
      ? `From ${LIMITS.depositHold.min} to ${LIMITS.depositHold.max} minutes (a day)`
      : null,
};

/** The parts the person changed, as the API wants them. */
export function toProfilePatch(values: ProfileFormValues, changed: (field: string) => boolean): StoreSettingsPatch {
  const patch: StoreSettingsPatch = {};
  if (CONTACT_FIELDS.some((f) => changed(`contact.${f}`))) {
    // Every contact field is sent: the API merges, and an empty one is cleared.
    patch.contact = Object.fromEntries(CONTACT_FIELDS.map((f) => [f, values.contact[f].trim() || null]));
  }
  if (changed('country')) patch.country = values.country;
  if (changed('locale')) patch.locale = values.locale;
  if (changed('hours')) patch.hours = values.hours.map((h) => ({ day: h.day, start: h.start, end: h.end === '00:00' ? '24:00' : h.end }));
  if (changed('closedDates')) patch.closedDates = values.closedDates;
  if (changed('cutoffHours') || changed('cutoffMinutes')) patch.cancellationCutoffMinutes = cutoffOf(values);
  if (changed('depositHoldMinutes')) patch.depositHoldMinutes = Number(values.depositHoldMinutes);
  if (changed('reminderMinutes')) patch.reminderMinutes = values.reminderMinutes;
  return patch;
}

/** The service's details named after the form's fields, so they show under the right input. */
export function asProfileFormError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const details = error.details.map((d) => ({ ...d, field: d.field === 'cancellationCutoffMinutes' ? 'cutoffHours' : d.field }));
  return new ApiError(error.status, error.code, error.message, details, error.requestId);
}

/** "1 day", "2 hours", "1 h 30 min", "15 minutes". */
export function durationLabel(minutes: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes > 0 && minutes % 10080 === 0) return plural(minutes / 10080, 'week');
  if (minutes > 0 && minutes % 1440 === 0) return plural(minutes / 1440, 'day');
  if (minutes >= 60 && minutes % 60 === 0) return plural(minutes / 60, 'hour');
  if (minutes < 60) return plural(minutes, 'minute');
  const days = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  return [days ? `${days} d` : '', h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ');
}

/** The cut-off in a sentence: "until 2 hours before the start". */
export function cutoffSentence(minutes: number): string {
  return minutes === 0 ? 'until the appointment starts' : `until ${durationLabel(minutes)} before the appointment starts`;
}
