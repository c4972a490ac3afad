import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';
import { apiErrorSchema } from '#common/api-error';
import type { RegisterBody } from '#common/auth';
import { errorCodes, generalErrorCodes, type ErrorCode } from '#common/error-codes';
import { buildApp, type AppDeps } from '../app';
import { testConfig, type Config } from '../config';
import { desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type DatabaseHandle } from '../db/client';
import { outboxMessages, users } from '../db/schema';
import { deliveryQueueNames } from '../lib/queued-notifier';
import { localStorage, type FileStorage } from '../lib/storage';
import { closeAfterFile } from './after-file';
import { createTestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  storage: FileStorage;
  filesDir: string;
  /** The app's DATA_DIR, a temporary folder (unless the test gave its own). */
  dataDir: string;
};

/** Error answers of this file's apps that break the API contract (no code, or an unknown one). */
const uncodedErrors: string[] = [];

/** Closes an app of this file after its tests, then fails the file if it broke the contract. */
function closeAfterTests({ app, database, filesDir, dataDir }: TestApp): void {
  closeAfterFile(async () => {
    await app.close();
    await database.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
    const found = uncodedErrors.splice(0);
    if (found.length > 0) {
      throw new Error(
        `Error answers without a known code (common/error-codes.ts):\n${found.join('\n')}`,
      );
    }
  });
}

/**
 * Every test that uses an app also checks the error contract: each 4xx or 5xx answer of the
 * API is `{ message, code, ... }` with a code of common/error-codes.ts and field codes of the
 * catalogue. A route that answers otherwise fails the test file that met it.
 */
function checkErrorAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400) return payload;
    // The API, and any other refusal written as JSON (a missing photo file, the sitemap);
    // a page of the web app may answer 404 in HTML.
    const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    if (!request.url.startsWith('/api/') && !json) return payload;
    if (typeof payload !== 'string') {
      uncodedErrors.push(`${request.method} ${request.url}: ${reply.statusCode}, not JSON`);
      return payload;
    }
    const parsed = apiErrorSchema.safeParse(safeJson(payload));
    if (!parsed.success || reply.statusCode !== statusOf(parsed.data.code, reply.statusCode)) {
      uncodedErrors.push(`${request.method} ${request.url}: ${reply.statusCode} ${payload}`);
    }
    return payload;
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The status a code must come with. A general code may stand for any status of its class (a
 * Fastify or plugin refusal, such as 405); a specific one has exactly its own.
 */
function statusOf(code: ErrorCode, actual: number): number {
  return generalErrorCodes.has(code) && Math.floor(actual / 100) === 4 && actual !== 500
    ? actual
    : errorCodes[code].status;
}

/** A migrated database and the app on it, closed after the file's tests. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Pick<
    AppDeps,
    | 'clock'
    | 'jobQueue'
    | 'notifier'
    | 'smsProvider'
    | 'geoLookup'
    | 'scanner'
    | 'photoQueue'
    | 'uploadTimeouts'
    | 'webRoot'
    | 'pageRenderer'
  > = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-test-files-'));
  const storage = localStorage(filesDir);
  // Its own data folder (the video quarantine lives there), never the developer's ./data.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-test-data-'));
  const config = testConfig({ dataDir, ...overrides });
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    storage,
    webRoot: '/nonexistent',
    ...options,
  });
  checkErrorAnswers(app);
  const testApp = { app, database, config, storage, filesDir, dataDir };
  closeAfterTests(testApp);
  return testApp;
}

let counter = 0;
/** A unique, valid sign-up body; override what the test is about. */
export function newAccount(overrides: Partial<RegisterBody> = {}): RegisterBody {
  counter += 1;
  return {
    registrationMethod: 'email',
    email: `person${counter}.${process.pid}.${Date.now()}@example.com`,
    password: 'correct horse battery',
    firstName: 'Yaa',
    lastName: 'Darko',
    userType: 'renter',
    ...overrides,
  };
}

/** The `name=value` pair of the session cookie an answer set, for the next request. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'abode_session');
  if (!cookie) throw new Error(`no session cookie in answer ${response.statusCode}`);
  return `abode_session=${cookie.value}`;
}

export async function signUp(
  app: FastifyInstance,
  overrides: Partial<RegisterBody> = {},
): Promise<{ cookie: string; body: RegisterBody; userId: string }> {
  const body = newAccount(overrides);
  // Each helper sign-up comes from its own address, so the per-IP sign-up limit only bites
  // in the tests written for it.
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: body,
    remoteAddress: `10.1.${Math.floor(counter / 250)}.${counter % 250}`,
  });
  if (response.statusCode !== 201) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  return { cookie: sessionCookie(response), body, userId: response.json().user.id };
}

/** A new account of `userType` whose e-mail is verified (what enquiries and viewings ask). */
export async function signUpVerified(
  app: FastifyInstance,
  db: DatabaseHandle['db'],
  firstName: string,
  userType: RegisterBody['userType'] = 'renter',
) {
  const account = await signUp(app, { firstName, userType });
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, account.userId));
  return account;
}

/** A new account made an administrator (what `npm run create-admin` does for a real one). */
export async function signUpAdmin(
  testApp: Pick<TestApp, 'app' | 'database'>,
  overrides: Partial<RegisterBody> = {},
): Promise<Awaited<ReturnType<typeof signUp>>> {
  const account = await signUp(testApp.app, overrides);
  await testApp.database.db
    .update(users)
    .set({ isAdmin: true })
    .where(eq(users.id, account.userId));
  return account;
}

/** A clock tests move by hand (codes and links expire by it). */
export function manualClock(start = new Date('2026-11-21T12:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/**
 * Waits until the queue holds no message due for delivery (issue 18): none waiting for its
 * first try or being tried, none whose retry is due. A message held for later (a viewing
 * request's 10 minutes) or whose retry waits for later does not hold it up.
 */
export async function deliveriesSettled(
  db: DatabaseHandle['db'],
  timeoutMs = 10_000,
): Promise<void> {
  const started = Date.now();
  for (;;) {
    const [pending] = await rowsOf<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM pgboss.job
          WHERE name IN (${deliveryQueueNames})
            AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
    );
    if (!pending?.n) return;
    if (Date.now() - started > timeoutMs) throw new Error(`${pending.n} messages still queued`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Makes the messages held for later (a viewing request's notice, 10 minutes: viewings'
 * request-notices.ts) due now, as if that time had passed on the database's clock.
 */
export async function releaseHeldNotices(db: DatabaseHandle['db']): Promise<void> {
  await db.execute(
    sql`UPDATE pgboss.job SET start_after = now()
        WHERE name IN (${deliveryQueueNames}) AND state = 'created' AND start_after > now()`,
  );
}

/** The newest notification the outbox kept for a recipient, once due deliveries are done. */
export async function lastNotificationTo(
  db: DatabaseHandle['db'],
  recipient: string,
): Promise<{ subject: string | null; textBody: string; htmlBody: string | null } | null> {
  await deliveriesSettled(db);
  const [row] = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The notifications the outbox kept for a recipient that `keep` selects, oldest first, once the
 * queue has delivered what was due; waits (up to 10 s) until there are `atLeast` of them, for
 * notifications that queued jobs send (alerts).
 */
export function notificationsTo(
  db: DatabaseHandle['db'],
  recipient: string,
  keep: (notification: typeof outboxMessages.$inferSelect) => boolean,
  atLeast = 0,
) {
  return vi.waitFor(
    async () => {
      await deliveriesSettled(db);
      const rows = (
        await db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.recipient, recipient))
          .orderBy(outboxMessages.createdAt)
      ).filter(keep);
      if (rows.length < atLeast) throw new Error(`${rows.length} notifications to ${recipient}`);
      return rows;
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** The 6-digit code of the newest notification to a recipient. */
export async function lastCodeTo(db: DatabaseHandle['db'], recipient: string): Promise<string> {
  const notification = await lastNotificationTo(db, recipient);
  const code = /\b(\d{6})\b/.exec(notification?.textBody ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}
