// Headless Chromium for page tests: Debian's `chromium` package driven by playwright-core.
// Screenshots go to test-output/ (git-ignored).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
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
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is installed (apt-get install -y chromium)`);
  mkdirSync(OUTPUT, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}
