#!/usr/bin/env node
// Builds the server (src/ → build/server: plain JavaScript, what `npm start` runs), the client SDK
// (sdk/ → sdk/dist: ESM JavaScript and .d.ts, what `@store-integration/client` resolves to) and the
// staff console (console/ → console/dist, every asset also written brotli- and gzip-compressed for
// the static server).
//   node scripts/build.mjs                      build everything
//   node scripts/build.mjs --if-stale           build only what changed since the last build (npm test)
//   node scripts/build.mjs --only server[,sdk]  only these parts (server, sdk, console)
//   --quiet                                     say nothing unless it fails
// Runs on `npm install` (the root package's `prepare` script), so a fresh clone starts compiled
// JavaScript and serves a built console. `npm start` (scripts/start.mjs) and the `store-service` bin
// also check the server build and rebuild it (or run the sources through tsx) when src/ changed.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = resolve(import.meta.dirname, '..');
const PARTS = ['server', 'sdk', 'console'];
let ifStale = false;
let quiet = false;
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

export function compressAssets(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    // A copy removed earlier in this walk (below) is no longer there.
    const info = statSync(path, { throwIfNoEntry: false });
    if (!info) continue;
    if (info.isDirectory()) {
      compressAssets(path);
      continue;
    }
    if (!/\.(js|css|html|svg|json|txt)$/.test(name)) continue;
    if (info.size < 1024) {
      // Too small to be worth compressing: a compressed copy left by an earlier, larger build would
      // be served instead of this one (the static server prefers .br/.gz), so it goes.
      rmSync(`${path}.br`, { force: true });
      rmSync(`${path}.gz`, { force: true });
      continue;
    }
    if (existsSync(`${path}.br`) && existsSync(`${path}.gz`) && statSync(`${path}.br`).mtimeMs >= statSync(path).mtimeMs) continue;
    const body = readFileSync(path);
    writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  }
}

/**
 * One build at a time on this checkout (the test command of several terminals may start one each):
 * a lock directory, taken over when its holder has been gone for two minutes.
 */
async function withLock(dir, work) {
  mkdirSync(dir, { recursive: true });
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

const CONSOLE_DIR = join(ROOT, 'console');
const CONSOLE_STAMP = join(CONSOLE_DIR, 'dist', '.built');
const CONSOLE_INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((name) => join(CONSOLE_DIR, name)).concat(join(ROOT, 'package-lock.json'));

/** Whether console/dist was built after its sources last changed (cheap: `npm start` checks it). */
export const consoleBuildFresh = () => !stale(CONSOLE_STAMP, CONSOLE_INPUTS);

async function buildConsole() {
  const dir = CONSOLE_DIR;
  const dist = join(dir, 'dist');
  const stamp = CONSOLE_STAMP;
  const inputs = CONSOLE_INPUTS;
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

// ---- The server: src/*.ts → build/server/*.js ----------------------------------------------------
// Each file on its own with TypeScript's transpileModule and the options of tsconfig.build.json
// (types are erased, not checked: `npm run check` does that), so a full build takes a few seconds
// and a rebuild redoes only the files that changed. Every other file under src/ (the demo pictures…)
// is copied, so what the code reads next to itself (import.meta.dirname) is there too.
// Two dependencies are bundled, each into one file of build/server/vendor/ (esbuild, which tsx and
// Vite already bring), and the compiled files import them from there: typebox and kysely are ES
// module packages of ~370 and ~260 files, and loading those files one by one took about half of the
// server's start (each bundle loads in ~15 ms instead of ~200). Without esbuild they load as usual.

export const SERVER_SRC = join(ROOT, 'src');
export const SERVER_OUT = join(ROOT, 'build', 'server');
/** What `npm start` runs. */
export const SERVER_ENTRY = join(SERVER_OUT, 'server.js');
const SERVER_STAMP = join(SERVER_OUT, '.built.json');
const SERVER_CONFIGS = [join(ROOT, 'tsconfig.build.json'), join(ROOT, 'tsconfig.json')];
/** Changed when the way build/server is made changes: every file is then emitted again. */
const SERVER_FORMAT = 1;

/** Packages the compiled server imports from one bundled file each (build/server/vendor/<name>.js). */
const VENDORED = ['typebox', 'kysely'];
const vendorFile = (name) => join(SERVER_OUT, 'vendor', `${name}.js`);

/** The installed version of each vendored package (a new one is bundled again). */
function vendorVersions() {
  const versions = {};
  for (const name of VENDORED) {
    try {
      versions[name] = JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
    } catch {
      versions[name] = null;
    }
  }
  return versions;
}

/** Exit code of `build.mjs --only server` when TypeScript is not installed (npm ci --omit=dev). */
export const NO_COMPILER_EXIT = 3;

/** The server build's inputs: every file under src/ but tests (path relative to src/ → mtime). */
function serverInputs() {
  const files = {};
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (!entry.name.endsWith('.test.ts')) files[relative(SERVER_SRC, path)] = statSync(path).mtimeMs;
    }
  };
  visit(SERVER_SRC);
  return files;
}

const configState = () => SERVER_CONFIGS.map((path) => (existsSync(path) ? statSync(path).mtimeMs : 0));

function readServerStamp() {
  try {
    return JSON.parse(readFileSync(SERVER_STAMP, 'utf8'));
  } catch {
    return null;
  }
}

function sameFiles(a, b) {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * Whether build/server matches src/ as it is now: the same files with the same modification times
 * as when it was built, and the same build options. Cheap (one stat per source file, no compiler),
 * so every `npm start` checks it.
 */
export function serverBuildFresh() {
  const stamp = readServerStamp();
  if (!stamp || stamp.format !== SERVER_FORMAT || !existsSync(SERVER_ENTRY)) return false;
  if (JSON.stringify(stamp.config) !== JSON.stringify(configState())) return false;
  if (JSON.stringify(stamp.vendor) !== JSON.stringify(vendorVersions())) return false;
  return sameFiles(stamp.files, serverInputs());
}

/**
 * Bundles each vendored package into build/server/vendor/<name>.js; returns the names bundled
 * (none without esbuild: the compiled files then import the packages as usual).
 */
async function bundleVendored(previous, versions) {
  let esbuild;
  try {
    esbuild = createRequire(join(ROOT, 'package.json'))('esbuild');
  } catch {
    say('esbuild is not installed: the compiled server loads typebox and kysely from node_modules (a slower start).');
    return [];
  }
  const bundled = [];
  for (const name of VENDORED) {
    if (!versions[name]) continue;
    const out = vendorFile(name);
    const current = previous?.vendored?.includes(name) && previous.vendor?.[name] === versions[name] && existsSync(out);
    if (!current) {
      const result = await esbuild.build({
        stdin: { contents: `export * from '${name}';`, resolveDir: ROOT, sourcefile: `vendor-${name}.js`, loader: 'js' },
        bundle: true,
        format: 'esm',
        platform: 'node',
        target: 'node20',
        write: false,
        logLevel: 'silent',
        legalComments: 'inline',
      });
      writeAtomic(out, result.outputFiles[0].contents);
    }
    bundled.push(name);
  }
  return bundled;
}

/** A transpileModule transformer: imports of a vendored package point at its bundle instead. */
function vendorImports(ts, bundled, out) {
  const target = (node) => {
    if (!node || !ts.isStringLiteral(node) || !bundled.includes(node.text)) return null;
    const path = relative(dirname(out), vendorFile(node.text)).split('\\').join('/');
    return path.startsWith('.') ? path : `./${path}`;
  };
  return (context) => (sourceFile) =>
    ts.visitEachChild(
      sourceFile,
      (node) => {
        const f = context.factory;
        if (ts.isImportDeclaration(node)) {
          const to = target(node.moduleSpecifier);
          if (to) return f.updateImportDeclaration(node, node.modifiers, node.importClause, f.createStringLiteral(to), node.attributes);
        }
        if (ts.isExportDeclaration(node)) {
          const to = target(node.moduleSpecifier);
          if (to) return f.updateExportDeclaration(node, node.modifiers, node.isTypeOnly, node.exportClause, f.createStringLiteral(to), node.attributes);
        }
        return node;
      },
      context,
    );
}

const outputOf = (rel) => join(SERVER_OUT, rel.replace(/\.ts$/, '.js'));

/** Writes through a temporary file and a rename: a server starting meanwhile reads the old file or the new one. */
function writeAtomic(path, data) {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, data);
  renameSync(temp, path);
}

/** Removes what earlier builds wrote for files that are gone from src/. */
function pruneServerOutput(dir, expected) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      pruneServerOutput(path, expected);
      if (readdirSync(path).length === 0) rmSync(path, { recursive: true });
    } else if (path !== SERVER_STAMP && !expected.has(path)) unlinkSync(path);
  }
}

class NoCompilerError extends Error {}

async function buildServer() {
  if (ifStale && serverBuildFresh()) return;
  await withLock(join(ROOT, 'build'), async () => {
    if (ifStale && serverBuildFresh()) return;
    let ts;
    try {
      ts = createRequire(join(ROOT, 'package.json'))('typescript');
    } catch {
      throw new NoCompilerError('TypeScript is not installed (a devDependency: run `npm install` or `npm ci` without --omit=dev), so the server cannot be compiled');
    }
    const started = Date.now();
    // Inputs are listed before anything is read: a file saved during the build counts as changed next time.
    const inputs = serverInputs();
    const config = configState();
    const vendor = vendorVersions();
    const previous = readServerStamp();
    const bundled = await bundleVendored(previous, vendor);
    // Anything but changed sources (options, build format, what is bundled) redoes every file.
    const full =
      !previous ||
      previous.format !== SERVER_FORMAT ||
      JSON.stringify(previous.config) !== JSON.stringify(config) ||
      JSON.stringify(previous.vendor) !== JSON.stringify(vendor) ||
      JSON.stringify(previous.vendored) !== JSON.stringify(bundled);
    const parsed = ts.getParsedCommandLineOfConfigFile(SERVER_CONFIGS[0], {}, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    });
    if (parsed.errors.length) throw new Error(ts.formatDiagnostics(parsed.errors, formatHost()));
    // One file at a time the compiler cannot tell an ES module from CommonJS by package.json ("type":
    // "module"), which module NodeNext needs: the same ES module output, named plainly.
    const compilerOptions = { ...parsed.options, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler };
    const expected = new Set(bundled.map(vendorFile));
    const errors = [];
    let written = 0;
    for (const [rel, mtime] of Object.entries(inputs)) {
      const source = join(SERVER_SRC, rel);
      const isCode = rel.endsWith('.ts') && !rel.endsWith('.d.ts');
      const out = isCode ? outputOf(rel) : join(SERVER_OUT, rel);
      expected.add(out);
      if (isCode && compilerOptions.sourceMap) expected.add(`${out}.map`);
      if (!full && previous.files?.[rel] === mtime && existsSync(out)) continue;
      if (!isCode) {
        writeAtomic(out, readFileSync(source));
      } else {
        const result = ts.transpileModule(readFileSync(source, 'utf8'), {
          fileName: source,
          compilerOptions,
          reportDiagnostics: true,
          transformers: { after: [vendorImports(ts, bundled, out)] },
        });
        const problems = (result.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
        if (problems.length) {
          errors.push(...problems);
          continue;
        }
        writeAtomic(out, result.outputText);
        if (result.sourceMapText) {
          const map = JSON.parse(result.sourceMapText);
          map.file = basename(out);
          map.sources = [relative(dirname(out), source)];
          writeAtomic(`${out}.map`, JSON.stringify(map));
        }
      }
      written++;
    }
    if (errors.length) throw new Error(`the server does not compile:\n${ts.formatDiagnostics(errors, formatHost())}`);
    pruneServerOutput(SERVER_OUT, expected);
    writeAtomic(SERVER_STAMP, JSON.stringify({ format: SERVER_FORMAT, builtAt: new Date(started).toISOString(), config, vendor, vendored: bundled, files: inputs }));
    say(`Server compiled (src/ → build/server, ${written} of ${Object.keys(inputs).length} files) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  });
}

const formatHost = () => ({ getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' });

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

function parseArgs(argv) {
  const onlyAt = argv.indexOf('--only');
  const only = onlyAt >= 0 ? (argv[onlyAt + 1] ?? '').split(',').filter(Boolean) : PARTS;
  const unknown = only.filter((part) => !PARTS.includes(part));
  if (unknown.length || only.length === 0) {
    console.error(`--only takes a comma-separated list of ${PARTS.join(', ')}`);
    process.exit(2);
  }
  return { only, ifStale: argv.includes('--if-stale'), quiet: argv.includes('--quiet') };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = parseArgs(process.argv.slice(2));
  ifStale = args.ifStale;
  quiet = args.quiet;
  const builders = { server: buildServer, sdk: buildSdk, console: buildConsole };
  try {
    for (const part of PARTS) if (args.only.includes(part)) await builders[part]();
  } catch (error) {
    console.error(`Build failed: ${error?.message ?? error}`);
    process.exit(error instanceof NoCompilerError ? NO_COMPILER_EXIT : 1);
  }
}
