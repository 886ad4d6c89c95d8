#!/usr/bin/env node
// The README's test command. Runs every *.test.ts under test/ and src/ with node's test runner
// (two files at a time: the machine has two cores). With TEST_DATABASE_URL set, each storage
// test runs on SQLite and on PostgreSQL.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function find(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules') continue;
    if (statSync(path).isDirectory()) find(path, out);
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const filters = process.argv.slice(2);
const files = [...find('src'), ...find('test')].filter((f) => filters.length === 0 || filters.some((x) => f.includes(x))).sort();
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
if (!process.env.TEST_DATABASE_URL) console.log('TEST_DATABASE_URL is not set: running the SQLite leg only.');
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
