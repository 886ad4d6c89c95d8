import { randomBytes, randomFillSync } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const LOWER36 = '0123456789abcdefghijklmnopqrstuvwxyz';
/** Crockford base32: no I, L, O, U. */
export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Random bytes from the CSPRNG, handed out from a pool filled POOL_SIZE at a time: every request
 * gets an id and every write several, and one randomFillSync per 4 KiB costs far less than a
 * randomInt per character (profiled: 2.4% of a cached catalog read). No byte is handed out twice.
 */
const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let poolOffset = POOL_SIZE;

function randomByte(): number {
  if (poolOffset === POOL_SIZE) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++];
}

/**
 * Uniformly random string over an alphabet of at most 256 characters: rejection sampling, a byte
 * at or above the largest multiple of the alphabet's size is skipped, so no character is favoured.
 */
export function randomString(alphabet: string, length: number): string {
  const size = alphabet.length;
  const limit = 256 - (256 % size);
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < limit) out += alphabet[byte % size];
  }
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
