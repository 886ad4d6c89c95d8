// Requests whose handlers are still running. Fastify's close() waits for open connections, but a
// client that disconnects mid-request closes its connection while the handler goes on (a
// checkout still committing, say): closing the database under it would turn committed work into
// errors. Shutdown therefore also waits, up to a limit, until every started handler has replied.
import type { FastifyInstance, FastifyRequest } from 'fastify';

const kInFlight = Symbol('inFlight');

/** A request counted in flight carries the release of its app's count until it has replied. */
type Tracked = FastifyRequest & { [kInFlight]?: ((request: FastifyRequest) => void) | null };

/**
 * What the onSend hook below does, for a reply written past Fastify's send (src/http/prepared-reply.ts):
 * the request no longer counts as in flight. Safe to call twice, and for an untracked request.
 */
export function repliedInFlight(request: FastifyRequest) {
  (request as Tracked)[kInFlight]?.(request);
}

export interface InFlight {
  readonly count: number;
  /** Resolves when no handler is running, or after `timeoutMs` (returns false then). */
  drained(timeoutMs: number): Promise<boolean>;
}

export function trackInFlight(app: FastifyInstance): InFlight {
  let count = 0;
  let waiters: Array<() => void> = [];
  const release = (request: FastifyRequest) => {
    const r = request as Tracked;
    if (!r[kInFlight]) return;
    r[kInFlight] = null;
    count -= 1;
    if (count === 0) {
      const ready = waiters;
      waiters = [];
      for (const wake of ready) wake();
    }
  };
  app.addHook('onRequest', (request, _reply, done) => {
    (request as Tracked)[kInFlight] = release;
    count += 1;
    done();
  });
  // onSend runs once the handler has produced its reply, even when the client is already gone
  // (onResponse does not run then); onResponse covers replies that skip onSend.
  app.addHook('onSend', (request, _reply, payload, done) => {
    release(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    release(request);
    done();
  });
  return {
    get count() {
      return count;
    },
    drained(timeoutMs: number) {
      if (count === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        timer.unref();
        waiters.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
  };
}
