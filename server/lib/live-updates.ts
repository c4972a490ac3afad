import type { LiveEvents, LiveEventType } from '#common/live-events';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Live updates (issue 35, docs/decisions/028): a feature publishes an event for a user (or for
 * every administrator) with the write that causes it; the row kept in `live_events` is what a
 * reconnecting stream catches up from, and PostgreSQL's NOTIFY, sent in the same transaction,
 * wakes every server's streams once it commits (none after a rollback). The streams themselves
 * are the live feature's (server/features/live/).
 */
export const LIVE_CHANNEL = 'abode_live';

/**
 * NOTIFY carries at most 8 000 bytes, the event's id, user and type around its data: an event
 * says what changed, not the whole record. The largest is a message of a conversation (issue
 * 37): 2 000 characters of at most 3 bytes each in JSON (control characters are removed at
 * input, so none is escaped to six), 6 000 bytes and its fields.
 */
export const MAX_LIVE_EVENT_BYTES = 7_200;

export type LiveAudience = { userId: string } | 'administrators';

/** What a notification on LIVE_CHANNEL says. */
export type LiveNotice =
  | { id: number; userId: string | null; type: LiveEventType; data: unknown }
  /** Sessions of this user ended (signed out, password reset): its streams check theirs. */
  | { sessionsEnded: string };

export type LiveUpdates = {
  /** Publishes `data` in `db`'s transaction (or at once outside one). */
  publish<K extends LiveEventType>(
    db: Database,
    to: LiveAudience,
    type: K,
    data: LiveEvents[K],
  ): Promise<void>;
  /** Tells every server that some of this user's sessions ended, so that their streams close. */
  sessionsEnded(db: Database, userId: string): Promise<void>;
};

export const liveUpdates: LiveUpdates = {
  async publish(db, to, type, data) {
    const userId = to === 'administrators' ? null : to.userId;
    const json = JSON.stringify(data);
    if (Buffer.byteLength(json) > MAX_LIVE_EVENT_BYTES) {
      throw new Error(`live event ${type} is larger than ${MAX_LIVE_EVENT_BYTES} bytes`);
    }
    await db.execute(sql`
      with event as (
        insert into live_events (user_id, type, data)
        values (${userId}, ${type}, ${json}::jsonb)
        returning id, user_id, type, data
      )
      select pg_notify(${LIVE_CHANNEL}, json_build_object(
        'id', id, 'userId', user_id, 'type', type, 'data', data)::text)
      from event`);
  },
  async sessionsEnded(db, userId) {
    const notice: LiveNotice = { sessionsEnded: userId };
    await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(notice)})`);
  },
};
