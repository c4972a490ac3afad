import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { liveEvents } from '../../db/live-schema';
import type { Listen, Listener } from '../../db/notifications';
import { LIVE_CHANNEL, type LiveNotice } from '../../lib/live-updates';

/**
 * The streams this server holds (issue 35): each notification on LIVE_CHANNEL goes to the
 * streams of its user (or of every administrator) held here; a stream that reconnects with
 * Last-Event-ID is first sent what it missed, from `live_events`.
 */

export type LiveEvent = { id: number; type: string; data: unknown };

/** One browser's stream, as the route opened it. */
export type LiveStream = {
  userId: string;
  administrator: boolean;
  /** Its session's token hash: the stream ends with the session. */
  session: string;
  ip: string;
  send: (event: LiveEvent) => void;
  close: () => void;
};

type Held = LiveStream & {
  /** While catching up, what arrives waits here, to be sent after what was missed. */
  waiting: LiveEvent[] | null;
  /** Ids sent while catching up (an event may come both from the table and the channel). */
  caughtUp: Set<number>;
  /** The greatest id sent: where to catch up from if the channel was lost. */
  lastId: number;
};

/** At most this many missed events are sent on reconnecting (a day's are kept). */
const CATCH_UP_LIMIT = 200;

export type LiveHub = {
  /** Holds a stream, first sending what it missed after `lastEventId`; answers its release. */
  attach(stream: LiveStream, lastEventId: number | null): Promise<() => void>;
  /** Streams held, in all or of one user or address. */
  count(of?: { userId?: string; ip?: string }): number;
  /** Closes the streams whose session is no longer alive (`alive` answers those that are). */
  checkSessions(userId?: string): Promise<void>;
  /** Starts listening (no `listen`: nothing arrives live; streams still catch up). */
  start(): Promise<void>;
  close(): Promise<void>;
};

export function createLiveHub(deps: {
  db: Database;
  listen: Listen | null;
  log: FastifyBaseLogger;
  /** Of these session token hashes, the ones still alive. */
  aliveSessions: (sessions: string[]) => Promise<Set<string>>;
}): LiveHub {
  const { db, log } = deps;
  const held = new Set<Held>();
  // By whom they are addressed to, so that a notification visits its own streams only.
  const byUser = new Map<string, Set<Held>>();
  const administrators = new Set<Held>();
  let listener: Listener | null = null;

  const hold = (stream: Held) => {
    held.add(stream);
    const own = byUser.get(stream.userId) ?? new Set();
    byUser.set(stream.userId, own.add(stream));
    if (stream.administrator) administrators.add(stream);
  };
  const release = (stream: Held) => {
    held.delete(stream);
    administrators.delete(stream);
    const own = byUser.get(stream.userId);
    own?.delete(stream);
    if (own?.size === 0) byUser.delete(stream.userId);
  };

  const send = (stream: Held, event: LiveEvent) => {
    stream.lastId = Math.max(stream.lastId, event.id);
    stream.send(event);
  };

  const missed = (stream: Held, after: number) =>
    db
      .select({ id: liveEvents.id, type: liveEvents.type, data: liveEvents.data })
      .from(liveEvents)
      .where(
        and(
          gt(liveEvents.id, after),
          stream.administrator
            ? or(eq(liveEvents.userId, stream.userId), isNull(liveEvents.userId))
            : eq(liveEvents.userId, stream.userId),
        ),
      )
      .orderBy(asc(liveEvents.id))
      .limit(CATCH_UP_LIMIT);

  function deliver(notice: Extract<LiveNotice, { id: number }>) {
    const event = { id: notice.id, type: notice.type, data: notice.data };
    const addressed = notice.userId === null ? administrators : byUser.get(notice.userId);
    for (const stream of addressed ?? []) {
      if (stream.waiting) stream.waiting.push(event);
      else if (!stream.caughtUp.has(event.id)) send(stream, event);
    }
  }

  function notified(payload: string) {
    let notice: LiveNotice;
    try {
      notice = JSON.parse(payload) as LiveNotice;
    } catch {
      log.warn({ payload: payload.slice(0, 200) }, 'live: unreadable notification');
      return;
    }
    if ('sessionsEnded' in notice) void hub.checkSessions(notice.sessionsEnded);
    else deliver(notice);
  }

  /** After the channel was lost: each stream is sent what it missed meanwhile. */
  async function catchUpAll() {
    for (const stream of held) {
      if (stream.waiting) continue;
      try {
        for (const row of await missed(stream, stream.lastId)) {
          if (!stream.caughtUp.has(row.id)) send(stream, row);
        }
      } catch (error) {
        log.warn({ err: error }, 'live: catching up after a reconnection failed');
      }
    }
  }

  const hub: LiveHub = {
    async attach(stream, lastEventId) {
      const entry: Held = { ...stream, waiting: [], caughtUp: new Set(), lastId: lastEventId ?? 0 };
      hold(entry);
      try {
        if (lastEventId !== null) {
          for (const row of await missed(entry, lastEventId)) {
            entry.caughtUp.add(row.id);
            send(entry, row);
          }
        }
      } catch (error) {
        release(entry);
        throw error;
      }
      const waiting = entry.waiting ?? [];
      entry.waiting = null;
      for (const event of waiting) if (!entry.caughtUp.has(event.id)) send(entry, event);
      return () => release(entry);
    },
    count(of = {}) {
      const streams = of.userId === undefined ? held : (byUser.get(of.userId) ?? []);
      let n = 0;
      for (const stream of streams) if (of.ip === undefined || stream.ip === of.ip) n++;
      return n;
    },
    async checkSessions(userId) {
      const streams = [...(userId === undefined ? held : (byUser.get(userId) ?? []))];
      if (streams.length === 0) return;
      let alive: Set<string>;
      try {
        alive = await deps.aliveSessions([...new Set(streams.map((stream) => stream.session))]);
      } catch (error) {
        log.warn({ err: error }, 'live: checking the sessions of streams failed');
        return;
      }
      for (const stream of streams) {
        if (alive.has(stream.session)) continue;
        release(stream);
        stream.close();
      }
    },
    async start() {
      if (!deps.listen || listener) return;
      listener = await deps.listen(LIVE_CHANNEL, {
        notified,
        reconnected: () => void catchUpAll(),
        error: (error) => log.warn({ err: error }, 'live: the listening connection failed'),
      });
    },
    async close() {
      const stopping = listener;
      listener = null;
      await stopping?.close();
      for (const stream of [...held]) {
        release(stream);
        stream.close();
      }
    },
  };
  return hub;
}
