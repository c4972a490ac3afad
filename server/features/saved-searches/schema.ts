import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { alertChannels, alertFrequencies } from '#common/saved-searches';
import { users } from '../../db/schema';
import { properties } from '../listings/service';

/**
 * Saved searches and their alerts (issue 21).
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The search's URL parameters (validated by the search schema when saved and used). */
    query: jsonb('query').$type<Record<string, string>>().notNull(),
    channel: text('channel', { enum: alertChannels }).notNull(),
    frequency: text('frequency', { enum: alertFrequencies }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAlertAt: timestamp('last_alert_at', { withTimezone: true }),
  },
  (table) => [index('saved_searches_user_idx').on(table.userId, table.createdAt)],
);

/**
 * Each listing a saved search matched: one row ever per pair (the primary key), so a listing
 * alerts a saved search once however often it goes live. `dueAt`: now for instant alerts,
 * the next 08:00 for the digest; `sentAt` when it went out (or was dropped: `outcome`), in
 * one message with the other alerts of the same saved search that were due.
 */
export const savedSearchAlerts = pgTable(
  'saved_search_alerts',
  {
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** sent, or dropped: the listing was no longer live when its alert was due. */
    outcome: text('outcome', { enum: ['sent', 'dropped'] }),
  },
  (table) => [
    primaryKey({ columns: [table.savedSearchId, table.propertyId] }),
    index('saved_search_alerts_due_idx')
      .on(table.dueAt)
      .where(sql`${table.sentAt} IS NULL`),
    index('saved_search_alerts_property_idx').on(table.propertyId),
  ],
);

/**
 * Every alert message sent (a saved search's, a favourite's price drop): what the daily cap
 * of MAX_ALERTS_PER_DAY per user counts.
 */
export const alertSends = pgTable(
  'alert_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['saved-search', 'price-drop'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('alert_sends_user_idx').on(table.userId, table.sentAt)],
);
