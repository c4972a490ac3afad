import path from 'node:path';
import type { Config } from '../config';
import { openPglite, openPostgres, type DatabaseHandle } from './client';
import { lockDataDir } from './data-dir-lock';
import type { QueuePolicies } from './job-queues';
import { migrateDatabase } from './migrate';

/**
 * Opens the configured database and brings its schema up to date, with the features' queues
 * (server/features/index.ts): PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/db
 * under a lock held until close.
 */
export async function openConfiguredDatabase(
  config: Config,
  onPoolError: (error: Error) => void,
  featureQueues: QueuePolicies,
): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (config.databaseUrl) {
    handle = openPostgres(config.databaseUrl, onPoolError);
  } else {
    const release = lockDataDir(config.dataDir);
    try {
      const pglite = await openPglite(path.join(config.dataDir, 'db'));
      handle = {
        ...pglite,
        close: async () => {
          await pglite.close();
          release();
        },
      };
    } catch (error) {
      release();
      throw error;
    }
  }
  await migrateDatabase(handle, featureQueues);
  return handle;
}
