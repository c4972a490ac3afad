/**
 * `npm run footprint`: how much memory the server holds (issue 22). Loads the demo data into
 * a fresh data folder in /tmp, starts the server on it as `npm start` does, and prints its resident
 * memory (RSS, from /proc) after start, after a short mixed load of the first pages and the
 * API, after 30 uploads of 4 MB photos by the demo owner, and after 8 more at once while the
 * load runs again; and the load's latency alone and during those 8 uploads.
 *
 *   npm run footprint -- [--port 5190] [--uploads 30] [--load-seconds 10] [--listings N]
 *
 * `--listings N` loads N generated listings (as `npm run bench` does) instead of the demo.
 * With DATABASE_URL the server runs on that PostgreSQL database, 100 000 listings by
 * default: use a scratch database, listings are added to it.
 *
 * `npm start` builds the web app and the server first when they are missing or stale.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { multipart } from '../server/testing/uploads';
import {
  repoRoot,
  startServerProcess,
  stopServerProcess,
  waitForHealth,
} from '../server/testing/server-process';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5190' },
    uploads: { type: 'string', default: '30' },
    'load-seconds': { type: 'string', default: '10' },
    listings: { type: 'string' },
  },
});
const databaseUrl = process.env.DATABASE_URL ?? '';
// The demo data (about 60 listings) unless a number of listings is asked for; on PostgreSQL
// 100 000 by default, as `npm run bench` loads (its listings and the demo accounts).
const listings = values.listings ?? (databaseUrl ? '100000' : undefined);
const port = Number(values.port);
const uploads = Number(values.uploads);
const loadSeconds = Number(values['load-seconds']);

/** A process's resident memory in kB, as the kernel counts it. */
function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
}

/** The process and its descendants: `npm start` may run the server as a child (start.mjs). */
function processTree(pid: number): number[] {
  const children = fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' '))
    .filter((child) => child.trim() !== '')
    .map(Number);
  return [pid, ...children.flatMap(processTree)];
}

/** What `npm start` holds in MB: every process it runs, together. */
const rssMb = (pid: number) =>
  Math.round(processTree(pid).reduce((sum, each) => sum + rssKb(each), 0) / 1024);

/** A JPEG of about 4 MB: noise, so the encoder cannot make it small (under the 5 MB limit). */
async function fourMegabytePhoto(): Promise<Buffer> {
  const width = 2800;
  const height = 1900;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** The demo accounts' password in this run (never the published one: see main). */
const ownerPassword = `footprint-${randomBytes(12).toString('hex')}`;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-footprint-'));
  // The data is loaded first, by another process: a production server (what is measured:
  // no pretty-printing log worker) never seeds the demo itself.
  // With a password of this run's own: production does not start on the published one.
  const loader = listings
    ? ['scripts/bench.ts', '--listings', listings, '--prepare-only', '--password', ownerPassword]
    : ['scripts/seed.ts', '--password', ownerPassword];
  const loaded = spawnSync(process.execPath, ['--import', 'tsx', ...loader], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (loaded.status !== 0) throw new Error('could not load the data');
  const server = startServerProcess(
    'footprint',
    port,
    {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
    },
    'npmStart',
  );
  try {
    await waitForHealth(server, 120_000);
    const pid = server.child.pid!;
    const figures: [string, number][] = [['after start', rssMb(pid)]];

    const search = await fetch(`${server.url}/api/properties/search?limit=12`);
    const { properties } = (await search.json()) as { properties: { id: string }[] };
    const listing = properties[0]?.id ?? '';
    const paths = [
      '/',
      '/search',
      `/property/${listing}`,
      '/api/properties/search?location=Accra',
      '/api/properties/search?bedrooms=2&sort=price_asc',
      `/api/properties/${listing}`,
      '/api/properties/featured',
    ];
    const mixedLoad = (seconds: number) =>
      autocannon({
        url: server.url,
        connections: 10,
        duration: seconds,
        requests: paths.map((p) => ({ method: 'GET' as const, path: p })),
      });
    const warmUp = await mixedLoad(loadSeconds);
    figures.push([`after ${loadSeconds} s of mixed load`, rssMb(pid)]);

    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: 'owner@example.com', password: ownerPassword }),
    });
    // Every cookie the sign-in sets (the session's and, since issue 50, the device's).
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .join('; ');
    if (!login.ok || !cookie.includes('abode_session=')) {
      throw new Error(`the demo owner could not sign in: ${login.status} ${await login.text()}`);
    }
    const photo = await fourMegabytePhoto();
    const upload = async (name: string) => {
      const body = multipart([{ filename: `${name}.jpg`, type: 'image/jpeg', data: photo }]);
      for (;;) {
        const response = await fetch(`${server.url}/api/upload/property-images`, {
          method: 'POST',
          headers: { ...body.headers, cookie, origin: server.url },
          body: new Uint8Array(body.payload),
        });
        if (response.status === 201) return;
        const text = await response.text();
        // One account has two uploads in flight at most (issue 34): the others wait their
        // turn after Retry-After, as the web app's do.
        if (response.status === 429 && text.includes('uploads_busy_account')) {
          const wait = Number(response.headers.get('retry-after') ?? 1);
          await new Promise((resolve) => setTimeout(resolve, wait * 1000));
          continue;
        }
        throw new Error(`upload ${name}: ${response.status} ${text}`);
      }
    };
    for (let i = 0; i < uploads; i++) await upload(`room-${i}`);
    figures.push([`after ${uploads} uploads of ${(photo.length / 1e6).toFixed(1)} MB`, rssMb(pid)]);

    // The same load while 8 photos are sent at once (the account's share admits 2 of them at a
    // time, issue 34): do other requests wait for them?
    const started = Date.now();
    const [duringUploads] = await Promise.all([
      mixedLoad(loadSeconds),
      Promise.all(Array.from({ length: 8 }, (_, i) => upload(`parallel-${i}`))).then(() =>
        console.log(`8 parallel uploads took ${((Date.now() - started) / 1000).toFixed(1)} s`),
      ),
    ]);
    figures.push(['after 8 more at once, under load', rssMb(pid)]);

    const database = databaseUrl ? 'PostgreSQL' : 'embedded (PGlite)';
    console.log(
      `\nServer on ${database}, ${listings ? `${listings} listings` : 'demo data'}, resident memory:`,
    );
    for (const [when, mb] of figures)
      console.log(`  ${when.padEnd(34)} ${String(mb).padStart(5)} MB`);
    const [launcher, ...rest] = processTree(pid).map((each) => Math.round(rssKb(each) / 1024));
    if (rest.length > 0) {
      console.log(
        `  of which the launcher (scripts/start.mjs) ${launcher} MB, the server ${rest.join(' + ')} MB`,
      );
    }
    console.log('Mixed load, 10 connections (req/s, p50, p99; errors):');
    for (const [when, result] of [
      ['alone', warmUp],
      ['while 8 photos upload', duringUploads],
    ] as const) {
      const { requests, latency, errors, non2xx } = result;
      console.log(
        `  ${when.padEnd(34)} ${Math.round(requests.average)} req/s, p50 ${latency.p50} ms, ` +
          `p99 ${latency.p99} ms; ${errors + non2xx} errors`,
      );
    }
  } finally {
    await stopServerProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
