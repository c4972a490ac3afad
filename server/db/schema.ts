import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { noticeChannels } from '#common/auth';
import { languageCodes } from '#common/languages';
import type { EmailAttachment } from '#common/outbox';
import { planIds } from '#common/plans';

/**
 * The platform's tables: the ones server/lib and server/db use (users, the outbox). Every other
 * table is declared by the feature that owns it, in server/features/<feature>/schema.ts;
 * drizzle-kit reads them all (drizzle.config.ts).
 */

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  // Stored lower-cased (email) and in E.164 (phone), so a plain unique index is exact.
  email: text('email').unique(),
  phone: text('phone').unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  userType: text('user_type', { enum: ['renter', 'owner', 'agent', 'both'] })
    .notNull()
    .default('renter'),
  businessName: text('business_name'),
  licenseNumber: text('license_number'),
  profileImageUrl: text('profile_image_url'),
  isAdmin: boolean('is_admin').notNull().default(false),
  // The language of messages sent when the user is not making the request (approvals).
  locale: text('locale', { enum: languageCodes }).notNull().default('en'),
  // The listing plan the user chose (common/plans.ts; the purchase itself is simulated): it
  // sets how many photos a listing may carry. None chosen: Basic's limits.
  plan: text('plan', { enum: planIds }),
  planChosenAt: timestamp('plan_chosen_at', { withTimezone: true }),
  emailVerified: boolean('email_verified').notNull().default(false),
  phoneVerified: boolean('phone_verified').notNull().default(false),
  // Set when an administrator approved the lister's identity document or agent licence
  // (issue 19, features/verifications/schema.ts): the badges on their listings.
  identityVerifiedAt: timestamp('identity_verified_at', { withTimezone: true }),
  licensedAgentAt: timestamp('licensed_agent_at', { withTimezone: true }),
  // How the lister answers enquiries (issue 37), over the last 90 days, kept by the
  // conversations feature as messages arrive (features/conversations/response-signals.ts):
  // conversations started with them, the median minutes to their first reply (null when none
  // was answered) and the share answered within 24 hours. Shown once there are 3 conversations.
  responseConversations: integer('response_conversations').notNull().default(0),
  responseMedianMinutes: integer('response_median_minutes'),
  responseReplyRate: real('response_reply_rate'),
  // Issue 37's switches of unread-message reminders, by e-mail and by SMS. No longer read:
  // migration 0047 moved them into `enquiryNotices` (both on: 'both', both off: 'none'), which
  // /api/account/notifications now reads and writes. To be dropped by a later migration.
  messagesByEmail: boolean('messages_by_email').notNull().default(true),
  messagesBySms: boolean('messages_by_sms').notNull().default(true),
  // How each kind of notice reaches the account (issue 50, common/auth.ts noticeChannels):
  // enquiries (the first enquiry, unread-message reminders), viewings (requests, steps,
  // reminders), reviews (invitations, reviews of one's listings). Codes and resets never ask.
  enquiryNotices: text('enquiry_notices', { enum: noticeChannels }).notNull().default('both'),
  viewingNotices: text('viewing_notices', { enum: noticeChannels }).notNull().default('both'),
  reviewNotices: text('review_notices', { enum: noticeChannels }).notNull().default('both'),
  // The public handle of the lister's page, /listers/<handle> (issue 40): their name (an
  // agent's business name) and a random tail, made once by the database when the account is
  // created ('' asks for one: migration 0042's trigger) and never changed, so links to it last
  // and it tells nothing of the account's id.
  handle: text('handle').notNull().unique().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;

/**
 * Every message the product would send when no mail or SMS transport is configured: codes and
 * links still reach the developer through /dev/mailbox (docs/design.md).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    attachments: jsonb('attachments')
      .$type<EmailAttachment[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_messages_created_at_idx').on(table.createdAt)],
);
