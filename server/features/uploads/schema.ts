import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Photo } from '#common/images';
import { users } from '../../db/schema';

/**
 * Photos uploaded but not yet part of a listing. A listing takes a photo only from its own
 * owner's uploads (so nobody can point at another user's files), and the row goes when it
 * does; photos nobody used within a day are deleted by a sweep (uploads/service.ts).
 */
export const photoUploads = pgTable(
  'photo_uploads',
  {
    key: text('key').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    photo: jsonb('photo').$type<Photo>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('photo_uploads_owner_idx').on(table.ownerId),
    index('photo_uploads_created_idx').on(table.createdAt),
  ],
);
