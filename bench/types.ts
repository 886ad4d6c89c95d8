// The contract between bench/run.ts and the scenario files in bench/scenarios/*.ts.
// run.ts starts the real server (src/server.ts startServer) on each engine, creates a store with an
// owner, an integration key and a staff token through HTTP, then for each exported scenario calls
// prepare() and drives the returned requests with autocannon over loopback. It prints every
// scenario's requests/s as a ratio to the bare route (GET /healthz) of the same server in the same
// run, plus p50/p99 latency.
import type { App } from '../src/app.ts';

export interface BenchTarget {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** The server's app when it runs in this process; null when it runs in another (bench/instructions.ts). */
  app: App | null;
  dialect: 'sqlite' | 'postgres';
  storeId: string;
  storeSlug: string;
  /** Integration key secret with the default scopes (send as x-api-key). */
  key: string;
  /** Staff session token of the store owner (send as Authorization: Bearer). */
  staffToken: string;
  /** Headers for an integration call: x-api-key, contract version, accept, content-type. */
  keyHeaders: Record<string, string>;
}

export interface BenchRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Called for every request sent; return the request to send (e.g. a fresh Idempotency-Key or slot). */
  setupRequest?: (request: { method?: string; path: string; headers?: Record<string, string>; body?: string }) => {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
  };
}

export interface BenchScenario {
  /** Short label printed in the results table, e.g. "catalog read (50 items)". */
  name: string;
  /** Which status codes count as success (default: 200). */
  expectStatus?: number[];
  /** Creates the data the scenario needs (through HTTP or app.ctx.services) and returns the request. */
  prepare(target: BenchTarget): Promise<BenchRequest>;
}

/** Each bench/scenarios/*.ts file default-exports BenchScenario[]. */
export type ScenarioModule = { default: BenchScenario[] };
