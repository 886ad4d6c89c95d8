// GET /sdk/client.tgz: the client matching this server, installed by npm straight from the server's
// address into an empty project, then imported. A server without a built client answers 404.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Fastify from 'fastify';
import { dialectsUnderTest, expectError, TestEnv } from '../helpers/app.ts';
import { sdkPackageRoutes } from '../../src/http/sdk-package.ts';
import { registerErrorHandling } from '../../src/http/errors.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const sdkVersion = (JSON.parse(readFileSync(join(ROOT, 'sdk', 'package.json'), 'utf8')) as { version: string }).version;

// The route reads no storage: one engine is enough.
describe('the client served by the server', () => {
  const env = new TestEnv(dialectsUnderTest()[0]);
  const work = mkdtempSync(join(tmpdir(), 'sis-sdk-served-'));
  let base = '';
  before(async () => {
    await env.start();
    await env.app.listen({ host: '127.0.0.1', port: 0 });
    const address = env.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  after(async () => {
    await env.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('is the npm package, named by version, with an ETag that answers 304', async () => {
    const res = await fetch(`${base}/sdk/client.tgz`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/gzip');
    assert.equal(res.headers.get('content-disposition'), `attachment; filename="store-integration-client-${sdkVersion}.tgz"`);
    const etag = res.headers.get('etag');
    assert.ok(etag);
    const body = Buffer.from(await res.arrayBuffer());
    assert.deepEqual([...body.subarray(0, 2)], [0x1f, 0x8b], 'gzip');
    const again = await fetch(`${base}/sdk/client.tgz`, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    const listing = spawnSync('tar', ['-tz'], { input: body, encoding: 'utf8' }).stdout.split('\n');
    for (const file of ['package/package.json', 'package/README.md', 'package/CHANGELOG.md', 'package/dist/index.js', 'package/dist/browser/index.js', 'package/dist/generated/schema.d.ts']) {
      assert.ok(listing.includes(file), `${file} in ${listing.join(', ')}`);
    }
    assert.ok(!listing.some((f) => f.includes('.built') || f.startsWith('package/src/')), 'only what npm would pack');
  });

  // npm runs asynchronously: the server answering it lives in this process.
  it('npm installs it from the address into an empty project, and it works', { timeout: 120_000 }, async () => {
    const app = join(work, 'site');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'partner-site', version: '1.0.0', private: true, type: 'module' }));
    await promisify(execFile)('npm', ['install', `${base}/sdk/client.tgz`, '--prefer-offline', '--no-audit', '--no-fund'], { cwd: app, env: { ...process.env, npm_config_update_notifier: 'false' } });
    const installed = JSON.parse(readFileSync(join(app, 'node_modules', '@store-integration', 'client', 'package.json'), 'utf8')) as { version: string };
    assert.equal(installed.version, sdkVersion);
    writeFileSync(
      join(app, 'site.mjs'),
      "import { createStoreClient } from '@store-integration/client';\nimport { orderStatusLabel } from '@store-integration/client/browser';\n" +
        "const client = createStoreClient({ baseUrl: 'http://127.0.0.1:9', storeId: 'acme', apiKey: 'k' });\nconsole.log(typeof client.bookings, orderStatusLabel('failed'));\n",
    );
    const run = spawnSync(process.execPath, ['site.mjs'], { cwd: app, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout.trim(), 'object Payment failed');
  });
});

describe('a server whose client is not built', () => {
  it('answers 404 sdk-not-built with the flat error body', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    await app.register(sdkPackageRoutes, { dir: mkdtempSync(join(tmpdir(), 'sis-sdk-none-')) });
    const res = await app.inject({ method: 'GET', url: '/sdk/client.tgz' });
    expectError(Object.assign(res, { data: JSON.parse(res.body) }), 404, 'sdk-not-built');
    await app.close();
  });
});
