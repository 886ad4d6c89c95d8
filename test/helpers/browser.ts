// Headless Chromium for page tests, driven by playwright-core: the one the test command found
// (test/helpers/chromium.mjs: CHROMIUM_PATH, PATH, the usual system paths; `npm test` installs
// Debian's `chromium` when it can). Screenshots go to test-output/ (git-ignored).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { chromiumPlan } from './chromium.mjs';

export const OUTPUT = 'test-output';

/** A TCP port free on 127.0.0.1 right now (for an app that must know its URL before listening). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Launches Chromium (and makes sure the screenshot folder exists). */
export async function launchChromium(): Promise<Browser> {
  // Never installs from here: a test file run on its own reports what `npm test` would do.
  const plan = chromiumPlan({ isRoot: false });
  assert.ok(plan.action === 'use', plan.action === 'stop' ? plan.message : 'Chromium is installed (npm test installs it)');
  mkdirSync(OUTPUT, { recursive: true });
  return chromium.launch({ executablePath: plan.path, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}
