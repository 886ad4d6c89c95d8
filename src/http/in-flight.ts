// Requests whose handlers are still running. Fastify's close() waits for open connections, but a
// client that disconnects mid-request closes its connection while the handler goes on (a
// checkout still committing, say): closing the database under it would turn committed work into
// errors. Shutdown therefore also waits, up to a limit, until every started handler has replied.
import type { FastifyInstance, FastifyRequest } from 'fastify';

const kInFlight = Symbol('inFlight');

export interface InFlight {
  readonly count: number;
  /** Resolves when no handler is running, or after `timeoutMs` (returns false then). */
  drained(timeoutMs: number): Promise<boolean>;
}

export function trackInFlight(app: FastifyInstance): InFlight {
  let count = 0;
  let waiters: Array<() => void> = [];
  const release = (request: FastifyRequest) => {
    const r = request as FastifyRequest & { [kInFlight]?: boolean };
    if (!r[kInFlight]) return;
    r[kInFlight] = false;
    count -= 1;
    if (count === 0) {
      const ready = waiters;
      waiters = [];
      for (const wake of ready) wake();
    }
  };
  app.addHook('onRequest', (request, _reply, done) => {
    (request as FastifyRequest & { [kInFlight]?: boolean })[kInFlight] = true;
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
