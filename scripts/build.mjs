#!/usr/bin/env node
// Builds what the service serves besides its own code: the staff console (console/ → console/dist,
// every asset also written brotli- and gzip-compressed for the static server), and the client SDK
// (sdk/ → sdk/dist: ESM JavaScript and .d.ts, what `@store-integration/client` resolves to).
//   node scripts/build.mjs             build
//   node scripts/build.mjs --if-stale  build only what changed since the last build (npm start, npm test)
// Runs on `npm install` (the root package's `prepare` script), so a fresh clone serves a built console.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = resolve(import.meta.dirname, '..');
const ifStale = process.argv.includes('--if-stale');
const quiet = process.argv.includes('--quiet');
const say = (message) => quiet || console.log(message);

function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules' && name !== 'dist') visit(join(path, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const path of paths) visit(path);
  return newest;
}

/** A build output is stale when any of its inputs is newer than its stamp file. */
function stale(stamp, inputs) {
  if (!existsSync(stamp)) return true;
  return newestMtime(inputs) > statSync(stamp).mtimeMs;
}

function compressAssets(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      compressAssets(path);
      continue;
    }
    if (!/\.(js|css|html|svg|json|txt)$/.test(name)) continue;
    if (existsSync(`${path}.br`) && statSync(`${path}.br`).mtimeMs >= statSync(path).mtimeMs) continue;
    const body = readFileSync(path);
    if (body.length < 1024) continue;
    writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  }
}

/**
 * One build at a time on this checkout (the test command of several terminals may start one each):
 * a lock directory, taken over when its holder has been gone for two minutes.
 */
async function withLock(dir, work) {
  const lock = join(dir, '.build-lock');
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (Date.now() - statSync(lock).mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
      else await sleep(250);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Assets of earlier builds are kept for an hour (a server started before this build still serves
 * the old index.html, whose files must not vanish under it), then removed.
 */
function pruneOldAssets(assets, keep) {
  if (!existsSync(assets)) return;
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(assets)) {
    const base = name.replace(/\.(br|gz)$/, '');
    if (!keep.has(base) && statSync(join(assets, name)).mtimeMs < hourAgo) unlinkSync(join(assets, name));
  }
}

async function buildConsole() {
  const dir = join(ROOT, 'console');
  const dist = join(dir, 'dist');
  const stamp = join(dist, '.built');
  const inputs = [join(dir, 'src'), join(dir, 'public'), join(dir, 'index.html'), join(dir, 'vite.config.ts'), join(dir, 'package.json'), join(ROOT, 'package-lock.json')];
  if (ifStale && !stale(stamp, inputs)) return;
  await withLock(dir, async () => {
    if (ifStale && !stale(stamp, inputs)) return;
    say('Building the staff console (console/ → console/dist)…');
    const started = Date.now();
    const require = createRequire(join(dir, 'package.json'));
    const { build } = await import(pathToFileURL(require.resolve('vite')).href);
    const output = await build({ root: dir, logLevel: quiet ? 'error' : 'warn', configFile: join(dir, 'vite.config.ts'), build: { emptyOutDir: false } });
    const files = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output ?? []).map((f) => f.fileName.replace(/^assets\//, ''));
    pruneOldAssets(join(dist, 'assets'), new Set(files));
    compressAssets(dist);
    writeFileSync(stamp, new Date().toISOString());
    say(`Staff console built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  });
}

/** The SDK with tsc (sdk/tsconfig.build.json), plus its generated API types, which tsc does not copy. */
async function buildSdk() {
  const dir = join(ROOT, 'sdk');
  const dist = join(dir, 'dist');
  const stamp = join(dist, '.built');
  const inputs = [join(dir, 'src'), join(dir, 'package.json'), join(dir, 'tsconfig.build.json')];
  if (ifStale && !stale(stamp, inputs)) return;
  await withLock(dir, async () => {
    if (ifStale && !stale(stamp, inputs)) return;
    say('Building the client SDK (sdk/ → sdk/dist)…');
    const started = Date.now();
    rmSync(dist, { recursive: true, force: true });
    const tsc = createRequire(join(ROOT, 'package.json')).resolve('typescript/bin/tsc');
    const run = spawnSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.build.json')], { stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`tsc exited with ${run.status ?? run.signal} building the SDK`);
    cpSync(join(dir, 'src', 'generated'), join(dist, 'generated'), { recursive: true });
    writeFileSync(stamp, new Date().toISOString());
    say(`Client SDK built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  });
}

try {
  await buildSdk();
  await buildConsole();
} catch (error) {
  console.error(`Build failed: ${error?.message ?? error}`);
  process.exit(1);
}
