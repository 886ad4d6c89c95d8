import { randomBytes, randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const LOWER36 = '0123456789abcdefghijklmnopqrstuvwxyz';
/** Crockford base32: no I, L, O, U. */
export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Uniformly random string over an alphabet (rejection sampling via randomInt). */
export function randomString(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** A sortable-ish unique id with a readable prefix: `prefix_` + time + randomness. */
export function newId(prefix: string): string {
  const time = Date.now().toString(36).padStart(9, '0');
  return `${prefix}_${time}${randomString(LOWER36, 12)}`;
}

/** Store ids: lowercase letters and digits only, so `<storeId>_<rawId>` is unambiguous. */
export function newStoreId(): string {
  return 'st' + randomString(LOWER36, 12);
}

export function base62Secret(length: number): string {
  return randomString(BASE62, length);
}

export function crockfordCode(length: number): string {
  return randomString(CROCKFORD, length);
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
