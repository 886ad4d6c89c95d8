// What `npm start` runs: the server compiled to build/server/ (scripts/build.mjs), started through
// scripts/start.mjs or as `node build/server/server.js`. It serves on a fresh database of each engine
// (migrations, demo seed and demo pictures, the console and the API docs all found from the
// compiled files), and every route's lazily compiled validators and serializers do compile.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compilePendingSchemas } from '../../src/http/lazy-compile.ts';
import { CONTRACT_VERSION, describeEachDb } from '../helpers/app.ts';
import { baseEnv, enginesUnderTest, ROOT } from './process.ts';

const SERVER_ENTRY = join(ROOT, 'build/server/server.js');

/** Compiles the server if src/ changed since its last build (what `npm start` does first). */
function buildServer() {
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--only', 'server', '--if-stale', '--quiet'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(run.status, 0, `server build failed:\n${run.stdout}${run.stderr}`);
}

interface Started {
  baseUrl: string;
  output: () => string;
  stop(): Promise<number | null>;
}

/** Starts `node <args>` from the repository (as npm would) and resolves once it listens. */
function start(args: string[], env: NodeJS.ProcessEnv): Promise<Started> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { HOST: '127.0.0.1', PORT: '0', ...env, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let done = false;
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    const timer = setTimeout(() => {
      if (done) return;
      done = true;
      child.kill('SIGKILL');
      reject(new Error(`no "Server listening" within 60 s:\n${out}`));
    }, 60_000);
    const onData = (d: Buffer) => {
      out += d;
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m && !done) {
        done = true;
        clearTimeout(timer);
        resolvePromise({
          baseUrl: m[1],
          output: () => out,
          stop: async () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      if (!done) {
        done = true;
        reject(new Error(`exited with ${code} before listening:\n${out}`));
      }
    });
  });
}

describe('the compiled server', () => {
  before(buildServer);

  it('is JavaScript importing JavaScript, with the demo pictures copied next to it', () => {
    const server = readFileSync(SERVER_ENTRY, 'utf8');
    assert.match(server, /from "\.\/app\.js"/);
    assert.doesNotMatch(server, /from ["']\.{1,2}\/[^"']+\.ts["']/, 'no .ts import is left');
    assert.ok(existsSync(join(ROOT, 'build/server/seed/demo-assets/braids.svg')));
    assert.ok(existsSync(join(ROOT, 'build/server/db/migrations')));
  });

  for (const engine of enginesUnderTest()) {
    describe(`npm start's entry on a fresh database [${engine.name}]`, () => {
      let db: Awaited<ReturnType<typeof engine.fresh>>;
      before(async () => {
        db = await engine.fresh();
      });
      after(async () => {
        await db?.drop();
      });

      it('migrates, seeds the demo store and serves /healthz, the demo catalog and its pictures, the docs and the console; exits 0 on SIGTERM', async () => {
        const server = await start([join(ROOT, 'scripts/start.mjs')], baseEnv(db.url, db.dataDir, { SEED_DEMO: 'true' }));
        let code: number | null = null;
        try {
          assert.doesNotMatch(server.output(), /through tsx/, 'runs the compiled server, not the sources');
          const health = await fetch(`${server.baseUrl}/healthz`);
          assert.equal(health.status, 200);
          assert.deepEqual(await health.json(), { ok: true });

          const creds = JSON.parse(readFileSync(join(db.dataDir, 'demo-credentials.json'), 'utf8'));
          const catalog = await fetch(`${server.baseUrl}/v1IntegrationProducts?storeId=${creds.storeId}`, {
            headers: { 'x-api-key': creds.integrationKey, 'x-service-contract-version': CONTRACT_VERSION },
          });
          assert.equal(catalog.status, 200);
          const body = await catalog.json();
          const picture = body.products.map((p: { imageUrl?: string }) => p.imageUrl).find((u: string | undefined) => u?.includes('/demo-assets/'));
          assert.ok(picture, 'the demo items show the bundled pictures');
          const svg = await fetch(`${server.baseUrl}${new URL(picture).pathname}`);
          assert.equal(svg.status, 200);
          assert.match(svg.headers.get('content-type') ?? '', /svg/);

          // A bad query still gets the flat validation error (validators compile on first use).
          const bad = await fetch(`${server.baseUrl}/integrationProducts?storeId=${creds.storeId}&updatedSince=yesterday`, {
            headers: { 'x-api-key': creds.integrationKey, 'x-service-contract-version': CONTRACT_VERSION },
          });
          assert.equal(bad.status, 400);
          assert.equal((await bad.json()).error, 'validation-failed');

          assert.equal((await fetch(`${server.baseUrl}/openapi.json`)).status, 200);
          assert.equal((await fetch(`${server.baseUrl}/docs/`)).status, 200);
          if (existsSync(join(ROOT, 'console/dist/index.html'))) {
            const page = await fetch(`${server.baseUrl}/console/`);
            assert.equal(page.status, 200);
            const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
            assert.ok(script);
            const asset = await fetch(`${server.baseUrl}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
            await asset.arrayBuffer();
            assert.equal(asset.status, 200);
            assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
            assert.equal((await fetch(`${server.baseUrl}/console/assets/nope-123.js`)).status, 404);
          }
        } finally {
          code = await server.stop();
        }
        assert.equal(code, 0, server.output());
      });
    });
  }

  it('also starts as `node build/server/server.js` (a deployment without npm) on an existing database', async () => {
    const db = await enginesUnderTest()[0].fresh();
    const env = baseEnv(db.url, db.dataDir, { SEED_DEMO: 'false' });
    const first = await start([SERVER_ENTRY], env);
    assert.equal(await first.stop(), 0, first.output());
    const again = await start([SERVER_ENTRY], env);
    try {
      assert.equal((await fetch(`${again.baseUrl}/healthz`)).status, 200);
      assert.equal((await fetch(`${again.baseUrl}/readyz`)).status, 200);
    } finally {
      assert.equal(await again.stop(), 0, again.output());
    }
  });
});

// Validators and response serializers are compiled on a route's first request, not at start
// (src/http/lazy-compile.ts); a schema that does not compile must still fail a test, not a request.
describeEachDb('every route schema compiles', (env) => {
  it('compiles every pending validator and serializer', () => {
    const compiled = compilePendingSchemas(env.app);
    assert.ok(compiled > 100, `compiled ${compiled}`);
    assert.equal(compilePendingSchemas(env.app), 0, 'nothing is left');
  });
});
