// Intl formatters, built once per locale and options and reused. Building one costs ~0.1 ms (a time
// step of the store page writes up to 96 times, a mail a dozen values); using a built one costs a few
// microseconds. Every page, mail and message formats dates, times, money and country names through
// these. The cache is bounded: options carry the store's time zone, so it grows with the zones and
// locales in use, and starts over if something sends it an unbounded variety.
const MAX_ENTRIES = 2000;
const cache = new Map<string, unknown>();
let built = 0;

function cached<T>(key: string, build: () => T): T {
  let formatter = cache.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = build();
    built++;
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, formatter);
  }
  return formatter;
}

const keyOf = (kind: string, locales: string | readonly string[], options: object) => `${kind}\u0000${String(locales)}\u0000${JSON.stringify(options)}`;

/** `new Intl.DateTimeFormat(locales, options)`, kept. Throws as the constructor does (a bad locale or zone). */
export function dateTimeFormat(locales: string | readonly string[], options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(keyOf('dt', locales, options), () => new Intl.DateTimeFormat(locales as string | string[], options));
}

/** `new Intl.NumberFormat(locales, options)`, kept. Throws as the constructor does (a bad currency). */
export function numberFormat(locales: string | readonly string[], options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(keyOf('nf', locales, options), () => new Intl.NumberFormat(locales as string | string[], options));
}

/** `new Intl.DisplayNames(locales, options)`, kept. */
export function displayNames(locales: string | readonly string[], options: Intl.DisplayNamesOptions): Intl.DisplayNames {
  return cached(keyOf('dn', locales, options), () => new Intl.DisplayNames(locales as string | string[], options));
}

/** How many formatters have been built since the process started (a test reads it: reuse is a count, not a time). */
export const formattersBuilt = () => built;
