import { bigserial, index, numeric, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/**
 * The cedis-per-dollar rates administrators set (issue 20), newest last: the newest is the one
 * in use (the properties trigger of migration 0023 reads it), the others say what it was.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ghsPerUsd: numeric('ghs_per_usd', { precision: 10, scale: 4, mode: 'number' }).notNull(),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
    setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('exchange_rates_set_at_idx').on(table.setAt)],
);
