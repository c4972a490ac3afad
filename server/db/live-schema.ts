import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

/**
 * Live updates sent to browsers (server/lib/live-updates.ts), kept a day so that a stream that
 * reconnects with Last-Event-ID is sent what it missed. A row is for one user, or for every
 * administrator (no user). A platform table although the streams are the live feature's: the
 * platform writes it (server/lib/live-updates.ts, which every feature publishes through).
 */
export const liveEvents = pgTable(
  'live_events',
  {
    // The stream's event id: ordered, so "after the last one seen" is one range.
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('live_events_user_idx').on(table.userId, table.id),
    index('live_events_created_idx').on(table.createdAt),
  ],
);
