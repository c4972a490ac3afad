import type { Config } from './config';
import { buildApp } from './app';
import { isDatabaseEmpty } from './db/client';
import { accountsWithDemoPassword, DemoAccountsError, demoSignIns } from './demo/demo-accounts';
import { openConfiguredDatabase } from './db/open';
import { DEMO_PASSWORD, seedDemoData, type DemoAccount } from './demo/seed';
import { openStorage } from './lib/open-storage';
import { checkBucket } from './lib/s3-storage';
import { administratorExists, ensureAdministrator } from './features/auth/plugin';
import { serverQueues } from './features';

function loggerOptions(config: Config) {
  if (config.isProduction) return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: {
      target: 'pino-pretty',
      options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss', singleLine: true },
    },
  };
}

function smsDescription(sms: Config['sms']): string {
  switch (sms.provider) {
    case 'none':
      return 'kept in the outbox (no SMS_PROVIDER)';
    case 'twilio':
      return `Twilio, from ${sms.from}`;
    case 'africastalking':
      return `Africa's Talking (${sms.username}), from ${sms.senderId}`;
  }
}

function printBanner(
  config: Config,
  demo: readonly DemoAccount[],
  databaseKind: string,
  hasAdministrator: boolean,
) {
  const url = config.webDevUrl ?? `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Abode is running at ${url}`,
    `  Database: ${databaseKind === 'pglite' ? `embedded (${config.dataDir}/db)` : 'PostgreSQL'}`,
    `  Files: ${config.s3 ? `S3 bucket ${config.s3.bucket}` : `${config.dataDir}/files`}`,
    `  Rate limits: ${config.redisUrl ? 'Redis (shared by every server)' : 'in memory (this server)'}`,
    `  Text messages: ${smsDescription(config.sms)}`,
  ];
  if (demo.length > 0) {
    lines.push('', `  Demo accounts (password: ${DEMO_PASSWORD})`);
    for (const account of demo) lines.push(`    ${account.role.padEnd(7)} ${account.email}`);
  }
  if (!hasAdministrator) {
    lines.push(
      '',
      '  No administrator yet. Create one (it can approve listings and grant others):',
      "    npm run create-admin -- --email you@example.com --password '…'",
      '  or start the server with ADMIN_EMAIL and ADMIN_PASSWORD set.',
    );
  }
  if (!config.isProduction && !config.smtpUrl) {
    lines.push('', `  Dev mailbox (messages the app would send): ${url}/dev/mailbox`);
  }
  console.log(lines.join('\n') + '\n');
}

/** Opens the database and storage, builds the app and listens (server/main.ts runs it). */
export async function start(config: Config) {
  const logger = loggerOptions(config);
  let onPoolError: (error: Error) => void = (error) => console.error(error);
  const database = await openConfiguredDatabase(
    config,
    (error) => onPoolError(error),
    serverQueues(),
  );

  let onStorageUnavailable: (error: unknown) => void = (error) => console.error(error);
  const storage = openStorage(config, {
    onUnavailable: (error) => onStorageUnavailable(error),
  });
  // A bucket that does not exist or refuses these keys stops the start, with the reason.
  if (config.s3) await checkBucket(config.s3);
  // The demo (accounts with a published password) is for trying Abode on a laptop: loaded on
  // an empty embedded database, never in production (config.ts refuses SEED_DEMO=true there).
  const seed =
    config.seedDemo ??
    (!config.isProduction && database.kind === 'pglite' && (await isDatabaseEmpty(database.db)));
  if (seed) await seedDemoData(database.db, storage);
  // A folder a development start seeded (both default to ./data) still has them: a production
  // server never opens with accounts anyone can sign in to (issue 34).
  if (config.isProduction) {
    const demo = await accountsWithDemoPassword(database.db);
    if (demo.length > 0) {
      await database.close();
      throw new DemoAccountsError(demo, {
        dataDir: config.dataDir,
        embedded: database.kind === 'pglite',
      });
    }
  }
  if (config.adminEmail && config.adminPassword) {
    await ensureAdministrator(database.db, config.adminEmail, config.adminPassword);
  }

  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    storage,
    logger,
  });
  onPoolError = (error) => app.log.warn({ err: error }, 'database connection lost; reconnecting');
  onStorageUnavailable = (error) =>
    app.log.warn({ err: error }, 'file storage (S3) cannot be reached; answering 503');

  // The features' schedules and their hourly clean-ups (server/lib/feature-module.ts), through
  // the job queue, so that one server runs each however many share the database (decision 013).
  app.startSchedules();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Run by `npm start` (scripts/start.mjs) through a channel: if that process ends without
  // passing a signal on (killed), the server closes too rather than keep the data folder.
  if (process.send) process.on('disconnect', () => void shutdown('start script gone'));

  await app.listen({ port: config.port, host: config.host });
  printBanner(
    config,
    // Each development start names the demo accounts that still open (issue 51).
    config.isProduction ? [] : await demoSignIns(database.db),
    database.kind,
    await administratorExists(database.db),
  );
}
