// test/run.mjs runs node's test runner with a second reporter that lists the failures again at the end
// of the output (test/helpers/failures-reporter.mjs). Run here on a scratch test file, as run.mjs does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './process.ts';

const REPORTER = pathToFileURL(join(ROOT, 'test/helpers/failures-reporter.mjs')).href;

function runTests(source: string) {
  const dir = mkdtempSync(join(tmpdir(), 'reporter-'));
  try {
    const file = join(dir, 'sample.test.mjs');
    writeFileSync(file, source);
    const args = ['--test', '--test-reporter=tap', '--test-reporter-destination=stdout', `--test-reporter=${REPORTER}`, '--test-reporter-destination=stdout', file];
    // Without NODE_TEST_CONTEXT: set in a test file's process, it makes node --test report to a parent runner.
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const run = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', env });
    return { status: run.status, out: run.stdout, file };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the failures are listed again after the TAP report, each with its suites, its file and the assertion', () => {
  const { status, out } = runTests(`
import { describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
describe('outer suite', () => {
  it('passes', () => {});
  describe('inner suite', () => {
    it('compares two numbers', () => { assert.equal(1 + 1, 3); });
  });
});
test('throws on its own', () => { throw new Error('first line\\nsecond line'); });
test('passes too', () => {});
`);
  assert.equal(status, 1);
  const tail = out.slice(out.lastIndexOf('# 2 failed'));
  assert.ok(out.lastIndexOf('# 2 failed') > out.lastIndexOf('# fail 2'), `the list comes after the TAP summary:\n${out}`);
  assert.match(tail, /# not ok: outer suite › inner suite › compares two numbers\n# {3}in sample\.test\.mjs\n# {3}AssertionError: Expected values to be strictly equal:/);
  assert.match(tail, /# not ok: throws on its own\n# {3}in sample\.test\.mjs\n# {3}Error: first line\n# {3}second line\n/);
  assert.doesNotMatch(tail, /not ok: outer suite\n|not ok: outer suite › inner suite\n|passes/, 'suites that failed through a test, and passing tests, are not listed');
});

test('a run without failures adds nothing; a long error is cut at twelve lines', () => {
  const clean = runTests(`import { test } from 'node:test';\ntest('fine', () => {});\n`);
  assert.equal(clean.status, 0);
  assert.doesNotMatch(clean.out, /failed/);
  const long = runTests(`import { test } from 'node:test';\ntest('long', () => { throw new Error(Array.from({ length: 30 }, (_, i) => 'line ' + i).join('\\n')); });\n`);
  const tail = long.out.slice(long.out.lastIndexOf('# 1 failed'));
  assert.match(tail, /# {3}Error: line 0\n(# {3}line \d+\n){11}# {3}… \(18 more lines above, in the test's own output\)\n/);
  assert.doesNotMatch(tail, /line 12/);
});
