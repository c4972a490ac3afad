import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ContentFlag } from '#common/content-checks';
import type {
  AsDescribed,
  NotCountedReason,
  ReviewAction,
  ReviewReportReason,
} from '#common/reviews';
import { users } from '../../db/schema';
import { properties } from '../listings/service';
import { viewings } from '../viewings/service';

/**
 * A renter's review of a listing and its lister (issue 40), resting on one confirmed viewing
 * whose time has passed: one per viewing, and one per renter and listing. The lister and the
 * viewing's time are copied from the viewing, so a listing that changes hands keeps its reviews
 * with whom they were about. Hidden by an administrator: left out of every public reading and
 * of the listing's rating.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    viewingId: uuid('viewing_id')
      .notNull()
      .references(() => viewings.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listerId: uuid('lister_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull(),
    rating: smallint('rating').notNull(),
    asDescribed: text('as_described').$type<AsDescribed>().notNull(),
    askedForMoney: boolean('asked_for_money').notNull(),
    text: text('text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    replyText: text('reply_text'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    // Held for an administrator (issue 50): its text carries contact details, a payment
    // request or a link (common/content-checks.ts); public once an administrator restores it.
    heldAt: timestamp('held_at', { withTimezone: true }),
    heldReasons: text('held_reasons')
      .array()
      .$type<ContentFlag[]>()
      .notNull()
      .default(sql`'{}'`),
    // The lister's answer, held the same way: the review shows without it meanwhile.
    replyHeldAt: timestamp('reply_held_at', { withTimezone: true }),
    // Issue 50: the author's verified number when they wrote it, and why the review does not
    // count (its author is not independent of the lister: independence.ts); null: it counts.
    authorPhone: text('author_phone'),
    notCountedReason: text('not_counted_reason').$type<NotCountedReason>(),
  },
  (table) => [
    check('reviews_rating_check', sql`${table.rating} between 1 and 5`),
    check('reviews_as_described_check', sql`${table.asDescribed} in ('yes', 'mostly', 'no')`),
    uniqueIndex('reviews_viewing_idx').on(table.viewingId),
    uniqueIndex('reviews_property_author_idx').on(table.propertyId, table.authorId),
    index('reviews_property_idx')
      .on(table.propertyId, table.createdAt)
      .where(sql`hidden_at IS NULL`),
    index('reviews_lister_idx').on(table.listerId, table.createdAt),
    index('reviews_author_idx').on(table.authorId, table.createdAt),
  ],
);
export type ReviewRow = typeof reviews.$inferSelect;

/**
 * A lister's report of a review of theirs, for an administrator to hide or restore it. One per
 * review and reporter; closed with the administrator's decision.
 */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<ReviewReportReason>().notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution').$type<ReviewAction>(),
  },
  (table) => [
    uniqueIndex('review_reports_review_reporter_idx').on(table.reviewId, table.reporterId),
    index('review_reports_open_idx')
      .on(table.createdAt)
      .where(sql`resolved_at IS NULL`),
  ],
);

/**
 * The invitation to review a viewing, sent the morning after it (invitations.ts): one per
 * viewing, written in the transaction that queues it, so it goes once whatever servers scan.
 */
export const reviewInvitations = pgTable('review_invitations', {
  viewingId: uuid('viewing_id')
    .primaryKey()
    .references(() => viewings.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
