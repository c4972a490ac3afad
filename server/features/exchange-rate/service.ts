import type { FastifyBaseLogger } from 'fastify';
import { desc, sql } from 'drizzle-orm';
import { DEFAULT_GHS_PER_USD, type ExchangeRate } from '#common/money';
import type { Database } from '../../db/client';
import { exchangeRates } from './schema';
import type { UserRow } from '../../db/schema';
import { recordAudit } from '../admin/service';
import type { ListingWrites } from '../listings/service';

/** The feature's table, for the features that read it (eslint.config.js serverFeatures). */
export { exchangeRates } from './schema';

/**
 * The cedis-per-dollar rate (issue 20): the newest row of exchange_rates. Setting it writes
 * every dollar listing again in the same transaction, so the database converts their rents
 * and move-in costs at the new rate (trigger of migration 0023) and every server's search
 * index re-reads them from the change log, and this server's searches use the new rate at once.
 * Other servers learn it from `watchExchangeRate` within REFRESH_MS.
 */

/** How often a server looks whether another one set a new rate. */
export const REFRESH_MS = 15_000;

/** Serializes rate changes across servers (pg_advisory_xact_lock key). */
const RATE_LOCK = 2_026_112_001;

export async function readExchangeRate(db: Database): Promise<ExchangeRate> {
  const [row] = await db
    .select({ ghsPerUsd: exchangeRates.ghsPerUsd, setAt: exchangeRates.setAt })
    .from(exchangeRates)
    .orderBy(desc(exchangeRates.setAt), desc(exchangeRates.id))
    .limit(1);
  // Only before migration 0023 wrote its first row (a database restored by hand).
  if (!row) return { ghsPerUsd: DEFAULT_GHS_PER_USD, setAt: new Date(0).toISOString() };
  return { ghsPerUsd: row.ghsPerUsd, setAt: row.setAt.toISOString() };
}

export type RateDeps = {
  db: Database;
  writes: ListingWrites;
  /** Tells this server's search the rate in use. */
  rateChanged(ghsPerUsd: number): void;
};

export async function setExchangeRate(
  deps: RateDeps,
  admin: UserRow,
  ghsPerUsd: number,
): Promise<ExchangeRate> {
  const rate = await deps.writes.transaction(async (write, tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${RATE_LOCK})`);
    const previous = await readExchangeRate(tx);
    const [row] = await tx
      .insert(exchangeRates)
      .values({ ghsPerUsd, setBy: admin.id })
      .returning({ ghsPerUsd: exchangeRates.ghsPerUsd, setAt: exchangeRates.setAt });
    const ids = await write.reconvertDollarListings();
    await recordAudit(tx, admin, 'set_exchange_rate', 'exchange_rate', null, {
      ghsPerUsd,
      previous: previous.ghsPerUsd,
      dollarListings: ids.length,
    });
    return { ghsPerUsd: row!.ghsPerUsd, setAt: row!.setAt.toISOString() };
  });
  deps.rateChanged(rate.ghsPerUsd);
  return rate;
}

/**
 * Reads the rate now and every REFRESH_MS, telling `rateChanged` what it finds: a rate another
 * server set reaches this one's searches. A failed read keeps the last rate (the database may
 * be down: searches go on, the next look tries again).
 */
export function watchExchangeRate(
  db: Database,
  rateChanged: (ghsPerUsd: number) => void,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): { first: Promise<void>; stop(): void } {
  const look = async () => {
    try {
      rateChanged((await readExchangeRate(db)).ghsPerUsd);
    } catch (error) {
      log?.warn({ err: error }, 'could not read the exchange rate; keeping the last one');
    }
  };
  const timer = setInterval(() => void look(), REFRESH_MS);
  timer.unref();
  return { first: look(), stop: () => clearInterval(timer) };
}
