import { beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../testing/builders';
import {
  createTestApp,
  lastNotificationTo,
  newAccount,
  signUp,
  signUpAdmin,
} from '../../testing/test-app';

const { app, database } = await createTestApp();
const db = database.db;

type Account = Awaited<ReturnType<typeof signUp>>;
let owner: Account;
let renter: Account;
let admin: Account;
beforeAll(async () => {
  owner = await signUp(app, { userType: 'owner' });
  renter = await signUp(app);
  admin = await signUpAdmin({ app, database });
});

const approve = (id: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/properties/${id}/approve`,
    headers: cookie ? { cookie } : {},
  });

describe('POST /api/admin/properties/:id/approve', () => {
  it('is for administrators only: 401 visitors, 403 renters and owners', async () => {
    const id = await createListing(db, owner.userId, { isVerified: false });
    expect((await approve(id)).statusCode).toBe(401);
    expect((await approve(id, renter.cookie)).statusCode).toBe(403);
    expect((await approve(id, owner.cookie)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/properties/${id}` })).statusCode).toBe(
      404,
    );
  });

  it('makes an active listing live and an inactive one approved; twice is harmless', async () => {
    const active = await createListing(db, owner.userId, { isVerified: false, title: 'Go live' });
    const inactive = await createListing(db, owner.userId, { isVerified: false, isActive: false });
    expect((await approve(active, admin.cookie)).json()).toEqual({ id: active, status: 'live' });
    expect((await approve(active, admin.cookie)).json()).toEqual({ id: active, status: 'live' });
    expect((await approve(inactive, admin.cookie)).json()).toEqual({
      id: inactive,
      status: 'approved',
    });
    const search = await app.inject({
      method: 'GET',
      url: '/api/properties/search?location=Go%20live',
    });
    expect(search.json().properties.map((p: { id: string }) => p.id)).toContain(active);
  });

  it('answers 404 for a missing or malformed id', async () => {
    expect((await approve('00000000-0000-4000-8000-000000000000', admin.cookie)).statusCode).toBe(
      404,
    );
    expect((await approve('nope', admin.cookie)).statusCode).toBe(404);
  });
});

describe('POST /api/admin/properties/:id/reject', () => {
  const reject = (id: string, body: object, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/properties/${id}/reject`,
      headers: cookie ? { cookie } : {},
      payload: body,
    });

  it('keeps the listing hidden with a reason the owner sees and is mailed; approval clears it', async () => {
    const id = await createListing(db, owner.userId, { isVerified: false, title: 'Dim photos' });
    expect((await reject(id, { reason: 'x' })).statusCode).toBe(401);
    expect((await reject(id, { reason: 'x' }, owner.cookie)).statusCode).toBe(403);
    expect((await reject(id, { reason: '  ' }, admin.cookie)).statusCode).toBe(400);

    const rejected = await reject(id, { reason: 'The photos are too dark' }, admin.cookie);
    expect(rejected.json()).toEqual({ id, status: 'pending' });
    const own = await app.inject({
      method: 'GET',
      url: '/api/user/properties',
      headers: { cookie: owner.cookie },
    });
    expect(own.json().find((p: { id: string }) => p.id === id)).toMatchObject({
      isVerified: false,
      rejectionReason: 'The photos are too dark',
    });
    expect((await app.inject({ method: 'GET', url: `/api/properties/${id}` })).statusCode).toBe(
      404,
    );
    const mail = await lastNotificationTo(db, owner.body.email!);
    expect(mail?.subject).toBe('Your listing needs changes');
    expect(mail?.textBody).toContain('The photos are too dark');
    expect(mail?.textBody).toContain('Dim photos');

    expect((await approve(id, admin.cookie)).json().status).toBe('live');
    const after = await app.inject({ method: 'GET', url: `/api/properties/${id}` });
    expect(after.json().rejectionReason).toBeNull();
    expect((await lastNotificationTo(db, owner.body.email!))?.subject).toBe(
      'Your listing is approved',
    );
  });

  it('rejecting a live listing takes it out of public view', async () => {
    const id = await createListing(db, owner.userId, { title: 'Was live' });
    expect(
      (await reject(id, { reason: 'Photos show another house' }, admin.cookie)).json().status,
    ).toBe('pending');
    expect((await app.inject({ method: 'GET', url: `/api/properties/${id}` })).statusCode).toBe(
      404,
    );
  });
});

describe('the owner is told in the language their account last used', () => {
  it('Spanish from the sign-up, French after signing in with French', async () => {
    const body = newAccount({ userType: 'owner' });
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' },
      remoteAddress: '10.77.0.1',
      payload: body,
    });
    expect(registered.statusCode).toBe(201);
    const ownerId = registered.json().user.id as string;

    const first = await createListing(db, ownerId, { isVerified: false });
    await app.inject({
      method: 'POST',
      url: `/api/admin/properties/${first}/reject`,
      headers: { cookie: admin.cookie },
      payload: { reason: 'Fotos oscuras' },
    });
    expect((await lastNotificationTo(db, body.email!))?.subject).toBe(
      'Tu anuncio necesita cambios',
    );

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': 'fr' },
      payload: { email: body.email, password: body.password },
    });
    expect(login.statusCode).toBe(200);
    await approve(first, admin.cookie);
    expect((await lastNotificationTo(db, body.email!))?.subject).toBe(
      'Votre annonce est approuvée',
    );

    // A request that names no language (an API client) leaves the remembered one alone.
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.password },
    });
    const second = await createListing(db, ownerId, { isVerified: false });
    await approve(second, admin.cookie);
    expect((await lastNotificationTo(db, body.email!))?.subject).toBe(
      'Votre annonce est approuvée',
    );
  });
});
