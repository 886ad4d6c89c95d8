// Cross-instance signals (cache invalidation). PostgreSQL: LISTEN/NOTIFY on one dedicated
// connection, so every instance behind the load balancer hears every change. SQLite is one
// process, so an in-process emitter is the whole story.
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { sql, type RawBuilder } from 'kysely';
import { pgDriver, type DatabaseHandle } from './connect.ts';

const CHANNEL = 'store_service_signals';

/**
 * PostgreSQL: `pg_notify(…)` of a signal for every instance, this one included, for use inside a
 * statement of a transaction: PostgreSQL delivers it when (and only if) the transaction commits.
 */
export function signalExpression(topic: string, key: string) {
  return notifyExpression(signalPayload(topic, key));
}

/** The text signalExpression sends for `topic` and `key`. */
export function signalPayload(topic: string, key: string): string {
  return JSON.stringify({ topic, key, from: 'commit' });
}

/** signalExpression with its payload given as an expression (a statement template's placeholder). */
export function notifyExpression(payload: string | RawBuilder<string>) {
  return sql`pg_notify(${CHANNEL}, ${payload})`;
}

export interface Notifier {
  /** Tell every instance (this one included, synchronously) that `topic` changed for `key`. */
  publish(topic: string, key: string): Promise<void>;
  subscribe(topic: string, listener: (key: string) => void): void;
  close(): Promise<void>;
}

export async function createNotifier(handle: DatabaseHandle, connectionString: string | null, log: { warn(o: object, m: string): void }): Promise<Notifier> {
  const local = new EventEmitter();
  local.setMaxListeners(100);
  const instanceId = Math.random().toString(36).slice(2);
  let client: pg.Client | null = null;
  let closed = false;

  async function listen() {
    if (!connectionString || !handle.pgPool) return;
    const opts = (handle.pgPool as any).options as pg.ClientConfig;
    const c = new (pgDriver().Client)({ ...opts, connectionString });
    c.on('notification', (msg) => {
      if (!msg.payload) return;
      const { topic, key, from } = JSON.parse(msg.payload) as { topic: string; key: string; from: string };
      if (from !== instanceId) local.emit(topic, key);
    });
    c.on('error', (err) => {
      log.warn({ err }, 'notifier connection lost; reconnecting');
      client = null;
      if (!closed) setTimeout(() => listen().catch(() => undefined), 1000);
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
    // A reconnect may have missed signals: tell listeners everything may have changed.
    local.emit('*', '*');
  }
  await listen();

  return {
    async publish(topic, key) {
      local.emit(topic, key);
      if (handle.pgPool) {
        await handle.pgPool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ topic, key, from: instanceId })]);
      }
    },
    subscribe(topic, listener) {
      local.on(topic, listener);
      local.on('*', () => listener('*'));
    },
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}
