import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listerBlocks } from '../features/conversations/schema';
import { rowsOf } from './client';
import { migrationsFolder } from './migrate';
import { users } from './schema';
import { emptyDatabase, migrationsBefore } from '../testing/migration-test';

/**
 * Issue 50's migration 0047: each account's two switches of unread-message reminders become its
 * choice for enquiries, and every per-conversation block by a lister becomes a block on all the
 * lister's listings. The database is migrated up to the migration before it, given old rows,
 * then brought up to date, as a server started on a new release does.
 */
const TAG = 'notice_settings_and_blocks';

let database: Awaited<ReturnType<typeof emptyDatabase>>;
let oldFolder: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  oldFolder = migrationsBefore(TAG);
  database = await emptyDatabase();
  const { db } = database.handle;
  await database.handle.migrate(oldFolder);
  // Written by SQL with the columns that release had.
  const person = async (name: string, byEmail: boolean, bySms: boolean) => {
    const [row] = await rowsOf<{ id: string }>(
      db,
      sql`INSERT INTO users (email, password_hash, first_name, last_name, messages_by_email,
            messages_by_sms)
          VALUES (${`${name}@example.com`}, 'x', ${name}, 'Test', ${byEmail}, ${bySms})
          RETURNING id`,
    );
    ids[name] = row!.id;
  };
  await person('both', true, true);
  await person('email', true, false);
  await person('sms', false, true);
  await person('none', false, false);
  const conversation = async (listerId: string, renterId: string, blockedAt: string | null) => {
    await db.execute(
      sql`INSERT INTO conversations (renter_id, lister_id, property_title, property_city,
            last_message_at, last_message_body, last_message_sender_id, lister_blocked_at)
          VALUES (${renterId}, ${listerId}, 'A room', 'Accra', now(), 'Hello', ${renterId},
            ${blockedAt}::timestamptz)`,
    );
  };
  // "both" blocked "email" in two conversations and not in a third; "sms" blocked nobody.
  await conversation(ids.both!, ids.email!, '2026-11-20T10:00:00Z');
  await conversation(ids.both!, ids.email!, '2026-11-19T10:00:00Z');
  await conversation(ids.both!, ids.email!, null);
  await conversation(ids.sms!, ids.none!, null);
  await database.handle.migrate(migrationsFolder);
}, 120_000);

afterAll(async () => {
  await database?.drop();
  if (oldFolder) fs.rmSync(oldFolder, { recursive: true, force: true });
});

describe('the migration to notice settings and lister-wide blocks', () => {
  it('makes the two switches the enquiries’ choice, and every other kind both', async () => {
    const rows = await database.handle.db.select().from(users);
    const byName = new Map(rows.map((row) => [row.firstName, row]));
    for (const choice of ['both', 'email', 'sms', 'none'] as const) {
      expect(byName.get(choice), choice).toMatchObject({
        enquiryNotices: choice,
        viewingNotices: 'both',
        reviewNotices: 'both',
      });
    }
  });

  it('makes one lister-wide block of a lister’s blocked conversations, from the first', async () => {
    const blocks = await database.handle.db.select().from(listerBlocks);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ listerId: ids.both, renterId: ids.email });
    expect(blocks[0]!.createdAt.toISOString()).toBe('2026-11-19T10:00:00.000Z');
  });
});
