import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * PostgreSQL's LISTEN/NOTIFY as the live updates use it (server/lib/live-updates.ts): a
 * notification sent in a transaction is delivered when it commits, and never after a rollback,
 * to every server listening on the same database.
 */
export type Listener = {
  /** Stops listening (the dedicated connection is closed). */
  close: () => Promise<void>;
};

export type ListenCallbacks = {
  notified: (payload: string) => void;
  /**
   * The connection was lost and is listening again: what was sent meanwhile was not
   * delivered, and the listener catches up from where it keeps its history.
   */
  reconnected?: () => void;
  error?: (error: Error) => void;
};

export type Listen = (channel: string, callbacks: ListenCallbacks) => Promise<Listener>;

/** In process on PGlite: its one connection delivers the notifications of its own commits. */
export function pgliteListen(client: PGlite): Listen {
  return async (channel, { notified }) => {
    const stop = await client.listen(channel, notified);
    return { close: () => stop() };
  };
}

/** How long a lost listening connection waits before connecting again. */
const RECONNECT_MS = 1_000;

/**
 * On a PostgreSQL server, one dedicated connection (a pooled one would be handed to other
 * queries, and LISTEN belongs to a session), connected again whenever it is lost.
 */
export function postgresListen(connectionString: string): Listen {
  return async (channel, { notified, reconnected, error }) => {
    let client: pg.Client | null = null;
    let closed = false;
    let timer: NodeJS.Timeout | undefined;
    const connect = async (again: boolean): Promise<void> => {
      const next = new pg.Client({ connectionString });
      next.on('notification', (message) => {
        if (message.channel === channel) notified(message.payload ?? '');
      });
      const lost = (cause?: Error) => {
        if (cause) error?.(cause);
        if (closed || client !== next) return;
        client = null;
        timer = setTimeout(() => void retry(), RECONNECT_MS);
      };
      next.on('error', lost);
      next.on('end', () => lost());
      client = next;
      try {
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (cause) {
        client = null;
        await next.end().catch(() => undefined);
        throw cause;
      }
      if (closed) await next.end().catch(() => undefined);
      else if (again) reconnected?.();
    };
    const retry = async () => {
      if (closed) return;
      try {
        await connect(true);
      } catch (cause) {
        error?.(cause as Error);
        timer = setTimeout(() => void retry(), RECONNECT_MS);
      }
    };
    await connect(false);
    return {
      async close() {
        closed = true;
        clearTimeout(timer);
        const last = client;
        client = null;
        await last?.end().catch(() => undefined);
      },
    };
  };
}
