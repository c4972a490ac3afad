import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { videos } from './schema';
import { createTestApp } from '../../testing/test-app';
import { storedFiles } from '../../testing/uploads';
import { fakeScanner, mp4File, waitForScans } from '../../testing/videos';

/**
 * A server that stopped mid-scan picks the work up when it starts again: uploads still in
 * quarantine are scanned, rows whose file is gone are dropped once old, and half-received
 * files are swept.
 */
const scanner = fakeScanner(() => ({ result: 'clean' }));
const { app, database, dataDir, filesDir } = await createTestApp({}, { scanner });
const db = database.db;
const quarantineDir = path.join(dataDir, 'quarantine');
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60_000);

describe('on start', () => {
  it('scans again what was left scanning, drops what was lost, sweeps stray parts', async () => {
    // Rows and files as a stopped server leaves them, before this app is ready.
    // Straight into the database: a request would make the app ready too early.
    const [user] = await db
      .insert(users)
      .values({ email: 'left@example.com', passwordHash: 'x', firstName: 'Ama', lastName: 'Owusu' })
      .returning({ id: users.id });
    const userId = user!.id;
    fs.mkdirSync(quarantineDir, { recursive: true });
    const row = (fileName: string, uploadedAt: Date) => ({
      userId,
      originalName: 'left.mp4',
      fileName,
      fileSize: 100,
      mimeType: 'video/mp4',
      uploadedAt,
    });
    const waiting = 'vaaaaaaaaaaaaaaaaaaaaaaaa.mp4';
    const lostLongAgo = 'vbbbbbbbbbbbbbbbbbbbbbbbb.mp4';
    const lostJustNow = 'vcccccccccccccccccccccccc.mp4';
    fs.writeFileSync(path.join(quarantineDir, waiting), mp4File());
    await db
      .insert(videos)
      .values([
        row(waiting, hoursAgo(0.1)),
        row(lostLongAgo, hoursAgo(3)),
        row(lostJustNow, hoursAgo(0)),
      ]);
    const stray = path.join(quarantineDir, 'deadbeef.upload');
    const fresh = path.join(quarantineDir, 'cafe.upload');
    fs.writeFileSync(stray, 'half a video');
    fs.writeFileSync(fresh, 'a video arriving now');
    fs.utimesSync(stray, hoursAgo(2), hoursAgo(2));

    // Ready (as on start, or on a first request) resumes the scans.
    await app.ready();
    await expect
      .poll(async () => (await db.select().from(videos)).map((v) => v.fileName).sort(), {
        timeout: 5000,
      })
      .toEqual([waiting, lostJustNow]);
    await db.delete(videos).where(eq(videos.fileName, lostJustNow));
    await waitForScans(db);

    const [done] = await db.select().from(videos).where(eq(videos.fileName, waiting));
    expect(done).toMatchObject({ status: 'pending_review', scanResult: 'clean' });
    expect(scanner.scanned).toEqual([waiting]);
    expect(storedFiles(filesDir)).toContain(waiting);
    await expect.poll(() => fs.existsSync(stray)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
  });
});
