#!/usr/bin/env node
// Package bin `store-service` (and `npm run cli`): runs the compiled CLI (build/server/cli.js) when
// that build matches src/, otherwise src/cli.ts through tsx, from any working directory. It never
// builds: `npm start`, `npm run build` and `npm install` do.
// Relative paths in the environment (DATABASE_URL=sqlite:./data/store.db, DATA_DIR, UPLOAD_DIR)
// stay relative to the directory you run it from.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const buildScript = new URL('../scripts/build.mjs', import.meta.url);
let compiled = null;
if (existsSync(buildScript)) {
  const { SERVER_OUT, serverBuildFresh } = await import(buildScript.href);
  if (serverBuildFresh()) compiled = pathToFileURL(`${SERVER_OUT}/cli.js`).href;
}
let entry = compiled;
if (!entry) {
  const { register } = await import('tsx/esm/api');
  register();
  entry = new URL('../src/cli.ts', import.meta.url).href;
}
const { runCli } = await import(entry);
const code = await runCli(process.argv.slice(2));
process.exit(code);
