// How the test command finds the page tests' Chromium (test/helpers/chromium.mjs), and that it
// stops at once, saying what to run, when there is none. Fake executables in temp folders stand in
// for browsers and apt-get; the real system paths are replaced by an empty list.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPlan, drivesChromium, findChromium } from '../helpers/chromium.mjs';
import { ROOT } from './process.ts';

function folderWith(...names: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'sis-chromium-'));
  for (const name of names) {
    writeFileSync(join(dir, name), '#!/bin/sh\nexit 0\n');
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

describe('finding Chromium for the page tests', () => {
  it('uses CHROMIUM_PATH first, then a chromium on PATH, then the usual system paths', () => {
    const explicit = join(folderWith('my-chrome'), 'my-chrome');
    const onPath = folderWith('chromium');
    const system = join(folderWith('chromium'), 'chromium');
    assert.equal(findChromium({ env: { CHROMIUM_PATH: explicit, PATH: onPath }, systemPaths: [system] }).path, explicit);
    assert.equal(findChromium({ env: { PATH: onPath }, systemPaths: [system] }).path, join(onPath, 'chromium'));
    assert.equal(findChromium({ env: { PATH: folderWith() }, systemPaths: ['/nonexistent/chromium', system] }).path, system);
    assert.deepEqual(chromiumPlan({ env: { PATH: onPath }, systemPaths: [], isRoot: false }), { action: 'use', path: join(onPath, 'chromium') });
  });

  it('a CHROMIUM_PATH that is not an executable stops with that reason, even when another browser exists', () => {
    const plan = chromiumPlan({ env: { CHROMIUM_PATH: '/nonexistent/chrome', PATH: folderWith('chromium', 'apt-get') }, systemPaths: [], isRoot: true });
    assert.equal(plan.action, 'stop');
    assert.match(plan.action === 'stop' ? plan.message : '', /CHROMIUM_PATH=\/nonexistent\/chrome is not an executable file/);
  });

  it('none found: root with apt-get installs Debian\'s chromium; others get the one command to run', () => {
    const withApt = folderWith('apt-get');
    assert.deepEqual(chromiumPlan({ env: { PATH: withApt }, systemPaths: [], isRoot: true }), { action: 'install', command: ['apt-get', 'install', '-y', 'chromium'] });
    const user = chromiumPlan({ env: { PATH: withApt }, systemPaths: [], isRoot: false });
    assert.equal(user.action, 'stop');
    assert.match(user.action === 'stop' ? user.message : '', /none was found[\s\S]*Run:\n {2}sudo apt-get update && sudo apt-get install -y chromium$/);
    const noApt = chromiumPlan({ env: { PATH: folderWith() }, systemPaths: [], isRoot: true });
    assert.equal(noApt.action, 'stop');
    assert.match(noApt.action === 'stop' ? noApt.message : '', /Run:\n {2}CHROMIUM_PATH=\/path\/to\/chromium npm test$/);
  });

  it('a test file drives Chromium when it or a file it imports uses the browser helper', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sis-drives-'));
    writeFileSync(join(dir, 'harness.ts'), "import { launchChromium } from '../../test/helpers/browser.ts';\n");
    writeFileSync(join(dir, 'page.test.ts'), "import { open } from './harness.ts';\n");
    writeFileSync(join(dir, 'plain.test.ts'), "import { x } from './other.ts';\n");
    assert.equal(drivesChromium(join(dir, 'page.test.ts')), true);
    assert.equal(drivesChromium(join(dir, 'plain.test.ts')), false);
  });

  it('the test command stops before running any test when the page tests have no Chromium', () => {
    const res = spawnSync(process.execPath, ['test/run.mjs', 'checkout/browser.test.ts'], {
      cwd: ROOT,
      env: { PATH: folderWith(), CHROMIUM_PATH: '/nonexistent/chrome' },
      encoding: 'utf8',
    });
    assert.equal(res.status, 1);
    assert.match(res.stderr, /Page tests need Chromium: CHROMIUM_PATH=\/nonexistent\/chrome is not an executable file/);
    assert.doesNotMatch(res.stdout, /# tests|# pass/);
  });
});
