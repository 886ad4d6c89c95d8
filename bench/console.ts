// The staff console on a phone: `npm run bench:console [-- --runs 3] [--root <checkout>] [--save <dir>]`.
// Starts the real server (`node scripts/start.mjs`, which builds what is stale; bench/demo-server.ts)
// on a scratch SQLite database with the demo store seeded, signs in as the demo owner and runs
// Lighthouse (mobile preset: simulated slow 4G and a 4× slower CPU) on /console/login and on the
// demo store's Today page, in Debian's Chromium (the one the tests use) through playwright-core's
// DevTools port. Per page it prints the median (by score) of the runs: performance score, largest
// contentful paint, total blocking time, and the compressed JavaScript a first visit transfers.
// That last figure is counted by a small proxy in front of the server, in a fresh browser profile on
// the same phone (slow 4G and a 4× slower CPU, emulated through DevTools) left open for 12 s after
// the page loads, so it includes what the page fetches later by itself (prefetched sections, the
// service worker's precache), which Lighthouse's trace does not see.
// `--save <dir>` keeps every run's Lighthouse report (JSON) there, to see where the time goes.
// A benchmark, not a test: it asserts nothing. `--root` measures another checkout (e.g. an older
// commit unpacked with `git archive`, its node_modules linked to this one's) with this script.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startDemoServer, stopDemoServer } from './demo-server.ts';
import { freePort } from './harness.ts';
import { chromiumPlan } from '../test/helpers/chromium.mjs';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' }, root: { type: 'string' }, json: { type: 'boolean', default: false }, save: { type: 'string' } } });
const RUNS = Math.max(1, Number(args.runs));
const ROOT = resolve(args.root ?? join(import.meta.dirname, '..'));
const CONTRACT_VERSION = '2026-04-13';

const plan = chromiumPlan({ isRoot: false });
if (plan.action !== 'use') {
  console.error(plan.action === 'stop' ? plan.message : 'Chromium is not installed (npm test installs it; or set CHROMIUM_PATH)');
  process.exit(1);
}
const CHROMIUM = plan.path as string;

/** Signs in as the demo owner; returns the session cookie and the demo store's id. */
async function signIn(base: string, dataDir: string): Promise<{ cookie: string; storeId: string }> {
  const credentials = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8'));
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-contract-version': CONTRACT_VERSION },
    body: JSON.stringify({ email: credentials.staff.email, password: credentials.staff.password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const me = await (await fetch(`${base}/api/auth/me`, { headers: { cookie, 'x-service-contract-version': CONTRACT_VERSION } })).json();
  return { cookie, storeId: me.stores[0].id };
}

/**
 * A pass-through proxy to the server that adds up the bytes of JavaScript it relays (as sent: the
 * brotli or gzip body when the browser asked for it).
 */
async function countingProxy(target: string) {
  const to = new URL(target);
  let jsBytes = 0;
  const server = createHttpServer((req, res) => {
    const upstream = httpRequest({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      const isJs = /\.m?js(\?|$)/.test(req.url ?? '') || /javascript/.test(String(answer.headers['content-type'] ?? ''));
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.on('data', (chunk: Buffer) => {
        if (isJs) jsBytes += chunk.length;
      });
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reset: () => void (jsBytes = 0),
    bytes: () => jsBytes,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

interface Figures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  lighthouseJsBytes: number;
}

async function runLighthouse(port: number, url: string, cookie: string | null): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error('Lighthouse returned nothing');
  const { lhr } = result;
  // --save <dir>: every run's full report (JSON), to see where the time goes.
  if (args.save) {
    mkdirSync(args.save, { recursive: true });
    writeFileSync(join(args.save, `${new URL(url).pathname.endsWith('/login') ? 'login' : 'today'}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const items = ((lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] })?.items ?? []);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
    lighthouseJsBytes: items.filter((i) => i.resourceType === 'Script').reduce((sum, i) => sum + (i.transferSize ?? 0), 0),
  };
}

/** Lighthouse now and then fails to record a trace on the busy shared machine (NO_NAVSTART): run it again, up to twice. */
async function lighthouseRetrying(port: number, url: string, cookie: string | null): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(port, url, cookie);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.error(`(${(error as Error).message}; running it again)`);
    }
  }
}

const median = <T>(rows: T[], by: (row: T) => number) => [...rows].sort((a, b) => by(a) - by(b))[Math.floor((rows.length - 1) / 2)]!;

const server = await startDemoServer(ROOT, 'sis-bench-console-');
const proxy = await countingProxy(server.base);
const debugPort = await freePort();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', `--remote-debugging-port=${debugPort}`] });
const rows: { page: string; figures: Figures; firstVisitJsBytes: number; runs: Figures[] }[] = [];
const connection: Record<string, string> = {};
try {
  const { cookie, storeId } = await signIn(server.base, server.dataDir);
  const pages = [
    { page: 'login', path: '/console/login', cookie: null },
    { page: 'today', path: `/console/s/${storeId}/today`, cookie },
  ];
  for (const { page, path, cookie: pageCookie } of pages) {
    // The first visit's JavaScript: a fresh profile, the page and 12 s of whatever it fetches next.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    if (pageCookie) {
      const [name, ...value] = pageCookie.split('=');
      await context.addCookies([{ name: name!, value: value.join('='), url: proxy.base }]);
    }
    const tab = await context.newPage();
    // As the phone of Lighthouse's mobile preset: slow 4G (150 ms, 1.6 Mbit/s down) and a 4× slower CPU.
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, connectionType: 'cellular4g' });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    proxy.reset();
    await tab.goto(`${proxy.base}${path}`, { waitUntil: 'load' });
    await sleep(12_000);
    const firstVisitJsBytes = proxy.bytes();
    connection[page] = await tab.evaluate(() => {
      const c = (navigator as Navigator & { connection?: { effectiveType?: string; downlink?: number; saveData?: boolean } }).connection;
      return c ? `${c.effectiveType}, ${c.downlink} Mbit/s${c.saveData ? ', Save-Data' : ''}` : 'not told';
    });
    await context.close();

    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRetrying(debugPort, `${server.base}${path}`, pageCookie));
    const figures = median(runs, (r) => r.score);
    rows.push({ page, figures, firstVisitJsBytes, runs });
    console.error(
      `${page}: runs ${runs.map((r) => `${r.score} (LCP ${(r.lcpMs / 1000).toFixed(2)} s, TBT ${r.tbtMs.toFixed(0)} ms, FCP ${(r.fcpMs / 1000).toFixed(2)} s)`).join('; ')}`,
    );
  }
} finally {
  await browser.close();
  await proxy.close();
  await stopDemoServer(server);
}

if (args.json) console.log(JSON.stringify(rows, null, 2));
else {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(`Lighthouse ${JSON.parse(readFileSync(join(import.meta.dirname, '..', 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version}, mobile preset (simulated slow 4G, 4× CPU), median of ${RUNS} by score`);
  console.log('page    score  LCP       TBT      FCP       JS first visit (phone, 12 s)  JS in Lighthouse trace');
  console.log(`(the page saw navigator.connection: ${Object.entries(connection).map(([page, c]) => `${page} ${c}`).join('; ')})`);
  for (const { page, figures: f, firstVisitJsBytes } of rows) {
    console.log(
      `${page.padEnd(7)} ${String(f.score).padStart(5)}  ${(f.lcpMs / 1000).toFixed(2).padStart(5)} s  ${f.tbtMs.toFixed(0).padStart(5)} ms  ${(f.fcpMs / 1000).toFixed(2).padStart(5)} s   ${kb(firstVisitJsBytes).padStart(8)}                      ${kb(f.lighthouseJsBytes).padStart(8)}`,
    );
  }
  // How noisy the runs were: each figure's own median and range over the runs.
  const range = (values: number[], show: (v: number) => string) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${show(sorted[Math.floor((sorted.length - 1) / 2)]!)} (${show(sorted[0]!)}–${show(sorted.at(-1)!)})`;
  };
  console.log('each figure\'s median (range) over the runs:');
  for (const { page, runs } of rows) {
    console.log(
      `${page.padEnd(7)} score ${range(runs.map((r) => r.score), String)}, LCP ${range(runs.map((r) => r.lcpMs / 1000), (v) => `${v.toFixed(2)} s`)}, TBT ${range(runs.map((r) => r.tbtMs), (v) => `${v.toFixed(0)} ms`)}, FCP ${range(runs.map((r) => r.fcpMs / 1000), (v) => `${v.toFixed(2)} s`)}`,
    );
  }
}
