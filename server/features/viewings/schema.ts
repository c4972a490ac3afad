import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ListingGoneCause, ViewingStatus, ViewingWindow } from '#common/viewings';
import { users } from '../../db/schema';
import { conversations } from '../conversations/service';
import { properties } from '../listings/service';

/**
 * When a listing can be seen (issue 38): its weekly hours in the listing's time zone, one row
 * per listing, written by its owner. No row: the listing offers no viewing times.
 */
export const viewingHours = pgTable('viewing_hours', {
  propertyId: uuid('property_id')
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  slotMinutes: integer('slot_minutes').notNull(),
  windows: jsonb('windows').$type<ViewingWindow[]>().notNull(),
  blockedDates: text('blocked_dates')
    .array()
    .notNull()
    .default(sql`'{}'`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A renter's request to see a listing at a time, and what became of it. The lister is copied
 * from the listing when asked: a listing that changes hands keeps its requests with whom they
 * were made. The listing is named by id without a foreign key (issue 51): a deleted listing's
 * viewings stay in both parties' history, cancelled ("listing removed"), named by their
 * conversation, which keeps the listing's title.
 */
export const viewings = pgTable(
  'viewings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id').notNull(),
    renterId: uuid('renter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listerId: uuid('lister_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    // The listing's zone when asked: the time is shown as it was agreed.
    timeZone: text('time_zone').notNull(),
    status: text('status').$type<ViewingStatus>().notNull().default('pending'),
    note: text('note'),
    reason: text('reason'),
    suggestedStartsAt: timestamp('suggested_starts_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by').$type<'renter' | 'lister'>(),
    // Abode cancelled it as its listing left the site (issue 51); cancelledBy is then null.
    cancelledFor: text('cancelled_for').$type<ListingGoneCause>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    // The lister said the renter did not come to the confirmed viewing (their record shows it).
    renterNoShowAt: timestamp('renter_no_show_at', { withTimezone: true }),
    // The renter answered "I was there" (issue 50): the no-show does not count in their record
    // and does not take their right to review.
    noShowDisputedAt: timestamp('no_show_disputed_at', { withTimezone: true }),
    // The lister's notice of this request while it waits to leave (issue 50: held 10 minutes,
    // withdrawn when the renter cancels or the lister answers first); null once it cannot be.
    requestNoticeId: text('request_notice_id'),
    // When the lister was last told of this request or its cancellation: a renter's requests
    // and cancels on one listing tell the lister once a day.
    listerNoticedAt: timestamp('lister_noticed_at', { withTimezone: true }),
    // When a confirmed viewing's reminders are due (reminders.ts); null: none (already past
    // when it was confirmed).
    eveningReminderAt: timestamp('evening_reminder_at', { withTimezone: true }),
    soonReminderAt: timestamp('soon_reminder_at', { withTimezone: true }),
    // The reminders of a confirmed viewing already sent ('evening', 'soon'): a job run twice
    // reminds once.
    remindersSent: text('reminders_sent')
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (table) => [
    check(
      'viewings_status_check',
      sql`${table.status} in ('pending', 'confirmed', 'declined', 'cancelled', 'expired')`,
    ),
    // Two renters can never hold the same confirmed time of a listing (issue 38): the database
    // refuses the second, whatever the servers did at once.
    uniqueIndex('viewings_confirmed_slot_idx')
      .on(table.propertyId, table.startsAt)
      .where(sql`status = 'confirmed'`),
    // One request waiting per renter and listing.
    uniqueIndex('viewings_pending_renter_idx')
      .on(table.propertyId, table.renterId)
      .where(sql`status = 'pending'`),
    index('viewings_renter_idx').on(table.renterId, table.startsAt),
    index('viewings_lister_idx').on(table.listerId, table.startsAt),
    index('viewings_property_idx').on(table.propertyId, table.startsAt),
    // The reminder scan reads the confirmed viewings still ahead.
    index('viewings_confirmed_idx')
      .on(table.startsAt)
      .where(sql`status = 'confirmed'`),
  ],
);
export type ViewingRow = typeof viewings.$inferSelect;
