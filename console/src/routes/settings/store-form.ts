// The settings form as a person fills it in (fee as a percentage, fixed fee in major units) and
// its translation to the API's patch (basis points, minor units), sending only what changed.
import { ApiError } from '../../api/client';
import type { Store, StoreSettingsPatch } from '../../api/store';
import { toMinor, currencyDigits } from '../../lib/format';

export interface StoreFormValues {
  name: string;
  slug: string;
  currency: string;
  timezone: string;
  notificationsEnabled: boolean;
  /** Percent of the subtotal (the API's platformFeeBps / 100). */
  feePercent: number | string;
  /** Major units of the store currency (the API's platformFeeFixedMinor). */
  feeFixed: number | string;
  feeBearer: 'customer' | 'store';
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function toFormValues(store: Store): StoreFormValues {
  return {
    name: store.name,
    slug: store.slug,
    currency: store.currency,
    timezone: store.timezone,
    notificationsEnabled: store.notificationsEnabled,
    feePercent: store.settings.platformFeeBps / 100,
    feeFixed: store.settings.platformFeeFixedMinor / 10 ** currencyDigits(store.currency),
    feeBearer: store.settings.feeBearer,
  };
}

export const basisPoints = (percent: number | string) => Math.round(Number(percent || 0) * 100);

export const storeFormRules = {
  name: (v: string) => (!v.trim() ? 'Name your store' : v.trim().length > 120 ? 'At most 120 characters' : null),
  slug: (v: string) =>
    v.length < 2 || v.length > 60 ? '2 to 60 characters' : SLUG_PATTERN.test(v) ? null : 'Lowercase letters and digits, words joined by single hyphens',
  timezone: (v: string) => (v ? null : 'Pick a time zone'),
  feePercent: (v: number | string) => (v === '' || Number(v) < 0 || Number(v) > 50 ? 'From 0 to 50 %' : null),
  feeFixed: (v: number | string) => (v === '' || Number(v) < 0 ? 'Zero or more' : null),
};

/** The fields the person changed, as the API wants them. */
export function toPatch(values: StoreFormValues, changed: (field: keyof StoreFormValues) => boolean): StoreSettingsPatch {
  const patch: StoreSettingsPatch = {};
  if (changed('name')) patch.name = values.name.trim();
  if (changed('slug')) patch.slug = values.slug;
  if (changed('currency')) patch.currency = values.currency;
  if (changed('timezone')) patch.timezone = values.timezone;
  if (changed('notificationsEnabled')) patch.notificationsEnabled = values.notificationsEnabled;
  // The fixed fee is in minor units of the currency being saved (it may change in the same save).
  if (changed('feePercent') || changed('feeFixed') || changed('feeBearer') || changed('currency')) {
    patch.settings = { platformFeeBps: basisPoints(values.feePercent), platformFeeFixedMinor: toMinor(values.feeFixed || 0, values.currency) ?? 0, feeBearer: values.feeBearer };
  }
  return patch;
}

const FORM_FIELD: Record<string, string> = {
  'settings.platformFeeBps': 'feePercent',
  'settings.platformFeeFixedMinor': 'feeFixed',
  'settings.feeBearer': 'feeBearer',
};

/** The service's details named after the form's fields, so they show under the right input. */
export function asFormError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const details = error.details.map((d) => ({ ...d, field: FORM_FIELD[d.field] ?? d.field }));
  return new ApiError(error.status, error.code, error.message, details, error.requestId);
}

/** What the platform fee takes from an order of `subtotalMinor`: round(subtotal × bps / 10000) + fixed. */
export function platformFee(subtotalMinor: number, values: StoreFormValues): number {
  return Math.round((subtotalMinor * basisPoints(values.feePercent)) / 10_000) + (toMinor(values.feeFixed || 0, values.currency) ?? 0);
}
