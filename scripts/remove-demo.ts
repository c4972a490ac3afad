/**
 * `npm run remove-demo` deletes the accounts that still have the demo password (published in
 * the README) with their listings, favourites and sessions, from the configured database
 * (DATA_DIR or DATABASE_URL): what a production server asks for when it finds them (issue 34).
 * Photo files of the deleted listings go with the server's hourly sweep.
 */
import { loadConfig } from '../server/config';
import { removeDemoAccounts } from '../server/demo/demo-accounts';
import { openConfiguredDatabase } from '../server/db/open';
import { serverQueues } from '../server/features';

const config = loadConfig();
const database = await openConfiguredDatabase(
  config,
  (error) => console.error(error),
  serverQueues(),
);
try {
  const removed = await removeDemoAccounts(database.db);
  console.log(
    removed.length === 0
      ? 'No account has the demo password.'
      : `Removed ${removed.length} demo account${removed.length === 1 ? '' : 's'}: ${removed
          .map((account) => account.name)
          .join(', ')}`,
  );
} finally {
  await database.close();
}
