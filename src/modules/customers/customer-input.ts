// Staff input for customer records: pure validation and normalisation.
import type { ErrorDetail } from '../../shared/errors.ts';

export const CUSTOMER_LIMITS = { name: 200, email: 254, phoneDigitsMin: 9, phoneDigitsMax: 15 } as const;

const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/;

export function normaliseEmail(email: string | null | undefined): string | null {
  const e = email?.trim().toLowerCase();
  return e ? e : null;
}

/** Phones are matched on digits only (a leading + kept), so "+233 24 000 0000" equals "+233240000000". */
export function normalisePhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  if (!digits) return null;
  return (phone.trim().startsWith('+') ? '+' : '') + digits;
}

export interface CustomerInput {
  name: string;
  email: string | null;
  phone: string | null;
}

/**
 * Validates a staff-entered customer (create, or stored values merged with a PATCH). Email is
 * lowercased; the phone keeps its digits (and a leading +) and must have 9–15 of them, the
 * website-side rule of SPEC.md's limits.
 */
export function parseCustomerInput(raw: unknown): { value: CustomerInput; errors: [] } | { value: null; errors: ErrorDetail[] } {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { value: null, errors: [{ field: 'body', message: 'must be a JSON object' }] };
  const r = raw as Record<string, unknown>;
  const errors: ErrorDetail[] = [];

  const name = typeof r.name === 'string' ? r.name.trim() : '';
  if (!name || name.length > CUSTOMER_LIMITS.name) errors.push({ field: 'name', message: `required, 1–${CUSTOMER_LIMITS.name} characters` });

  let email: string | null = null;
  if (r.email !== undefined && r.email !== null && r.email !== '') {
    email = typeof r.email === 'string' ? normaliseEmail(r.email) : null;
    if (!email || email.length > CUSTOMER_LIMITS.email || !EMAIL.test(email)) {
      errors.push({ field: 'email', message: `must be an email address of at most ${CUSTOMER_LIMITS.email} characters, or null` });
    }
  }

  let phone: string | null = null;
  if (r.phone !== undefined && r.phone !== null && r.phone !== '') {
    phone = typeof r.phone === 'string' ? normalisePhone(r.phone) : null;
    const digits = phone?.replace(/\D/g, '').length ?? 0;
    if (typeof r.phone !== 'string' || r.phone.length > 40 || digits < CUSTOMER_LIMITS.phoneDigitsMin || digits > CUSTOMER_LIMITS.phoneDigitsMax) {
      errors.push({ field: 'phone', message: `must have ${CUSTOMER_LIMITS.phoneDigitsMin}–${CUSTOMER_LIMITS.phoneDigitsMax} digits, or be null` });
    }
  }

  return errors.length ? { value: null, errors } : { value: { name, email, phone }, errors: [] };
}
