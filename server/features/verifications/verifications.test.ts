import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../admin/service';
import { users } from '../../db/schema';
import { listerVerifications } from './schema';
import { imageFile, oversizedPng, storedFiles } from '../../testing/uploads';
import { createTestApp, lastNotificationTo, signUp, signUpAdmin } from '../../testing/test-app';
import { formData } from '../../testing/videos';
import { rateLimits } from './rate-limits';
import { deleteDecidedDocumentPhotos } from './service';

// Verified listers (issue 19): who may ask, the document photo checked and kept private, the
// administrators' decision, the badge it gives, and the photo deleted 30 days after.
const testApp = await createTestApp();
const { app, database, storage, filesDir } = testApp;
const db = database.db;
const admin = await signUpAdmin(testApp);

type Account = Awaited<ReturnType<typeof signUp>>;
let address = 0;
const nextIp = () => `10.77.${Math.floor((address += 1) / 250)}.${address % 250}`;

const png = await imageFile('png', { width: 900, height: 600 });
type Fields = Record<string, string | undefined>;
const apply = (
  who: Account | undefined,
  fields: Fields,
  photo: Buffer | null = png,
  ip?: string,
) => {
  const body = formData([
    ...Object.entries(fields).flatMap(([name, value]) =>
      value === undefined ? [] : [{ name, value }],
    ),
    ...(photo ? [{ name: 'photo', filename: 'card.png', type: 'image/png', data: photo }] : []),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/account/verifications',
    headers: { ...body.headers, ...(who ? { cookie: who.cookie } : {}) },
    payload: body.payload,
    remoteAddress: ip ?? nextIp(),
  });
};
const ghanaCard = { kind: 'identity', document: 'ghana_card', documentNumber: 'gha-123456789-0' };
const licence = { kind: 'agent_licence', documentNumber: 'REA/2026/0042' };
const call = (method: 'GET' | 'POST', url: string, who: Account, payload?: object) =>
  app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
const pendingList = async () =>
  (await call('GET', '/api/admin/verifications?status=pending', admin)).json();

describe('asking to be verified', () => {
  it('takes an owner’s Ghana Card: stored privately, listed for administrators, its photo theirs alone', async () => {
    const owner = await signUp(app, { userType: 'owner', firstName: 'Ama', lastName: 'Owusu' });
    const created = await apply(owner, ghanaCard);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      kind: 'identity',
      document: 'ghana_card',
      status: 'pending',
    });

    const entry = (await pendingList()).verifications.find(
      (v: { id: string }) => v.id === created.json().id,
    );
    expect(entry).toMatchObject({
      documentNumber: 'GHA-123456789-0',
      applicant: { id: owner.userId, name: 'Ama Owusu', userType: 'owner' },
      fileUrl: `/api/admin/verifications/${created.json().id}/photo`,
    });
    const [row] = await db
      .select()
      .from(listerVerifications)
      .where(eq(listerVerifications.id, created.json().id));
    // Never under /files, whatever its name.
    expect((await app.inject({ method: 'GET', url: `/files/${row!.fileKey}` })).statusCode).toBe(
      400,
    );
    for (const who of [owner, await signUp(app)]) {
      expect((await call('GET', entry.fileUrl, who)).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: entry.fileUrl })).statusCode).toBe(401);
    const photo = await call('GET', entry.fileUrl, admin);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['cache-control']).toBe('no-store');
    // The applicant sees where the request stands.
    const own = (await call('GET', '/api/account/verifications', owner)).json();
    expect(own).toEqual([expect.objectContaining({ id: created.json().id, status: 'pending' })]);
  });

  it('refuses renters before reading the form, a licence from non-agents, and a second request', async () => {
    const renter = await signUp(app);
    const refused = await apply(renter, ghanaCard);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('verification_listers_only');
    expect((await apply(undefined, ghanaCard)).statusCode).toBe(401);

    const owner = await signUp(app, { userType: 'owner' });
    const ownerLicence = await apply(owner, licence);
    expect(ownerLicence.statusCode).toBe(403);
    expect(ownerLicence.json().code).toBe('verification_agents_only');

    expect((await apply(owner, ghanaCard)).statusCode).toBe(201);
    const again = await apply(owner, {
      ...ghanaCard,
      document: 'passport',
      documentNumber: 'G1234567',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('verification_pending');
  });

  it('answers 400 for a bad form and 413/415 for a bad photo, storing nothing', async () => {
    const agent = await signUp(app, { userType: 'agent', businessName: 'Osu Homes' });
    const before = storedFiles(filesDir).length;
    for (const fields of [
      { kind: 'selfie', documentNumber: 'X1' },
      { kind: 'identity', documentNumber: 'GHA-123456789-0' },
      { kind: 'identity', document: 'ghana_card', documentNumber: '12345' },
      { kind: 'identity', document: 'passport', documentNumber: 'G12' },
      { kind: 'agent_licence', documentNumber: '' },
    ]) {
      const response = await apply(agent, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().fields).toBeDefined();
    }
    expect((await apply(agent, licence, null)).statusCode).toBe(400);
    expect((await apply(agent, licence, Buffer.from('%PDF-1.7 not an image'))).statusCode).toBe(
      415,
    );
    expect((await apply(agent, licence, await oversizedPng())).statusCode).toBe(413);
    expect(storedFiles(filesDir).length).toBe(before);
    expect(
      await db
        .select()
        .from(listerVerifications)
        .where(eq(listerVerifications.userId, agent.userId)),
    ).toEqual([]);
  });

  it(`is limited to ${rateLimits.verificationRequestsPerAccount.max} requests a day per account`, async () => {
    const agent = await signUp(app, { userType: 'agent', businessName: 'Tema Lets' });
    const { max } = rateLimits.verificationRequestsPerAccount;
    for (let i = 0; i < max; i += 1) {
      expect((await apply(agent, licence)).statusCode).toBe(201);
      // Withdrawn (as if rejected), so the next is not refused as waiting.
      await db.delete(listerVerifications).where(eq(listerVerifications.userId, agent.userId));
    }
    const refused = await apply(agent, licence);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('the administrators’ decision', () => {
  it('approves a licence: the badge shows on the agent’s listings, the agent is told, it is audit-logged', async () => {
    const agent = await signUp(app, { userType: 'agent', businessName: 'Airport Homes' });
    const id = (await apply(agent, licence)).json().id;
    const listing = await app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: { cookie: agent.cookie },
      payload: {
        title: 'Licensed agent flat',
        description: 'Near the airport.',
        propertyType: 'apartment',
        category: 'general',
        address: '',
        country: 'Ghana',
        city: 'Accra',
        pricePerNight: 3000,
        pricingPeriod: 'month',
        bedrooms: 2,
        bathrooms: 1,
        amenities: [],
        images: [],
      },
    });
    const propertyId = listing.json().id;

    const decided = await call('POST', `/api/admin/verifications/${id}/decision`, admin, {
      decision: 'approve',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toEqual({ status: 'approved' });
    const [user] = await db.select().from(users).where(eq(users.id, agent.userId));
    expect(user!.licensedAgentAt).not.toBeNull();
    expect(user!.licenseNumber).toBe('REA/2026/0042');
    const own = (await call('GET', `/api/properties/${propertyId}`, agent)).json();
    expect(own.lister).toMatchObject({ licensedAgent: true, identityVerified: false });

    const message = await lastNotificationTo(db, agent.body.email!);
    expect(message?.subject).toBe('You are verified on Abode');
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit).toMatchObject({ action: 'verification-approve', targetType: 'verification' });

    // Decided once: a second decision is 409; an approved kind cannot be asked again.
    const twice = await call('POST', `/api/admin/verifications/${id}/decision`, admin, {
      decision: 'reject',
      reason: 'Changed my mind',
    });
    expect(twice.statusCode).toBe(409);
    expect((await apply(agent, licence)).json().code).toBe('already_verified');
  });

  it('rejects with a reason the applicant reads; a later request is welcome', async () => {
    const owner = await signUp(app, { userType: 'owner' });
    const id = (await apply(owner, ghanaCard)).json().id;
    const noReason = await call('POST', `/api/admin/verifications/${id}/decision`, admin, {
      decision: 'reject',
    });
    expect(noReason.statusCode).toBe(400);
    await call('POST', `/api/admin/verifications/${id}/decision`, admin, {
      decision: 'reject',
      reason: 'The photo is too blurry to read',
    });
    const message = await lastNotificationTo(db, owner.body.email!);
    expect(message?.subject).toBe('Your verification was not approved');
    expect(message?.textBody).toContain('The photo is too blurry to read');
    const [user] = await db.select().from(users).where(eq(users.id, owner.userId));
    expect(user!.identityVerifiedAt).toBeNull();
    expect((await apply(owner, ghanaCard)).statusCode).toBe(201);
  });

  it('answers 401, 403, 400 and 404 as it should', async () => {
    const owner = await signUp(app, { userType: 'owner' });
    const id = (await apply(owner, ghanaCard)).json().id;
    const url = `/api/admin/verifications/${id}/decision`;
    expect((await call('POST', url, owner, { decision: 'approve' })).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/verifications', owner)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/verifications?status=maybe', admin)).statusCode).toBe(
      400,
    );
    expect((await call('POST', url, admin, { decision: 'perhaps' })).statusCode).toBe(400);
    const unknown = '/api/admin/verifications/00000000-0000-4000-8000-000000000000';
    expect(
      (await call('POST', `${unknown}/decision`, admin, { decision: 'approve' })).statusCode,
    ).toBe(404);
    expect((await call('GET', `${unknown}/photo`, admin)).statusCode).toBe(404);
    // A malformed id answers as an unknown one (server/lib/ids.ts).
    const malformed = await call('GET', '/api/admin/verifications/nope/photo', admin);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toMatchObject({ code: 'verification_not_found' });
  });
});

describe('the document photo', () => {
  it('is deleted 30 days after the decision, not before, and never while waiting', async () => {
    const owner = await signUp(app, { userType: 'owner' });
    const waiting = (await apply(owner, ghanaCard)).json().id;
    const other = await signUp(app, { userType: 'owner' });
    const decided = (await apply(other, ghanaCard)).json().id;
    await call('POST', `/api/admin/verifications/${decided}/decision`, admin, {
      decision: 'approve',
    });
    const fileOf = async (id: string) =>
      (await db.select().from(listerVerifications).where(eq(listerVerifications.id, id)))[0]!;

    await deleteDecidedDocumentPhotos(db, storage);
    expect((await fileOf(decided)).fileKey).not.toBeNull();
    await db
      .update(listerVerifications)
      .set({ decidedAt: sql`now() - interval '31 days'` })
      .where(eq(listerVerifications.id, decided));
    await db
      .update(listerVerifications)
      .set({ createdAt: sql`now() - interval '60 days'` })
      .where(eq(listerVerifications.id, waiting));
    const key = (await fileOf(decided)).fileKey!;
    expect(await deleteDecidedDocumentPhotos(db, storage)).toBeGreaterThanOrEqual(1);

    expect(await fileOf(decided)).toMatchObject({ fileKey: null, status: 'approved' });
    expect((await fileOf(decided)).filesDeletedAt).not.toBeNull();
    expect(await storage.stat(key)).toBeNull();
    expect((await fileOf(waiting)).fileKey).not.toBeNull();
    const photo = await call('GET', `/api/admin/verifications/${decided}/photo`, admin);
    expect(photo.statusCode).toBe(404);
    const listed = (await call('GET', '/api/admin/verifications?status=approved', admin))
      .json()
      .verifications.find((v: { id: string }) => v.id === decided);
    expect(listed.fileUrl).toBeNull();
  });
});
