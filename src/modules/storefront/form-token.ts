// The store page's booking form carries a token: when the form was given out, a random nonce, and an
// HMAC of both with a key every instance shares (made once, kept in ops_state). A POST whose token is
// missing, forged, made seconds ago (a script, not a person) or hours ago (the times shown are stale)
// books nothing; the nonce makes a double tap on Book one booking (it keys the request's idempotency
// record). Nothing here reaches a third party.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../shared/time.ts';

/** A person reads the summary and types a name and a phone number: not under this. */
export const MIN_FILL_MS = 2_000;
/** A form older than this shows times that may have gone: it is given out again. */
export const MAX_FORM_AGE_MS = 2 * 3600_000;

const KEY_NAME = 'store-page-form-key';
const TOKEN = /^(\d{13})\.([0-9A-Za-z_-]{16})\.([0-9A-Za-z_-]{43})$/;

export type FormCheck = { ok: true; nonce: string } | { ok: false; reason: 'invalid' | 'too-fast' | 'expired' };

export function createFormTokens(db: Kysely<Database>) {
  let key: Promise<Buffer> | null = null;

  /** The shared key: the first instance to need it writes it; every other reads that one. */
  async function load(): Promise<Buffer> {
    await db
      .insertInto('ops_state')
      .values({ key: KEY_NAME, value: randomBytes(32).toString('base64url'), updated_at: nowIso() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await db.selectFrom('ops_state').select('value').where('key', '=', KEY_NAME).executeTakeFirstOrThrow();
    return Buffer.from(row.value, 'base64url');
  }
  const keyOf = () => (key ??= load().catch((error) => {
    key = null;
    throw error;
  }));

  const mac = (k: Buffer, storeId: string, issued: string, nonce: string) => createHmac('sha256', k).update(`${storeId}.${issued}.${nonce}`).digest('base64url');

  return {
    /** A token for a form of `storeId` given out now. */
    async issue(storeId: string, now = Date.now()): Promise<string> {
      const issued = String(now).padStart(13, '0');
      const nonce = randomBytes(12).toString('base64url');
      return `${issued}.${nonce}.${mac(await keyOf(), storeId, issued, nonce)}`;
    },

    /** Whether a posted token is one of ours, for this store, and of a form a person could have filled. */
    async check(storeId: string, token: unknown, now = Date.now()): Promise<FormCheck> {
      const match = typeof token === 'string' ? TOKEN.exec(token) : null;
      if (!match) return { ok: false, reason: 'invalid' };
      const [, issued, nonce, given] = match;
      const expected = Buffer.from(mac(await keyOf(), storeId, issued, nonce));
      if (!timingSafeEqual(expected, Buffer.from(given))) return { ok: false, reason: 'invalid' };
      const age = now - Number(issued);
      if (age < MIN_FILL_MS) return { ok: false, reason: 'too-fast' };
      if (age > MAX_FORM_AGE_MS) return { ok: false, reason: 'expired' };
      return { ok: true, nonce };
    },
  };
}

export type FormTokens = ReturnType<typeof createFormTokens>;
