import { sql } from 'drizzle-orm';
import {
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { reportOutcomes, reportReasons } from '#common/reports';
import { identityDocuments, verificationKinds, verificationStatuses } from '#common/verifications';
import { properties, users } from './schema';

/**
 * Trust and safety (issue 19): renters' reports of listings and who saw whose contact details.
 * Apart from schema.ts so that file stays the core catalogue; drizzle-kit reads both.
 */

/**
 * One account's report of one listing (a second is refused: unique). Open until an
 * administrator resolves it; open reports of the last 30 days can hide a listing
 * (features/reports/report-listing.ts).
 */
export const listingReports = pgTable(
  'listing_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: reportReasons }).notNull(),
    note: text('note'),
    // Who the reporter was when they reported (issue 34), for counting people rather than
    // accounts: their phone number (E.164) if verified then, else null (such a report goes to
    // the administrators' queue but never counts toward hiding), and their e-mail's mailbox
    // (common/email-identity.ts). Accounts sharing either are one reporter.
    reporterPhone: text('reporter_phone'),
    reporterEmailKey: text('reporter_email_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution', { enum: reportOutcomes }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionReason: text('resolution_reason'),
  },
  (table) => [
    uniqueIndex('listing_reports_property_reporter_idx').on(table.propertyId, table.reporterId),
    index('listing_reports_open_idx')
      .on(table.propertyId, table.createdAt)
      .where(sql`resolved_at IS NULL`),
    index('listing_reports_resolved_idx')
      .on(table.resolvedAt)
      .where(sql`resolved_at IS NOT NULL`),
    index('listing_reports_reporter_idx').on(table.reporterId),
  ],
);

/**
 * Who revealed a listing's contact details, and when last: the per-account daily limit counts
 * these rows, and the owner's dashboard counts a listing's readers.
 */
export const contactReveals = pgTable(
  'contact_reveals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.propertyId] }),
    index('contact_reveals_user_last_idx').on(table.userId, table.lastAt),
    index('contact_reveals_property_idx').on(table.propertyId),
  ],
);

/**
 * Which listings' contact details were revealed from which IP address, and when last (issue
 * 34): one address may reveal at most `contactRevealsPerAddress.max` different listings a
 * day, whichever accounts ask, so a harvester cannot multiply the per-account limit with
 * accounts. In the database like the per-account rows, so it holds across servers; rows older
 * than the window are swept hourly.
 */
export const contactRevealAddresses = pgTable(
  'contact_reveal_addresses',
  {
    address: text('address').notNull(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.address, table.propertyId] }),
    index('contact_reveal_addresses_address_last_idx').on(table.address, table.lastAt),
    index('contact_reveal_addresses_last_idx').on(table.lastAt),
  ],
);

/**
 * A lister's request to be verified (issue 19): an identity document (Ghana Card or passport)
 * or an agent licence, its number and a photo of it. The photo is kept in the private store
 * (never under /files), read by administrators only, and deleted 30 days after the decision
 * (`filesDeletedAt`). One request of a kind may wait at a time.
 */
export const listerVerifications = pgTable(
  'lister_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: verificationKinds }).notNull(),
    // Identity only: which document.
    document: text('document', { enum: identityDocuments }),
    documentNumber: text('document_number').notNull(),
    // The photo's key in the private store and its type; null once deleted.
    fileKey: text('file_key'),
    fileType: text('file_type'),
    status: text('status', { enum: verificationStatuses }).notNull().default('pending'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    filesDeletedAt: timestamp('files_deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('lister_verifications_status_idx').on(table.status, table.createdAt),
    index('lister_verifications_user_idx').on(table.userId),
    uniqueIndex('lister_verifications_one_pending_idx')
      .on(table.userId, table.kind)
      .where(sql`status = 'pending'`),
    index('lister_verifications_files_idx')
      .on(table.decidedAt)
      .where(sql`file_key IS NOT NULL AND status <> 'pending'`),
  ],
);
