// A real HTTP receiver on 127.0.0.1 for webhook tests: records every request and answers
// as the test tells it to (status, headers, body, or hanging).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.ts';
import type { AppContext } from '../../src/context.ts';
import { connectDatabase } from '../../src/db/connect.ts';
import type { TestEnv } from '../helpers/app.ts';

export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export type Responder = (req: ReceivedRequest, nth: number) => { status: number; headers?: Record<string, string>; body?: string } | 'hang';

export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  private server!: http.Server;
  private responders = new Map<string, Responder>();
  private hanging = new Set<http.ServerResponse>();
  private waiters: Array<() => void> = [];
  baseUrl = '';

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = (req.url ?? '/').split('?')[0];
        const record: ReceivedRequest = { path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        this.requests.push(record);
        const nth = this.requests.filter((r) => r.path === path).length;
        const responder: Responder = this.responders.get(path) ?? (() => ({ status: 200, body: 'ok' }));
        const answer = responder(record, nth);
        for (const w of this.waiters.splice(0)) w();
        if (answer === 'hang') {
          this.hanging.add(res);
          res.on('close', () => this.hanging.delete(res));
          return;
        }
        res.writeHead(answer.status, { 'content-type': 'text/plain', ...(answer.headers ?? {}) });
        res.end(answer.body ?? '');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  on(path: string, responder: Responder) {
    this.responders.set(path, responder);
  }

  at(path: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  /** Resolves once `count` requests reached `path` (rejects after `ms`). */
  async waitFor(path: string, count: number, ms = 10_000): Promise<ReceivedRequest[]> {
    const deadline = Date.now() + ms;
    while (this.at(path).length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} requests at ${path}, got ${this.at(path).length}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return this.at(path);
  }

  async stop() {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Verifies a received request with the public standardwebhooks package; returns the parsed payload or throws. */
export function verify(secret: string, req: ReceivedRequest): any {
  return new Webhook(secret).verify(req.body, {
    'webhook-id': String(req.headers['webhook-id']),
    'webhook-timestamp': String(req.headers['webhook-timestamp']),
    'webhook-signature': String(req.headers['webhook-signature']),
  });
}

/** Polls `check` until it returns a truthy value (rejects after `ms`). */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, ms = 10_000, every = 50): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, every));
  }
}

/**
 * A second app instance on the same database (PostgreSQL: the same schema, its own pool and
 * notifier). SQLite is one process by design, so there the second worker shares the app.
 */
export async function secondInstance(env: TestEnv): Promise<{ ctx: AppContext; close: () => Promise<void> }> {
  if (env.dialect.name !== 'postgres') return { ctx: env.app.ctx, close: async () => undefined };
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(env.db);
  const database = await connectDatabase(env.dialect.url, { schema: rows[0].schema, poolSize: 5 });
  const app = await buildApp(env.config, { database, logger: false });
  await app.ready();
  return {
    ctx: app.ctx,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}
