import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openPostgres, type DatabaseHandle } from './db/client';
import { users } from './db/schema';
import { rateLimits as authLimits } from './features/auth/rate-limits';
import { createListing } from './testing/builders';
import { openEventStream } from './testing/event-stream';
import { openTestRedis, type TestRedis } from './testing/redis';
import { startTwilioStandIn } from './testing/sms-stand-in';
import { startS3Server, type TestS3Server } from './testing/s3-server';
import { testDatabaseKind } from './testing/test-database';
import { imageFile } from './testing/uploads';
import { freePort } from './testing/free-port';
import {
  startServerProcess as startServer,
  stopServerProcess as stopServer,
  waitForHealth,
  type ServerProcess as Server,
} from './testing/server-process';
import { reportUnavailable } from './testing/unavailable-suites';
import { properties } from './features/listings/service';

/**
 * Scale-out (issue 9): two real server processes (server/main.ts, as `npm start` runs it) on
 * one PostgreSQL database, one S3-compatible store (s3rver) and one Redis, behind a client
 * that sends its requests to each in turn, as a round-robin proxy would. Runs in the
 * server-postgres project only (TEST_DATABASE_URL set), on a database of its own, dropped
 * afterwards.
 */
const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const enabled = testDatabaseKind() === 'postgres' && testDatabaseUrl !== undefined;
// In the embedded-database project it waits for the server-postgres one, which runs it.
if (testDatabaseUrl === undefined)
  reportUnavailable('scale-out', 'no PostgreSQL (TEST_DATABASE_URL)');

// Redis is needed for the shared rate limits only; without one, the rest still runs.
const redis: TestRedis | null = enabled ? await openTestRedis() : null;
if (enabled && !redis)
  reportUnavailable(
    'scale-out’s shared rate limits',
    'no Redis (TEST_REDIS_URL, or redis-server on 127.0.0.1:6379)',
  );

const PUBLIC_URL = 'http://abode.test';
const ADMIN = { email: 'scale.admin@example.com', password: 'Scale-out admin 2026' };

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

type Answer = { server: string; status: number; headers: Headers; body: unknown; raw: Buffer };

describe.skipIf(!enabled)('two servers on one database, one object store and one Redis', () => {
  const databaseName = `abode_scale_${randomBytes(6).toString('hex')}`;
  const dataDirs: string[] = [];
  let databaseUrl: string;
  let database: DatabaseHandle;
  let s3: TestS3Server;
  let sms: Awaited<ReturnType<typeof startTwilioStandIn>>;
  const servers: Server[] = [];
  let turn = 0;

  /** The round-robin client: each call goes to the next server, unless `on` names one. */
  async function request(
    method: string,
    url: string,
    options: {
      on?: 0 | 1;
      cookie?: string;
      json?: unknown;
      form?: FormData;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Answer> {
    const server = servers[options.on ?? turn++ % servers.length]!;
    const headers: Record<string, string> = { ...options.headers };
    // What a browser on the site sends, through the proxy, on a state-changing request.
    if (method !== 'GET') headers.origin = PUBLIC_URL;
    if (options.cookie) headers.cookie = options.cookie;
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    const response = await fetch(`${server.url}${url}`, { method, headers, body });
    const raw = Buffer.from(await response.arrayBuffer());
    const isJson = response.headers.get('content-type')?.includes('application/json');
    return {
      server: server.name,
      status: response.status,
      headers: response.headers,
      body: isJson && raw.length > 0 ? JSON.parse(raw.toString()) : null,
      raw,
    };
  }

  function sessionOf(answer: Answer): string {
    const cookie = answer.headers
      .getSetCookie()
      .find((value) => value.startsWith('abode_session='));
    if (!cookie) throw new Error(`no session cookie (${answer.status} from ${answer.server})`);
    return cookie.split(';')[0]!;
  }

  async function signIn(email: string, password: string, on: 0 | 1): Promise<string> {
    const answer = await request('POST', '/api/auth/login', { on, json: { email, password } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return sessionOf(answer);
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${databaseName}`);
    } finally {
      await admin.end();
    }
    databaseUrl = withDatabase(testDatabaseUrl!, databaseName);
    s3 = await startS3Server(['abode-scale']);
    sms = await startTwilioStandIn();
    const s3Config = s3.configFor('abode-scale');
    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      PUBLIC_URL,
      TRUST_PROXY: '1',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      STORAGE: 's3',
      S3_BUCKET: s3Config.bucket,
      S3_REGION: s3Config.region,
      S3_ENDPOINT: s3Config.endpoint!,
      S3_ACCESS_KEY_ID: s3Config.credentials!.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3Config.credentials!.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      ...(redis ? { REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.keyPrefix } : {}),
      VIRUS_SCANNER: 'none',
      ...sms.env,
    };
    // Both start at once on the empty database, as a deployment of two machines would.
    const ports = [await freePort(), await freePort()];
    for (const [index, name] of ['A', 'B'].entries()) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `abode-scale-${name}-`));
      dataDirs.push(dataDir);
      servers.push(startServer(name, ports[index]!, { ...env, DATA_DIR: dataDir }));
    }
    await Promise.all(servers.map((server) => waitForHealth(server, 50_000)));
    database = openPostgres(databaseUrl, () => {});
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server)));
    await database?.close();
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${databaseName} with (force)`);
    } finally {
      await admin.end();
    }
    await s3?.close();
    await sms?.close();
    await redis?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('a session made on A works on B, and signing out on B ends it on A', async () => {
    const cookie = await signIn(ADMIN.email, ADMIN.password, 0);
    const onB = await request('GET', '/api/auth/user', { on: 1, cookie });
    expect(onB.status).toBe(200);
    expect(onB.body).toMatchObject({ email: ADMIN.email, isAdmin: true });
    expect((await request('POST', '/api/auth/logout', { on: 1, cookie })).status).toBeLessThan(300);
    expect((await request('GET', '/api/auth/user', { on: 0, cookie })).status).toBe(401);
  });

  it('a photo uploaded through A is served by B', async () => {
    const registered = await request('POST', '/api/auth/register', {
      on: 0,
      json: {
        registrationMethod: 'email',
        email: `owner.${randomBytes(4).toString('hex')}@example.com`,
        password: 'correct horse battery',
        firstName: 'Ama',
        lastName: 'Mensah',
        userType: 'owner',
      },
    });
    expect(registered.status).toBe(201);
    const cookie = sessionOf(registered);
    // What the e-mailed code would do: a photo upload needs a verified contact (issue 50).
    const ownerId = (registered.body as { user: { id: string } }).user.id;
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, ownerId));
    const form = new FormData();
    form.append(
      'images',
      new Blob([new Uint8Array(await imageFile('png'))], { type: 'image/png' }),
      'flat.png',
    );
    const uploaded = await request('POST', '/api/upload/property-images', {
      on: 0,
      cookie,
      form,
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const [url] = (uploaded.body as { images: string[] }).images;
    const served = await request('GET', url!, { on: 1 });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.raw.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // And A serves the same bytes: one store.
    const fromA = await request('GET', url!, { on: 0 });
    expect(fromA.raw.equals(served.raw)).toBe(true);
  });

  it.skipIf(!redis)(
    'the per-IP sign-in limit is spent by requests spread over both servers',
    async () => {
      const { max } = authLimits.loginPerIp;
      const headers = { 'x-forwarded-for': '203.0.113.50' };
      const answered = { A: 0, B: 0 };
      for (let attempt = 0; attempt < max; attempt += 1) {
        const answer = await request('POST', '/api/auth/login', {
          headers,
          json: { email: `nobody${attempt}@example.com`, password: 'wrong password' },
        });
        expect(answer.status, `attempt ${attempt + 1} on ${answer.server}`).toBe(401);
        answered[answer.server as 'A' | 'B'] += 1;
      }
      expect(answered).toEqual({ A: max / 2, B: max / 2 });
      for (const on of [0, 1] as const) {
        const refused = await request('POST', '/api/auth/login', {
          on,
          headers,
          json: { email: 'nobody@example.com', password: 'wrong password' },
        });
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((refused.body as { message: string }).message).toMatch(/Too many attempts/);
      }
      // Another client address still signs in.
      const other = await request('POST', '/api/auth/login', {
        headers: { 'x-forwarded-for': '203.0.113.51' },
        json: ADMIN,
      });
      expect(other.status).toBe(200);
    },
  );

  it('the featured order an admin sets on A is the order B shows', async () => {
    const [owner] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, ADMIN.email));
    const ids = [];
    for (const title of ['Featured one', 'Featured two', 'Featured three']) {
      ids.push(await createListing(database.db, owner!.id, { title }));
    }
    const cookie = await signIn(ADMIN.email, ADMIN.password, 0);
    for (const id of ids) {
      const featured = await request('PATCH', `/api/admin/properties/${id}/featured`, {
        on: 0,
        cookie,
        json: { isFeatured: true },
      });
      expect(featured.status, JSON.stringify(featured.body)).toBe(200);
    }
    const order = [ids[2]!, ids[0]!, ids[1]!];
    const reordered = await request('POST', '/api/admin/reorder-featured-properties', {
      on: 0,
      cookie,
      json: { propertyOrders: order.map((id, index) => ({ id, order: index + 1 })) },
    });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    const home = await request('GET', '/api/properties/featured', { on: 1 });
    expect(home.status).toBe(200);
    expect((home.body as { id: string }[]).map((listing) => listing.id)).toEqual(order);
  });

  it('a listing approved on A appears in B’s search within 5 s (issue 16)', async () => {
    const word = `zanzibarite${randomBytes(3).toString('hex')}`;
    const [owner] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, ADMIN.email));
    const id = await createListing(database.db, owner!.id, {
      title: `Pending ${word} flat`,
      isVerified: false,
    });
    const search = (on: 0 | 1) =>
      request('GET', `/api/properties/search?location=${word}`, { on }).then(
        (answer) => (answer.body as { total: number }).total,
      );
    // B has its index loaded, and the listing is not live yet.
    expect(await search(1)).toBe(0);
    const cookie = await signIn(ADMIN.email, ADMIN.password, 0);
    const approved = await request('POST', `/api/admin/properties/${id}/approve`, {
      on: 0,
      cookie,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const approvedAt = Date.now();
    // A changed it itself: at once.
    expect(await search(0)).toBe(1);
    // B reads what others wrote from the change log on its next check (every 2 s).
    let seenAfterMs: number | null = null;
    while (Date.now() - approvedAt < 15_000) {
      if ((await search(1)) === 1) {
        seenAfterMs = Date.now() - approvedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(seenAfterMs, 'B never showed the approved listing').not.toBeNull();
    console.info(`scale-out: B's search showed the listing approved on A after ${seenAfterMs} ms`);
    expect(seenAfterMs!).toBeLessThan(5_000);
    const [row] = await database.db
      .select({ isVerified: properties.isVerified })
      .from(properties)
      .where(eq(properties.id, id));
    expect(row?.isVerified).toBe(true);
  }, 30_000);

  it('an approval on A reaches the owner’s live stream held by B within 2 s, and signing out on A ends it (issue 35)', async () => {
    const registered = await request('POST', '/api/auth/register', {
      on: 0,
      json: {
        registrationMethod: 'email',
        email: `live.${randomBytes(4).toString('hex')}@example.com`,
        password: 'correct horse battery',
        firstName: 'Kofi',
        lastName: 'Boateng',
        userType: 'owner',
      },
    });
    expect(registered.status).toBe(201);
    const owner = sessionOf(registered);
    const ownerId = (registered.body as { user: { id: string } }).user.id;
    const listingId = await createListing(database.db, ownerId, { isVerified: false });
    const onB = await openEventStream(`${servers[1]!.url}/api/events`, { cookie: owner });
    try {
      expect(onB.status).toBe(200);
      await onB.next('ready');
      const admin = await signIn(ADMIN.email, ADMIN.password, 0);
      const started = Date.now();
      const approved = await request('POST', `/api/admin/properties/${listingId}/approve`, {
        on: 0,
        cookie: admin,
      });
      expect(approved.status).toBe(200);
      const event = await onB.next('listing.status', 2_000);
      expect(event.data).toMatchObject({ listingId, status: 'live' });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(
        (await request('POST', '/api/auth/logout', { on: 0, cookie: owner })).status,
      ).toBeLessThan(300);
      const ended = await Promise.race([
        onB.ended.then(() => 'ended'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 2_000)),
      ]);
      expect(ended).toBe('ended');
    } finally {
      onB.close();
    }
  });

  it('a message sent on A reaches the other party’s stream on B within 2 s, its read mark comes back, and a reconnect catches up (issue 37)', async () => {
    const register = async (on: 0 | 1, userType: 'owner' | 'renter', firstName: string) => {
      const answer = await request('POST', '/api/auth/register', {
        on,
        json: {
          registrationMethod: 'email',
          email: `talk.${randomBytes(4).toString('hex')}@example.com`,
          password: 'correct horse battery',
          firstName,
          lastName: 'Asante',
          userType,
        },
      });
      expect(answer.status).toBe(201);
      const id = (answer.body as { user: { id: string } }).user.id;
      // What the e-mailed code would do: an enquiry needs a verified contact.
      await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, id));
      return { cookie: sessionOf(answer), id };
    };
    const owner = await register(0, 'owner', 'Yaw');
    const renter = await register(1, 'renter', 'Efua');
    const listingId = await createListing(database.db, owner.id);
    const ownerOnB = await openEventStream(`${servers[1]!.url}/api/events`, {
      cookie: owner.cookie,
    });
    const renterOnA = await openEventStream(`${servers[0]!.url}/api/events`, {
      cookie: renter.cookie,
    });
    try {
      await Promise.all([ownerOnB.next('ready'), renterOnA.next('ready')]);
      const sent = Date.now();
      const enquiry = await request('POST', `/api/properties/${listingId}/enquiries`, {
        on: 0,
        cookie: renter.cookie,
        json: { message: 'Is it still available?' },
      });
      expect(enquiry.status, JSON.stringify(enquiry.body)).toBe(201);
      const { conversationId } = enquiry.body as { conversationId: string };
      const arrived = await ownerOnB.next('conversation.message', 2_000);
      expect(Date.now() - sent).toBeLessThan(2_000);
      expect(arrived.data).toMatchObject({
        conversationId,
        unread: 1,
        message: { body: 'Is it still available?', fromMe: false },
      });

      // The owner reads it on B; the renter's stream on A is told.
      const read = await request('GET', `/api/conversations/${conversationId}/messages`, {
        on: 1,
        cookie: owner.cookie,
      });
      expect(read.status).toBe(200);
      expect((await renterOnA.next('conversation.read', 2_000)).data).toMatchObject({
        conversationId,
      });

      // The owner's phone loses its connection; the renter writes twice meanwhile.
      ownerOnB.close();
      for (const message of ['From when?', 'And how many months of advance?']) {
        const answer = await request('POST', `/api/conversations/${conversationId}/messages`, {
          on: 1,
          cookie: renter.cookie,
          json: { message },
        });
        expect(answer.status).toBe(201);
      }
      const again = await openEventStream(`${servers[0]!.url}/api/events`, {
        cookie: owner.cookie,
        lastEventId: arrived.id!,
      });
      try {
        const first = await again.next('conversation.message');
        const second = await again.next('conversation.message');
        expect([first.data, second.data]).toMatchObject([
          { conversationId, unread: 1, message: { body: 'From when?' } },
          { conversationId, unread: 2, message: { body: 'And how many months of advance?' } },
        ]);
        await again.next('ready');
        await new Promise((resolve) => setTimeout(resolve, 300));
        // Each once: the catch-up and the live feed do not both deliver them.
        expect(again.events.filter((event) => event.type === 'conversation.message')).toHaveLength(
          2,
        );
      } finally {
        again.close();
      }
    } finally {
      ownerOnB.close();
      renterOnA.close();
    }
  });

  it('the hourly sweep runs once for both servers, through the job queue (issue 18)', async () => {
    // Both servers asked for the sweep when they started; the queue kept one job for the hour,
    // which one of them ran.
    const sweeps = async () =>
      (await database.executeSql(`SELECT state FROM pgboss.job WHERE name = 'hourly-sweep'`))
        .rows as { state: string }[];
    const started = Date.now();
    while (Date.now() - started < 15_000) {
      if ((await sweeps()).some((job) => job.state === 'completed')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await sweeps()).toEqual([{ state: 'completed' }]);
  }, 30_000);

  it('each message is delivered once, whichever server queued it and both working the queue (issue 18)', async () => {
    const numbers = Array.from(
      { length: 12 },
      (_, i) =>
        `+23324${String(Date.now() % 100_000).padStart(5, '0')}${String(i).padStart(2, '0')}`,
    );
    for (const [i, phone] of numbers.entries()) {
      const answer = await request('POST', '/api/auth/register', {
        on: (i % 2) as 0 | 1,
        json: {
          registrationMethod: 'phone',
          phone,
          password: 'correct horse battery',
          firstName: 'Abena',
          lastName: 'Ofori',
          userType: 'renter',
        },
        headers: { 'x-forwarded-for': `10.18.0.${i + 1}` },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    const started = Date.now();
    while (numbers.some((phone) => sms.textsTo(phone).length === 0)) {
      if (Date.now() - started > 20_000) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Both servers poll every 2 s: a second delivery would show within this wait.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (const phone of numbers) {
      const texts = sms.textsTo(phone);
      expect(texts, phone).toHaveLength(1);
      expect(texts[0]).toMatch(/\b\d{6}\b/);
    }
  }, 40_000);
});
