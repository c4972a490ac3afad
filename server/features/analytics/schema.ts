import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/**
 * One row per browser that has opened a page (spec: Visitor record). The IP address is kept
 * truncated (analytics/ip.ts); city and country come from GeoLite2 when it is configured.
 */
export const visitors = pgTable(
  'visitors',
  {
    visitorId: text('visitor_id').primaryKey(),
    // The last account seen on this browser; kept when it signs out.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ipAddress: text('ip_address'),
    city: text('city'),
    country: text('country'),
    landingPage: text('landing_page').notNull(),
    pagesViewed: integer('pages_viewed').notNull().default(0),
    firstVisit: timestamp('first_visit', { withTimezone: true }).notNull().defaultNow(),
    lastVisit: timestamp('last_visit', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('visitors_last_visit_idx').on(table.lastVisit)],
);

/** Every page load the web app reports; the figures of the User Analytics tab come from here. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    visitorId: text('visitor_id')
      .notNull()
      .references(() => visitors.visitorId, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    path: text('path').notNull(),
    title: text('title').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('page_views_viewed_at_idx').on(table.viewedAt),
    // An owner's dashboard counts the views of each of their listings' pages by path.
    index('page_views_path_idx').on(table.path),
  ],
);
