/**
 * `npm run seed`: loads the demo data into the configured database (safe to run twice).
 * `npm run seed -- --listings N` adds N synthetic live listings, for benchmarks.
 * `--password P` gives the accounts P instead of the published demo password: the measuring
 * scripts then run a production server on the data, which refuses the demo password.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { retireDemoPassword } from '../server/demo/demo-accounts';
import { openConfiguredDatabase } from '../server/db/open';
import {
  DEMO_PASSWORD,
  demoAccounts,
  seedBenchmarkListings,
  seedDemoData,
} from '../server/demo/seed';
import { openStorage } from '../server/lib/open-storage';
import { serverQueues } from '../server/features';

const { values } = parseArgs({
  options: { listings: { type: 'string' }, password: { type: 'string' } },
});
const listings = values.listings === undefined ? 0 : Number(values.listings);
if (!Number.isInteger(listings) || listings < 0) {
  console.error(
    'Usage: npm run seed [-- --listings N] [--password P]   (N: a whole number of listings)',
  );
  process.exit(1);
}

const config = loadConfig();
if (config.isProduction) {
  // Published passwords must never guard a public site (server/config.ts says the same).
  console.error(
    'npm run seed loads demo accounts with a published password: refused with ' +
      'NODE_ENV=production. Create an administrator with npm run create-admin instead.',
  );
  process.exit(1);
}
const database = await openConfiguredDatabase(
  config,
  (error) => console.error(error),
  serverQueues(),
);
try {
  const storage = openStorage(config);
  await seedDemoData(database.db, storage);
  if (values.password) await retireDemoPassword(database.db, values.password);
  console.log(
    `Demo data loaded. Accounts (password ${values.password ? '--password' : DEMO_PASSWORD}):`,
  );
  for (const account of demoAccounts) console.log(`  ${account.role.padEnd(7)} ${account.email}`);
  if (listings > 0) {
    const started = Date.now();
    await seedBenchmarkListings(database.db, storage, listings);
    console.log(
      `${listings} synthetic listings loaded in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  }
} finally {
  await database.close();
}
