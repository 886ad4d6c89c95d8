// The catalog reads' responses as they go over the wire (real HTTP, headers in order): status and every
// header for each Accept-Encoding / If-None-Match / method combination, on the three cached routes
// (GET /v1IntegrationProducts, GET /integrationProducts without updatedSince, GET /publicQuickPayCatalog).
// Written against the responses as they were before cache hits were served from prepared headers and
// bodies, and kept as the guard of that: a hit (prepared) must send exactly what a miss (built and sent
// through Fastify's reply pipeline) sends, and both what is spelled out here.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { request as httpRequest, Agent } from 'node:http';
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import { buildApp, type App } from '../../src/app.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect.ts';
import { CONTRACT_VERSION, describeEachDb, dialectsUnderTest, TestEnv, type TestStore } from '../helpers/app.ts';

interface WireResponse {
  status: number;
  /** Header lines in the order sent, names as sent. */
  headers: Array<[string, string]>;
  body: Buffer;
}

const agent = new Agent({ keepAlive: true });
after(() => agent.destroy());

function send(baseUrl: string, method: string, path: string, headers: Record<string, string>): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}${path}`, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const lines: Array<[string, string]> = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        resolve({ status: res.statusCode!, headers: lines, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function listen(app: App): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * The headers every response of the service carries (helmet's set as configured in src/app.ts), in
 * order. Over plain http, as here: Strict-Transport-Security goes only with https requests.
 */
const SECURITY: Array<[string, string]> = [
  [
    'content-security-policy',
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';img-src 'self' https: http: data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline'",
  ],
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'cross-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'no-referrer'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

const RATE_LIMIT = 100000;

type Route = 'v1' | 'legacy' | 'public';

interface Case {
  method: 'GET' | 'HEAD';
  acceptEncoding: string | null;
  /** A function of the entity tag (strong form) so cases can name matching and non-matching lists. */
  ifNoneMatch: ((etag: string) => string) | null;
  label: string;
}

const ENCODINGS: Array<string | null> = [null, 'gzip', 'gzip, deflate', 'br', 'gzip;q=0', 'deflate, gzip;q=0.5', '*', 'identity', 'GZIP', 'br, gzip;q=0, *;q=0.1'];
const VALIDATORS: Array<[string, ((etag: string) => string) | null]> = [
  ['none', null],
  ['strong', (e) => e],
  ['weak', (e) => `W/${e}`],
  ['list', (e) => `"something-else", W/${e} , "x"`],
  ['list without spaces', (e) => `"a",${e}`],
  ['other', () => '"not-this-one"'],
  ['star', () => '*'],
];

function cases(): Case[] {
  const list: Case[] = [];
  for (const method of ['GET', 'HEAD'] as const) {
    for (const acceptEncoding of ENCODINGS) {
      for (const [name, ifNoneMatch] of VALIDATORS) {
        list.push({ method, acceptEncoding, ifNoneMatch, label: `${method} accept-encoding=${acceptEncoding ?? '(none)'} if-none-match=${name}` });
      }
    }
  }
  return list;
}

/** Whether Accept-Encoding lets the service send gzip, as the routes decide it. */
function gzipAccepted(acceptEncoding: string | null): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * What the route sends, spelled out: [status, header lines with the per-request values left as
 * placeholders]. `bodyLength` is the identity body's length, `gzipLength` the gzipped one's (null:
 * the body is too small to be offered gzipped).
 */
function expected(route: Route, c: Case, etag: string, bodyLength: number, gzipLength: number | null): { status: number; headers: Array<[string, string]> } {
  const gzip = gzipLength !== null && gzipAccepted(c.acceptEncoding);
  const tag = gzip ? `W/${etag}` : etag;
  const matched = c.ifNoneMatch !== null && c.ifNoneMatch(etag).split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
  const headers: Array<[string, string]> = [...SECURITY];
  if (route === 'public') headers.push(['access-control-allow-origin', '*']);
  headers.push(['ratelimit-limit', String(RATE_LIMIT)], ['ratelimit-remaining', '<remaining>'], ['ratelimit-reset', '<reset>']);
  headers.push(['cache-control', route === 'public' ? 'public, max-age=60' : 'private, max-age=60']);
  if (gzipLength !== null) headers.push(['vary', 'accept-encoding']);
  headers.push(['etag', tag]);
  if (matched) {
    headers.push(['x-service-request-id', '<request-id>'], ['x-service-contract-version', CONTRACT_VERSION]);
    if (c.method === 'HEAD') headers.push(['content-length', '0']);
  } else {
    if (gzip) headers.push(['content-encoding', 'gzip']);
    headers.push(['content-type', 'application/json; charset=utf-8']);
    headers.push(['x-service-request-id', '<request-id>'], ['x-service-contract-version', CONTRACT_VERSION]);
    headers.push(['content-length', String(gzip ? gzipLength : bodyLength)]);
  }
  headers.push(['Date', '<date>'], ['Connection', 'keep-alive'], ['Keep-Alive', '<keep-alive>']);
  return { status: matched ? 304 : 200, headers };
}

/** The response's header lines with the values that differ per request replaced by placeholders (each checked first). */
function normalised(res: WireResponse): Array<[string, string]> {
  return res.headers.map(([name, value]): [string, string] => {
    switch (name) {
      case 'x-service-request-id':
        assert.match(value, /^req_[0-9a-z]+$/);
        return [name, '<request-id>'];
      case 'ratelimit-remaining':
        assert.match(value, /^\d+$/);
        return [name, '<remaining>'];
      case 'ratelimit-reset':
        assert.match(value, /^\d+$/);
        return [name, '<reset>'];
      case 'Date':
        assert.ok(!Number.isNaN(Date.parse(value)), value);
        return [name, '<date>'];
      case 'Keep-Alive':
        assert.match(value, /^timeout=\d+$/);
        return [name, '<keep-alive>'];
      default:
        return [name, value];
    }
  });
}

const strongTag = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

describeEachDb('catalog reads: status, headers and bodies as sent for each Accept-Encoding / If-None-Match', (env) => {
  let baseUrl: string;
  let store: TestStore;
  let small: TestStore;
  let key: string;
  let smallKey: string;

  before(async () => {
    baseUrl = await listen(env.app);
    store = await env.createStore({ currency: 'GHS' });
    key = await env.createKey(store);
    for (let i = 0; i < 12; i++) {
      await env.createItem(store, {
        id: `item-${i}`,
        name: `Item ${String(i).padStart(2, '0')}`,
        itemType: i % 4 === 3 ? 'service' : 'product',
        ...(i % 4 === 3 ? { schedule: { durationMinutes: 30, weeklyHours: [{ day: 'tue', start: '10:00', end: '16:00' }] } } : { stockCount: i }),
        // A catalog of some size: the identity body over 16 KiB, the gzipped one well under.
        description: `Item ${i}: ${'long enough that the catalog is well over a kibibyte and gets a gzipped representation. '.repeat(18)}`,
        priceMinor: 1000 + i,
      });
    }
    // A catalog under 1 KiB: no gzipped representation, so no Vary either.
    small = await env.createStore();
    smallKey = await env.createKey(small);
    // Its name is not ASCII: a small body goes out as a latin1 string (src/http/prepared-reply.ts), which
    // must carry the UTF-8 bytes unchanged.
    await env.createItem(small, { id: 'only', name: 'Only item: café crème, 珈琲 ☕🍰', priceMinor: 100 });
  });

  const routes: Array<{ route: Route; path: (s: TestStore) => string }> = [
    { route: 'v1', path: (s) => `/v1IntegrationProducts?storeId=${s.storeId}` },
    { route: 'legacy', path: (s) => `/integrationProducts?storeId=${s.storeId}` },
    { route: 'public', path: (s) => `/publicQuickPayCatalog?storeId=${s.storeId}` },
  ];

  for (const { route, path } of routes) {
    for (const size of ['large', 'small'] as const) {
      test(`${route} (${size} catalog): every combination, on a miss and on a hit, sends the spelled-out status, headers and body`, async () => {
        const s = size === 'large' ? store : small;
        const k = size === 'large' ? key : smallKey;
        const keyHeaders: Record<string, string> = route === 'public' ? {} : { 'x-api-key': k, 'x-service-contract-version': CONTRACT_VERSION };
        // The identity body and its tag, from a plain GET.
        const plain = await send(baseUrl, 'GET', path(s), keyHeaders);
        assert.equal(plain.status, 200, plain.body.toString());
        const body = plain.body;
        const etag = strongTag(body);
        const gzipped = await send(baseUrl, 'GET', path(s), { ...keyHeaders, 'accept-encoding': 'gzip' });
        const gzipLength = gzipped.headers.some(([n, v]) => n === 'content-encoding' && v === 'gzip') ? gzipped.body.length : null;
        if (size === 'large') {
          assert.ok(body.length > 1024 && gzipLength !== null, 'the large catalog is offered gzipped');
          // (The legacy shape has no descriptions: its large catalog is small.)
          if (route !== 'legacy') assert.ok(body.length > 16 * 1024 && gzipLength < 16 * 1024, `identity over 16 KiB, gzipped under (${body.length} B, ${gzipLength} B)`);
          assert.deepEqual(gunzipSync(gzipped.body), body);
          // Compressed once per catalog version, so at zlib's best level (smaller than its default).
          assert.deepEqual(gzipped.body, gzipSync(body, { level: constants.Z_BEST_COMPRESSION }));
          if (route !== 'legacy') assert.ok(gzipped.body.length < gzipSync(body).length, `best level ${gzipped.body.length} B < default ${gzipSync(body).length} B`);
        } else assert.equal(gzipLength, null, 'the small catalog is never gzipped');

        for (const c of cases()) {
          const headers: Record<string, string> = { ...keyHeaders };
          if (c.acceptEncoding !== null) headers['accept-encoding'] = c.acceptEncoding;
          if (c.ifNoneMatch !== null) headers['if-none-match'] = c.ifNoneMatch(etag);
          const want = expected(route, c, etag, body.length, gzipLength);
          // First a miss (the cache emptied, as a catalog write would), then a hit of the entry it filled.
          await env.app.ctx.services.catalog.invalidate(s.storeId);
          for (const kind of ['miss', 'hit']) {
            const res = await send(baseUrl, c.method, path(s), headers);
            const label = `${route} ${size} ${c.label} (${kind})`;
            assert.equal(res.status, want.status, label);
            assert.deepEqual(normalised(res), want.headers, label);
            if (res.status === 304 || c.method === 'HEAD') assert.equal(res.body.length, 0, label);
            else {
              const gzip = res.headers.some(([n]) => n === 'content-encoding');
              assert.deepEqual(gzip ? gunzipSync(res.body) : res.body, body, label);
              if (gzip) assert.deepEqual(res.body, gzipped.body, `${label}: the same gzip bytes every time`);
            }
          }
        }
      });
    }
  }

  test('the rate limit counts cache hits: RateLimit-Remaining goes down by one per request, HEAD and 304 included', async () => {
    const path = `/v1IntegrationProducts?storeId=${store.storeId}`;
    const headers = { 'x-api-key': key, 'x-service-contract-version': CONTRACT_VERSION, 'accept-encoding': 'gzip' };
    const first = await send(baseUrl, 'GET', path, headers);
    const etag = first.headers.find(([n]) => n === 'etag')![1];
    const remaining = (res: WireResponse) => Number(res.headers.find(([n]) => n === 'ratelimit-remaining')![1]);
    let last = remaining(first);
    for (const [method, extra] of [['GET', {}], ['HEAD', {}], ['GET', { 'if-none-match': etag }], ['HEAD', { 'if-none-match': etag }]] as const) {
      const res = await send(baseUrl, method, path, { ...headers, ...extra });
      assert.equal(remaining(res), last - 1, `${method} ${JSON.stringify(extra)}`);
      last = remaining(res);
    }
  });

  test('a hit still checks the key, its store and scope, and the contract version, in that order', async () => {
    const path = `/v1IntegrationProducts?storeId=${store.storeId}`;
    assert.equal((await send(baseUrl, 'GET', path, { 'x-api-key': key })).status, 200, 'the entry is cached');
    const cases: Array<[Record<string, string>, string, number, string]> = [
      [{}, path, 401, 'unauthorized'],
      [{ 'x-api-key': 'isk_' + 'x'.repeat(40) }, path, 401, 'invalid-api-key'],
      [{ 'x-api-key': smallKey }, path, 401, 'invalid-api-key'],
      [{ 'x-api-key': key, 'x-service-contract-version': '1999-01-01' }, path, 400, 'contract-version-mismatch'],
      [{ 'x-api-key': key }, `${path}&storeId=${store.storeId}`, 400, 'validation-failed'],
    ];
    for (const [headers, url, status, code] of cases) {
      const res = await send(baseUrl, 'GET', url, { ...headers, 'accept-encoding': 'gzip' });
      assert.equal(res.status, status, `${JSON.stringify(headers)} ${url}`);
      assert.equal(JSON.parse(res.body.toString()).error, code);
      assert.ok(!res.headers.some(([n]) => n === 'etag'), 'no catalog headers on a refusal');
    }
    const scoped = await env.createKey(store, ['content:read']);
    const res = await send(baseUrl, 'GET', path, { 'x-api-key': scoped });
    assert.equal(res.status, 403);
  });

  test('keys taking turns on one keep-alive connection are each checked and counted on their own', async () => {
    const one = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const get = (headers: Record<string, string>) =>
        new Promise<{ status: number; remaining: string | undefined; port: number }>((resolve, reject) => {
          const req = httpRequest(`${baseUrl}/v1IntegrationProducts?storeId=${store.storeId}`, { headers, agent: one }, (res) => {
            const port = res.socket.localPort!;
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode!, remaining: res.headers['ratelimit-remaining'] as string | undefined, port }));
          });
          req.on('error', reject);
          req.end();
        });
      const other = await env.createKey(store);
      const sequence: Array<[string, number]> = [
        [key, 200],
        [smallKey, 401],
        [key, 200],
        ['isk_' + 'y'.repeat(40), 401],
        [other, 200],
        [key, 200],
        [other, 200],
      ];
      const seen: Array<{ status: number; remaining: string | undefined; port: number }> = [];
      for (const [k, status] of sequence) {
        const res = await get({ 'x-api-key': k });
        assert.equal(res.status, status, k === key ? 'key' : k === other ? 'other' : 'wrong key');
        seen.push(res);
      }
      assert.equal(new Set(seen.map((r) => r.port)).size, 1, 'all on one connection');
      // Each key's budget moves on its own.
      const [k1, , k2, , o1, k3, o2] = seen.map((r) => Number(r.remaining));
      assert.deepEqual([k2, k3], [k1 - 1, k1 - 2]);
      assert.equal(o2, o1 - 1);
    } finally {
      one.destroy();
    }
  });

  test('a catalog write changes what a hit sends at once: new tag, old tag no longer matches', async () => {
    const path = `/v1IntegrationProducts?storeId=${store.storeId}`;
    const headers = { 'x-api-key': key, 'accept-encoding': 'gzip' };
    const before = await send(baseUrl, 'GET', path, headers);
    const tag = before.headers.find(([n]) => n === 'etag')![1];
    assert.equal((await send(baseUrl, 'GET', path, { ...headers, 'if-none-match': tag })).status, 304);
    const patch = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/items/item-0`, headers: env.staffHeaders(store), payload: { priceMinor: 4242 } });
    assert.equal(patch.statusCode, 200, patch.body);
    const after = await send(baseUrl, 'GET', path, { ...headers, 'if-none-match': tag });
    assert.equal(after.status, 200);
    assert.notEqual(after.headers.find(([n]) => n === 'etag')![1], tag);
    assert.equal(JSON.parse(gunzipSync(after.body).toString()).products.find((p: any) => p.id === 'item-0').priceMinor, 4242);
  });

  test('a hit goes to the socket in one write: a small body joined to its header block, a large one in one writev', async () => {
    // What the server's side of the connection is asked to write, per request (src/http/prepared-reply.ts):
    // before, end(body) queued the body and an empty chunk after it, so every response went out through
    // writev. Spied on the socket's own _write and _writev, which its stream calls.
    const calls: Array<{ kind: 'write' | 'writev'; sizes: number[] }> = [];
    const spy = (socket: import('node:net').Socket) => {
      const write = socket._write.bind(socket);
      const writev = socket._writev!.bind(socket);
      socket._write = (chunk, encoding, cb) => {
        calls.push({ kind: 'write', sizes: [Buffer.byteLength(chunk, encoding)] });
        write(chunk, encoding, cb);
      };
      socket._writev = (chunks, cb) => {
        calls.push({ kind: 'writev', sizes: chunks.map(({ chunk, encoding }) => Buffer.byteLength(chunk, encoding as BufferEncoding)) });
        writev(chunks, cb);
      };
    };
    env.app.server.on('connection', spy);
    const one = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const get = (headers: Record<string, string>) =>
        new Promise<{ bytes: number; body: number }>((resolve, reject) => {
          const req = httpRequest(`${baseUrl}/v1IntegrationProducts?storeId=${store.storeId}`, { headers: { 'x-api-key': key, ...headers }, agent: one }, (res) => {
            let body = 0;
            res.on('data', (c: Buffer) => (body += c.length));
            res.on('end', () => {
              // The status line, the header lines and the blank line, as sent.
              let head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n\r\n`.length;
              for (let i = 0; i < res.rawHeaders.length; i += 2) head += Buffer.byteLength(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`);
              resolve({ bytes: head + body, body });
            });
          });
          req.on('error', reject);
          req.end();
        });
      await get({ 'accept-encoding': 'gzip' }); // the connection, and the entry cached
      for (const [label, headers, expected] of [
        ['gzip (2 KiB, a latin1 string)', { 'accept-encoding': 'gzip' }, 'write'],
        ['identity (over 16 KiB, a Buffer)', {}, 'writev'],
      ] as const) {
        calls.length = 0;
        const res = await get(headers);
        assert.equal(calls.length, 1, `${label}: ${JSON.stringify(calls)}`);
        assert.equal(calls[0].kind, expected, label);
        assert.equal(calls[0].sizes.reduce((a, b) => a + b, 0), res.bytes, `${label}: the whole response in that one call`);
        if (expected === 'writev') assert.deepEqual(calls[0].sizes, [res.bytes - res.body, res.body], `${label}: the header block and the body, nothing else`);
      }
    } finally {
      env.app.server.off('connection', spy);
      one.destroy();
    }
  });

  test('pipelined hits on one connection each get their whole response, in order (the socket corked and uncorked per response)', async () => {
    const path = `/v1IntegrationProducts?storeId=${store.storeId}`;
    const gzipped = await send(baseUrl, 'GET', path, { 'x-api-key': key, 'accept-encoding': 'gzip' });
    const identity = await send(baseUrl, 'GET', path, { 'x-api-key': key });
    const request = (method: string, encoding: string | null) =>
      `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${key}\r\n${encoding ? `accept-encoding: ${encoding}\r\n` : ''}\r\n`;
    // gzip (a string body), identity (a Buffer body), HEAD (no body), then gzip again, all sent at once.
    const sequence: Array<[string, string | null, Buffer]> = [
      ['GET', 'gzip', gzipped.body],
      ['GET', null, identity.body],
      ['HEAD', 'gzip', Buffer.alloc(0)],
      ['GET', 'gzip', gzipped.body],
      ['GET', null, identity.body],
    ];
    const socket = connect(Number(new URL(baseUrl).port), '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.write(sequence.map(([method, encoding]) => request(method, encoding)).join(''));
    // Each response's head and its expected body length cut from the stream; null until all have arrived.
    const split = (all: Buffer) => {
      const parts: Array<{ head: string; body: Buffer }> = [];
      let rest = all;
      for (const [, , body] of sequence) {
        const end = rest.indexOf('\r\n\r\n');
        if (end < 0 || rest.length < end + 4 + body.length) return null;
        parts.push({ head: rest.subarray(0, end).toString('latin1'), body: rest.subarray(end + 4, end + 4 + body.length) });
        rest = rest.subarray(end + 4 + body.length);
      }
      return { parts, rest };
    };
    const deadline = Date.now() + 10_000;
    while (!split(Buffer.concat(received)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    socket.destroy();
    const responses = split(Buffer.concat(received));
    assert.ok(responses, 'every response arrived');
    const { parts, rest } = responses;
    for (const [i, [method, encoding, body]] of sequence.entries()) {
      const { head, body: got } = parts[i];
      assert.match(head, /^HTTP\/1\.1 200 OK\r\n/, `response ${i}`);
      assert.match(head, new RegExp(`\r\ncontent-length: ${body.length === 0 ? gzipped.body.length : body.length}\r\n`), `response ${i}: ${method} ${encoding}`);
      assert.equal(/\r\ncontent-encoding: gzip\r\n/.test(head), encoding === 'gzip', `response ${i}`);
      assert.deepEqual(got, body, `response ${i}: the body, whole`);
    }
    assert.equal(rest.length, 0, 'nothing more');
  });
});

describeEachDb(
  'catalog reads: a cached entry is served within the rate limit only',
  (env) => {
    test('past the budget a hit is refused with 429 and Retry-After, like any request', async () => {
      const baseUrl = await listen(env.app);
      const store = await env.createStore();
      const key = await env.createKey(store);
      await env.createItem(store, { id: 'a', name: 'A', priceMinor: 100 });
      const path = `/v1IntegrationProducts?storeId=${store.storeId}`;
      for (let i = 0; i < 3; i++) assert.equal((await send(baseUrl, 'GET', path, { 'x-api-key': key })).status, 200);
      const limited = await send(baseUrl, 'GET', path, { 'x-api-key': key });
      assert.equal(limited.status, 429);
      assert.equal(JSON.parse(limited.body.toString()).error, 'rate-limited');
      assert.ok(limited.headers.some(([n]) => n === 'retry-after'));
      assert.ok(!limited.headers.some(([n]) => n === 'etag'));
    });
  },
  { env: { RATE_LIMIT_PER_KEY: '3' } },
);

// Two instances on one PostgreSQL database: a write through one reaches the other's cached (prepared)
// entry. PostgreSQL only: SQLite is a single process.
for (const dialect of dialectsUnderTest().filter((d) => d.name === 'postgres')) {
  test('a catalog write through one instance replaces the other instance\'s cached entry [postgres]', async () => {
    const env = new TestEnv(dialect);
    await env.start();
    let secondDb: DatabaseHandle | undefined;
    let second: App | undefined;
    try {
      secondDb = await connectDatabase(dialect.url, { schema: (env as unknown as { schema: string }).schema });
      second = await buildApp(env.config, { database: secondDb, logger: false });
      const secondUrl = await listen(second);
      const store = await env.createStore();
      const key = await env.createKey(store);
      await env.createItem(store, { id: 'a', name: 'A', priceMinor: 100, description: 'x'.repeat(1200) });
      const path = `/v1IntegrationProducts?storeId=${store.storeId}`;
      const headers = { 'x-api-key': key, 'accept-encoding': 'gzip' };
      const first = await send(secondUrl, 'GET', path, headers);
      const tag = first.headers.find(([n]) => n === 'etag')![1];
      assert.equal((await send(secondUrl, 'GET', path, { ...headers, 'if-none-match': tag })).status, 304, 'the second instance serves its cached entry');
      const patch = await env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}/items/a`, headers: env.staffHeaders(store), payload: { priceMinor: 250 } });
      assert.equal(patch.statusCode, 200, patch.body);
      // The second instance hears of the write through NOTIFY, asynchronously: wait for it (at most 5 s).
      const deadline = Date.now() + 5000;
      for (;;) {
        const res = await send(secondUrl, 'GET', path, { ...headers, 'if-none-match': tag });
        if (res.status === 200) {
          assert.notEqual(res.headers.find(([n]) => n === 'etag')![1], tag);
          assert.equal(JSON.parse(gunzipSync(res.body).toString()).products[0].priceMinor, 250);
          break;
        }
        assert.equal(res.status, 304);
        if (Date.now() > deadline) assert.fail('the second instance still answers 304 for the old tag');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await second?.close();
      await secondDb?.destroy();
      await env.stop();
    }
  });
}
