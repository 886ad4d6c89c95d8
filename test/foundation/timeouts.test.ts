// Slow-client protection over a real socket: REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS and
// KEEP_ALIVE_TIMEOUT_MS (short here) close connections a client leaves hanging. Each test waits for
// the server to close the connection; a server without the timeouts would leave it open, which the
// generous `hang` bound turns into a failure instead of a stuck run.
import { afterEach, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { describeEachDb } from '../helpers/app.ts';
import { assertFlatError, parseRawResponse, rawExchange } from '../helpers/raw-http.ts';

const hang = { timeout: 20_000 };

describeEachDb('slow-client timeouts', (env) => {
  let port: number;
  before(async () => {
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    port = (env.app.server.address() as AddressInfo).port;
  });
  // A connection a test left open would otherwise hold up app.close().
  afterEach(() => env.app.server.closeAllConnections());

  test('a body shorter than its Content-Length gets 408 request-timeout and its connection closed', hang, async () => {
    const raw = await rawExchange(port, 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":');
    assertFlatError(parseRawResponse(raw), 408, 'request-timeout');
  });

  test('headers that never finish get their connection closed', hang, async () => {
    const raw = await rawExchange(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: a');
    assertFlatError(parseRawResponse(raw), 408, 'request-timeout');
  });

  test('an idle kept-alive connection is closed after the keep-alive timeout', hang, async () => {
    const raw = await rawExchange(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    assert.match(raw, /^HTTP\/1\.1 200 /);
    assert.match(raw, /keep-alive: timeout=1\b/i);
  });
}, { env: { REQUEST_TIMEOUT_MS: '600', HEADERS_TIMEOUT_MS: '400', KEEP_ALIVE_TIMEOUT_MS: '1000' } });
