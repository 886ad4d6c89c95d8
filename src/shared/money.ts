const digitsCache = new Map<string, number>();

/** Minor-unit digits of an ISO 4217 currency (2 for GHS/USD, 0 for JPY). */
export function currencyDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsCache.set(currency, digits);
  }
  return digits;
}

export function isCurrencyCode(value: string): boolean {
  if (!/^[A-Z]{3}$/.test(value)) return false;
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: value });
    return true;
  } catch {
    return false;
  }
}

/** Minor units → major units number (the API edge only). */
export function toMajor(minor: number, currency: string): number {
  const d = currencyDigits(currency);
  // For whole minor units, IEEE division is already the double nearest to the decimal amount (what
  // parsing its toFixed(d) text would give), without making a string.
  return Number.isSafeInteger(minor) ? minor / 10 ** d : Number((minor / 10 ** d).toFixed(d));
}

/** Major units → integer minor units, rounding half away from zero. */
export function toMinor(major: number, currency: string): number {
  const d = currencyDigits(currency);
  return Math.round(Number((major * 10 ** d).toFixed(6)));
}
