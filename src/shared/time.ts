/** ISO 8601 UTC with milliseconds and Z: the one timestamp format of storage and API. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function toIso(date: Date | number): string {
  return new Date(date).toISOString();
}

export function addSeconds(iso: string, seconds: number): string {
  return new Date(Date.parse(iso) + seconds * 1000).toISOString();
}

/** Accepts any ISO 8601 timestamp with a zone and returns it normalised to UTC, or null. */
export function parseTimestamp(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
