/**
 * `npm run js-budget`: the JavaScript a visitor's phone runs on a first load of `/`, `/search`
 * and a listing before they touch the page (issue 36; docs/performance.md). Fails when a page
 * runs more than the budget, 50 KB of brotli; CI runs it after the journeys.
 *
 * Loads the demo data into a fresh folder and starts the server as `npm start` does (building
 * what is missing). Each page opens in a new Chromium profile (nothing cached, no service
 * worker yet), as a visitor, and is left alone until the network and the main thread have been
 * quiet for a while: whatever the page starts by itself (on load, when idle) has happened by
 * then. What counts is what V8 was given to run on the page (CDP `Debugger.scriptParsed`),
 * each file at the size of its brotli copy in the build (what the server sends); files the
 * page only downloaded for later (a prefetch) are listed apart and do not count.
 *
 *   npm run js-budget -- [--port 5198] [--budget 50] [--quiet-ms 3000]
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { chromium, type Browser } from 'playwright';
import { freePort } from '../server/testing/free-port';
import {
  repoRoot,
  startServerProcess,
  stopServerProcess,
  waitForHealth,
} from '../server/testing/server-process';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    budget: { type: 'string', default: '50' },
    'quiet-ms': { type: 'string', default: '3000' },
  },
});
const BUDGET_KB = Number(values.budget);
const QUIET_MS = Number(values['quiet-ms']);
const webRoot = path.join(repoRoot, 'dist', 'web');

/** A built file's size as the server sends it: its .br copy, else compressed here. */
function brotliBytes(urlPath: string): number {
  const file = path.join(webRoot, decodeURIComponent(urlPath));
  if (!file.startsWith(webRoot + path.sep)) return 0;
  if (fs.existsSync(`${file}.br`)) return fs.statSync(`${file}.br`).size;
  if (!fs.existsSync(file)) return 0;
  return zlib.brotliCompressSync(fs.readFileSync(file), {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
}

type PageFigures = {
  path: string;
  ran: { file: string; bytes: number }[];
  /** Scripts downloaded and not run (prefetched for later). */
  fetchedOnly: { file: string; bytes: number }[];
};

/** Opens `url` as a new visitor and notes every script the page ran before any interaction. */
async function measure(browser: Browser, origin: string, pagePath: string): Promise<PageFigures> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const parsed = new Set<string>();
    cdp.on('Debugger.scriptParsed', ({ url }: { url: string }) => {
      if (url.startsWith(origin)) parsed.add(new URL(url).pathname);
    });
    await cdp.send('Debugger.enable');
    const fetched = new Set<string>();
    page.on('response', (response) => {
      const url = response.url();
      if (url.startsWith(origin) && /\.m?js$/.test(new URL(url).pathname)) {
        fetched.add(new URL(url).pathname);
      }
    });
    await page.goto(origin + pagePath, { waitUntil: 'networkidle' });
    // Idle callbacks and timers a page starts by itself run within this quiet time.
    await page.waitForTimeout(QUIET_MS);
    await page.waitForLoadState('networkidle');
    const sized = (files: Iterable<string>) =>
      [...files].map((file) => ({ file, bytes: brotliBytes(file) }));
    return {
      path: pagePath,
      ran: sized(parsed),
      fetchedOnly: sized([...fetched].filter((file) => !parsed.has(file))),
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-js-budget-'));
  // A password of this run's own: production does not start on the published demo password.
  const password = randomBytes(12).toString('hex');
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/seed.ts', '--password', password],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (seeded.status !== 0) throw new Error('could not load the demo data');
  const port = values.port ? Number(values.port) : await freePort();
  const server = startServerProcess(
    'js-budget',
    port,
    { DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    'npmStart',
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    await waitForHealth(server, 240_000);
    const search = await fetch(`${server.url}/api/properties/search?limit=1`);
    const { properties } = (await search.json()) as { properties: { id: string }[] };
    if (!properties[0]) throw new Error('the demo data has no live listing');
    const pages = ['/', '/search', `/property/${properties[0].id}`];

    const rows: PageFigures[] = [];
    for (const pagePath of pages) rows.push(await measure(browser, server.url, pagePath));

    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const total = (files: { bytes: number }[]) => files.reduce((sum, f) => sum + f.bytes, 0);
    console.log(`\nJavaScript run before the first interaction (brotli; budget ${BUDGET_KB} KB):`);
    for (const row of rows) {
      const ran = total(row.ran);
      const mark = ran / 1024 <= BUDGET_KB ? 'ok' : `OVER ${BUDGET_KB} KB`;
      console.log(`  ${row.path.padEnd(48)} ${kb(ran).padStart(9)}  ${mark}`);
      for (const file of row.ran) console.log(`      ran      ${file.file} ${kb(file.bytes)}`);
      for (const file of row.fetchedOnly) {
        console.log(`      fetched  ${file.file} ${kb(file.bytes)} (not run)`);
      }
    }
    if (rows.some((row) => total(row.ran) / 1024 > BUDGET_KB)) process.exitCode = 1;
  } finally {
    await browser.close();
    await stopServerProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
