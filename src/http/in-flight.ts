// Requests whose handlers are still running. Fastify's close() waits for open connections, but a
// client that disconnects mid-request closes its connection while the handler goes on (a
// checkout still committing, say): closing the database under it would turn committed work into
// errors. Shutdown therefore also waits, up to a limit, until every started handler has replied.
import type { FastifyInstance, FastifyRequest } from 'fastify';

const kInFlight = Symbol('inFlight');
const kAnswered = Symbol('answered');

/** Told of every answered request (the metrics): its status and how long it took. */
export type Answered = (request: FastifyRequest, statusCode: number, seconds: number) => void;

/** A request counted in flight carries the release of its app's count until it has replied. */
type Tracked = FastifyRequest & { [kInFlight]?: ((request: FastifyRequest) => void) | null; [kAnswered]?: Answered };

/**
 * What the onSend and onResponse hooks below do, for a reply written past Fastify's send
 * (src/http/prepared-reply.ts): the request no longer counts as in flight, and it is counted as
 * answered. Safe to call twice for the in-flight count, and for an untracked request.
 */
export function repliedInFlight(request: FastifyRequest, statusCode: number, reply: { readonly elapsedTime: number }) {
  const tracked = request as Tracked;
  tracked[kInFlight]?.(request);
  // The clock is read only when something counts answers.
  tracked[kAnswered]?.(request, statusCode, reply.elapsedTime / 1000);
}

export interface InFlight {
  readonly count: number;
  /** Resolves when no handler is running, or after `timeoutMs` (returns false then). */
  drained(timeoutMs: number): Promise<boolean>;
}

/** `answered` is told of each request answered (the metrics, when they are on). */
export function trackInFlight(app: FastifyInstance, answered: Answered | null = null): InFlight {
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
    if (answered) (request as Tracked)[kAnswered] = answered;
    count += 1;
    done();
  });
  // onSend runs once the handler has produced its reply, even when the client is already gone
  // (onResponse does not run then); onResponse covers replies that skip onSend.
  app.addHook('onSend', (request, _reply, payload, done) => {
    release(request);
    done(null, payload);
  });
  app.addHook('onResponse', answered
    ? (request, reply, done) => {
        release(request);
        answered(request, reply.statusCode, reply.elapsedTime / 1000);
        done();
      }
    : (request, _reply, done) => {
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
