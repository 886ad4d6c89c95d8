import * as crypto from 'node:crypto';
import { createHash, scrypt as scryptCb, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

// One-shot hashing (Node ≥ 20.12) skips creating a Hash object; it runs on every keyed request.
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

/** SHA-256 hex: for high-entropy secrets (keys, session tokens), where a slow hash adds nothing. */
export function sha256(value: string): string {
  return oneShot ? oneShot('sha256', value, 'hex') : createHash('sha256').update(value).digest('hex');
}

/** scrypt (memory-hard) password hash: `scrypt$N$r$p$salt$hash`. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, { N: cost, r: 8, p: 1, maxmem: 256 * cost * 8 + 1024 * 1024 });
  return `scrypt$${cost}$8$1$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt') return false;
  const N = Number(n);
  const expected = Buffer.from(hashB64, 'base64');
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r) + 1024 * 1024,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
