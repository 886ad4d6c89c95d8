#!/usr/bin/env node
// Package bin `store-service`: runs src/cli.ts through tsx from any working directory.
// Relative paths in the environment (DATABASE_URL=sqlite:./data/store.db, DATA_DIR, UPLOAD_DIR)
// stay relative to the directory you run it from.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import(new URL('../src/cli.ts', import.meta.url).href);
const code = await runCli(process.argv.slice(2));
process.exit(code);
