import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { identityDocuments, verificationKinds, verificationStatuses } from '#common/verifications';
import { users } from '../../db/schema';

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
