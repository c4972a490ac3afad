import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { scanResults, videoStatuses } from '#common/videos';
import { users } from '../../db/schema';
import { properties } from '../listings/service';

/**
 * Listing videos (spec: Pending video, Approved video; docs/design.md, Videos). The file first waits
 * in quarantine (DATA_DIR/quarantine) while it is scanned, then lives in the file storage under
 * `fileName`; an administrator's edited version under `editedFileName`. An infected upload is
 * deleted with its row and only logged.
 */
export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The listing it was uploaded for, when known (the edit page knows; the wizard not yet).
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    // The uploader's file name, cleaned, for display and downloads only.
    originalName: text('original_name').notNull(),
    // Server-chosen (common/videos.ts videoFileNamePattern); the name in URLs and storage.
    fileName: text('file_name').notNull().unique(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    status: text('status', { enum: videoStatuses }).notNull().default('scanning'),
    // null while scanning.
    scanResult: text('scan_result', { enum: scanResults }),
    editedFileName: text('edited_file_name').unique(),
    editedSize: bigint('edited_size', { mode: 'number' }),
    editedMimeType: text('edited_mime_type'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('videos_user_idx').on(table.userId, table.status),
    index('videos_pending_idx')
      .on(table.uploadedAt)
      .where(sql`status <> 'approved'`),
  ],
);
