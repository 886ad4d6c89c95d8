// The one place that says whose address a request comes from. Behind proxies, each proxy appends the
// address it was reached from to X-Forwarded-For, so only the right end of the header is written by
// someone we trust: the client is the nearest address, counted from the right, that is not a trusted
// proxy. Anything the client wrote itself stands further left and is never taken.
import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config.ts';

/** Fastify's `trustProxy` for TRUST_PROXY (proxy-addr semantics: hop i = 0 is the socket's peer). */
export function trustProxyOption(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (trust === false) return false;
  // Fastify's own number option trusts no hop at all (it cannot check the peer), so a hop count is a function.
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address: string, hop: number) => hop < hops;
  }
  return trust.addresses;
}
