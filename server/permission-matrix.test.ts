import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '#common/api-error';
import type { ListingInput } from '#common/listings';
import { videoUrls } from '#common/videos';
import { rowsOf } from './db/client';
import { codeSends, passwordResetTokens, verificationCodes } from './features/auth/service';
import { users } from './db/schema';
import { savedSearches } from './features/saved-searches/service';
import { listerVerifications } from './features/verifications/service';
import { hashToken } from './features/auth/sessions';
import { sendVerificationCode, type Channel } from './features/auth/verification';
import { createListing } from './testing/builders';
import { createTestApp, lastCodeTo, newAccount, signUp, signUpAdmin } from './testing/test-app';
import { imageFile, multipart, uploadImages, verifyContact } from './testing/uploads';
import {
  fakeScanner,
  formData,
  movFile,
  mp4File,
  uploadVideos,
  videoPart,
  waitForScans,
} from './testing/videos';
import { listingReports } from './features/listings/service';
import { conversations } from './features/conversations/schema';
import { viewingHours, viewings } from './features/viewings/schema';
import { reportConversations } from './features/reports/schema';
import { reviews } from './features/reviews/schema';

/**
 * The permission matrix (issue 9): every operation of the OpenAPI document (GET /api/docs),
 * called by five callers, answers what its row says. The callers:
 *
 *   visitor  no session
 *   renter   a signed-in renter
 *   owner    the owner of the object the row is about (its listing, favourite, video,
 *            provider application); for a row without an object, just a signed-in owner
 *   other    another owner, who owns nothing the row is about
 *   admin    an administrator
 *
 * `2xx` is any success; other answers are exact, and every 4xx must have the error shape.
 * An operation of the document without a row fails the first test, and so does a row whose
 * route is gone. A row may appear more than once, for objects in different states.
 */
const scanner = fakeScanner();
const { app, database, storage } = await createTestApp({}, { scanner });
const db = database.db;

type Account = Awaited<ReturnType<typeof signUp>>;
const callers = ['visitor', 'renter', 'owner', 'other', 'admin'] as const;
type Who = (typeof callers)[number];

let renter: Account;
let owner: Account;
let other: Account;
let admin: Account;

/** Who owns the objects, and the objects every row may read without consuming them. */
let liveId: string;
let pendingId: string;
let photoName: string;
let pendingVideoName: string;
let approvedVideoName: string;

let setupAddress = 0;
/** Set-up requests come from their own addresses, so they never spend a caller's limits. */
const setupIp = () => `10.250.${Math.floor((setupAddress += 1) / 250)}.${setupAddress % 250}`;

/** Each caller calls from its own address (per-IP limits count per caller). */
const callerIp: Record<Who, string> = {
  visitor: '10.240.0.1',
  renter: '10.240.0.2',
  owner: '10.240.0.3',
  other: '10.240.0.4',
  admin: '10.240.0.5',
};

let phoneSequence = 0;
/** Gives the account a phone number as well (sign-up by email keeps none). */
async function addPhone(account: Account): Promise<Account> {
  phoneSequence += 1;
  const phone = `+2332470${String(phoneSequence).padStart(5, '0')}`;
  await db.update(users).set({ phone }).where(eq(users.id, account.userId));
  return account;
}

const newCaller = async (who: Exclude<Who, 'visitor'>): Promise<Account> =>
  addPhone(
    who === 'admin'
      ? await signUpAdmin({ app, database })
      : await signUp(app, { userType: who === 'renter' ? 'renter' : 'owner' }),
  );

beforeAll(async () => {
  renter = await newCaller('renter');
  owner = await newCaller('owner');
  other = await newCaller('other');
  admin = await newCaller('admin');
  liveId = await createListing(db, owner.userId);
  pendingId = await createListing(db, owner.userId, { isVerified: false });
  photoName = (await uploadPhoto(owner)).split('/').pop()!;
  pendingVideoName = await ownerVideo({ attached: true });
  approvedVideoName = await approveVideo(await ownerVideo({ attached: true }));
});

// ---- objects -------------------------------------------------------------------------------

/** A new listing of the owner (live unless told otherwise). */
/** A saved search of the user's, alerting by e-mail (verified, when `verified`). */
async function savedSearchOf(userId: string, verified: boolean): Promise<string> {
  if (verified) await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
  const [row] = await db
    .insert(savedSearches)
    .values({
      userId,
      name: 'Accra',
      query: { location: 'Accra' },
      channel: 'email',
      frequency: 'daily',
    })
    .returning({ id: savedSearches.id });
  return row!.id;
}

const listing = (overrides: Parameters<typeof createListing>[2] = {}) =>
  createListing(db, owner.userId, overrides);

/** A conversation between the renter and the owner, about a new listing of the owner's. */
async function conversation(renterId = renter.userId, ownerId = owner.userId): Promise<string> {
  const propertyId = await createListing(db, ownerId);
  const now = new Date();
  const [row] = await db
    .insert(conversations)
    .values({
      propertyId,
      renterId,
      listerId: ownerId,
      propertyTitle: 'A listing',
      propertyCity: 'Accra',
      lastMessageAt: now,
      lastMessageBody: 'Available?',
      lastMessageSenderId: renter.userId,
    })
    .returning({ id: conversations.id });
  return row!.id;
}

/** A listing of the owner's open for viewings every day, all day, an hour each. */
async function listingWithHours(ownerId = owner.userId): Promise<string> {
  const propertyId = await createListing(db, ownerId);
  const windows = Array.from({ length: 7 }, (_, weekday) => ({
    weekday,
    start: '00:00',
    end: '24:00',
  }));
  await db.insert(viewingHours).values({ propertyId, slotMinutes: 60, windows });
  return propertyId;
}

/** The first free time of a listing, as its slots answer it. */
async function firstSlot(propertyId: string): Promise<string> {
  const response = await app.inject({ url: `/api/properties/${propertyId}/viewing-slots` });
  return response.json().slots[0].startsAt;
}

/** A pending request of the renter to see a new listing of the owner's, tomorrow. */
async function viewing(): Promise<string> {
  const conversationId = await conversation();
  const [row] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
  const startsAt = new Date(Date.now() + 86_400_000);
  const [created] = await db
    .insert(viewings)
    .values({
      propertyId: row!.propertyId!,
      renterId: renter.userId,
      listerId: owner.userId,
      conversationId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      timeZone: 'Africa/Accra',
    })
    .returning({ id: viewings.id });
  return created!.id;
}

/** A confirmed viewing of a listing of the owner's that took place an hour ago (issue 40). */
async function pastViewing(renterId = renter.userId): Promise<string> {
  const conversationId = await conversation(renterId);
  const [row] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
  const startsAt = new Date(Date.now() - 3_600_000);
  const [created] = await db
    .insert(viewings)
    .values({
      propertyId: row!.propertyId!,
      renterId,
      listerId: owner.userId,
      conversationId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 1_800_000),
      timeZone: 'Africa/Accra',
      status: 'confirmed',
    })
    .returning({ id: viewings.id });
  return created!.id;
}

/** The renter's review of a past viewing of a listing of the owner's. */
async function review(): Promise<string> {
  const viewingId = await pastViewing();
  const [viewing] = await db.select().from(viewings).where(eq(viewings.id, viewingId));
  const [created] = await db
    .insert(reviews)
    .values({
      viewingId,
      propertyId: viewing!.propertyId,
      authorId: renter.userId,
      listerId: owner.userId,
      viewedAt: viewing!.startsAt,
      rating: 4,
      asDescribed: 'yes',
      askedForMoney: false,
    })
    .returning({ id: reviews.id });
  return created!.id;
}

/** A photo upload's request (multipart, one small PNG). */
async function photoUploadCall(): Promise<Call> {
  return {
    url: '/api/upload/property-images',
    ...multipart([
      {
        filename: 'room.png',
        type: 'image/png',
        data: await imageFile('png', { width: 320, height: 240 }),
      },
    ]),
  };
}

/** A photo of `who`'s, who verifies an e-mail first: photo uploads need it (issue 50). */
async function uploadPhoto(who: Account): Promise<string> {
  await verifyContact(db, who.userId);
  const png = await imageFile('png', { width: 320, height: 240 });
  const response = await uploadImages(app, who.cookie, [
    { filename: 'room.png', type: 'image/png', data: png },
  ]);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().images[0];
}

/** An upload of the owner, scanned and waiting for review (attached to a listing or not). */
async function ownerVideo({ attached }: { attached: boolean }): Promise<string> {
  const response = await uploadVideos(
    app,
    owner.cookie,
    [{ name: 'propertyId', value: attached ? liveId : '' }, videoPart(mp4File())],
    setupIp(),
  );
  expect(response.statusCode, response.body).toBe(201);
  await waitForScans(db);
  return response.json().videos[0].fileName;
}

/** Approves the owner's video with an edited file; answers the edited file's name. */
async function approveVideo(fileName: string): Promise<string> {
  const body = editedVideoForm(fileName);
  const response = await app.inject({
    method: 'POST',
    url: videoUrls.uploadEdited(owner.userId),
    headers: { ...body.headers, cookie: admin.cookie },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().editedFileName;
}

const editedVideoForm = (originalFileName: string) =>
  formData([
    { name: 'originalFileName', value: originalFileName },
    { name: 'editedVideo', filename: 'edited.mov', type: 'video/quicktime', data: movFile() },
  ]);

let providerSequence = 0;
const providerBody = () => {
  providerSequence += 1;
  return {
    categoryId: 'gardener',
    businessName: `Green Hands ${providerSequence}`,
    contactPerson: 'Esi',
    email: `green${providerSequence}@example.com`,
    phone: `+23324200${String(providerSequence).padStart(4, '0')}`,
    businessAddress: 'Tamale',
    serviceArea: 'Northern',
    yearsExperience: 3,
    servicesOffered: 'Hedges',
  };
};

/** A provider application the owner sent while signed in (its submitter). */
async function ownerProviderApplication(): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/service-providers',
    headers: { cookie: owner.cookie },
    payload: providerBody(),
    remoteAddress: setupIp(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** The code a new message sends to the account's email or phone. */
async function freshCode(account: Account, channel: Channel): Promise<string> {
  await codeSentLongAgo(account);
  const [user] = await db.select().from(users).where(eq(users.id, account.userId));
  await sendVerificationCode(
    { db, notifier: app.notifier, publicUrl: 'http://localhost:5000' },
    user!,
    channel,
    'en',
    new Date(),
    { force: true },
  );
  return lastCodeTo(db, channel === 'email' ? user!.email! : user!.phone!);
}

/** The last codes went out long ago (the account's and its addresses'), so one may be sent now. */
async function codeSentLongAgo(account: Account): Promise<void> {
  const longAgo = new Date(Date.now() - 3_600_000);
  await db
    .update(verificationCodes)
    .set({ sentAt: longAgo })
    .where(eq(verificationCodes.userId, account.userId));
  const [user] = await db.select().from(users).where(eq(users.id, account.userId));
  const targets = [user!.email, user!.phone].filter((target) => target !== null);
  await db.delete(codeSends).where(inArray(codeSends.target, targets));
}

/** A live reset link of a throwaway account (resetting ends that account's sessions). */
let resetTarget: Account | undefined;
async function resetToken(): Promise<string> {
  resetTarget ??= await signUp(app);
  const token = `matrix-${Math.random().toString(36).slice(2)}-${Date.now()}`;
  await db.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    userId: resetTarget.userId,
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + 10 * 60_000),
  });
  return token;
}

const listingBody = (): ListingInput => ({
  title: 'Sunny two-bedroom in Osu',
  description: 'Quiet street, ten minutes from Oxford Street.',
  propertyType: 'apartment',
  category: 'general',
  address: '',
  country: 'Ghana',
  city: 'Accra',
  pricePerNight: 'GH₵ 2,500',
  pricingPeriod: 'month',
  bedrooms: 2,
  bathrooms: 1,
  amenities: ['wifi'],
  images: [],
});

// ---- the table -----------------------------------------------------------------------------

type Call = {
  /** The URL with its ids filled in (and any query). */
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
};

type Context = {
  who: Who;
  /** The caller's account; none for the visitor. */
  as: Account | undefined;
};

type Row = {
  /** Method and path, as the OpenAPI document writes them. */
  op: string;
  /** What the call is about, when the row's answers depend on it. */
  on?: string;
  /** The answers of visitor, renter, owner, other owner and admin. */
  expect: string;
  /**
   * 'callers': the call uses up the caller's session or credentials (sign-in, sign-out,
   * password changes), so each caller is a new account of its kind.
   */
  fresh?: 'callers';
  /** The request, built for each caller (a consumed object is made anew for each). */
  call: (context: Context) => Call | Promise<Call>;
};

const somebody = newAccount();

// visitor renter owner other admin
const rows: Row[] = [
  // System
  { op: 'GET /api/health', expect: '2xx 2xx 2xx 2xx 2xx', call: () => ({ url: '/api/health' }) },
  { op: 'GET /api/ping', expect: '2xx 2xx 2xx 2xx 2xx', call: () => ({ url: '/api/ping' }) },
  // The document to browse (its JSON, GET /api/docs, is not an operation of itself).
  {
    op: 'GET /api/reference',
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/reference' }),
  },
  {
    op: 'GET /api/dev/outbox',
    // Only the machine itself reads it (server/lib/loopback-only.test.ts); these callers
    // come from other addresses.
    on: 'development only (not registered in production), from another machine',
    expect: '404 404 404 404 404',
    call: () => ({ url: '/api/dev/outbox?limit=1' }),
  },

  {
    op: 'POST /api/dev/viewing-reminders',
    on: 'development only (not registered in production), from another machine',
    expect: '404 404 404 404 404',
    call: () => ({ url: '/api/dev/viewing-reminders', payload: { at: '2026-12-04T18:00:00Z' } }),
  },

  // Sign-up, sign-in and verification
  {
    op: 'POST /api/auth/register',
    expect: '2xx 2xx 2xx 2xx 2xx',
    fresh: 'callers',
    call: () => ({ url: '/api/auth/register', payload: newAccount() }),
  },
  {
    op: 'POST /api/auth/login',
    on: "the caller's own credentials (the visitor's: the renter's)",
    expect: '2xx 2xx 2xx 2xx 2xx',
    fresh: 'callers',
    call: ({ as }) => {
      const { email, password } = (as ?? renter).body;
      return { url: '/api/auth/login', payload: { email, password } };
    },
  },
  {
    op: 'POST /api/auth/logout',
    expect: '2xx 2xx 2xx 2xx 2xx',
    fresh: 'callers',
    call: () => ({ url: '/api/auth/logout' }),
  },
  {
    op: 'GET /api/auth/user',
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/auth/user' }),
  },
  {
    op: 'GET /api/auth/sign-up-methods',
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/auth/sign-up-methods' }),
  },
  {
    op: 'GET /api/login',
    expect: '302 302 302 302 302',
    call: () => ({ url: '/api/login?next=%2Fdashboard' }),
  },
  {
    op: 'POST /api/auth/verify-email-code',
    on: "the code sent to the caller's email",
    expect: '401 2xx 2xx 2xx 2xx',
    call: async ({ as }) => ({
      url: '/api/auth/verify-email-code',
      payload: { code: as ? await freshCode(as, 'email') : '123456' },
    }),
  },
  {
    op: 'POST /api/auth/resend-email-verification',
    expect: '401 2xx 2xx 2xx 2xx',
    call: async ({ as }) => {
      if (as) await codeSentLongAgo(as);
      return { url: '/api/auth/resend-email-verification' };
    },
  },
  {
    op: 'POST /api/auth/verify-phone-code',
    on: "the code sent to the caller's phone",
    expect: '401 2xx 2xx 2xx 2xx',
    call: async ({ as }) => ({
      url: '/api/auth/verify-phone-code',
      payload: { code: as ? await freshCode(as, 'phone') : '123456' },
    }),
  },
  {
    op: 'POST /api/auth/resend-phone-verification',
    expect: '401 2xx 2xx 2xx 2xx',
    call: async ({ as }) => {
      if (as) await codeSentLongAgo(as);
      return { url: '/api/auth/resend-phone-verification' };
    },
  },
  {
    op: 'POST /api/auth/forgot-password',
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/auth/forgot-password', payload: { email: somebody.email } }),
  },
  {
    op: 'POST /api/auth/reset-password/check',
    on: 'a live reset link of another account',
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: async () => ({
      url: '/api/auth/reset-password/check',
      payload: { token: await resetToken() },
    }),
  },
  {
    op: 'POST /api/auth/reset-password',
    on: 'a live reset link of another account',
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: async () => ({
      url: '/api/auth/reset-password',
      payload: {
        token: await resetToken(),
        password: 'a brand new passphrase',
        confirmPassword: 'a brand new passphrase',
      },
    }),
  },

  // Account settings
  {
    op: 'PUT /api/auth/profile',
    on: "the caller's own profile",
    expect: '401 2xx 2xx 2xx 2xx',
    call: ({ as }) => ({
      url: '/api/auth/profile',
      payload: {
        firstName: 'Ama',
        lastName: 'Mensah',
        email: (as ?? renter).body.email,
        businessName: 'Keys Ltd',
      },
    }),
  },
  {
    op: 'PUT /api/auth/change-password',
    on: "the caller's own password",
    expect: '401 2xx 2xx 2xx 2xx',
    fresh: 'callers',
    call: ({ as }) => ({
      url: '/api/auth/change-password',
      payload: {
        currentPassword: as?.body.password ?? 'correct horse battery',
        newPassword: 'a brand new passphrase',
        confirmPassword: 'a brand new passphrase',
      },
    }),
  },

  {
    op: 'PUT /api/account/plan',
    on: "the caller's own plan",
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/account/plan', payload: { plan: 'premium' } }),
  },
  {
    op: 'GET /api/account/notifications',
    on: "the caller's own settings",
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/account/notifications' }),
  },
  {
    op: 'PUT /api/account/notifications',
    on: "the caller's own settings",
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({
      url: '/api/account/notifications',
      payload: { messagesByEmail: true, messagesBySms: true },
    }),
  },
  {
    op: 'GET /api/account/notification-settings',
    on: "the caller's own settings",
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/account/notification-settings' }),
  },
  {
    op: 'PUT /api/account/notification-settings',
    on: "the caller's own settings",
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({
      url: '/api/account/notification-settings',
      payload: { enquiries: 'both', viewings: 'both', reviews: 'both' },
    }),
  },

  // Listings
  {
    op: 'GET /api/properties/featured',
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/properties/featured' }),
  },
  {
    op: 'GET /api/properties/stats',
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/properties/stats' }),
  },
  {
    op: 'GET /api/properties/search',
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/properties/search?location=Accra' }),
  },
  {
    op: 'GET /api/exchange-rate',
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/exchange-rate' }),
  },
  {
    op: 'GET /api/map',
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/map' }),
  },
  {
    op: 'GET /api/places',
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/places?city=Accra' }),
  },
  {
    op: 'GET /api/legal/operator',
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/legal/operator' }),
  },
  {
    op: 'PUT /api/admin/exchange-rate',
    expect: '401 403 403 403 2xx',
    call: () => ({ method: 'PUT', url: '/api/admin/exchange-rate', payload: { ghsPerUsd: 15 } }),
  },
  {
    op: 'GET /api/properties/{id}',
    on: 'a live listing',
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: () => ({ url: `/api/properties/${liveId}` }),
  },
  {
    op: 'GET /api/properties/{id}',
    on: 'a listing pending approval (the preview)',
    expect: '404 404 2xx 404 2xx',
    call: () => ({ url: `/api/properties/${pendingId}` }),
  },
  {
    op: 'GET /api/properties/{id}/contact',
    on: 'a live listing, by accounts without a verified e-mail or phone (issue 34; the owner: its own listing)',
    expect: '401 403 2xx 403 2xx',
    fresh: 'callers',
    call: async ({ who, as }) => {
      const id = who === 'owner' && as ? await createListing(db, as.userId) : liveId;
      return { url: `/api/properties/${id}/contact` };
    },
  },
  {
    op: 'GET /api/properties/{id}/contact',
    on: 'a live listing, by accounts with a verified phone',
    expect: '401 2xx 2xx 2xx 2xx',
    fresh: 'callers',
    call: async ({ as }) => {
      if (as) await db.update(users).set({ phoneVerified: true }).where(eq(users.id, as.userId));
      return { url: `/api/properties/${liveId}/contact` };
    },
  },
  {
    op: 'GET /api/properties/{id}/contact',
    on: 'a listing pending approval (issue 15: Under Review, no owner detail, even to its owner)',
    expect: '401 409 409 409 409',
    call: () => ({ url: `/api/properties/${pendingId}/contact` }),
  },
  {
    op: 'GET /api/user/properties',
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/user/properties' }),
  },
  {
    op: 'POST /api/properties',
    on: 'any signed-in user may list (spec: List Your Property, signed in)',
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/properties', payload: listingBody() }),
  },
  {
    op: 'PUT /api/properties/{id}',
    on: "the owner's listing (decision 003: admins use the admin endpoints)",
    expect: '401 403 2xx 403 403',
    call: async () => ({
      url: `/api/properties/${await listing()}`,
      // Editing requires the address (spec 5).
      payload: { ...listingBody(), address: '4 Cantonments Road' },
    }),
  },
  {
    op: 'DELETE /api/properties/{id}',
    on: "the owner's listing",
    expect: '401 403 2xx 403 403',
    call: async () => ({ url: `/api/properties/${await listing()}` }),
  },
  {
    op: 'POST /api/properties/{id}/rented',
    on: "the owner's live listing",
    expect: '401 403 2xx 403 403',
    call: async () => ({ url: `/api/properties/${await listing()}/rented` }),
  },
  {
    op: 'DELETE /api/properties/{id}/rented',
    on: "the owner's listing",
    expect: '401 403 2xx 403 403',
    call: async () => ({ url: `/api/properties/${await listing()}/rented` }),
  },
  {
    op: 'POST /api/properties/{id}/renew',
    on: "the owner's listing (issue 21: confirmed for 30 more days)",
    expect: '401 403 2xx 403 403',
    call: async () => ({ url: `/api/properties/${await listing()}/renew` }),
  },
  {
    op: 'POST /api/listing-confirmations',
    on: 'anyone holding a reminder’s signed link; here one that is not signed',
    expect: '400 400 400 400 400',
    call: () => ({
      url: '/api/listing-confirmations',
      payload: { token: 'eyJsIjoieCJ9.c2lnbmF0dXJl', answer: 'available' },
    }),
  },

  // Saved searches (issue 21)
  {
    op: 'GET /api/saved-searches',
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/saved-searches' }),
  },
  {
    op: 'POST /api/saved-searches',
    on: 'alerts by e-mail, by accounts with a verified e-mail',
    expect: '401 2xx 2xx 2xx 2xx',
    fresh: 'callers',
    call: async ({ as }) => {
      if (as) await db.update(users).set({ emailVerified: true }).where(eq(users.id, as.userId));
      return {
        url: '/api/saved-searches',
        payload: { query: { location: 'Accra' }, channel: 'email', frequency: 'daily' },
      };
    },
  },
  {
    op: 'POST /api/saved-searches',
    on: 'alerts by SMS, by accounts without a verified phone',
    expect: '401 403 403 403 403',
    fresh: 'callers',
    call: () => ({
      url: '/api/saved-searches',
      payload: { query: {}, channel: 'sms', frequency: 'instant' },
    }),
  },
  {
    op: 'PATCH /api/saved-searches/{id}',
    on: "the owner's saved search (another's is not found)",
    expect: '401 404 2xx 404 404',
    fresh: 'callers',
    call: async ({ who, as }) => ({
      url: `/api/saved-searches/${await savedSearchOf(who === 'owner' && as ? as.userId : owner.userId, true)}`,
      payload: { frequency: 'instant' },
    }),
  },
  {
    op: 'DELETE /api/saved-searches/{id}',
    on: "the owner's saved search (another's is not found)",
    expect: '401 404 2xx 404 404',
    fresh: 'callers',
    call: async ({ who, as }) => ({
      url: `/api/saved-searches/${await savedSearchOf(who === 'owner' && as ? as.userId : owner.userId, false)}`,
    }),
  },
  {
    op: 'GET /api/saved-searches/unsubscribe',
    on: 'anyone holding an alert’s signed link; here one that is not signed',
    expect: '400 400 400 400 400',
    call: () => ({ url: '/api/saved-searches/unsubscribe?token=eyJzIjoieCJ9.c2ln' }),
  },
  {
    op: 'POST /api/saved-searches/unsubscribe',
    on: 'anyone holding an alert’s signed link; here one that is not signed',
    expect: '400 400 400 400 400',
    call: () => ({
      url: '/api/saved-searches/unsubscribe',
      payload: { token: 'eyJzIjoieCJ9.c2ln' },
    }),
  },
  {
    op: 'POST /api/saved-searches/resubscribe',
    on: 'anyone holding an alert’s signed link; here one that is not signed',
    expect: '400 400 400 400 400',
    call: () => ({
      url: '/api/saved-searches/resubscribe',
      payload: { token: 'eyJzIjoieCJ9.c2ln' },
    }),
  },
  {
    op: 'POST /api/saved-searches/unsubscribe/one-click',
    on: 'a mail provider posting an alert’s List-Unsubscribe address; here one not signed',
    expect: '400 400 400 400 400',
    call: () => ({
      url: '/api/saved-searches/unsubscribe/one-click?token=eyJzIjoieCJ9.c2ln',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: Buffer.from('List-Unsubscribe=One-Click'),
    }),
  },

  // Live updates: the stream itself, per role, is tested in features/live/live.test.ts (an
  // injected request cannot hold one open); without Accept: text/event-stream it is 406.
  {
    op: 'GET /api/events',
    expect: '401 406 406 406 406',
    call: () => ({ url: '/api/events' }),
  },
  // Favourites
  {
    op: 'GET /api/favorites',
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/favorites' }),
  },
  {
    op: 'POST /api/favorites/{id}',
    on: 'a live listing',
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({ url: `/api/favorites/${liveId}` }),
  },
  {
    op: 'POST /api/favorites/{id}',
    on: 'a listing pending approval (only who may see it may save it)',
    expect: '401 404 2xx 404 2xx',
    call: () => ({ url: `/api/favorites/${pendingId}` }),
  },
  {
    op: 'DELETE /api/favorites/{id}',
    on: "the caller's own favourite (idempotent)",
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({ url: `/api/favorites/${liveId}` }),
  },

  // Photos
  {
    op: 'POST /api/upload/property-images',
    on: 'by accounts without a verified e-mail or phone (issue 50)',
    expect: '401 403 403 403 403',
    fresh: 'callers',
    call: photoUploadCall,
  },
  {
    op: 'POST /api/upload/property-images',
    on: 'by accounts with a verified e-mail',
    expect: '401 2xx 2xx 2xx 2xx',
    fresh: 'callers',
    call: async ({ as }) => {
      if (as) await verifyContact(db, as.userId);
      return photoUploadCall();
    },
  },
  {
    op: 'GET /files/{name}',
    on: "a photo variant of the owner's (public: its name is the secret)",
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: () => ({ url: `/files/${photoName}` }),
  },

  // Videos
  {
    op: 'POST /api/upload/property-videos',
    on: 'no listing named',
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({ url: videoUrls.upload, ...formData([videoPart(mp4File())]) }),
  },
  {
    op: 'POST /api/upload/property-videos',
    on: "for the owner's listing",
    expect: '401 403 2xx 403 403',
    call: () => ({
      url: videoUrls.upload,
      ...formData([{ name: 'propertyId', value: liveId }, videoPart(mp4File())]),
    }),
  },
  {
    op: 'GET /api/user/approved-videos',
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({ url: videoUrls.approved }),
  },
  {
    op: 'POST /api/user/videos/attach',
    on: "the owner's unattached upload, to the owner's listing",
    expect: '401 403 2xx 403 403',
    call: async () => ({
      url: videoUrls.attach,
      payload: { propertyId: liveId, fileNames: [await ownerVideo({ attached: false })] },
    }),
  },
  {
    op: 'GET /api/user/download-video/{fileName}',
    on: "the owner's approved video",
    expect: '401 404 2xx 404 404',
    call: () => ({ url: videoUrls.userDownload(approvedVideoName) }),
  },
  {
    op: 'GET /api/admin/pending-videos',
    expect: '401 403 403 403 2xx',
    call: () => ({ url: videoUrls.pending }),
  },
  {
    op: 'GET /api/admin/download-video/{userId}/{fileName}',
    on: "the owner's upload waiting for review",
    expect: '401 403 403 403 2xx',
    call: () => ({ url: videoUrls.adminDownload(owner.userId, pendingVideoName) }),
  },
  {
    op: 'POST /api/admin/upload-edited-video/{userId}',
    on: "the owner's upload waiting for review",
    expect: '401 403 403 403 2xx',
    call: async () => ({
      url: videoUrls.uploadEdited(owner.userId),
      ...editedVideoForm(await ownerVideo({ attached: true })),
    }),
  },

  // Service providers
  {
    op: 'POST /api/service-providers',
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/service-providers', payload: providerBody() }),
  },
  {
    op: 'GET /api/service-providers',
    on: 'the approved directory',
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/service-providers' }),
  },
  {
    op: 'GET /api/service-providers',
    on: 'applications waiting for review',
    expect: '401 403 403 403 2xx',
    call: () => ({ url: '/api/service-providers?status=pending' }),
  },
  {
    op: 'PATCH /api/service-providers/{id}/status',
    on: 'an application the owner sent',
    expect: '401 403 403 403 2xx',
    call: async () => ({
      url: `/api/service-providers/${await ownerProviderApplication()}/status`,
      payload: { status: 'approved' },
    }),
  },

  // Support and contact forms, visitor tracking
  {
    op: 'POST /api/support/message',
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: () => ({
      url: '/api/support/message',
      payload: {
        name: 'Esi Owusu',
        email: 'esi@example.com',
        subject: 'Cannot upload photos',
        category: 'technical',
        message: 'The upload stops at 50 %.',
      },
    }),
  },
  {
    op: 'POST /api/contact/message',
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: () => ({
      url: '/api/contact/message',
      payload: {
        firstName: 'Kojo',
        lastName: 'Asante',
        contactMethod: 'email',
        email: 'kojo@example.com',
        phone: '',
        userType: 'landlord',
        subject: 'Listing three flats',
        message: 'Can an agent list for me?',
      },
    }),
  },
  {
    op: 'POST /api/analytics/track-visitor',
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: ({ who }) => ({
      url: '/api/analytics/track-visitor',
      payload: {
        visitorId: `visitor_matrix_${who}`,
        pageUrl: 'http://localhost:5000/search',
        pageTitle: 'Search · Abode',
      },
    }),
  },

  // Administration: listings
  {
    op: 'GET /api/admin/properties',
    expect: '401 403 403 403 2xx',
    call: () => ({ url: '/api/admin/properties' }),
  },
  {
    op: 'POST /api/admin/properties/{id}/approve',
    on: "the owner's listing pending approval",
    expect: '401 403 403 403 2xx',
    call: async () => ({
      url: `/api/admin/properties/${await listing({ isVerified: false })}/approve`,
    }),
  },
  {
    op: 'POST /api/admin/properties/{id}/reject',
    on: "the owner's listing pending approval",
    expect: '401 403 403 403 2xx',
    call: async () => ({
      url: `/api/admin/properties/${await listing({ isVerified: false })}/reject`,
      payload: { reason: 'Please add a photo of the kitchen' },
    }),
  },
  {
    op: 'PATCH /api/admin/properties/{id}/visibility',
    on: "the owner's live listing",
    expect: '401 403 403 403 2xx',
    call: async () => ({
      url: `/api/admin/properties/${await listing()}/visibility`,
      payload: { isActive: false },
    }),
  },
  {
    op: 'DELETE /api/admin/properties/{id}',
    on: "the owner's listing",
    expect: '401 403 403 403 2xx',
    call: async () => ({ url: `/api/admin/properties/${await listing()}` }),
  },
  {
    op: 'GET /api/admin/featured-properties',
    expect: '401 403 403 403 2xx',
    call: () => ({ url: '/api/admin/featured-properties' }),
  },
  {
    op: 'PATCH /api/admin/properties/{id}/featured',
    on: "the owner's live listing",
    expect: '401 403 403 403 2xx',
    call: async () => ({
      url: `/api/admin/properties/${await listing()}/featured`,
      payload: { isFeatured: true },
    }),
  },
  {
    op: 'POST /api/admin/reorder-featured-properties',
    on: "the owner's featured listing",
    expect: '401 403 403 403 2xx',
    call: async () => ({
      url: '/api/admin/reorder-featured-properties',
      payload: {
        propertyOrders: [{ id: await listing({ isFeatured: true, featuredOrder: 99 }), order: 1 }],
      },
    }),
  },

  // Administration: administrators, audit, password
  {
    op: 'GET /api/admin/admins',
    expect: '401 403 403 403 2xx',
    call: () => ({ url: '/api/admin/admins' }),
  },
  {
    op: 'POST /api/admin/admins',
    on: 'the email of an account',
    expect: '401 403 403 403 2xx',
    call: async () => ({
      url: '/api/admin/admins',
      payload: { email: (await signUp(app)).body.email },
    }),
  },
  {
    op: 'DELETE /api/admin/admins/{id}',
    on: 'another administrator',
    expect: '401 403 403 403 2xx',
    call: async () => ({
      url: `/api/admin/admins/${(await signUpAdmin({ app, database })).userId}`,
    }),
  },
  {
    op: 'GET /api/admin/audit-log',
    expect: '401 403 403 403 2xx',
    call: () => ({ url: '/api/admin/audit-log' }),
  },
  {
    op: 'POST /api/admin/change-password',
    on: "the caller's own password",
    expect: '401 403 403 403 2xx',
    fresh: 'callers',
    call: ({ as }) => ({
      url: '/api/admin/change-password',
      payload: {
        currentPassword: as?.body.password ?? 'correct horse battery',
        newPassword: 'a brand new passphrase',
      },
    }),
  },

  // Administration: analytics and inbox
  {
    op: 'GET /api/admin/visitor-analytics',
    expect: '401 403 403 403 2xx',
    call: () => ({ url: '/api/admin/visitor-analytics?days=7' }),
  },
  {
    op: 'GET /api/admin/recent-visitors',
    expect: '401 403 403 403 2xx',
    call: () => ({ url: '/api/admin/recent-visitors?limit=200' }),
  },
  {
    op: 'GET /api/admin/users-analytics',
    expect: '401 403 403 403 2xx',
    call: () => ({ url: '/api/admin/users-analytics' }),
  },
  {
    op: 'GET /api/admin/messages',
    expect: '401 403 403 403 2xx',
    call: () => ({ url: '/api/admin/messages' }),
  },
  {
    op: 'PATCH /api/admin/messages/{id}/handled',
    on: 'a support message',
    expect: '401 403 403 403 2xx',
    call: async () => ({
      url: `/api/admin/messages/${await inboxMessage()}/handled`,
      payload: { isHandled: true },
    }),
  },
  {
    op: 'POST /api/admin/messages/{id}/reply',
    on: 'a support message',
    expect: '401 403 403 403 2xx',
    call: async () => ({
      url: `/api/admin/messages/${await inboxMessage()}/reply`,
      payload: { message: 'Thank you, it works now.' },
    }),
  },
  {
    op: 'GET /api/admin/deliveries',
    expect: '401 403 403 403 2xx',
    call: () => ({ url: '/api/admin/deliveries?status=failed' }),
  },
  {
    op: 'POST /api/admin/deliveries/{id}/retry',
    on: 'a text message that failed',
    expect: '401 403 403 403 2xx',
    call: async () => ({ url: `/api/admin/deliveries/${await failedDelivery()}/retry` }),
  },
  // Reports of listings (issue 19)
  {
    op: 'POST /api/properties/{id}/reports',
    on: 'a live listing, by accounts without a verified e-mail or phone',
    expect: '401 403 403 403 403',
    fresh: 'callers',
    call: () => ({ url: `/api/properties/${liveId}/reports`, payload: { reason: 'duplicate' } }),
  },
  {
    op: 'POST /api/properties/{id}/reports',
    on: 'a live listing, by accounts with a verified phone (the owner: its own listing)',
    expect: '401 2xx 403 2xx 2xx',
    fresh: 'callers',
    call: async ({ who, as }) => {
      if (as) await db.update(users).set({ phoneVerified: true }).where(eq(users.id, as.userId));
      const id = who === 'owner' && as ? await createListing(db, as.userId) : await listing();
      return { url: `/api/properties/${id}/reports`, payload: { reason: 'not_available' } };
    },
  },
  {
    op: 'GET /api/admin/reports',
    expect: '401 403 403 403 2xx',
    call: () => ({ url: '/api/admin/reports?status=open' }),
  },
  {
    op: 'POST /api/admin/reports/{propertyId}/resolve',
    on: 'a listing with an open report',
    expect: '401 403 403 403 2xx',
    call: async () => {
      const id = await listing();
      await db.insert(listingReports).values({
        propertyId: id,
        reporterId: renter.userId,
        reason: 'fake_lister',
      });
      return { url: `/api/admin/reports/${id}/resolve`, payload: { action: 'dismiss' } };
    },
  },
  // Viewings (issue 38): hours are the owner's; a viewing's parties are its renter and lister.
  {
    op: 'GET /api/properties/{id}/viewing-hours',
    on: 'a live listing of the owner',
    expect: '401 403 2xx 403 403',
    call: () => ({ url: `/api/properties/${liveId}/viewing-hours` }),
  },
  {
    op: 'PUT /api/properties/{id}/viewing-hours',
    on: 'a live listing of the owner',
    expect: '401 403 2xx 403 403',
    call: () => ({
      url: `/api/properties/${liveId}/viewing-hours`,
      payload: {
        slotMinutes: 30,
        windows: [{ weekday: 6, start: '10:00', end: '14:00' }],
        blockedDates: [],
      },
    }),
  },
  {
    op: 'GET /api/properties/{id}/viewing-slots',
    on: 'a live listing',
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: () => ({ url: `/api/properties/${liveId}/viewing-slots` }),
  },
  {
    op: 'GET /api/properties/{id}/viewing-slots',
    on: 'a listing waiting for review (its owner may look)',
    expect: '404 404 2xx 404 2xx',
    call: () => ({ url: `/api/properties/${pendingId}/viewing-slots` }),
  },
  {
    op: 'POST /api/properties/{id}/viewings',
    on: 'a free time of a live listing, by accounts with a verified e-mail (the owner: its own)',
    expect: '401 2xx 409 2xx 2xx',
    fresh: 'callers',
    call: async ({ who, as }) => {
      if (as) await db.update(users).set({ emailVerified: true }).where(eq(users.id, as.userId));
      const id = await listingWithHours(who === 'owner' && as ? as.userId : owner.userId);
      return { url: `/api/properties/${id}/viewings`, payload: { startsAt: await firstSlot(id) } };
    },
  },
  {
    op: 'POST /api/properties/{id}/viewings',
    on: 'a free time of a live listing, by accounts without a verified e-mail or phone',
    expect: '401 403 409 403 403',
    fresh: 'callers',
    call: async ({ who, as }) => {
      const id = await listingWithHours(who === 'owner' && as ? as.userId : owner.userId);
      return { url: `/api/properties/${id}/viewings`, payload: { startsAt: await firstSlot(id) } };
    },
  },
  {
    op: 'POST /api/properties/{id}/viewing-hours/copy',
    on: 'a live listing of the owner, to the owner’s pending one',
    expect: '401 403 2xx 403 403',
    call: () => ({
      url: `/api/properties/${liveId}/viewing-hours/copy`,
      payload: { propertyIds: [pendingId] },
    }),
  },
  {
    op: 'GET /api/viewings',
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/viewings' }),
  },
  {
    op: 'GET /api/user/properties/{id}/stats',
    on: 'a live listing of the owner',
    expect: '401 403 2xx 403 403',
    call: () => ({ url: `/api/user/properties/${liveId}/stats` }),
  },
  {
    op: 'GET /api/user/to-answer',
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/user/to-answer' }),
  },
  {
    op: 'GET /api/viewings/{id}',
    on: 'a request of the renter to see a listing of the owner',
    expect: '401 2xx 2xx 404 404',
    call: async () => ({ url: `/api/viewings/${await viewing()}` }),
  },
  {
    op: 'GET /api/viewings/{id}/calendar.ics',
    on: 'a confirmed viewing ahead, of the renter, of a listing of the owner (issue 51)',
    expect: '401 2xx 2xx 404 404',
    call: async () => {
      const id = await viewing();
      await db.update(viewings).set({ status: 'confirmed' }).where(eq(viewings.id, id));
      return { url: `/api/viewings/${id}/calendar.ics` };
    },
  },
  {
    op: 'POST /api/viewings/{id}/confirm',
    on: 'a request of the renter to see a listing of the owner',
    expect: '401 403 2xx 404 404',
    call: async () => ({ url: `/api/viewings/${await viewing()}/confirm` }),
  },
  {
    op: 'POST /api/viewings/{id}/decline',
    on: 'a request of the renter to see a listing of the owner',
    expect: '401 403 2xx 404 404',
    call: async () => ({ url: `/api/viewings/${await viewing()}/decline`, payload: {} }),
  },
  {
    op: 'POST /api/viewings/{id}/no-show',
    on: 'a request of the renter to see a listing of the owner, not confirmed',
    expect: '401 403 409 404 404',
    call: async () => ({ url: `/api/viewings/${await viewing()}/no-show` }),
  },
  // Issue 50: the renter answers "I was there" to a no-show; the lister may not.
  {
    op: 'POST /api/viewings/{id}/dispute-no-show',
    on: 'a past confirmed viewing of the renter’s that the owner said they missed',
    expect: '401 2xx 403 404 404',
    call: async () => {
      const id = await pastViewing();
      await db.update(viewings).set({ renterNoShowAt: new Date() }).where(eq(viewings.id, id));
      return { url: `/api/viewings/${id}/dispute-no-show` };
    },
  },
  {
    op: 'POST /api/viewings/{id}/cancel',
    on: 'a request of the renter to see a listing of the owner',
    expect: '401 2xx 2xx 404 404',
    call: async () => ({ url: `/api/viewings/${await viewing()}/cancel`, payload: {} }),
  },
  // Reviews (issue 40): the renter of a past confirmed viewing writes; the lister answers.
  {
    op: 'GET /api/viewings/{id}/review',
    on: 'a confirmed viewing of the renter’s that took place, of a listing of the owner',
    expect: '401 2xx 2xx 404 404',
    call: async () => ({ url: `/api/viewings/${await pastViewing()}/review` }),
  },
  {
    op: 'POST /api/viewings/{id}/review',
    on: 'a past confirmed viewing; the renter’s own (verified phone), everyone else’s another’s',
    expect: '401 2xx 403 403 403',
    fresh: 'callers',
    call: async ({ who, as }) => {
      if (as) await db.update(users).set({ phoneVerified: true }).where(eq(users.id, as.userId));
      const id = await pastViewing(who === 'renter' && as ? as.userId : renter.userId);
      return {
        url: `/api/viewings/${id}/review`,
        payload: { rating: 4, asDescribed: 'yes', askedForMoney: false },
      };
    },
  },
  {
    op: 'PUT /api/reviews/{id}',
    on: 'a review the renter wrote of a listing of the owner',
    expect: '401 2xx 404 404 404',
    call: async () => ({
      method: 'PUT',
      url: `/api/reviews/${await review()}`,
      payload: { rating: 3, asDescribed: 'mostly', askedForMoney: false },
    }),
  },
  {
    op: 'GET /api/properties/{id}/reviews',
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: () => ({ url: `/api/properties/${liveId}/reviews` }),
  },
  {
    op: 'GET /api/listers/{handle}',
    on: 'the owner’s handle (a live listing)',
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: async () => {
      const [row] = await db
        .select({ handle: users.handle })
        .from(users)
        .where(eq(users.id, owner.userId));
      return { url: `/api/listers/${row!.handle}` };
    },
  },
  {
    op: 'GET /api/listers/{handle}/reviews',
    on: 'the owner’s handle (a live listing)',
    expect: '2xx 2xx 2xx 2xx 2xx',
    call: async () => {
      const [row] = await db
        .select({ handle: users.handle })
        .from(users)
        .where(eq(users.id, owner.userId));
      return { url: `/api/listers/${row!.handle}/reviews?page=2` };
    },
  },
  {
    op: 'GET /api/user/reviews',
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/user/reviews' }),
  },
  {
    op: 'POST /api/reviews/{id}/reply',
    on: 'a review of a listing of the owner',
    expect: '401 403 2xx 403 403',
    call: async () => ({
      url: `/api/reviews/${await review()}/reply`,
      payload: { text: 'Thank you' },
    }),
  },
  {
    op: 'POST /api/reviews/{id}/reports',
    on: 'a review of a listing of the owner',
    expect: '401 403 2xx 403 403',
    call: async () => ({
      url: `/api/reviews/${await review()}/reports`,
      payload: { reason: 'false' },
    }),
  },
  {
    op: 'GET /api/admin/reviews',
    expect: '401 403 403 403 2xx',
    call: () => ({ url: '/api/admin/reviews?status=reported' }),
  },
  {
    op: 'POST /api/admin/reviews/{id}/decision',
    on: 'a visible review',
    expect: '401 403 403 403 2xx',
    call: async () => ({
      url: `/api/admin/reviews/${await review()}/decision`,
      payload: { action: 'hide', reason: 'Insulting' },
    }),
  },
  {
    op: 'POST /api/dev/review-invitations',
    on: 'development only (not registered in production), from another machine',
    expect: '404 404 404 404 404',
    call: () => ({ url: '/api/dev/review-invitations', payload: { at: '2026-12-04T09:00:00Z' } }),
  },
  {
    op: 'POST /api/dev/viewings/{id}/earlier',
    on: 'development only (not registered in production), from another machine',
    expect: '404 404 404 404 404',
    call: async () => ({
      url: `/api/dev/viewings/${await pastViewing()}/earlier`,
      payload: { hours: 1 },
    }),
  },
  // Enquiries (issue 37): a conversation's parties are the renter and the listing's owner.
  {
    op: 'POST /api/properties/{id}/enquiries',
    on: 'a live listing, by accounts without a verified e-mail or phone (the owner: its own)',
    expect: '401 403 409 403 403',
    fresh: 'callers',
    call: async ({ who, as }) => {
      const id = who === 'owner' && as ? await createListing(db, as.userId) : await listing();
      return { url: `/api/properties/${id}/enquiries`, payload: { message: 'Available?' } };
    },
  },
  {
    op: 'POST /api/properties/{id}/enquiries',
    on: 'a live listing, by accounts with a verified e-mail (the owner: its own)',
    expect: '401 2xx 409 2xx 2xx',
    fresh: 'callers',
    call: async ({ who, as }) => {
      if (as) await db.update(users).set({ emailVerified: true }).where(eq(users.id, as.userId));
      const id = who === 'owner' && as ? await createListing(db, as.userId) : await listing();
      return { url: `/api/properties/${id}/enquiries`, payload: { message: 'Available?' } };
    },
  },
  {
    op: 'GET /api/conversations',
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/conversations' }),
  },
  {
    op: 'GET /api/conversations/unread',
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/conversations/unread' }),
  },
  {
    op: 'GET /api/conversations/response-time',
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/conversations/response-time' }),
  },
  {
    op: 'GET /api/conversations/{id}',
    on: 'a conversation of the renter and the owner',
    expect: '401 2xx 2xx 404 404',
    call: async () => ({ url: `/api/conversations/${await conversation()}` }),
  },
  {
    op: 'GET /api/conversations/{id}/messages',
    on: 'a conversation of the renter and the owner',
    expect: '401 2xx 2xx 404 404',
    call: async () => ({ url: `/api/conversations/${await conversation()}/messages` }),
  },
  {
    op: 'POST /api/conversations/{id}/messages',
    on: 'a conversation of the renter and the owner',
    expect: '401 2xx 2xx 404 404',
    call: async () => ({
      url: `/api/conversations/${await conversation()}/messages`,
      payload: { message: 'Saturday at ten?' },
    }),
  },
  {
    op: 'POST /api/conversations/{id}/block',
    on: 'a conversation of the renter and the owner',
    expect: '401 2xx 2xx 404 404',
    call: async () => ({ url: `/api/conversations/${await conversation()}/block` }),
  },
  {
    op: 'DELETE /api/conversations/{id}/block',
    on: 'a conversation of the renter and the owner',
    expect: '401 2xx 2xx 404 404',
    call: async () => ({ url: `/api/conversations/${await conversation()}/block` }),
  },
  {
    op: 'POST /api/conversations/{id}/reports',
    on: 'a conversation of the renter and the owner, by accounts with a verified phone (the owner: of its own listing)',
    expect: '401 2xx 403 404 404',
    fresh: 'callers',
    call: async ({ who, as }) => {
      if (as) await db.update(users).set({ phoneVerified: true }).where(eq(users.id, as.userId));
      const id = await conversation(
        who === 'renter' && as ? as.userId : renter.userId,
        who === 'owner' && as ? as.userId : owner.userId,
      );
      return { url: `/api/conversations/${id}/reports`, payload: { reason: 'asked_for_money' } };
    },
  },
  {
    op: 'GET /api/admin/reports/{reportId}/conversation',
    on: 'a report sent from a conversation of the renter and the owner',
    expect: '401 403 403 403 2xx',
    call: async () => {
      const conversationId = await conversation();
      const [propertyOf] = await db
        .select({ propertyId: conversations.propertyId })
        .from(conversations)
        .where(eq(conversations.id, conversationId));
      const [report] = await db
        .insert(listingReports)
        .values({
          propertyId: propertyOf!.propertyId!,
          reporterId: renter.userId,
          reason: 'asked_for_money',
        })
        .returning({ id: listingReports.id });
      await db.insert(reportConversations).values({ reportId: report!.id, conversationId });
      return { url: `/api/admin/reports/${report!.id}/conversation` };
    },
  },
  // Verified listers (issue 19)
  {
    op: 'POST /api/account/verifications',
    on: 'an identity document (owners and agents only: the administrator here is a renter too)',
    expect: '401 403 2xx 2xx 403',
    fresh: 'callers',
    call: async () => verificationForm(),
  },
  {
    op: 'GET /api/account/verifications',
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/account/verifications' }),
  },
  {
    op: 'GET /api/admin/verifications',
    expect: '401 403 403 403 2xx',
    call: () => ({ url: '/api/admin/verifications?status=pending' }),
  },
  {
    op: 'POST /api/admin/verifications/{id}/decision',
    on: 'the owner’s waiting request',
    expect: '401 403 403 403 2xx',
    call: async () => ({
      url: `/api/admin/verifications/${await ownerVerification()}/decision`,
      payload: { decision: 'reject', reason: 'Blurry' },
    }),
  },
  {
    op: 'GET /api/admin/verifications/{id}/photo',
    on: 'the owner’s request (the owner may not read it back either)',
    expect: '401 403 403 403 2xx',
    call: async () => ({ url: `/api/admin/verifications/${await ownerVerification()}/photo` }),
  },
  {
    op: 'GET /api/auth/code-delivery',
    expect: '401 2xx 2xx 2xx 2xx',
    call: () => ({ url: '/api/auth/code-delivery?channel=email' }),
  },
];

/** The multipart form of a Ghana Card verification request. */
async function verificationForm() {
  const png = await imageFile('png', { width: 320, height: 240 });
  const body = formData([
    { name: 'kind', value: 'identity' },
    { name: 'document', value: 'ghana_card' },
    { name: 'documentNumber', value: 'GHA-123456789-0' },
    { name: 'photo', filename: 'card.png', type: 'image/png', data: png },
  ]);
  return { url: '/api/account/verifications', payload: body.payload, headers: body.headers };
}

/**
 * A waiting request of the shared owner, written as the route writes it (made anew for each
 * caller: a decision consumes it, and the route's daily limit would not allow so many).
 */
async function ownerVerification(): Promise<string> {
  const fileKey = `vdoc_${randomUUID().replaceAll('-', '').slice(0, 24)}.webp`;
  await storage.put(fileKey, await imageFile('webp', { width: 320, height: 240 }));
  await db.delete(listerVerifications).where(eq(listerVerifications.userId, owner.userId));
  const [row] = await db
    .insert(listerVerifications)
    .values({
      userId: owner.userId,
      kind: 'identity',
      document: 'ghana_card',
      documentNumber: 'GHA-123456789-0',
      fileKey,
      fileType: 'image/webp',
    })
    .returning({ id: listerVerifications.id });
  return row!.id;
}

/** A text message whose every try failed, as the queue keeps it (issue 18). */
async function failedDelivery(): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`INSERT INTO pgboss.job (name, data, state, completed_on, output)
        VALUES ('deliver-sms', ${JSON.stringify({ to: '+233241234567', message: { kind: 'phone-verification', code: '123456' }, locale: 'en' })}::jsonb,
                'failed', now(), '{"message":"unreachable"}'::jsonb)
        RETURNING id`,
  );
  return row!.id;
}

/** A message of the support form, as a visitor sends it (issue 51: answered from the panel). */
async function inboxMessage(): Promise<string> {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/support/message',
    remoteAddress: setupIp(),
    payload: {
      email: 'asker@example.com',
      subject: 'Photos',
      message: 'The upload stops.',
    },
  });
  return sent.json().id;
}

// ---- the checks ----------------------------------------------------------------------------

const shared = (): Record<Exclude<Who, 'visitor'>, Account> => ({ renter, owner, other, admin });

/** The answer as the table writes it: `2xx` for any success, else the status. */
const written = (status: number) => (status >= 200 && status < 300 ? '2xx' : String(status));

async function answer(row: Row, who: Who, as: Account | undefined) {
  const { url, payload, headers } = await row.call({ who, as });
  const method = row.op.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  return app.inject({
    method,
    url,
    headers: { ...headers, ...(as ? { cookie: as.cookie } : {}) },
    remoteAddress: callerIp[who],
    ...(payload === undefined ? {} : { payload }),
  });
}

describe('permission matrix', () => {
  it('has a row for every operation of the OpenAPI document, and none for a route that is gone', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const tabled = new Set(rows.map((row) => row.op));
    expect({
      'operations without a row': documented.filter((op) => !tabled.has(op)),
      'rows without an operation': [...tabled].filter((op) => !documented.includes(op)),
    }).toEqual({ 'operations without a row': [], 'rows without an operation': [] });
  });

  it('refuses the visitor of every signed-in row before reading the body (a broken body is still 401)', async () => {
    const wrong: string[] = [];
    for (const row of rows.filter((r) => r.expect.startsWith('401 '))) {
      const { url } = await row.call({ who: 'visitor', as: undefined });
      const response = await app.inject({
        method: row.op.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"broken": ',
        remoteAddress: callerIp.visitor,
      });
      if (response.statusCode !== 401) wrong.push(`${row.op}: ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(rows.map((row) => [`${row.op}${row.on ? ` (${row.on})` : ''}`, row] as const))(
    '%s',
    async (_name, row) => {
      const answers: string[] = [];
      for (const who of callers) {
        const as =
          who === 'visitor'
            ? undefined
            : row.fresh === 'callers'
              ? await newCaller(who)
              : shared()[who];
        const response = await answer(row, who, as);
        answers.push(written(response.statusCode));
        if (response.statusCode >= 400) {
          // Every refusal in the API's one error shape (docs/design.md), never a bare text.
          const shape = apiErrorSchema.safeParse(JSON.parse(response.body || 'null'));
          expect(shape.success, `${who}: ${response.body}`).toBe(true);
        }
        expect(response.statusCode, `${who}: ${response.body}`).toBeLessThan(500);
      }
      expect(`visitor renter owner other admin: ${answers.join(' ')}`).toBe(
        `visitor renter owner other admin: ${row.expect}`,
      );
    },
  );
});
