// Errors Node's HTTP parser raises before Fastify sees a request, over a real socket (inject
// bypasses the parser): they use CONTRACT §3's flat body and headers too.
import { afterEach, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { describeEachDb } from '../helpers/app.ts';
import { assertFlatError, parseRawResponse, rawExchange } from '../helpers/raw-http.ts';

describeEachDb('errors raised by Node before Fastify', (env) => {
  let port: number;
  before(async () => {
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    port = (env.app.server.address() as AddressInfo).port;
  });
  // A connection a test left open would otherwise hold up app.close().
  afterEach(() => env.app.server.closeAllConnections());

  test('headers over the size limit are 431 headers-too-large in the flat body', async () => {
    const raw = await rawExchange(port, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    assertFlatError(parseRawResponse(raw), 431, 'headers-too-large');
  });

  test('an unknown method or a malformed request line is 400 bad-request in the flat body; a well-formed request is served', async () => {
    for (const request of ['FOO /healthz HTTP/1.1\r\nHost: x\r\n\r\n', 'GET /healthz HTTP/9\r\n\r\n', 'not http at all\r\n\r\n', 'GET /healthz HTTP/1.1\r\nBad Header\r\n\r\n']) {
      const raw = await rawExchange(port, request);
      assertFlatError(parseRawResponse(raw), 400, 'bad-request');
    }
    assert.match(await rawExchange(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), /^HTTP\/1\.1 200 /);
  });
});
