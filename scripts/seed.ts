/** `npm run seed`: loads the demo data into the configured database (safe to run twice). */
import { loadConfig } from '../server/config';
import { openConfiguredDatabase } from '../server/db/open';
import { openStorage } from '../server/lib/storage';
import { DEMO_PASSWORD, demoAccounts, seedDemoData } from '../server/db/seed';

const config = loadConfig();
const database = await openConfiguredDatabase(config, (error) => console.error(error));
try {
  await seedDemoData(database.db, openStorage(config));
  console.log(`Demo data loaded. Accounts (password ${DEMO_PASSWORD}):`);
  for (const account of demoAccounts) console.log(`  ${account.role.padEnd(7)} ${account.email}`);
} finally {
  await database.close();
}
