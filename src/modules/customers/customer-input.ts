// Staff input for customer records: pure validation and normalisation.
import { parsePhoneNumberFromString, type CountryCode } from '../../shared/phone-numbers.ts';
import { emailPattern } from '../../http/schemas.ts';
import type { ErrorDetail } from '../../shared/errors.ts';

export const CUSTOMER_LIMITS = { name: 200, email: 254, phoneDigitsMin: 9, phoneDigitsMax: 15, notes: 2000, tag: 40, tags: 20 } as const;

/** What an email address may not hold besides whitespace and @, as a character-class body (schemas.ts documents the same). */
export const EMAIL_EXCLUDED = '<>()\\[\\],;:"';
const EMAIL = new RegExp(`^${emailPattern(EMAIL_EXCLUDED)}$`);

/** Lengths in characters (code points), as the schemas' maxLength counts them. */
const length = (s: string) => [...s].length;

export function normaliseEmail(email: string | null | undefined): string | null {
  const e = email?.trim().toLowerCase();
  return e ? e : null;
}

/** A phone's digits (a leading + kept): "+233 24 000 0000" → "+233240000000"; null without digits. */
export function normalisePhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  if (!digits) return null;
  return (phone.trim().startsWith('+') ? '+' : '') + digits;
}

/** A phone as entered, for display: trimmed, runs of spaces made one; null when empty. */
export function displayPhone(phone: string | null | undefined): string | null {
  const p = phone?.trim().replace(/\s+/g, ' ');
  return p ? p : null;
}

/**
 * What customers are matched on: the number in E.164 form, made with the store's country, so that on a
 * Ghanaian store 0207654321, 020 765 4321, 233207654321 and +233207654321 are one number. A number that
 * is not a possible one there keeps its digits (normalisePhone).
 */
export function phoneKey(phone: string | null | undefined, country: string): string | null {
  if (!phone) return null;
  const parsed = parsePhoneNumberFromString(phone, country as CountryCode);
  if (parsed?.isPossible()) return parsed.number;
  return normalisePhone(phone);
}

/**
 * What a search for `q` looks for in the stored keys: the whole number's key when `q` is one, else its
 * digits without a national trunk prefix ("0207 65" → "20765", found inside "+233207654321"); null
 * when `q` has fewer than 3 digits.
 */
export function phoneSearchDigits(q: string, country: string): string | null {
  const digits = q.replace(/\D/g, '');
  if (digits.length < 3) return null;
  const parsed = parsePhoneNumberFromString(q, country as CountryCode);
  if (parsed?.isPossible()) return parsed.number.slice(1);
  return q.trim().startsWith('+') ? digits : digits.replace(/^0+/, '') || digits;
}

export interface CustomerInput {
  name: string;
  email: string | null;
  /** As entered (displayPhone). */
  phone: string | null;
  notes: string | null;
  tags: string[];
}

/**
 * Validates a staff-entered customer (create, or stored values merged with a PATCH). Email is
 * lowercased; the phone is kept as entered and must have 9–15 digits, the website-side rule of
 * SPEC.md's limits; tags are trimmed and deduplicated.
 */
export function parseCustomerInput(raw: unknown): { value: CustomerInput; errors: [] } | { value: null; errors: ErrorDetail[] } {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { value: null, errors: [{ field: 'body', message: 'must be a JSON object' }] };
  const r = raw as Record<string, unknown>;
  const errors: ErrorDetail[] = [];

  const name = typeof r.name === 'string' ? r.name.trim() : '';
  if (!name || length(name) > CUSTOMER_LIMITS.name) errors.push({ field: 'name', message: `required, 1–${CUSTOMER_LIMITS.name} characters` });

  let email: string | null = null;
  if (r.email !== undefined && r.email !== null && r.email !== '') {
    email = typeof r.email === 'string' ? normaliseEmail(r.email) : null;
    if (!email || length(email) > CUSTOMER_LIMITS.email || !EMAIL.test(email)) {
      errors.push({ field: 'email', message: `must be an email address of at most ${CUSTOMER_LIMITS.email} characters, or null` });
    }
  }

  let phone: string | null = null;
  if (r.phone !== undefined && r.phone !== null && r.phone !== '') {
    phone = typeof r.phone === 'string' ? displayPhone(r.phone) : null;
    const digits = phone?.replace(/\D/g, '').length ?? 0;
    if (typeof r.phone !== 'string' || r.phone.length > 40 || digits < CUSTOMER_LIMITS.phoneDigitsMin || digits > CUSTOMER_LIMITS.phoneDigitsMax) {
      errors.push({ field: 'phone', message: `must have ${CUSTOMER_LIMITS.phoneDigitsMin}–${CUSTOMER_LIMITS.phoneDigitsMax} digits, or be null` });
    }
  }

  let notes: string | null = null;
  if (r.notes !== undefined && r.notes !== null) {
    if (typeof r.notes !== 'string' || length(r.notes) > CUSTOMER_LIMITS.notes) errors.push({ field: 'notes', message: `must be text of at most ${CUSTOMER_LIMITS.notes} characters, or null` });
    else notes = r.notes.trim() || null;
  }

  let tags: string[] = [];
  if (r.tags !== undefined && r.tags !== null) {
    const list = Array.isArray(r.tags) ? r.tags : null;
    const bad = !list || list.length > CUSTOMER_LIMITS.tags || list.some((t) => typeof t !== 'string' || !t.trim() || length(t.trim()) > CUSTOMER_LIMITS.tag);
    if (bad) errors.push({ field: 'tags', message: `must be at most ${CUSTOMER_LIMITS.tags} tags of 1–${CUSTOMER_LIMITS.tag} characters` });
    else tags = [...new Set((list as string[]).map((t) => t.trim().replace(/\s+/g, ' ')))];
  }

  return errors.length ? { value: null, errors } : { value: { name, email, phone, notes, tags }, errors: [] };
}

/** A customer as the front desk names one: an existing customer, or a name with a phone and/or email. */
export type FrontDeskCustomer = { customerId?: string; name?: string; phone?: string | null; email?: string | null };

const PHONE_TEXT = /^[+0-9 ()./-]+$/;

/**
 * Checks a front-desk customer (`field` names it in the details): {customerId} or {name, phone?,
 * email?}, not both; a phone of 9–15 digits written with digits, spaces, + - ( ) . / only; an email.
 * `nameRequired`: without customerId the name must be given (bookings; a sale may have no customer).
 */
export function frontDeskCustomerErrors(c: FrontDeskCustomer, field: string, nameRequired: boolean): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const name = c.name?.trim() ?? '';
  if (c.customerId !== undefined && (c.name !== undefined || c.phone !== undefined || c.email !== undefined)) {
    details.push({ field, message: 'send customerId, or name with phone and/or email, not both' });
  } else if (c.customerId === undefined && !name && (nameRequired || c.phone || c.email)) {
    details.push({ field: `${field}.name`, message: 'required without customerId' });
  }
  const phone = c.phone?.trim();
  if (phone) {
    const digits = phone.replace(/\D/g, '').length;
    if (digits < CUSTOMER_LIMITS.phoneDigitsMin || digits > CUSTOMER_LIMITS.phoneDigitsMax || !PHONE_TEXT.test(phone)) {
      details.push({ field: `${field}.phone`, message: `must be a phone number of ${CUSTOMER_LIMITS.phoneDigitsMin} to ${CUSTOMER_LIMITS.phoneDigitsMax} digits (spaces, +, -, ( ) allowed)` });
    }
  }
  const email = c.email?.trim();
  if (email && (!EMAIL.test(email.toLowerCase()) || length(email) > CUSTOMER_LIMITS.email)) details.push({ field: `${field}.email`, message: 'must be an email address' });
  return details;
}
