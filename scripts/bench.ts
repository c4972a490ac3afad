/**
 * `npm run bench`: how fast search is next to the cheapest route of the same server.
 *
 * Starts the server on a database with N listings (default 100 000 on PostgreSQL when
 * DATABASE_URL is set, 10 000 on an embedded database in a temporary folder), then runs
 * autocannon against a realistic mix of searches and against GET /api/ping, and prints req/s,
 * p50 and p99 of each and their ratio. Use a scratch database: listings are added to it.
 *
 *   npm run bench -- [--listings N] [--connections 50] [--duration 20] [--cold] [--mix area]
 *     [--cpu-prof DIR]
 *
 * It measures once the server is ready (/api/health 200: its search index loaded) and prints
 * how long that took. A route that had errors, non-2xx answers or no answers at all gets no
 * ratio: the run fails instead (a ratio of nothing read as a pass once).
 *
 * --cold: nearly every search is new (each carries a price cap of its own, and typos vary),
 * so no answer comes from a cache; typos keep their share of the mix.
 * --mix area: searches of a map instead (issue 39): a box over a city (5 to 16 km wide) or a
 * few streets (400 m to 1 km), somewhere around a city's centre, sometimes with a filter or
 * another order; every box is new, so the mix is cold by itself.
 * --cpu-prof writes a V8 CPU profile of the server to DIR (open it in Chrome DevTools).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { count, sql } from 'drizzle-orm';
import { countries, type City } from '#common/locations';
import { loadConfig } from '../server/config';
import { openConfiguredDatabase } from '../server/db/open';
import { randomBytes } from 'node:crypto';
import { retireDemoPassword } from '../server/demo/demo-accounts';
import { seedBenchmarkListings, seedDemoUsers } from '../server/demo/seed';
import { seededRandom } from '../server/lib/seeded-random';
import { openStorage } from '../server/lib/open-storage';
import { serverQueues } from '../server/features';
import { properties } from '../server/features/listings/service';

const { values } = parseArgs({
  options: {
    listings: { type: 'string' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '20' },
    port: { type: 'string', default: '5180' },
    cold: { type: 'boolean', default: false },
    mix: { type: 'string', default: 'search' },
    'cpu-prof': { type: 'string' },
    // The demo accounts' password instead of the published one (a production server refuses
    // that); footprint.ts signs in with it. Default: a random one.
    password: { type: 'string' },
    // Internal: load the listings and print their number (run in a child process).
    'prepare-only': { type: 'boolean' },
  },
});
const onPostgres = Boolean(process.env.DATABASE_URL);
const wanted = Number(values.listings ?? (onPostgres ? 100_000 : 10_000));
const connections = Number(values.connections);
const duration = Number(values.duration);
const port = Number(values.port);
const cold = values.cold ?? false;
const areaMix = values.mix === 'area';

// The embedded database lives in a temporary folder unless DATA_DIR says otherwise.
const env = { ...process.env };
if (!onPostgres && !env.DATA_DIR)
  env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-bench-'));

async function prepareDatabase(): Promise<number> {
  const config = loadConfig(env);
  const database = await openConfiguredDatabase(
    config,
    (error) => console.error(error),
    serverQueues(),
  );
  try {
    await seedDemoUsers(database.db);
    const [row] = await database.db.select({ n: count() }).from(properties);
    const missing = wanted - (row?.n ?? 0);
    if (missing > 0) {
      console.error(`Loading ${missing} listings…`);
      await seedBenchmarkListings(database.db, openStorage(config), missing);
    }
    // The server is measured in production, which does not start on the demo password.
    await retireDemoPassword(database.db, values.password ?? randomBytes(12).toString('hex'));
    // Fresh statistics and a visibility map, so counts can use index-only scans.
    await database.db.execute(sql`VACUUM ANALYZE properties`);
    // Write out what loading dirtied now, rather than while the server is measured.
    if (onPostgres) {
      await database.db.execute(sql`CHECKPOINT`).catch(() => {
        console.warn('CHECKPOINT refused (needs pg_checkpoint): the first run may be slower');
      });
    }
    const [after] = await database.db.select({ n: count() }).from(properties);
    return after?.n ?? 0;
  } finally {
    await database.close();
  }
}

/**
 * What renters send, in the proportions of a marketplace: busy cities far more often than
 * small towns (Zipf), mostly the first page, header links (a type or the student category),
 * a place typed letter by letter, the odd typo, and a long tail of filter combinations.
 */
function searchPath(random: () => number): string {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  // Ghana first, then the others, in listing order: a rough order of demand.
  const cities = countries.flatMap((c) => c.cities.map((city) => city.name));
  const zipfCity = () =>
    cities[Math.min(cities.length - 1, Math.floor(cities.length * random() ** 2.5))]!;
  const page = () => (random() < 0.8 ? 1 : 2 + Math.floor(random() * 3));
  const params = new URLSearchParams();
  const roll = random();
  if (roll < 0.25) {
    // Header links and "View All Properties".
    const link = pick([
      {},
      { propertyType: 'apartment' },
      { propertyType: 'house' },
      { category: 'student' },
    ]);
    for (const [key, value] of Object.entries(link)) params.set(key, value);
  } else if (roll < 0.7) {
    params.set('location', zipfCity());
    if (random() < 0.3) {
      const filter = pick([
        ['propertyType', pick(['apartment', 'house', 'studio', 'room'])],
        ['category', pick(['student', 'corporate', 'tourist'])],
        ['bedrooms', String(1 + Math.floor(random() * 3))],
        ['maxPrice', String(pick([1500, 3000, 6000]))],
        ['sort', pick(['price_asc', 'price_desc', 'rating'])],
      ]);
      params.set(filter[0]!, filter[1]!);
    }
  } else if (roll < 0.85) {
    const city = zipfCity();
    params.set('location', city.slice(0, 3 + Math.floor(random() * 3)));
  } else if (roll < 0.9) {
    params.set('location', cold ? typo(zipfCity(), random) : zipfCity().replace(/[aeiou]/, 'e'));
  } else {
    // The long tail: several filters at once.
    if (random() < 0.6) params.set('location', pick(cities));
    params.set('propertyType', pick(['apartment', 'house', 'studio', 'room']));
    if (random() < 0.5) params.set('bedrooms', String(1 + Math.floor(random() * 3)));
    if (random() < 0.5)
      params.set('amenities', pick(['wifi', 'wifi,parking', 'pool', 'kitchen,laundry']));
    if (random() < 0.5) params.set('maxPrice', String(pick([1500, 3000, 6000, 12000])));
    if (random() < 0.5) params.set('sort', pick(['price_asc', 'price_desc', 'rating', 'newest']));
  }
  const p = page();
  if (p > 1) params.set('page', String(p));
  if (cold) {
    // A cap of the reader's own (GH₵ a month), high enough to keep most matches: a new
    // search for every cache, from the answers down to the index's filter sets.
    const cap = Number(params.get('maxPrice') ?? 20_000);
    params.set('maxPrice', String(cap + Math.floor(random() * 40_000)));
  }
  return `/api/properties/search?${params}`;
}

/** A map's search (issue 39): a new box over a city or a few of its streets. */
function areaPath(random: () => number): string {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const cities: readonly City[] = countries.flatMap((c): readonly City[] => c.cities);
  const city = cities[Math.min(cities.length - 1, Math.floor(cities.length * random() ** 2.5))]!;
  const street = random() < 0.5;
  const half = street ? 0.002 + random() * 0.003 : 0.025 + random() * 0.05;
  const lng = city.longitude + (random() - 0.5) * 0.08;
  const lat = city.latitude + (random() - 0.5) * 0.08;
  const params = new URLSearchParams();
  params.set(
    'bbox',
    [lng - half, lat - half, lng + half, lat + half].map((n) => n.toFixed(5)).join(','),
  );
  if (random() < 0.3) {
    const filter = pick([
      ['propertyType', pick(['apartment', 'house', 'studio', 'single_room'])],
      ['bedrooms', String(1 + Math.floor(random() * 3))],
      ['maxPrice', String(pick([1500, 3000, 6000]))],
      ['sort', pick(['price_asc', 'newest', 'rating'])],
    ]);
    params.set(filter[0]!, filter[1]!);
  }
  if (random() < 0.15) params.set('page', '2');
  return `/api/properties/search?${params}`;
}

/** One slip of the finger: a letter changed, dropped or swapped with the next (not the first). */
function typo(word: string, random: () => number): string {
  const at = 1 + Math.floor(random() * (word.length - 1));
  const letter = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 26)]!;
  const edit = random();
  if (edit < 0.4) return word.slice(0, at) + letter + word.slice(at + 1);
  if (edit < 0.7 || at + 1 >= word.length) return word.slice(0, at) + word.slice(at + 1);
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

function run(title: string, requestPath: () => string): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        duration,
        requests: [{ setupRequest: (request) => ({ ...request, path: requestPath() }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('done', () => console.log(`  ${title}: done`));
  });
}

/** Waits until /api/health says ok (listening, database reached, search index loaded). */
async function waitUntilReady(): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 15 * 60_000) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
        return performance.now() - started;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server was not ready within 15 minutes');
}

/** The server's peak resident memory so far (Linux: VmHWM), in GB. */
function peakMemory(): string {
  try {
    const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]);
    return Number.isFinite(kb) ? `${(kb / 1024 ** 2).toFixed(2)} GB` : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Why a route's figures cannot be compared, or null when they can. */
function unusable(r: autocannon.Result): string | null {
  if (r.requests.total === 0 || r.requests.average === 0) return 'no answers';
  if (r.errors > 0) return `${r.errors} errors (${r.timeouts} timeouts)`;
  if (r.non2xx > 0) return `${r.non2xx} answers that were not 2xx`;
  return null;
}

if (values['prepare-only']) {
  console.log(`listings=${await prepareDatabase()}`);
  process.exit(0);
}

/**
 * Loads the listings in a child process, so the process that measures (autocannon) starts
 * with a small heap and no image threads: loading 100 000 listings in it made its first run
 * slower, the trivial route's p99 included.
 */
function prepareInChild(): number {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), ...process.argv.slice(2), '--prepare-only'],
    { env, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' },
  );
  const match = /listings=(\d+)/.exec(child.stdout ?? '');
  if (child.status !== 0 || !match) throw new Error('could not prepare the database');
  return Number(match[1]);
}

const total = prepareInChild();
const profile = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [];
const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/main.ts'], {
  env: {
    ...env,
    PORT: String(port),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  const readyMs = await waitUntilReady();
  const random = seededRandom(42);
  console.log(
    `${onPostgres ? 'PostgreSQL' : 'PGlite'}, ${total} listings, ${connections} connections, ${duration} s each, ${areaMix ? 'area (map)' : cold ? 'cold' : 'usual'} mix`,
  );
  console.log(
    `ready ${(readyMs / 1000).toFixed(1)} s after start (search index loaded), peak memory ${peakMemory()}`,
  );
  const seen = new Set<string>();
  let sent = 0;
  const mix = () => {
    const path = areaMix ? areaPath(random) : searchPath(random);
    sent++;
    seen.add(path);
    return path;
  };
  await run('warm-up', () => (areaMix ? areaPath(random) : searchPath(random))).catch(
    () => undefined,
  );
  const trivial = await run('GET /api/ping', () => '/api/ping');
  seen.clear();
  sent = 0;
  const search = await run('GET /api/properties/search (mix)', mix);

  const row = (name: string, r: autocannon.Result) =>
    `${name.padEnd(34)} ${r.requests.average.toFixed(0).padStart(8)} ${r.latency.p50.toFixed(1).padStart(8)} ${r.latency.p99.toFixed(1).padStart(8)} ${String(r.non2xx).padStart(7)} ${String(r.errors).padStart(7)}`;
  console.log(
    `\n${'route'.padEnd(34)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'non-2xx'.padStart(7)} ${'errors'.padStart(7)}`,
  );
  console.log(row('GET /api/ping', trivial));
  console.log(row('GET /api/properties/search (mix)', search));
  console.log(
    `\nsearches sent ${sent}, of which new (first occurrence) ${((seen.size / Math.max(1, sent)) * 100).toFixed(1)} %`,
  );
  const problems = [
    ['GET /api/ping', unusable(trivial)],
    ['search', unusable(search)],
  ].filter(([, problem]) => problem !== null);
  if (problems.length > 0) {
    for (const [name, problem] of problems) console.error(`${name}: ${problem}`);
    console.error('no ratio: the figures of a route that failed mean nothing');
    process.exitCode = 1;
  } else {
    const ratio = search.requests.average / trivial.requests.average;
    console.log(
      `search / trivial throughput: ${(ratio * 100).toFixed(1)} %  (goal ≥ 40 %); search p99 ${search.latency.p99} ms (goal < 50 ms at 100 000 listings, < 100 ms at 1 000 000)`,
    );
  }
} finally {
  server.kill('SIGTERM');
}
