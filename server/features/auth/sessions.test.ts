import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBodySchema } from '#common/auth';
import type { DatabaseHandle } from '../../db/client';
import { sessions } from './schema';
import type { UserRow } from '../../db/schema';
import { newAccount } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';
import { registerUser } from './service';
import {
  createSession,
  deleteDeadSessions,
  deleteSession,
  findSessionUser,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from './sessions';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let database: DatabaseHandle;
let user: UserRow;

beforeAll(async () => {
  database = await createTestDatabase();
  user = await registerUser(database.db, registerBodySchema.parse(newAccount()));
});
afterAll(async () => {
  await database.close();
});

const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
const find = (token: string, now: Date) => findSessionUser(database.db, token, now);
const rowOf = async (token: string) => {
  const hash = createHash('sha256').update(token).digest('hex');
  const [row] = await database.db.select().from(sessions).where(eq(sessions.tokenHash, hash));
  return row;
};

describe('session lifetimes', () => {
  it('uses the documented limits: 30 days absolute, 7 days idle', () => {
    expect(SESSION_ABSOLUTE_MS).toBe(30 * DAY);
    expect(SESSION_IDLE_MS).toBe(7 * DAY);
  });

  it('a new session finds its user and ends 30 days after it began', async () => {
    const start = new Date('2031-03-01T09:00:00Z');
    const { token, expiresAt } = await createSession(database.db, user.id, start);
    expect(expiresAt.getTime()).toBe(start.getTime() + 30 * DAY);
    expect((await find(token, start))?.id).toBe(user.id);
    expect((await find(token, at(start, 5 * MINUTE)))?.email).toBe(user.email);
  });

  it('a session left unused for 7 days and a minute is over', async () => {
    const start = new Date('2031-04-01T09:00:00Z');
    const { token } = await createSession(database.db, user.id, start);
    expect(await find(token, at(start, 7 * DAY + MINUTE))).toBeNull();
  });

  it('a session unused for just under 7 days is still valid', async () => {
    const start = new Date('2031-04-15T09:00:00Z');
    const { token } = await createSession(database.db, user.id, start);
    expect((await find(token, at(start, 7 * DAY - MINUTE)))?.id).toBe(user.id);
  });

  it('a session used every 6 days stays valid until the 30-day limit, and not after', async () => {
    const start = new Date('2031-05-01T09:00:00Z');
    const { token } = await createSession(database.db, user.id, start);
    for (const day of [6, 12, 18, 24]) {
      expect((await find(token, at(start, day * DAY)))?.id, `day ${day}`).toBe(user.id);
    }
    // Day 29 and 23:59: last used 5 days ago, within the absolute limit.
    expect((await find(token, at(start, 30 * DAY - MINUTE)))?.id).toBe(user.id);
    // Used a minute ago, but past the absolute limit.
    expect(await find(token, at(start, 30 * DAY + MINUTE))).toBeNull();
  });

  it('records use at most once an hour, so a page view is not a write', async () => {
    const start = new Date('2031-06-01T09:00:00Z');
    const { token } = await createSession(database.db, user.id, start);
    await find(token, at(start, 30 * MINUTE));
    expect((await rowOf(token))?.lastSeenAt.getTime()).toBe(start.getTime());
    await find(token, at(start, 2 * HOUR));
    expect((await rowOf(token))?.lastSeenAt.getTime()).toBe(start.getTime() + 2 * HOUR);
  });

  it('an unknown token finds nobody', async () => {
    expect(await find('no-such-token', new Date())).toBeNull();
    expect(await find('', new Date())).toBeNull();
  });
});

describe('deleteSession', () => {
  it('ends that session only', async () => {
    const now = new Date();
    const first = await createSession(database.db, user.id, now);
    const second = await createSession(database.db, user.id, now);
    await deleteSession(database.db, first.token);
    expect(await find(first.token, now)).toBeNull();
    expect(await rowOf(first.token)).toBeUndefined();
    expect((await find(second.token, now))?.id).toBe(user.id);
  });

  it('is harmless for a token that does not exist', async () => {
    await expect(deleteSession(database.db, 'never-issued')).resolves.toBeUndefined();
  });
});

describe('what is stored', () => {
  it('keeps the SHA-256 hex of the token, never the token itself', async () => {
    const now = new Date();
    const { token } = await createSession(database.db, user.id, now);
    // 32 random bytes in base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const rows = await database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const hashes = rows.map((row) => row.tokenHash);
    expect(hashes).toContain(createHash('sha256').update(token).digest('hex'));
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('gives every session a different token', async () => {
    const now = new Date();
    const tokens = new Set<string>();
    for (let i = 0; i < 20; i++) tokens.add((await createSession(database.db, user.id, now)).token);
    expect(tokens.size).toBe(20);
  });
});

describe('deleteDeadSessions', () => {
  it('removes expired and idle sessions and keeps every live one', async () => {
    const owner = await registerUser(database.db, registerBodySchema.parse(newAccount()));
    const now = new Date('2032-01-31T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);

    const fresh = await createSession(database.db, owner.id, ago(HOUR));
    // Begun 29 days ago and used every 6 days since: old, but alive.
    const old = await createSession(database.db, owner.id, ago(29 * DAY));
    for (const day of [23, 17, 11, 5]) expect(await find(old.token, ago(day * DAY))).not.toBeNull();
    // Unused for 6 days: alive.
    const quiet = await createSession(database.db, owner.id, ago(6 * DAY));
    // Unused for 8 days: idle.
    const idle = await createSession(database.db, owner.id, ago(8 * DAY));
    // Begun 30.5 days ago and used every 6 days, the last time 1 day ago: expired, not idle.
    const expired = await createSession(database.db, owner.id, ago(30 * DAY + 12 * HOUR));
    for (const day of [25, 19, 13, 7, 1]) {
      expect(await find(expired.token, ago(day * DAY))).not.toBeNull();
    }
    expect((await rowOf(expired.token))?.lastSeenAt.getTime()).toBe(ago(DAY).getTime());

    await deleteDeadSessions(database.db, now);

    const left = await database.db.select().from(sessions).where(eq(sessions.userId, owner.id));
    const leftHashes = new Set(left.map((row) => row.tokenHash));
    const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
    expect(leftHashes).toEqual(new Set([fresh, old, quiet].map((s) => hashOf(s.token))));
    expect(leftHashes.has(hashOf(idle.token))).toBe(false);
    expect(leftHashes.has(hashOf(expired.token))).toBe(false);

    // The ones kept still work.
    for (const kept of [fresh, old, quiet])
      expect((await find(kept.token, now))?.id).toBe(owner.id);
  });
});
