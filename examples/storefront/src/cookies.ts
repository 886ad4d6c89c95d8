// Signed cookies: the cart and the list of checkouts live in the visitor's browser, so the site
// keeps no session store, and an HMAC makes any edit to them void.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export function readCookies(req: IncomingMessage): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) jar.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return jar;
}

export function createSigner(secret: string) {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  return {
    /** A Set-Cookie value holding `value` as signed JSON (HttpOnly, SameSite=Lax). */
    cookie(name: string, value: unknown, maxAgeSeconds = 7 * 86_400): string {
      const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${name}=${payload}.${mac(payload)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}`;
    },
    /** The JSON value of a signed cookie, or undefined when it is missing or was tampered with. */
    read(raw: string | undefined): unknown {
      if (!raw) return undefined;
      const [payload, signature] = raw.split('.');
      if (!payload || !signature) return undefined;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      try {
        return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return undefined;
      }
    },
  };
}
