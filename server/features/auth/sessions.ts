import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from './schema';
import { users, type UserRow } from '../../db/schema';
import { liveUpdates } from '../../lib/live-updates';

export const SESSION_COOKIE = 'abode_session';
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60_000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60_000;
// Writing last_seen_at on every request would make each page view a write; once an hour is
// precise enough for a 7-day idle limit.
const TOUCH_AFTER_MS = 60 * 60_000;

/** SHA-256 of a secret token: what the database keeps instead of the token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, createdAt: now, lastSeenAt: now, expiresAt });
  return { token, expiresAt };
}

/** The user of a live session, or null when the token is unknown, expired or idle too long. */
export async function findSessionUser(
  db: Database,
  token: string,
  now = new Date(),
): Promise<UserRow | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return row.user;
}

/**
 * Ends one session (signing out): its live update streams close, on whichever server. One
 * transaction: an outage between the delete and the notice leaves the session as it was (the
 * request answers 503 and the browser keeps a cookie that still works), never deleted with its
 * streams open.
 */
export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
      .returning({ userId: sessions.userId });
    // In the transaction, the streams are told when it commits.
    if (ended) await liveUpdates.sessionsEnded(tx, ended.userId);
  });
}

/**
 * A sign-in's new session, replacing the one the request came with (a token planted before it
 * is worth nothing after). Both in one transaction: an outage part-way leaves the old session
 * working, since the answer is then a 503 that sets no cookie.
 */
export async function replaceSession(
  db: Database,
  userId: string,
  oldToken: string | null,
): Promise<{ token: string; expiresAt: Date }> {
  return db.transaction(async (tx) => {
    const created = await createSession(tx, userId);
    if (oldToken) await deleteSession(tx, oldToken);
    return created;
  });
}

/** Housekeeping: sessions past either limit can never be used again. */
export async function deleteDeadSessions(db: Database, now = new Date()): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    );
}

/**
 * Ends every session of a user (a password reset), or every one but the session the request
 * came with (a password change keeps its author signed in).
 */
export async function deleteUserSessions(
  db: Database,
  userId: string,
  keepToken?: string | null,
): Promise<void> {
  const others = keepToken ? ne(sessions.tokenHash, hashToken(keepToken)) : undefined;
  await db.delete(sessions).where(and(eq(sessions.userId, userId), others));
  // In a transaction, the streams are told when it commits.
  await liveUpdates.sessionsEnded(db, userId);
}

/** Of these sessions (token hashes), the ones still alive: not expired nor idle too long. */
export async function aliveSessionHashes(
  db: Database,
  tokenHashes: string[],
  now = new Date(),
): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set();
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(
      and(
        inArray(sessions.tokenHash, tokenHashes),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    );
  return new Set(rows.map((row) => row.tokenHash));
}
