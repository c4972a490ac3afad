/**
 * The server's entry. What can refuse a start without the server's code comes first: the
 * configuration, and another server already on this DATA_DIR, which is told in a moment
 * rather than after the seconds that loading the whole server takes on a busy machine. Then
 * server/start.ts opens the database, builds the app and listens.
 */
import { ConfigError, loadConfig } from './config';
import { assertDataDirFree, DataDirLockedError } from './db/data-dir-lock';

/** The reasons a start is refused that are told as they are, without a stack. */
const told = ['ConfigError', 'DataDirLockedError', 'DemoAccountsError', 'S3BucketError'];

async function main() {
  const config = loadConfig();
  // The embedded database's directory; open() takes the lock itself when it opens it.
  if (!config.databaseUrl) assertDataDirFree(config.dataDir);
  const { start } = await import('./start');
  await start(config);
}

main().catch((error: unknown) => {
  const known =
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    (error instanceof Error && told.includes(error.name));
  console.error(known ? `\n${(error as Error).message}\n` : error);
  process.exit(1);
});
