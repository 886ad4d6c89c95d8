// The client's options are checked when it is made: each missing or wrong one is a TypeError naming
// it (never "Cannot read properties of undefined"), and the docs' Next.js example loads without its
// secrets, as `next build` loads route modules in CI or Docker, and names the missing one on use.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createStoreClient, type StoreClientOptions } from '../src/index.ts';
import { errorBody, Loopback } from './helpers/loopback.ts';

const KEY = 'isk_TESTKEY0123456789abcdefghijklmnopqrstu';
const good: StoreClientOptions = { baseUrl: 'https://store-api.example.com', storeId: 'acme', apiKey: KEY };

test('every option is checked, each refusal a TypeError that names it, says what it must be and what it got', () => {
  const cases: Array<[Record<string, unknown> | undefined | null, RegExp]> = [
    [undefined, /^createStoreClient: options must be an object \{ baseUrl, storeId, apiKey \}, got undefined$/],
    [null, /options must be an object.*got null$/],
    [{ ...good, baseUrl: undefined }, /^createStoreClient: baseUrl is required \(is its environment variable set where the client is created\?\): the service's address, e\.g\. https:\/\/store-api\.example\.com, got undefined$/],
    [{ ...good, baseUrl: '' }, /baseUrl is required.*got an empty string$/],
    [{ ...good, baseUrl: 42 }, /baseUrl must be a string.*got 42$/],
    [{ ...good, baseUrl: 'store-api.example.com' }, /baseUrl must be an absolute http\(s\) URL such as https:\/\/store-api\.example\.com, got "store-api\.example\.com"$/],
    [{ ...good, baseUrl: 'ftp://store-api.example.com' }, /baseUrl must be an absolute http\(s\) URL/],
    [{ ...good, storeId: undefined }, /^createStoreClient: storeId is required .*: the store's id, got undefined$/],
    [{ ...good, storeId: ['acme'] }, /storeId must be a string, got an array$/],
    [{ ...good, apiKey: undefined }, /^createStoreClient: apiKey is required .*integration key \(isk_…\), got undefined$/],
    [{ ...good, apiKey: { key: KEY } }, /apiKey must be a string, got object$/],
    [{ ...good, maxRetries: -1 }, /maxRetries must be a whole number of 0 or more, got -1$/],
    [{ ...good, maxRetries: 1.5 }, /maxRetries must be a whole number/],
    [{ ...good, maxRetries: '3' }, /maxRetries must be a whole number.*got string$/],
    [{ ...good, timeoutMs: 0 }, /timeoutMs must be a number of milliseconds above 0, got 0$/],
    [{ ...good, timeoutMs: Number.NaN }, /timeoutMs must be a number of milliseconds above 0, got NaN$/],
    [{ ...good, maxRetryDurationMs: Infinity }, /maxRetryDurationMs must be a number of milliseconds above 0, got Infinity$/],
    [{ ...good, fetch: 'fetch' }, /fetch must be a fetch function, got string$/],
    [{ ...good, logger: {} }, /logger must have a warn\(message, fields\) method \(console fits\), got object$/],
    [{ ...good, logger: null }, /logger must have a warn/],
  ];
  for (const [options, message] of cases) {
    assert.throws(() => createStoreClient(options as unknown as StoreClientOptions), (error: unknown) => {
      assert.ok(error instanceof TypeError, `${JSON.stringify(options)}: ${error}`);
      assert.match(error.message, message);
      assert.ok(!error.message.includes(KEY), 'the key is never in a message');
      return true;
    });
  }
  // Good options, with the optional ones at their edges, make a client.
  assert.equal(createStoreClient({ ...good, baseUrl: 'http://127.0.0.1:3000/', maxRetries: 0, timeoutMs: 1, maxRetryDurationMs: 1, logger: console, fetch: globalThis.fetch }).baseUrl, 'http://127.0.0.1:3000');
});

/** The ```ts block of docs/sdk.md whose first line is `firstLine`. */
function docsBlock(firstLine: string): string {
  const docs = readFileSync(resolve(import.meta.dirname, '../../docs/sdk.md'), 'utf8');
  const start = docs.indexOf(`\`\`\`ts\n${firstLine}\n`);
  assert.ok(start >= 0, `docs/sdk.md has the block "${firstLine}"`);
  const body = docs.slice(start + '```ts\n'.length);
  return body.slice(0, body.indexOf('\n```\n') + 1);
}

describe('the docs\' Next.js example', () => {
  const server = new Loopback();
  const names = ['STORE_API_URL', 'STORE_ID', 'STORE_KEY'] as const;
  const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
  before(() => server.start());
  after(async () => {
    for (const n of names) {
      if (saved[n] === undefined) delete process.env[n];
      else process.env[n] = saved[n];
    }
    await server.stop();
  });

  test('its modules load without the secrets (as next build loads them); a request then names the missing setting; with them set, it answers', async () => {
    for (const n of names) delete process.env[n];
    // The two files as the docs give them, the package name pointing at this checkout's client.
    const project = mkdtempSync(join(tmpdir(), 'sis-next-example-'));
    const client = pathToFileURL(resolve(import.meta.dirname, '../src/index.ts')).href;
    const withClient = (code: string) => code.replaceAll("'@store-integration/client'", `'${client}'`);
    mkdirSync(join(project, 'lib'));
    writeFileSync(join(project, 'lib', 'store.ts'), withClient(docsBlock('// Next.js App Router: lib/store.ts, imported by server code only')));
    const routeDir = join(project, 'app', 'api', 'times', '[serviceId]');
    mkdirSync(routeDir, { recursive: true });
    const routeCode = withClient(docsBlock('// Next.js App Router: app/api/times/[serviceId]/route.ts (a route handler runs on the server only)'))
      .replace("from '../../../../lib/store'", `from '${pathToFileURL(join(project, 'lib', 'store.ts')).href}'`);
    writeFileSync(join(routeDir, 'route.ts'), routeCode);

    const route = await import(pathToFileURL(join(routeDir, 'route.ts')).href);
    assert.equal(route.dynamic, 'force-dynamic');
    const params = Promise.resolve({ serviceId: 'braids' });
    await assert.rejects(route.GET(new Request('http://site.example/api/times/braids'), { params }), (error: unknown) => {
      assert.ok(error instanceof TypeError);
      assert.match(error.message, /^createStoreClient: baseUrl is required \(is its environment variable set/);
      return true;
    });

    // Set at run time, the same module makes its client on the next request and uses it.
    process.env.STORE_API_URL = server.baseUrl;
    process.env.STORE_ID = 'acme';
    process.env.STORE_KEY = KEY;
    server.answer(() => ({ status: 404, body: errorBody('service-not-found', 'No service braids') }));
    const res: Response = await route.GET(new Request('http://site.example/api/times/braids'), { params: Promise.resolve({ serviceId: 'braids' }) });
    assert.equal(res.status, 404);
    assert.deepEqual(await res.json(), { code: 'service-not-found' });
    assert.ok(server.requests.length >= 1, 'the client called the service');
    assert.equal(server.requests.at(-1)!.headers['x-api-key'], KEY);
  });
});
