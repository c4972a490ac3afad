/**
 * `npm run lighthouse`: the weight and speed of the pages a visitor meets first.
 *
 * Builds the web app, starts the server in production mode on a fresh temporary DATA_DIR
 * with the demo data and a free port, picks the best rated live listing (its page shows
 * reviews), then runs Lighthouse (mobile, simulated throttling: its defaults) in the system
 * Chromium against `/`, `/search`, `/property/:id` and its lister's `/listers/:handle`. Prints one row per page (category scores, LCP, TBT, CLS, transferred
 * bytes in all and of JavaScript), writes the reports (HTML, and the JSON result) to
 * lighthouse-reports/, and exits 1 when a goal is missed (docs/performance.md). Not part of
 * `npm test`: too slow and too noisy for CI.
 *
 *   npm run lighthouse -- [--runs 3] [--skip-build] [--port N] [--benchmark 1500]
 *
 * With --runs N each page is measured N times and the median run (by performance score) is
 * reported and kept. With --benchmark N the CPU is slowed as on a machine whose Lighthouse
 * benchmark is N (the phones of the market, or a busy host): the 4× slowdown of Lighthouse's
 * mobile settings is scaled by this machine's benchmark over N, measured by the run before
 * (a first, unreported run measures it). CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { freePort } from '../server/testing/free-port';
import {
  figures,
  MOBILE_CPU_SLOWDOWN,
  report,
  type Figures,
  type PageRow,
} from './lighthouse-figures';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    'skip-build': { type: 'boolean', default: false },
    port: { type: 'string' },
    benchmark: { type: 'string' },
  },
});
const runs = Math.max(1, Number(values.runs) || 1);
const targetBenchmark = values.benchmark ? Number(values.benchmark) : undefined;
if (targetBenchmark !== undefined && !(targetBenchmark > 0)) {
  console.error('--benchmark takes a positive number (Lighthouse benchmark index, e.g. 1500)');
  process.exit(2);
}

/** Lighthouse's mobile defaults (simulated slow 4G, a CPU 4× slower than the host's). */
const mobileThrottling = {
  rttMs: 150,
  throughputKbps: 1638.4,
  requestLatencyMs: 562.5,
  downloadThroughputKbps: 1474.56,
  uploadThroughputKbps: 675,
};
/** The CPU slowdown of the next run: the default, or scaled to --benchmark. */
let cpuSlowdown = MOBILE_CPU_SLOWDOWN;

/** After a run: the slowdown that makes this machine, as fast as it just was, a `target` one. */
function rescale(measuredBenchmark: number): void {
  if (targetBenchmark === undefined || !(measuredBenchmark > 0)) return;
  cpuSlowdown = (MOBILE_CPU_SLOWDOWN * measuredBenchmark) / targetBenchmark;
}
const root = fileURLToPath(new URL('..', import.meta.url));
const reportDir = path.join(root, 'lighthouse-reports');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Everything is bounded: a stuck server or browser cannot keep the script (or CI) waiting.
const SERVER_START_MS = 240_000;
const PAGE_RUN_MS = 120_000;
const TOTAL_MS = 20 * 60_000;

let server: ChildProcess | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
let dataDir: string | undefined;

async function cleanUp(): Promise<void> {
  if (chrome) {
    const launched = chrome;
    chrome = undefined;
    try {
      await launched.kill();
    } catch {
      // already gone
    }
  }
  if (server && server.exitCode === null && server.signalCode === null) {
    const running = server;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    const forced = setTimeout(() => running.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(forced);
  }
  server = undefined;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
}

function bail(message: string, code = 2): never {
  console.error(message);
  // Synchronous best effort: the process is leaving.
  try {
    chrome?.process.kill('SIGKILL');
  } catch {
    // already gone
  }
  server?.kill('SIGKILL');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => bail(`\n${signal} received: stopped`, 130));
}
const deadline = setTimeout(
  () => bail(`lighthouse: gave up after ${TOTAL_MS / 60_000} minutes`),
  TOTAL_MS,
);
deadline.unref();

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function build(): void {
  console.log('Building the web app…');
  // The built app is always production (see scripts/start.mjs).
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 180_000,
    },
  );
  if (result.status !== 0) throw new Error('the web app did not build');
}

/**
 * The demo data, loaded before the server starts: a production server never loads it itself
 * (server/config.ts), but the pages are measured as production serves them.
 */
function seedDemo(folder: string): void {
  // A password of this run's own: production does not start on the published demo password.
  const password = randomBytes(12).toString('hex');
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/seed.ts', '--password', password],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: folder, DATABASE_URL: '', NODE_ENV: 'development' },
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 180_000,
    },
  );
  if (result.status !== 0) throw new Error('the demo data could not be loaded');
}

async function startServer(port: number): Promise<string> {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-lighthouse-'));
  seedDemo(dataDir);
  const origin = `http://localhost:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = Date.now();
  while (Date.now() - started < SERVER_START_MS) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return origin;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

/**
 * A live listing of the demo data, the best rated first (so its page shows reviews, issue 40),
 * and its lister's handle (their page is a public first page too).
 */
async function liveListing(port: number): Promise<{ id: string; handle: string | null }> {
  for (const url of [
    '/api/properties/search?sort=rating&limit=1',
    '/api/properties/featured',
    '/api/properties/search?limit=1',
  ]) {
    const response = await fetch(`http://127.0.0.1:${port}${url}`);
    if (!response.ok) continue;
    const body = (await response.json()) as unknown;
    const list = Array.isArray(body)
      ? body
      : ((body as { properties?: unknown[] } | null)?.properties ?? []);
    const first = list[0] as { id?: unknown; lister?: { handle?: unknown } } | undefined;
    const id = first?.id;
    const handle = first?.lister?.handle;
    if (typeof id === 'string' || typeof id === 'number') {
      return { id: String(id), handle: typeof handle === 'string' ? handle : null };
    }
  }
  throw new Error('no live listing in the demo data');
}

function slug(page: string): string {
  return page === '/' ? 'home' : page.replace(/^\//, '').replace(/\/.*/, '');
}

/** One Lighthouse run; a run whose trace Lighthouse could not record (it happens) is tried again. */
async function measure(url: string, attempts = 3): Promise<{ lhr: Result; html: string }> {
  if (!chrome) throw new Error('Chromium is not running');
  const result = await withTimeout(
    lighthouse(url, {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      throttling: { ...mobileThrottling, cpuSlowdownMultiplier: cpuSlowdown },
    }),
    PAGE_RUN_MS,
    `Lighthouse on ${url}`,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const failure = result.lhr.runtimeError;
  if (failure) {
    if (attempts > 1) {
      console.log(`  ${failure.code}: trying again`);
      return measure(url, attempts - 1);
    }
    throw new Error(`Lighthouse on ${url}: ${failure.message}`);
  }
  const html = Array.isArray(result.report) ? (result.report[0] ?? '') : result.report;
  rescale(result.lhr.environment.benchmarkIndex);
  return { lhr: result.lhr, html };
}

async function main(): Promise<number> {
  if (!values['skip-build']) build();
  const port = values.port ? Number(values.port) : await freePort();
  console.log(`Starting the server on port ${port} with the demo data…`);
  const origin = await startServer(port);
  const { id, handle } = await liveListing(port);
  const pages = process.env.LH_PAGES
    ? process.env.LH_PAGES.split(',')
    : ['/', '/search', `/property/${id}`, ...(handle ? [`/listers/${handle}`] : [])];

  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    logLevel: 'silent',
  });

  // One untimed visit first, so the server's first answers (cold caches, JIT) are not measured.
  await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined);
  await fetch(`http://127.0.0.1:${port}/api/properties/featured`).catch(() => undefined);

  if (targetBenchmark !== undefined) {
    console.log(`Measuring this machine's benchmark, to run as if it were ${targetBenchmark}…`);
    await measure(origin + '/');
  }

  fs.mkdirSync(reportDir, { recursive: true });
  const rows: PageRow[] = [];
  for (const page of pages) {
    const measured: { f: Figures; lhr: Result; html: string }[] = [];
    for (let run = 1; run <= runs; run++) {
      process.stdout.write(`Lighthouse ${page}${runs > 1 ? ` (run ${run}/${runs})` : ''}…\n`);
      const { lhr, html } = await measure(origin + page);
      measured.push({ f: figures(lhr), lhr, html });
    }
    // The median run by performance score (the middle one of an odd count).
    measured.sort((a, b) => a.f.scores.performance - b.f.scores.performance);
    const median = measured[Math.floor((measured.length - 1) / 2)]!;
    fs.writeFileSync(path.join(reportDir, `${slug(page)}.html`), median.html);
    fs.writeFileSync(path.join(reportDir, `${slug(page)}.json`), JSON.stringify(median.lhr));
    rows.push({
      page,
      f: median.f,
      lhr: median.lhr,
      performances: measured.map((m) => m.f.scores.performance),
    });
  }

  return report(rows, { runs, targetBenchmark, reportDir });
}

let exitCode = 2;
try {
  exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await cleanUp();
  clearTimeout(deadline);
}
process.exit(exitCode);
