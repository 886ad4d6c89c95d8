// A real HTTP server on 127.0.0.1 that answers as a test scripts it (a status and body, a dropped
// connection, or no answer at all) and records every request: the client's retries, headers and
// bodies are observed on the wire, never by replacing fetch.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
}

export type Answer = { status: number; headers?: Record<string, string>; body?: unknown } | 'drop' | 'hang';
export type Script = (req: Recorded, nth: number) => Answer;

export class Loopback {
  readonly requests: Recorded[] = [];
  baseUrl = '';
  private server!: http.Server;
  private script: Script = () => ({ status: 200, body: { ok: true } });

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://x');
        const body = Buffer.concat(chunks).toString('utf8');
        let json: unknown = null;
        try {
          json = body ? JSON.parse(body) : null;
        } catch {
          json = null;
        }
        const record: Recorded = { method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body, json };
        this.requests.push(record);
        const answer = this.script(record, this.requests.length);
        if (answer === 'hang') return;
        if (answer === 'drop') {
          req.socket.destroy();
          return;
        }
        const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        res.writeHead(answer.status, { 'content-type': 'application/json', ...(answer.headers ?? {}) });
        res.end(text);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** How to answer from now on (`nth` counts every request since the last reset, from 1). */
  answer(script: Script) {
    this.requests.length = 0;
    this.script = script;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The service's flat error body (docs/integration.md, Errors). */
export const errorBody = (error: string, message = error, extra: Record<string, unknown> = {}) => ({ ok: false, error, message, requestId: `req_${error}`, ...extra });
