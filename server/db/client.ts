import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';
import { pgliteListen, postgresListen, type Listen } from './notifications';

/** What every service receives: one type for both drivers (PGlite and node-postgres). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (server/db/migrate.ts does it per driver). */
  migrate: (migrationsFolder: string) => Promise<void>;
  /** PGlite only: the data directory as a tarball (tests clone a migrated database). */
  dumpDataDir: () => Promise<Blob>;
  /**
   * Plain SQL for a library that writes its own (the job queue): `$1`-style values, or, with
   * none, several statements at once (a library's schema migration sends them together).
   */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  /** LISTEN on a channel (notifications.ts): in process on PGlite, a dedicated connection otherwise. */
  listen: Listen;
  close: () => Promise<void>;
};

/** The rows of a raw SQL query: both drivers (node-postgres and PGlite) answer with { rows }. */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export type ScriptClient = {
  exec(text: string): Promise<{ rows?: unknown[] }[]>;
  query(text: string): Promise<unknown>;
};

/**
 * A script on PGlite, answering every statement's rows, as node-postgres does for a script
 * (pg-boss 12 reads a row from the middle of its `BEGIN … COMMIT` scripts). PGlite has one
 * connection: a script failing inside its transaction would leave every later statement
 * refused, so it is rolled back (node-postgres's pool would hand out another connection).
 */
export async function runScript(client: ScriptClient, text: string): Promise<{ rows: unknown[] }> {
  try {
    return { rows: (await client.exec(text)).flatMap((result) => result.rows ?? []) };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

type ErrorLogger = (error: Error) => void;

/** The advisory lock migrations are applied under on a PostgreSQL server (any fixed number). */
const MIGRATION_LOCK_KEY = 72_036_140;

/**
 * How alike a typed place must be to a word of a listing's location for the trigram match of
 * search (`<%`). PostgreSQL's 0.6 misses one-letter slips such as "Acra" (0.57 to "Accra").
 */
const WORD_SIMILARITY_THRESHOLD = 0.5;

/**
 * PGlite's shared buffers (PostgreSQL's default is 128 MB): the embedded database runs on
 * servers of 1 GB (issue 22), and 16 MB holds the demo data and the hot pages of a large one;
 * the rest comes from the operating system's file cache. Measured in docs/performance.md.
 */
const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * Embedded PostgreSQL: a folder on disk, or memory when dataDir is undefined (tests), which
 * may start from a dump of another PGlite.
 */
export async function openPglite(
  dataDir: string | undefined,
  loadDataDir?: Blob,
): Promise<DatabaseHandle> {
  const client = await PGlite.create({
    dataDir,
    loadDataDir,
    extensions: { pg_trgm, unaccent },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  // One connection for the whole process: a session setting holds for every query.
  await client.exec(`SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    async migrate(migrationsFolder) {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db, { migrationsFolder });
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    async executeSql(text, values = []) {
      // A prepared statement holds one command: PGlite's exec takes a script.
      if (values.length > 0) return client.query(text, values);
      return runScript(client, text);
    },
    listen: pgliteListen(client),
    close: () => client.close(),
  };
}

/**
 * A PostgreSQL server through a pool. An idle client that loses its connection (database
 * restart) emits 'error' on the pool; without a listener that would crash the process, so it
 * is logged and the pool reconnects on the next query.
 */
/** How long closing waits for the clients out of the pool before it destroys them. */
const CLOSE_GRACE_MS = 5_000;

export function openPostgres(connectionString: string, onError: ErrorLogger): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    // Set on every pooled connection, before any query.
    options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', onError);
  // pg-pool listens for errors on idle clients only. A client checked out between two queries
  // (inside a transaction) that loses its connection emits 'error' too, and without a
  // listener that ended the process; its next query fails as an outage (503) and the pool
  // drops it on release.
  pool.on('connect', (client) => {
    client.on('error', onError);
  });
  // The clients out of the pool: `pool.end()` waits for each to come back, and one handed to a
  // caller while PostgreSQL dropped every connection can stay out for good (seen about once in
  // seven runs of server/lib/database-unavailable.test.ts), so that closing never ended.
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  const db = drizzleNodePg(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    async migrate(migrationsFolder) {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      // Several servers may start at once on one database (a deployment of two machines):
      // without a lock both apply the same migration and one fails on a duplicate table.
      // One migrates while the others wait on this lock, then find nothing left to do.
      const lock = await pool.connect();
      try {
        await lock.query(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
        try {
          await migrate(db, { migrationsFolder });
        } finally {
          await lock.query(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
        }
      } finally {
        lock.release();
      }
    },
    dumpDataDir: () => Promise.reject(new Error('Only an embedded database can be dumped')),
    executeSql: (text, values = []) => pool.query(text, values),
    listen: postgresListen(connectionString),
    close: async () => {
      const ended = pool.end();
      // Past a grace period, a client still out is destroyed: its connection is gone anyway,
      // or the server is closing.
      const destroy = setTimeout(() => {
        for (const client of checkedOut) client.release(true);
      }, CLOSE_GRACE_MS);
      try {
        await ended;
      } finally {
        clearTimeout(destroy);
      }
    },
  };
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(schema.users);
  return (row?.count ?? 0) === 0;
}
