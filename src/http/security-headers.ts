// Security headers (CSP, nosniff, frame and referrer policies…) built once by the `helmet` package
// and copied onto every response. @fastify/helmet rebuilds helmet's middleware on every request
// (about a tenth of the CPU of a cheap request in a profile); the headers never vary here, so they
// are computed at start. A route may still override one (the sandbox payment page and the blog's
// upload serving set their own Content-Security-Policy).
//
// Strict-Transport-Security is the exception: it is sent only on responses to https requests
// (request.protocol, which counts X-Forwarded-Proto only with TRUST_PROXY). Over plain http it
// means nothing to a browser, and it would tell a client that reached a plain-http install to
// insist on an https one that may not exist.
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ownReplyHeaders } from './prepared-reply.ts';

const HSTS = 'strict-transport-security';

/** The headers helmet would set for `options`, as a plain object (names in lower case). */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    if (error) failure = error;
  });
  if (failure) throw failure;
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const { [HSTS]: hsts, ...always } = helmetHeaders(options);
  const headers = Object.entries(always);
  app.addHook('onRequest', (request, reply, done) => {
    const own = ownReplyHeaders(reply);
    if (own !== null) for (const [name, value] of headers) own[name] = value;
    else for (const [name, value] of headers) reply.header(name, value);
    if (hsts !== undefined && request.protocol === 'https') {
      if (own !== null) own[HSTS] = hsts;
      else reply.header(HSTS, hsts);
    }
    done();
  });
}
