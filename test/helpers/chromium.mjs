// Where the page tests' Chromium is: used by the test command (test/run.mjs, plain node) and by
// test/helpers/browser.ts. The search order is CHROMIUM_PATH, then a Chromium or Chrome on PATH,
// then the usual install locations (Debian's /usr/bin/chromium first).
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

export const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

function isExecutable(path) {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name, env) {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, name))) return join(dir, name);
  }
  return null;
}

/**
 * Finds a Chromium. `problem` is set when CHROMIUM_PATH names something that is not an executable
 * (an explicit setting is never silently replaced by another browser).
 */
export function findChromium({ env = process.env, systemPaths = SYSTEM_PATHS } = {}) {
  if (env.CHROMIUM_PATH) {
    if (isExecutable(env.CHROMIUM_PATH)) return { path: env.CHROMIUM_PATH, problem: null };
    return { path: null, problem: `CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file` };
  }
  for (const name of NAMES) {
    const found = onPath(name, env);
    if (found) return { path: found, problem: null };
  }
  const found = systemPaths.find(isExecutable);
  return { path: found ?? null, problem: null };
}

export const INSTALL_COMMAND = ['apt-get', 'install', '-y', 'chromium'];

/**
 * What the test command does about Chromium: use the one found; install Debian's package when it
 * can (root with apt-get); otherwise stop with the one command that fixes it.
 */
export function chromiumPlan({ env = process.env, systemPaths = SYSTEM_PATHS, isRoot = process.getuid?.() === 0 } = {}) {
  const { path, problem } = findChromium({ env, systemPaths });
  if (path) return { action: 'use', path };
  if (problem) return { action: 'stop', message: `Page tests need Chromium: ${problem}. Point it at a Chromium or Chrome binary, or unset it.` };
  const hasApt = onPath('apt-get', env) !== null;
  if (hasApt && isRoot) return { action: 'install', command: INSTALL_COMMAND };
  const fix = hasApt ? `sudo apt-get update && sudo ${INSTALL_COMMAND.join(' ')}` : 'CHROMIUM_PATH=/path/to/chromium npm test';
  return {
    action: 'stop',
    message: `Page tests need Chromium and none was found (looked at CHROMIUM_PATH, PATH and ${systemPaths.length} usual locations).\nRun:\n  ${fix}`,
  };
}

/** Whether a test file drives Chromium: it, or a file it imports by a relative path (two levels), uses test/helpers/browser. */
export function drivesChromium(file, depth = 0) {
  const text = readFileSync(file, 'utf8');
  if (text.includes('helpers/browser')) return true;
  if (depth >= 2) return false;
  return [...text.matchAll(/from '(\.\.?\/[^']+\.ts)'/g)].some(([, spec]) => {
    const imported = join(dirname(file), spec);
    return existsSync(imported) && drivesChromium(imported, depth + 1);
  });
}
