// Money and time as a person reads them: Intl in the browser's language, amounts in the store's
// currency, times in the store's time zone (never the browser's).

const moneyFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An Intl.DateTimeFormat for these locale and options, made once: making one costs far more than
 * formatting with it (a phone spent most of Today's first render making the same few again and
 * again). Throws as the constructor does (an unknown time zone).
 */
export function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

function moneyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    } catch {
      format = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    moneyFormats.set(currency, format);
  }
  return format;
}

/** Digits after the decimal point for a currency (2 for GHS, 0 for JPY). */
export function currencyDigits(currency: string): number {
  return moneyFormat(currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** An amount in minor units (integer) shown in the store currency, e.g. "GH₵12.50". */
export function formatMoney(minor: number | null | undefined, currency: string): string {
  if (minor === null || minor === undefined) return '—';
  return moneyFormat(currency).format(minor / 10 ** currencyDigits(currency));
}

/** Major units as typed by a person → minor units (null when not a number). */
export function toMinor(major: number | string, currency: string): number | null {
  const value = typeof major === 'number' ? major : Number(String(major).replace(',', '.'));
  if (!Number.isFinite(value)) return null;
  return Math.round(value * 10 ** currencyDigits(currency));
}

export function formatDateTime(iso: string | null | undefined, timeZone: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  if (!iso) return '—';
  try {
    return dateFormat(undefined, { ...options, timeZone }).format(new Date(iso));
  } catch {
    return dateFormat(undefined, options).format(new Date(iso));
  }
}

/** A local calendar date (YYYY-MM-DD, already in the store's zone) in words. */
export function formatLocalDate(date: string, options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' }): string {
  const [y, m, d] = date.split('-').map(Number);
  return dateFormat(undefined, { ...options, timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, offsetDays = 0): string {
  const now = new Date(Date.now() + offsetDays * 86_400_000);
  const parts = dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** "in 2 hours", "3 days ago". */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [['day', 86_400], ['hour', 3_600], ['minute', 60]];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  return rtf.format(seconds, 'second');
}

/** snake_case status → words ("pending_approval" → "Pending approval"). */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return '—';
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A calendar date (YYYY-MM-DD) moved by whole days; no time zone involved. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The Monday of the week a calendar date (YYYY-MM-DD) falls in. */
export function startOfWeek(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

function wallClock(ms: number, timeZone: string) {
  const parts = dateFormat('en-CA', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}:${get('second')}` };
}

/** An instant as the wall-clock time of a time zone, "YYYY-MM-DD HH:mm:ss" (the value Mantine's date pickers hold). */
export function toZonedWallTime(iso: string, timeZone: string): string {
  const { date, time } = wallClock(Date.parse(iso), timeZone);
  return `${date} ${time}`;
}

/**
 * "YYYY-MM-DD HH:mm[:ss]" read as the wall-clock time of a time zone → the ISO UTC instant (null
 * when malformed). Mantine's pickers know no time zone, so the console reads their value in the
 * store's zone, never the browser's. In a daylight-saving gap the later offset applies.
 */
export function fromZonedWallTime(wall: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(wall);
  if (!m) return null;
  const asUtc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0));
  const offsetAt = (ms: number) => {
    const { date, time } = wallClock(ms, timeZone);
    return Date.parse(`${date}T${time}Z`) - Math.floor(ms / 1000) * 1000;
  };
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first)).toISOString();
}

/** A count with its noun in the right number: "1 booking", "2 bookings" (`many` defaults to `one` + "s"). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A price: "Free" when it is nothing, else the amount in the store currency. Totals and takings use formatMoney. */
export function formatPrice(minor: number | null | undefined, currency: string): string {
  return minor === 0 ? 'Free' : formatMoney(minor, currency);
}

const CHANNELS: Record<string, string> = {
  client_website: 'From your website',
  walk_in: 'Walk-in',
  phone: 'Phone',
  whatsapp: 'WhatsApp',
  social: 'Social media',
  store_page: 'Store page',
  counter: 'Counter',
  other: 'Other',
};

/** Where a booking or order came from, in words ("client_website" → "From your website"); an unknown channel in plain words. */
export function channelLabel(channel: string | null | undefined): string {
  if (!channel) return 'Not given';
  return CHANNELS[channel] ?? statusLabel(channel);
}
