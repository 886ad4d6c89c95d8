// The storefront's forms: application/x-www-form-urlencoded bodies, parsed into fields.
import type { FastifyRequest } from 'fastify';
import { validationFailed } from '../../shared/errors.ts';

/** The form body as fields; a field sent twice is refused (400 page), not silently picked. */
export function parseForm(_request: FastifyRequest, body: string | Buffer, done: (error: Error | null, body?: unknown) => void) {
  const fields = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(body.toString())) {
    if (fields.has(name)) return done(validationFailed([{ field: name, message: 'must be sent once' }]));
    fields.set(name, value);
  }
  done(null, Object.fromEntries(fields));
}
