/**
 * `npm run repeat-visit`: what a renter's second visit costs (issue 22). Loads the demo data
 * into a fresh folder, starts the server as `npm start` does, and puts a counting proxy in
 * front of it. Chromium (with its own profile, so its cache and service worker persist) opens
 * `/`, `/search` and a listing once, then again: the bytes the server sent for each page on
 * the second visit (headers included, as they cross the network) are what a data bundle pays.
 * Exits 1 when a repeat visit passes 50 KB.
 *
 *   npm run repeat-visit -- [--port 5197]
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright';
import { freePort } from '../server/testing/free-port';
import {
  repoRoot,
  startServerProcess,
  stopServerProcess,
  waitForHealth,
} from '../server/testing/server-process';

const { values } = parseArgs({ options: { port: { type: 'string', default: '5197' } } });
const GOAL_KB = 50;

/** A TCP proxy that counts the bytes going from the server to the browser. */
async function countingProxy(
  target: number,
): Promise<{ port: number; sent: () => number; close: () => void }> {
  let sent = 0;
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(target, '127.0.0.1');
    sockets.add(client).add(upstream);
    upstream.on('data', (chunk) => (sent += chunk.length));
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
  return {
    port,
    sent: () => sent,
    close: () => {
      for (const socket of sockets) socket.destroy();
      proxy.close();
    },
  };
}

/** Opens `url` and waits until nothing more loads (photos, data, the service worker's own fetches). */
async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-repeat-visit-'));
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-repeat-visit-profile-'));
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
  const port = Number(values.port);
  const server = startServerProcess(
    'repeat-visit',
    port,
    { DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    'npmStart',
  );
  const proxy = await countingProxy(port);
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    viewport: { width: 412, height: 823 },
    isMobile: true,
  });
  try {
    await waitForHealth(server, 240_000);
    const search = await fetch(`${server.url}/api/properties/search?limit=1`);
    const { properties } = (await search.json()) as { properties: { id: string }[] };
    const base = `http://127.0.0.1:${proxy.port}`;
    const pages = ['/', '/search', `/property/${properties[0]?.id ?? ''}`];
    const page = browser.pages()[0] ?? (await browser.newPage());

    const rows: { path: string; first: number; again: number }[] = [];
    for (const pagePath of pages) {
      const before = proxy.sent();
      await visit(page, base + pagePath);
      rows.push({ path: pagePath, first: proxy.sent() - before, again: 0 });
    }
    for (const row of rows) {
      const before = proxy.sent();
      await visit(page, base + row.path);
      row.again = proxy.sent() - before;
    }

    const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
    console.log('\nBytes from the server per page (KB), first visit and again:');
    for (const row of rows) {
      const mark = row.again / 1024 <= GOAL_KB ? 'ok' : `over ${GOAL_KB} KB`;
      console.log(`  ${row.path.padEnd(48)} ${kb(row.first)} ${kb(row.again)}  ${mark}`);
    }
    if (rows.some((row) => row.again / 1024 > GOAL_KB)) process.exitCode = 1;
  } finally {
    await browser.close();
    proxy.close();
    await stopServerProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
