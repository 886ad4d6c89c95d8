#!/usr/bin/env node
// The README's test command. Builds what is served (scripts/build.mjs --if-stale), then runs every
// *.test.ts under src/, test/, scripts/ and the workspaces' folders with node's test runner
// (two files at a time, TEST_CONCURRENCY to change it), and lists the failed tests again at the end
// (test/helpers/failures-reporter.mjs). With TEST_DATABASE_URL set, each storage test runs on SQLite
// and on PostgreSQL. When page tests are among the files, it first finds a
// Chromium (test/helpers/chromium.mjs), installs Debian's `chromium` if it can, or stops at once
// saying what to run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromiumPlan, drivesChromium } from './helpers/chromium.mjs';

function find(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules') continue;
    if (statSync(path).isDirectory()) find(path, out);
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

/** The Chromium path for the page tests; exits the process when there is none. */
function ensureChromium() {
  let plan = chromiumPlan();
  if (plan.action === 'install') {
    const command = plan.command.join(' ');
    console.log(`Page tests need Chromium and none was found: installing Debian's chromium package (apt-get update && ${command}).`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = update.status === 0 ? spawnSync(plan.command[0], [...plan.command.slice(1), '-qq'], { stdio: 'inherit', env }) : update;
    plan = chromiumPlan({ isRoot: false });
    if (plan.action !== 'use') {
      plan = { action: 'stop', message: `Installing chromium failed (apt-get exit ${install.status}); fix what apt-get printed above, then run:\n  apt-get update && ${command}` };
    }
  }
  if (plan.action !== 'use') {
    console.error(plan.message);
    process.exit(1);
  }
  return plan.path;
}

const filters = process.argv.slice(2);
// The service's tests, and those of the workspaces (console, SDK, examples) next to it.
const roots = ['src', 'test', 'scripts', 'console/test', 'sdk/test', 'examples'].filter((d) => existsSync(d));
const files = roots.flatMap((d) => find(d)).filter((f) => filters.length === 0 || filters.some((x) => f.includes(x))).sort();
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
// Chromium first: without one the run stops at once, before any build.
const env = { ...process.env };
if (files.some((f) => drivesChromium(f))) env.CHROMIUM_PATH = ensureChromium();
// What the tests serve is built first (only what changed since the last build).
const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
if (!env.TEST_DATABASE_URL) console.log('TEST_DATABASE_URL is not set: running the SQLite leg only.');
// The usual report (TAP, or spec on a terminal), then the failures again at the very end.
const reporters = [
  `--test-reporter=${process.stdout.isTTY ? 'spec' : 'tap'}`,
  '--test-reporter-destination=stdout',
  `--test-reporter=${pathToFileURL(join(import.meta.dirname, 'helpers/failures-reporter.mjs')).href}`,
  '--test-reporter-destination=stdout',
];
// A file still running after 20 minutes fails, named in the list at the end, instead of holding the
// run until CI's own limit: a test waiting forever (a response shorter than its Content-Length, a
// promise never settled) is then a failure like any other. In Node 20 the timeout applies to each
// whole file; the longest take well under a minute, a whole run 8–13 minutes.
const FILE_TIMEOUT_MS = 20 * 60_000;
// Files at a time: TEST_CONCURRENCY, else 2. Three made a whole run 29% shorter on two cores (19 min
// instead of 27) but page tests that wait on background work (webhook retries, offline reloads) then
// ran out of time now and then: two until those waits are made sturdier.
const concurrency = Number(process.env.TEST_CONCURRENCY) > 0 ? Number(process.env.TEST_CONCURRENCY) : 2;
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, `--test-timeout=${FILE_TIMEOUT_MS}`, ...reporters, ...files], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
