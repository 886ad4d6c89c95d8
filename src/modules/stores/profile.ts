// The store's profile: how customers reach it (contact), where it is (country, for phone numbers),
// how its messages and pages speak (locale), its opening hours, and its booking rules (cancellation
// cut-off, reminder offsets). Stored as the fields the store set; defaults are filled in on read, so a
// store that never chose a country follows its time zone.
import ct from 'countries-and-timezones';
import { parsePhoneNumberFromString, type CountryCode } from '../../shared/phone-numbers.ts';
import type { ErrorDetail } from '../../shared/errors.ts';
import { END_TIME, TIME, WEEKDAYS, isHttpUrl, type WeeklyHours, type Weekday } from '../catalog/item-input.ts';

export interface StoreContact {
  phone: string | null;
  whatsapp: string | null;
  email: string | null;
  address: string | null;
  mapUrl: string | null;
}

export interface StoreProfile {
  contact: StoreContact;
  /** ISO 3166 alpha-2, upper case. */
  country: string;
  /** BCP 47. */
  locale: string;
  hours: WeeklyHours[];
  closedDates: string[];
  /** Customers may cancel or move a booking until this many minutes before it starts. */
  cancellationCutoffMinutes: number;
  /** Reminder mails this many minutes before a booking starts; [] for none. */
  reminderMinutes: number[];
  /** Whether the hosted store page (/s/{slug}) and its booking flow are open to customers. */
  storePageEnabled: boolean;
  /** How long a booking waits for its deposit before it is cancelled and its time freed. */
  depositHoldMinutes: number;
}

export const PROFILE_LIMITS = {
  cancellationCutoffMinutes: 30 * 24 * 60,
  reminderMinutes: { min: 15, max: 7 * 24 * 60, count: 4 },
  address: 300,
  contactText: 40,
  hours: 70,
  closedDates: 1000,
  depositHoldMinutes: { min: 10, max: 24 * 60 },
};

export const DEFAULT_CANCELLATION_CUTOFF_MINUTES = 120;
export const DEFAULT_REMINDER_MINUTES = [1440];
export const DEFAULT_DEPOSIT_HOLD_MINUTES = 30;
const FALLBACK_LOCALE = 'en-GB';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const PHONE_TEXT = /^[+0-9 ()./-]{5,40}$/;

/** The country of a time zone (Africa/Accra → GH); GH when the zone names none. */
export function countryOfZone(timezone: string): string {
  const zone = ct.getTimezone(timezone);
  return zone?.countries[0] ?? 'GH';
}

/** English as written in the country where the runtime knows it (en-GH), else en-GB. */
export function defaultLocale(country: string): string {
  const local = `en-${country}`;
  return Intl.DateTimeFormat.supportedLocalesOf([local]).length ? local : FALLBACK_LOCALE;
}

export function isKnownCountry(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && ct.getCountry(code) !== null;
}

export function isUsableLocale(tag: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag]).length === 1;
  } catch {
    return false;
  }
}

type StoredProfile = Partial<Omit<StoreProfile, 'contact'>> & { contact?: Partial<StoreContact> };

/** The profile as stored (JSON text of the fields set), with defaults for the rest. */
export function profileOf(stored: string | null | undefined, timezone: string): StoreProfile {
  let raw: StoredProfile = {};
  try {
    raw = stored ? (JSON.parse(stored) as StoredProfile) : {};
  } catch {
    raw = {};
  }
  const country = raw.country ?? countryOfZone(timezone);
  const contact: Partial<StoreContact> = raw.contact ?? {};
  return {
    contact: {
      phone: contact.phone ?? null,
      whatsapp: contact.whatsapp ?? null,
      email: contact.email ?? null,
      address: contact.address ?? null,
      mapUrl: contact.mapUrl ?? null,
    },
    country,
    locale: raw.locale ?? defaultLocale(country),
    hours: raw.hours ?? [],
    closedDates: raw.closedDates ?? [],
    cancellationCutoffMinutes: raw.cancellationCutoffMinutes ?? DEFAULT_CANCELLATION_CUTOFF_MINUTES,
    reminderMinutes: raw.reminderMinutes ?? DEFAULT_REMINDER_MINUTES,
    storePageEnabled: raw.storePageEnabled ?? true,
    depositHoldMinutes: raw.depositHoldMinutes ?? DEFAULT_DEPOSIT_HOLD_MINUTES,
  };
}

export type ProfilePatch = Partial<Omit<StoreProfile, 'contact'>> & { contact?: Partial<StoreContact> };

/**
 * Checks a profile change (the fields of PATCH /api/stores/{storeId} it names) beyond what the JSON
 * schema says; returns the problems, each with its field.
 */
export function profilePatchErrors(patch: ProfilePatch, country: string): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const c = patch.contact;
  if (c) {
    if (c.email && !EMAIL.test(c.email)) details.push({ field: 'contact.email', message: 'must be an email address' });
    // A blank link clears it, as "" does (applyProfilePatch stores it trimmed).
    if (c.mapUrl?.trim() && !isHttpUrl(c.mapUrl)) details.push({ field: 'contact.mapUrl', message: 'must be an http(s) URL' });
    for (const field of ['phone', 'whatsapp'] as const) {
      const value = c[field];
      if (!value) continue;
      if (!PHONE_TEXT.test(value) || !parsePhoneNumberFromString(value, country as CountryCode)?.isPossible()) {
        details.push({ field: `contact.${field}`, message: `must be a phone number (as dialled in ${country}, or with +country code)` });
      }
    }
  }
  if (patch.country !== undefined && !isKnownCountry(patch.country)) details.push({ field: 'country', message: 'must be an ISO 3166 country code such as GH' });
  if (patch.locale !== undefined && !isUsableLocale(patch.locale)) details.push({ field: 'locale', message: 'must be a language tag this server knows, such as en-GB or en-GH' });
  if (patch.hours !== undefined) {
    patch.hours.forEach((h, i) => {
      if (!(WEEKDAYS as readonly string[]).includes(h.day)) details.push({ field: `hours.${i}.day`, message: `one of ${WEEKDAYS.join(', ')}` });
      if (!TIME.test(h.start)) details.push({ field: `hours.${i}.start`, message: 'must be HH:MM' });
      if (!END_TIME.test(h.end)) details.push({ field: `hours.${i}.end`, message: 'must be HH:MM (24:00 for midnight)' });
      if (TIME.test(h.start) && END_TIME.test(h.end) && h.end <= h.start) details.push({ field: `hours.${i}.end`, message: 'must be after start' });
    });
  }
  if (patch.closedDates !== undefined && patch.closedDates.some((d) => !DATE.test(d) || Number.isNaN(Date.parse(`${d}T00:00:00Z`)))) {
    details.push({ field: 'closedDates', message: 'must be dates YYYY-MM-DD' });
  }
  if (patch.reminderMinutes !== undefined && new Set(patch.reminderMinutes).size !== patch.reminderMinutes.length) {
    details.push({ field: 'reminderMinutes', message: 'each offset once' });
  }
  return details;
}

/** The stored profile with `patch` applied (contact fields merge; null clears one). */
export function applyProfilePatch(stored: string | null | undefined, patch: ProfilePatch): string {
  let raw: StoredProfile = {};
  try {
    raw = stored ? (JSON.parse(stored) as StoredProfile) : {};
  } catch {
    raw = {};
  }
  const next: StoredProfile = { ...raw };
  if (patch.contact) {
    const contact: Partial<StoreContact> = { ...raw.contact };
    for (const [field, value] of Object.entries(patch.contact) as [keyof StoreContact, string | null][]) {
      const trimmed = typeof value === 'string' ? value.trim() : null;
      contact[field] = trimmed === '' ? null : trimmed;
    }
    next.contact = contact;
  }
  if (patch.country !== undefined) next.country = patch.country;
  if (patch.locale !== undefined) next.locale = patch.locale;
  if (patch.hours !== undefined) next.hours = patch.hours.map((h) => ({ day: h.day as Weekday, start: h.start, end: h.end }));
  if (patch.closedDates !== undefined) next.closedDates = [...new Set(patch.closedDates)].sort();
  if (patch.cancellationCutoffMinutes !== undefined) next.cancellationCutoffMinutes = patch.cancellationCutoffMinutes;
  if (patch.reminderMinutes !== undefined) next.reminderMinutes = [...patch.reminderMinutes].sort((a, b) => b - a);
  if (patch.storePageEnabled !== undefined) next.storePageEnabled = patch.storePageEnabled;
  if (patch.depositHoldMinutes !== undefined) next.depositHoldMinutes = patch.depositHoldMinutes;
  return JSON.stringify(next);
}

/** A number as +E.164 for tel: links, made with the store's country; null when it is not one. */
export function e164(phone: string | null, country: string): string | null {
  if (!phone) return null;
  const parsed = parsePhoneNumberFromString(phone, country as CountryCode);
  return parsed?.isPossible() ? parsed.number : null;
}

/** https://wa.me/<digits> for the store's WhatsApp number, or null. */
export function whatsappLink(whatsapp: string | null, country: string): string | null {
  const number = e164(whatsapp, country);
  return number ? `https://wa.me/${number.slice(1)}` : null;
}
