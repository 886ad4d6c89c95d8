// Raw HTTP over a socket, for what app.inject cannot show: Node's parser errors and timeouts.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { CONTRACT_VERSION } from './app.ts';

/** Sends `raw` on a fresh connection and resolves with everything the server wrote before closing. */
export function rawExchange(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.write(raw);
  });
}

export function parseRawResponse(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const [statusLine, ...headerLines] = raw.slice(0, split).split('\r\n');
  const headers = Object.fromEntries(headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(raw.slice(split + 4)) };
}

export function assertFlatError(res: ReturnType<typeof parseRawResponse>, status: number, code: string) {
  assert.equal(res.status, status);
  assert.equal(res.body.ok, false);
  assert.equal(res.body.error, code);
  assert.equal(typeof res.body.message, 'string');
  assert.match(res.body.requestId, /^req_/);
  assert.equal(res.headers['x-service-request-id'], res.body.requestId);
  assert.equal(res.headers['x-service-contract-version'], CONTRACT_VERSION);
  assert.match(res.headers['content-type'], /^application\/json/);
}
