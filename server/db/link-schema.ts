import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The key the server signs one-tap links with (issue 21: "Still available", "Rented",
 * unsubscribe), made by the first server that needs it and shared by every server on the
 * database (server/lib/signed-tokens.ts).
 */
export const signingKeys = pgTable('signing_keys', {
  id: text('id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Short links for text messages (server/lib/short-links.ts): an SMS holds one segment, so it
 * carries /l/<code> instead of a long signed address, which the server redirects to.
 */
export const shortLinks = pgTable(
  'short_links',
  {
    code: text('code').primaryKey(),
    /** A path on this site (never another site: the redirect cannot be abused). */
    target: text('target').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('short_links_expires_idx').on(table.expiresAt)],
);
