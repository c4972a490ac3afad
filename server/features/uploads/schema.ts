import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/**
 * The perceptual hashes of every listing photo (issue 50, docs/decisions/035-stolen-photos.md),
 * computed once when it is uploaded (or later, for photos older than this table): the 64-bit
 * DCT hash of the whole picture (`hash`, 16 hex digits) and of its 90 % crops (`crop_hashes`),
 * so that a resized, re-compressed or cropped copy of another lister's photo is found. The
 * band arrays hold each hash's five bands (13, 13, 13, 13 and 12 bits) as `band * 8192 +
 * value`: two hashes within distance 4 share one (pigeonhole), so the GIN indexes give the
 * few candidates that are then compared bit by bit. A row outlives its upload row: it is
 * what the approval screen compares listings' photos by.
 */
export const photoFingerprints = pgTable(
  'photo_fingerprints',
  {
    photoKey: text('photo_key').primaryKey(),
    hash: text('hash').notNull(),
    cropHashes: text('crop_hashes').array().notNull(),
    bands: integer('bands').array().notNull(),
    cropBands: integer('crop_bands').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('photo_fingerprints_bands_idx').using('gin', table.bands),
    index('photo_fingerprints_crop_bands_idx').using('gin', table.cropBands),
  ],
);
