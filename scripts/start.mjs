#!/usr/bin/env node
// `npm start`: runs the compiled server (build/server/server.js, made by scripts/build.mjs on
// `npm install`). When a file under src/ changed since that build, the changed files are compiled
// again first (about a second; in a child process, so the compiler never sits in the server's
// memory); when the staff console's sources changed, it is rebuilt too. Without TypeScript installed
// (`npm ci --omit=dev`) the sources run through tsx instead.
// `node build/server/server.js` runs the same server without these checks (deployments).
import { spawnSync } from 'node:child_process';
import module from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { consoleBuildFresh, NO_COMPILER_EXIT, SERVER_ENTRY, serverBuildFresh } from './build.mjs';

const ROOT = join(import.meta.dirname, '..');

// Node 22.1+: V8 keeps the compiled code of every module between starts (a no-op on Node 20).
module.enableCompileCache?.(join(ROOT, 'build', '.compile-cache'));

/** scripts/build.mjs --only <part> --if-stale; its messages go to stderr (stdout carries the server's log lines). */
const build = (part) => spawnSync(process.execPath, [join(import.meta.dirname, 'build.mjs'), '--only', part, '--if-stale'], { stdio: ['ignore', 2, 2] }).status;

let entry = SERVER_ENTRY;
if (!serverBuildFresh()) {
  const status = build('server');
  if (status === NO_COMPILER_EXIT) {
    console.error('Running the sources through tsx instead (a slower start).');
    const { register } = await import('tsx/esm/api');
    register();
    entry = join(ROOT, 'src', 'server.ts');
  } else if (status !== 0) {
    process.exit(status ?? 1);
  }
}
// The console is not the server: without a build of it the server still starts (and says so at /console/).
if (!consoleBuildFresh() && build('console') !== 0) console.error('The staff console could not be rebuilt; serving the last build, if any.');
const { main } = await import(pathToFileURL(entry).href);
await main();
