/**
 * `npm run footprint`: how much memory the embedded server holds (issue 22). Loads the demo
 * data into a fresh data folder in /tmp, starts the production server on it, and prints its resident
 * memory (RSS, from /proc) after start, after a short mixed load of the first pages and the
 * API, and after 30 uploads of 4 MB photos by the demo owner.
 *
 *   npm run footprint -- [--port 5190] [--uploads 30] [--load-seconds 10]
 *
 * The web app must be built (`npm run build`) for the pages to be part of the load.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { DEMO_PASSWORD } from '../server/db/seed';
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
  },
});
const port = Number(values.port);
const uploads = Number(values.uploads);
const loadSeconds = Number(values['load-seconds']);

/** The process's resident memory in MB, as the kernel counts it. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

/** A JPEG of about 4 MB: noise, so the encoder cannot make it small (under the 5 MB limit). */
async function fourMegabytePhoto(): Promise<Buffer> {
  const width = 2800;
  const height = 1900;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-footprint-'));
  // The demo data, loaded first: a production server (what is measured: no pretty-printing
  // log worker) never seeds it itself.
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('could not load the demo data');
  const server = startServerProcess('footprint', port, {
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
  });
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
    await autocannon({
      url: server.url,
      connections: 10,
      duration: loadSeconds,
      requests: paths.map((p) => ({ method: 'GET' as const, path: p })),
    });
    figures.push([`after ${loadSeconds} s of mixed load`, rssMb(pid)]);

    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: 'owner@example.com', password: DEMO_PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const photo = await fourMegabytePhoto();
    for (let i = 0; i < uploads; i++) {
      const body = multipart([{ filename: `room-${i}.jpg`, type: 'image/jpeg', data: photo }]);
      const response = await fetch(`${server.url}/api/upload/property-images`, {
        method: 'POST',
        headers: { ...body.headers, cookie, origin: server.url },
        body: new Uint8Array(body.payload),
      });
      if (response.status !== 201) {
        throw new Error(`upload ${i + 1}: ${response.status} ${await response.text()}`);
      }
    }
    figures.push([`after ${uploads} uploads of ${(photo.length / 1e6).toFixed(1)} MB`, rssMb(pid)]);

    console.log('\nEmbedded server (PGlite), demo data, resident memory:');
    for (const [when, mb] of figures)
      console.log(`  ${when.padEnd(32)} ${String(mb).padStart(5)} MB`);
  } finally {
    await stopServerProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
