import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#common/admin';
import { users } from '../../db/schema';
import { createListing } from '../../testing/builders';
import { createTestApp, signUp, signUpAdmin } from '../../testing/test-app';
import { properties } from '../listings/service';
import { recordAudit } from './audit';

/**
 * The audit log names what each action concerned (issue 51): the listing's title and the
 * person's name with their e-mail or phone, as they are now, not ids; a listing or an account
 * deleted since still reads sensibly.
 */
const testApp = await createTestApp();
const { app, database } = testApp;
const db = database.db;
const admin = await signUpAdmin(testApp);
const owner = await signUp(app, { userType: 'owner', firstName: 'Nana', lastName: 'Ofori' });

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { cookie: admin.cookie },
    ...(payload ? { payload } : {}),
  });
const log = async (): Promise<AuditEntry[]> =>
  (await call('GET', '/api/admin/audit-log?limit=50')).json();
const adminRow = async () => {
  const [row] = await db.select().from(users).where(eq(users.id, admin.userId));
  return row!;
};

describe('the audit log names what it concerns (issue 51)', () => {
  it('names a listing by its title and its owner, and a deleted listing as deleted', async () => {
    const kept = await createListing(db, owner.userId, { title: 'Garden flat in Osu' });
    const gone = await createListing(db, owner.userId, { title: 'Bedsitter in Madina' });
    expect(
      (await call('PATCH', `/api/admin/properties/${kept}/visibility`, { isActive: false }))
        .statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/admin/properties/${gone}`)).statusCode).toBe(204);
    // Renamed since: the log says the title it has now.
    await db.update(properties).set({ title: 'Garden flat, Osu' }).where(eq(properties.id, kept));

    const entries = await log();
    const hidden = entries.find((e) => e.action === 'hide' && e.targetId === kept)!;
    expect(hidden.listing).toEqual({ id: kept, title: 'Garden flat, Osu', deleted: false });
    expect(hidden.person).toMatchObject({
      id: owner.userId,
      firstName: 'Nana',
      lastName: 'Ofori',
      email: owner.body.email,
      deleted: false,
    });
    const deleted = entries.find((e) => e.action === 'delete' && e.targetId === gone)!;
    expect(deleted.listing).toEqual({ id: gone, title: 'Bedsitter in Madina', deleted: true });
    expect(deleted.person).toBeNull();
    expect(hidden.actor).toMatchObject({ id: admin.userId, email: admin.body.email });
  });

  it('names an account by name and e-mail or phone, and a deleted one as deleted', async () => {
    const candidate = await signUp(app, { firstName: 'Kofi', lastName: 'Asare' });
    expect(
      (await call('POST', '/api/admin/admins', { email: candidate.body.email })).statusCode,
    ).toBe(200);
    // A lister who signed up by phone: named by their number.
    const byPhone = await signUp(app, { userType: 'owner', firstName: 'Efua', lastName: 'Mensah' });
    await db
      .update(users)
      .set({ email: null, phone: '+233241110000' })
      .where(eq(users.id, byPhone.userId));
    await recordAudit(
      db,
      await adminRow(),
      'verification-approve',
      'verification',
      crypto.randomUUID(),
      {
        kind: 'identity',
        userId: byPhone.userId,
      },
    );
    const granted = (await log()).find(
      (e) => e.action === 'grant-admin' && e.targetId === candidate.userId,
    )!;
    expect(granted.person).toMatchObject({ firstName: 'Kofi', lastName: 'Asare', deleted: false });
    const verified = (await log()).find((e) => e.action === 'verification-approve')!;
    expect(verified.person).toMatchObject({
      id: byPhone.userId,
      firstName: 'Efua',
      email: null,
      phone: '+233241110000',
      deleted: false,
    });

    await db.update(users).set({ isAdmin: false }).where(eq(users.id, candidate.userId));
    await db.delete(users).where(eq(users.id, candidate.userId));
    const after = (await log()).find(
      (e) => e.action === 'grant-admin' && e.targetId === candidate.userId,
    )!;
    expect(after.person).toEqual({
      id: candidate.userId,
      firstName: null,
      lastName: null,
      email: candidate.body.email,
      phone: null,
      deleted: true,
    });
  });

  it('names the listing of a review and survives ids that are not ids', async () => {
    const listing = await createListing(db, owner.userId, { title: 'Chamber and hall, Adenta' });
    const me = await adminRow();
    await recordAudit(db, me, 'review-hide', 'review', crypto.randomUUID(), {
      propertyId: listing,
      reports: 1,
    });
    await recordAudit(db, me, 'hide', 'property', 'not-a-uuid', null);
    const entries = await log();
    expect(entries.find((e) => e.action === 'review-hide')!.listing).toEqual({
      id: listing,
      title: 'Chamber and hall, Adenta',
      deleted: false,
    });
    expect(entries.find((e) => e.targetId === 'not-a-uuid')!.listing).toEqual({
      id: 'not-a-uuid',
      title: null,
      deleted: true,
    });
  });
});
