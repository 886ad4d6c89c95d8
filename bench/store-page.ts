// The hosted store page on a phone: `npm run bench:store-page [-- --runs 3] [--save <dir>] [--json]`.
// Starts the real server (`node scripts/start.mjs`, which builds what is stale; bench/demo-server.ts)
// on a scratch SQLite database with the demo store seeded, and walks its booking flow as a customer
// would: the store page (/s/demo-store), the service list (/s/demo-store/book), the time step of the
// first service in that list on the first day from three days ahead that has free times (via "Anyone
// free" when the service asks who), and the details step of the first free time on that day (its
// link taken from the time step's HTML). Each step is a page load of its own with nothing cached
// (Lighthouse clears the cache first), as when a customer opens a shared link. On each it runs
// Lighthouse (mobile preset: simulated slow 4G, 150 ms and 1.6 Mbit/s, WebPageTest's "Fast 3G",
// which Lighthouse also called "Fast 3G" before version 4, and a 4× slower CPU) in Debian's Chromium
// (the one the tests use) through playwright-core's DevTools port. Per step it prints the median (by
// score) of the runs: performance score, largest contentful paint, total blocking time, first
// contentful paint, cumulative layout shift, the number of requests and the bytes they transferred
// as Lighthouse saw them (the sum of network-requests' transferSize: headers and bodies as sent),
// and the page's HTML, fetched once by this script, as the server sends it (it does not compress
// HTML; a proxy in front may) and gzip-compressed (node:zlib, default level).
// `--save <dir>` keeps every run's Lighthouse report (JSON) there, to see where the time goes.
// A benchmark, not a test: it asserts nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startDemoServer, stopDemoServer } from './demo-server.ts';
import { freePort } from './harness.ts';
import { chromiumPlan } from '../test/helpers/chromium.mjs';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' }, json: { type: 'boolean', default: false }, save: { type: 'string' } } });
const RUNS = Math.max(1, Number(args.runs));
const ROOT = join(import.meta.dirname, '..');
const SLUG = 'demo-store';
/** The time step's day: the first with free times from this many days ahead. */
const DAYS_AHEAD = 3;

const plan = chromiumPlan({ isRoot: false });
if (plan.action !== 'use') {
  console.error(plan.action === 'stop' ? plan.message : 'Chromium is not installed (npm test installs it; or set CHROMIUM_PATH)');
  process.exit(1);
}
const CHROMIUM = plan.path as string;

interface Figures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  requests: number;
  transferBytes: number;
}

async function runLighthouse(port: number, url: string, step: string): Promise<Figures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error('Lighthouse returned nothing');
  const { lhr } = result;
  // --save <dir>: every run's full report (JSON), to see where the time goes.
  if (args.save) writeFileSync(join(args.save, `${step}-${Date.now()}.json`), JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const items = (lhr.audits['network-requests']?.details as { items?: { transferSize?: number }[] })?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    requests: items.length,
    transferBytes: items.reduce((sum, i) => sum + (i.transferSize ?? 0), 0),
  };
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): run it again, up to twice. */
async function lighthouseRetrying(port: number, url: string, step: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(port, url, step);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.error(`(${(error as Error).message}; running it again)`);
    }
  }
}

/** The page as the server sends it: its HTML (decoded, should a proxy have compressed it) and the Content-Encoding it came with. */
async function getPage(url: string): Promise<{ status: number; html: string; encoding: string }> {
  const response = await fetch(url);
  return { status: response.status, html: await response.text(), encoding: response.headers.get('content-encoding') ?? 'none' };
}

/** The flow links of a page (`href`s, HTML entities undone) that carry every one of `keys` in their query. */
function flowLinks(html: string, keys: string[]): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)]
    .map((m) => m[1]!.replace(/&amp;/g, '&'))
    .filter((href) => href.includes('/book?') && keys.every((key) => new URLSearchParams(href.split('?')[1]).has(key)));
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The four steps' paths: store page, service list, a time step with free times, the details step of its first free time. */
async function flowPaths(base: string): Promise<{ step: string; path: string }[]> {
  const store = `/s/${SLUG}`;
  const book = `${store}/book`;
  const list = await getPage(`${base}${book}`);
  const serviceHref = flowLinks(list.html, ['serviceId'])[0];
  if (!serviceHref) throw new Error(`the service list (${book}) links to no service`);
  let servicePath = serviceHref;
  // A service with performers asks who first: anyone free.
  const person = flowLinks((await getPage(`${base}${servicePath}`)).html, ['serviceId', 'staffId']).find((href) => new URLSearchParams(href.split('?')[1]).get('staffId') === 'any');
  if (person) servicePath = person;
  // The store's zone is the demo's Africa/Accra (UTC): a day a few days ahead with free times.
  const today = new Date().toISOString().slice(0, 10);
  for (let n = DAYS_AHEAD; n < DAYS_AHEAD + 14; n++) {
    const timePath = `${servicePath}&date=${addDays(today, n)}`;
    const detailsPath = flowLinks((await getPage(`${base}${timePath}`)).html, ['serviceId', 'date', 'time'])[0];
    if (detailsPath) {
      return [
        { step: 'store', path: store },
        { step: 'services', path: book },
        { step: 'time', path: timePath },
        { step: 'details', path: detailsPath },
      ];
    }
  }
  throw new Error(`no free time in the 14 days from ${addDays(today, DAYS_AHEAD)} for ${servicePath}`);
}

const median = <T>(rows: T[], by: (row: T) => number) => [...rows].sort((a, b) => by(a) - by(b))[Math.floor((rows.length - 1) / 2)]!;

interface Row {
  step: string;
  path: string;
  status: number;
  htmlBytes: number;
  htmlGzipBytes: number;
  encoding: string;
  figures: Figures;
  runs: Figures[];
}

const server = await startDemoServer(ROOT, 'sis-bench-store-page-');
const debugPort = await freePort();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', `--remote-debugging-port=${debugPort}`] });
const rows: Row[] = [];
try {
  for (const { step, path } of await flowPaths(server.base)) {
    const page = await getPage(`${server.base}${path}`);
    const html = Buffer.from(page.html, 'utf8');
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRetrying(debugPort, `${server.base}${path}`, step));
    rows.push({ step, path, status: page.status, htmlBytes: html.length, htmlGzipBytes: gzipSync(html).length, encoding: page.encoding, figures: median(runs, (r) => r.score), runs });
    console.error(
      `${step}: runs ${runs.map((r) => `${r.score} (LCP ${(r.lcpMs / 1000).toFixed(2)} s, TBT ${r.tbtMs.toFixed(0)} ms, FCP ${(r.fcpMs / 1000).toFixed(2)} s, CLS ${r.cls.toFixed(3)})`).join('; ')}`,
    );
  }
} finally {
  await browser.close();
  await stopDemoServer(server);
}

if (args.json) console.log(JSON.stringify(rows, null, 2));
else {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`Lighthouse ${JSON.parse(readFileSync(join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version}, mobile preset (simulated slow 4G: 150 ms, 1.6 Mbit/s; 4× CPU), median of ${RUNS} by score`);
  for (const { step, path, status } of rows) console.log(`${step.padEnd(8)} ${status} ${path}`);
  console.log('step     score  LCP       TBT      FCP       CLS    requests  transferred  HTML raw   HTML gzip');
  for (const { step, figures: f, htmlBytes, htmlGzipBytes } of rows) {
    console.log(
      `${step.padEnd(8)} ${String(f.score).padStart(5)}  ${(f.lcpMs / 1000).toFixed(2).padStart(5)} s  ${f.tbtMs.toFixed(0).padStart(5)} ms  ${(f.fcpMs / 1000).toFixed(2).padStart(5)} s  ${f.cls.toFixed(3).padStart(5)}  ${String(f.requests).padStart(8)}  ${kb(f.transferBytes).padStart(11)}  ${kb(htmlBytes).padStart(8)}  ${kb(htmlGzipBytes).padStart(9)}`,
    );
  }
  const encodings = [...new Set(rows.map((r) => r.encoding))];
  console.log(`(the server sent the HTML with Content-Encoding: ${encodings.join(', ')}; "transferred" is what Lighthouse's browser received, "HTML gzip" what a compressing proxy would send)`);
  // How noisy the runs were: each figure's own median and range over the runs.
  const range = (values: number[], show: (v: number) => string) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${show(sorted[Math.floor((sorted.length - 1) / 2)]!)} (${show(sorted[0]!)}–${show(sorted.at(-1)!)})`;
  };
  console.log('each figure\'s median (range) over the runs:');
  for (const { step, runs } of rows) {
    console.log(
      `${step.padEnd(8)} score ${range(runs.map((r) => r.score), String)}, LCP ${range(runs.map((r) => r.lcpMs / 1000), (v) => `${v.toFixed(2)} s`)}, TBT ${range(runs.map((r) => r.tbtMs), (v) => `${v.toFixed(0)} ms`)}, FCP ${range(runs.map((r) => r.fcpMs / 1000), (v) => `${v.toFixed(2)} s`)}, CLS ${range(runs.map((r) => r.cls), (v) => v.toFixed(3))}`,
    );
  }
}
