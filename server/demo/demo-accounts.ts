import { count, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { DEMO_PASSWORD, demoAccounts, demoHosts, type DemoAccount } from './seed';
import { demoReviewerEmails } from './seed-reviews';

/** Up to this many accounts, every hash is checked: about half a second of argon2id at most. */
const CHECK_EVERY_ACCOUNT_UP_TO = 25;
/** At most this many distinct hashes are verified (about a second), however large the site. */
const MAX_HASHES_CHECKED = 50;

export const demoEmails: readonly string[] = [
  ...[...demoAccounts, ...demoHosts].map((a) => a.email),
  ...demoReviewerEmails,
];

export type DemoPasswordAccount = { id: string; name: string };

/**
 * The accounts that still open with the demo password, which the README publishes (issue 34:
 * a production server refuses to start while any exists; `npm run remove-demo` deletes them).
 *
 * Verifying a hash costs about 20 ms of argon2id, so a site with 100 000 accounts cannot check
 * them all at each start. The hashes that can be the demo's:
 * - those of the demo e-mails (seed.ts), the usual case;
 * - any hash that two or more accounts share. argon2 salts every hash at random, so two people
 *   choosing the same password never share a hash; only the seed makes shared hashes (it hashes
 *   the demo password once and gives that hash to all its accounts). So a demo account whose
 *   e-mail was changed is still found while any other seeded account keeps the same hash;
 * - on a small database (at most 25 accounts: a fresh site, a trial), every hash, so even a
 *   lone renamed demo account is found where a development start left it.
 * Each distinct hash is verified once, and at most MAX_HASHES_CHECKED of them. What this can
 * miss: on a database of more than 25 accounts, a demo account that was renamed while every
 * other seeded account was deleted or given a new password; that is someone's deliberate work
 * on a demo account, not a demo left behind.
 */
export async function accountsWithDemoPassword(db: Database): Promise<DemoPasswordAccount[]> {
  const [total] = await db.select({ value: count() }).from(users);
  const everyAccount = (total?.value ?? 0) <= CHECK_EVERY_ACCOUNT_UP_TO;
  const sharedHashes = db
    .select({ hash: users.passwordHash })
    .from(users)
    .groupBy(users.passwordHash)
    .having(sql`count(*) > 1`);
  const candidates = await db
    .select({
      id: users.id,
      email: users.email,
      phone: users.phone,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(
      everyAccount
        ? undefined
        : or(inArray(users.email, [...demoEmails]), inArray(users.passwordHash, sharedHashes)),
    );
  const byHash = new Map<string, typeof candidates>();
  for (const account of candidates) {
    byHash.set(account.passwordHash, [...(byHash.get(account.passwordHash) ?? []), account]);
  }
  const found: DemoPasswordAccount[] = [];
  for (const [hash, accounts] of [...byHash].slice(0, MAX_HASHES_CHECKED)) {
    if (!(await verifyPassword(hash, DEMO_PASSWORD))) continue;
    for (const account of accounts) {
      found.push({ id: account.id, name: account.email ?? account.phone ?? account.id });
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** Deletes the accounts that still have the demo password, with their listings and saves. */
export async function removeDemoAccounts(db: Database): Promise<DemoPasswordAccount[]> {
  const demo = await accountsWithDemoPassword(db);
  if (demo.length > 0) {
    await db.delete(users).where(
      inArray(
        users.id,
        demo.map((account) => account.id),
      ),
    );
  }
  return demo;
}

/**
 * Gives every account that still has the demo password this one instead: for the scripts that
 * measure a production server on the demo data in a throwaway folder (`npm run seed --
 * --password`; bench, footprint, lighthouse, repeat-visit), which a production server would
 * otherwise refuse. The accounts and listings stay; their password is no longer published.
 */
export async function retireDemoPassword(db: Database, password: string): Promise<number> {
  const demo = await accountsWithDemoPassword(db);
  if (demo.length === 0) return 0;
  const passwordHash = await hashPassword(password);
  await db
    .update(users)
    .set({ passwordHash })
    .where(
      inArray(
        users.id,
        demo.map((account) => account.id),
      ),
    );
  return demo.length;
}

/** A production start on a database that still has demo accounts (main.ts). */
export class DemoAccountsError extends Error {
  constructor(accounts: DemoPasswordAccount[], where: { dataDir: string; embedded: boolean }) {
    // The accounts the README publishes first: the ones a reader recognises.
    const published = new Set<string>(demoAccounts.map((account) => account.email));
    const names = [...accounts]
      .sort((a, b) => Number(published.has(b.name)) - Number(published.has(a.name)))
      .slice(0, 10)
      .map((account) => account.name);
    if (accounts.length > 10) names.push(`and ${accounts.length - 10} more`);
    const database = where.embedded ? `The data folder ${where.dataDir}` : 'The database';
    const lines = [
      `${database} holds accounts that still have the demo password, which the README publishes:`,
      `  ${names.join(', ')}`,
      'A production server (NODE_ENV=production) does not start while anyone could sign in to them.',
      'Either:',
      ...(where.embedded
        ? [
            '  - start on another, empty data folder: DATA_DIR=/var/lib/abode (a development start',
            `    seeded this one; delete it if it holds nothing but the demo: rm -r ${where.dataDir}), or`,
          ]
        : []),
      '  - remove the demo accounts with their listings: npm run remove-demo',
      `    (with the same ${where.embedded ? 'DATA_DIR' : 'DATABASE_URL'}), then start again.`,
    ];
    super(lines.join('\n'));
    this.name = 'DemoAccountsError';
  }
}

/**
 * The demo accounts that still open with the published password, as the banner of every
 * development start names them (issue 51), not only the start that seeded them.
 */
export async function demoSignIns(db: Database): Promise<DemoAccount[]> {
  const open = new Set((await accountsWithDemoPassword(db)).map((account) => account.name));
  return demoAccounts.filter((account) => open.has(account.email));
}
