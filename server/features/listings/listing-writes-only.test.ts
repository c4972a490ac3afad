import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every write to the `properties` table goes through listing-writes.ts, which keeps the search
 * index in step (issue 16). A feature that wrote the table itself would leave this server's
 * index stale until the next periodic check.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const theModule = 'server/features/listings/listing-writes.ts';
/** Files allowed to write the table besides the module, and why. */
const allowed: Record<string, string> = {
  // Both fill a database before a server serves it (demo data, benchmark listings); the
  // index is loaded from the table afterwards.
  'server/demo/seed.ts': 'seeds the demo before the server starts',
  'server/demo/seed-bulk.ts': 'generates benchmark listings in SQL, before the server starts',
};

/** A drizzle write of the table, or an SQL one. */
const writes = [
  /\.(insert|update|delete)\(\s*properties\s*\)/,
  /\b(insert\s+into|update|delete\s+from)\s+"?properties"?\b/i,
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

const writers = (files: string[]) =>
  files.filter((file) => {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    return writes.some((pattern) => pattern.test(text));
  });

describe('writes to the properties table', () => {
  it('come only from listing-writes.ts (and the seeds, before a server runs)', () => {
    const files = [...sourceFiles('server'), ...sourceFiles('scripts')];
    const found = writers(files);
    expect(found).toContain(theModule); // the patterns do see a write
    expect(found.filter((file) => file !== theModule && !(file in allowed))).toEqual([]);
  });

  it('are recognised however they are written', () => {
    const samples = [
      'await tx.update(properties).set({ title })',
      'db.insert(\n  properties\n).values(row)',
      'await db.delete(properties).where(eq(properties.id, id))',
      'sql`UPDATE properties SET is_active = false`',
      'sql`delete from "properties" where id = ${id}`',
      'INSERT INTO properties (owner_id) VALUES ($1)',
    ];
    for (const sample of samples) {
      expect(
        writes.some((pattern) => pattern.test(sample)),
        sample,
      ).toBe(true);
    }
    expect(writes.some((pattern) => pattern.test('db.select().from(properties)'))).toBe(false);
  });
});

/**
 * Who may hide, show, rent, expire or restore a listing reads in one file (issue 35): no other
 * file sets the columns that take a listing out of search or bring it back (the seeds aside).
 */
const theMoves = 'server/features/listings/listing-visibility.ts';
const setsVisibility =
  /\b(isActive|hiddenByAdminAt|hiddenForReportsAt|activeBeforeReports)\s*:\s*(true|false|null|sql`)/;

describe('moves in and out of search', () => {
  it('are written only in listing-visibility.ts', () => {
    const files = [...sourceFiles('server'), ...sourceFiles('scripts')].filter(
      (file) => !(file in allowed),
    );
    const found = files.filter((file) =>
      setsVisibility.test(fs.readFileSync(path.join(root, file), 'utf8')),
    );
    expect(found).toEqual([theMoves]);
    expect(setsVisibility.test('await write.update(id, { isActive: false })')).toBe(true);
    expect(setsVisibility.test('hiddenByAdminAt: sql`now()`')).toBe(true);
    expect(setsVisibility.test('isActive: properties.isActive')).toBe(false);
  });
});
