// Phone numbers read with libphonenumber-js, loaded the first time one is read (~300 files and ~10 MiB
// loaded once, ~50 ms) rather than when the server starts: a server's start and its catalog, page
// and console requests never need it. Its CommonJS build is required synchronously, so callers stay
// synchronous.
import { createRequire } from 'node:module';
import type * as PhoneLibrary from 'libphonenumber-js';

export type { CountryCode, PhoneNumber } from 'libphonenumber-js';

let library: typeof PhoneLibrary | null = null;

/** libphonenumber-js's parsePhoneNumberFromString. */
export function parsePhoneNumberFromString(text: string, defaultCountry?: PhoneLibrary.CountryCode): PhoneLibrary.PhoneNumber | undefined {
  library ??= createRequire(import.meta.url)('libphonenumber-js') as typeof PhoneLibrary;
  return library.parsePhoneNumberFromString(text, defaultCountry);
}
