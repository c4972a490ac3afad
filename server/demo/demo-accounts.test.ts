import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { localStorage } from '../lib/storage';
import { createTestDatabase } from '../testing/test-database';
import {
  accountsWithDemoPassword,
  demoEmails,
  demoSignIns,
  removeDemoAccounts,
  retireDemoPassword,
} from './demo-accounts';
import { users } from '../db/schema';
import { DEMO_PASSWORD, seedDemoData } from './seed';
import { properties } from '../features/listings/service';

const opened: { close: () => Promise<void> }[] = [];
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-demo-files-'));
afterAll(async () => {
  for (const database of opened) await database.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

async function newDatabase() {
  const database = await createTestDatabase();
  opened.push(database);
  return database.db;
}

const person = (n: number, passwordHash: string) => ({
  email: `person${n}@abode.test`,
  firstName: 'Yaa',
  lastName: 'Darko',
  passwordHash,
});

describe('accounts with the demo password', () => {
  it('finds every seeded account, also one whose e-mail was changed on a large database, and only those', async () => {
    const db = await newDatabase();
    await seedDemoData(db, localStorage(filesDir));
    await db
      .update(users)
      .set({ email: 'renamed.admin@abode.test' })
      .where(eq(users.email, 'admin@example.com'));
    // 40 real accounts: more than are all checked, each with its own (salted) hash.
    const realHash = await hashPassword('a private passphrase of a real person');
    await db.insert(users).values(person(0, realHash));
    await db
      .insert(users)
      .values(Array.from({ length: 39 }, (_, i) => person(i + 1, `$argon2id$not-a-hash-${i}`)));
    const found = (await accountsWithDemoPassword(db)).map((account) => account.name);
    expect(found).toHaveLength(demoEmails.length);
    expect(found).toContain('renamed.admin@abode.test');
    expect(found).not.toContain('person0@abode.test');
  });

  it('on a small database checks every account, so a lone demo password is found wherever it is', async () => {
    const db = await newDatabase();
    await db.insert(users).values(person(1, await hashPassword(DEMO_PASSWORD)));
    await db.insert(users).values(person(2, await hashPassword('another private passphrase')));
    expect(await accountsWithDemoPassword(db)).toEqual([
      { id: expect.any(String), name: 'person1@abode.test' },
    ]);
  });

  it('a demo account given a new password is no longer one', async () => {
    const db = await newDatabase();
    await seedDemoData(db, localStorage(filesDir));
    await db
      .update(users)
      .set({ passwordHash: await hashPassword('the owner chose this one') })
      .where(eq(users.email, 'owner@example.com'));
    const found = (await accountsWithDemoPassword(db)).map((account) => account.name);
    expect(found).toHaveLength(demoEmails.length - 1);
    expect(found).not.toContain('owner@example.com');
    // What a development start's banner lists (issue 51): the demo sign-ins that still work.
    expect((await demoSignIns(db)).map((account) => account.email)).toEqual([
      'admin@example.com',
      'agent@example.com',
      'renter@example.com',
    ]);
  });

  it('npm run remove-demo deletes them with their listings and keeps everyone else', async () => {
    const db = await newDatabase();
    await seedDemoData(db, localStorage(filesDir));
    await db.insert(users).values(person(1, await hashPassword('a private passphrase')));
    const removed = await removeDemoAccounts(db);
    expect(removed.map((account) => account.name).sort()).toEqual([...demoEmails].sort());
    expect(await db.select({ id: properties.id }).from(properties)).toEqual([]);
    const left = await db.select({ email: users.email }).from(users);
    expect(left).toEqual([{ email: 'person1@abode.test' }]);
    expect(await accountsWithDemoPassword(db)).toEqual([]);
  });

  it('the measuring scripts give the demo accounts a private password, keeping their listings', async () => {
    const db = await newDatabase();
    await seedDemoData(db, localStorage(filesDir));
    expect(await retireDemoPassword(db, 'this run only 7f3a')).toBe(demoEmails.length);
    expect(await accountsWithDemoPassword(db)).toEqual([]);
    const [owner] = await db.select().from(users).where(eq(users.email, 'owner@example.com'));
    expect(await verifyPassword(owner!.passwordHash, 'this run only 7f3a')).toBe(true);
    expect((await db.select({ id: properties.id }).from(properties)).length).toBeGreaterThan(0);
  });
});
