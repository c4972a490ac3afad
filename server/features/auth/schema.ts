import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/** Only the SHA-256 of the session token is stored: a leaked table opens no session. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '30 days'`),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/**
 * The one live verification code per account and channel: a new code replaces the old. Only a
 * hash is kept; `target` is the address it was sent to, so a code stops working when the
 * address changes.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // 'phone-reset': the code of a password reset by SMS (features/auth/phone-reset.ts), kept
    // apart from the number's verification code so that neither can stand in for the other.
    channel: text('channel', { enum: ['email', 'phone', 'phone-reset'] }).notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // The queued message carrying the code (pgboss job id): the verify page says if it failed.
    deliveryId: uuid('delivery_id'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.channel] })],
);

/**
 * Every code sent, by address or number: one address gets at most one code a minute and a
 * bounded number an hour, whichever account or route asks (issue 15); the account it was
 * sent for tells a newcomer's first code from others' repeats (issue 34,
 * features/auth/verification.ts). Rows older than an hour are swept.
 */
export const codeSends = pgTable(
  'code_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    target: text('target').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    // No foreign key: a deleted account's sends still count against the address's budget.
    userId: uuid('user_id'),
  },
  (table) => [index('code_sends_target_sent_at_idx').on(table.target, table.sentAt)],
);

/** Password reset links: only the token's hash, single use, short-lived. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

/**
 * Where each account was used from, a row per day, address and device (issue 50): a review
 * counts only when its author and the lister share no address (but a mobile network's, which
 * many accounts share) and no device in the 30 days before the viewing
 * (features/reviews/independence.ts). The device is a long-lived random cookie, kept here only
 * as its SHA-256. Rows older than SIGHTING_DAYS are swept.
 */
export const accountSightings = pgTable(
  'account_sightings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    address: text('address').notNull(),
    deviceHash: text('device_hash').notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day, table.address, table.deviceHash] }),
    index('account_sightings_address_idx').on(table.address, table.day),
    index('account_sightings_device_idx').on(table.deviceHash, table.day),
  ],
);

/**
 * Every phone number an account has had verified (issue 50), kept when it changes number: a
 * review by a number any account of the lister uses or used does not count. Written by the
 * database (trigger users_phone_history, migration 0046) whichever way a number is verified.
 */
export const phoneHistory = pgTable(
  'phone_history',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.phone] }),
    index('phone_history_phone_idx').on(table.phone),
  ],
);
