import { demoMoveInTerms } from './seed-terms';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import type { FileStorage } from '../lib/storage';
import { DEMO_PHOTO_COUNT, renderDemoPhotos, storeDemoPhoto } from './seed-photos';
import { seedSyntheticListings } from './seed-bulk';
import { demoListings } from './seed-listings';
import type { PropertyType } from '#common/property-enums';
import { properties } from '../features/listings/service';
import { viewingHours } from '../features/viewings/service';
import { reviews } from '../features/reviews/service';
import { demoReviewers, seedDemoReviews } from './seed-reviews';

/**
 * Demo data builders, shared by `npm run seed`, the first start on an empty embedded database
 * and the tests. Every demo account uses one password so the start-up banner can print it.
 */
export const DEMO_PASSWORD = 'Abode-demo-2026';

export const demoAccounts = [
  {
    role: 'admin',
    email: 'admin@example.com',
    firstName: 'Ama',
    lastName: 'Mensah',
    userType: 'renter',
    isAdmin: true,
    joinedDaysAgo: 760,
  },
  {
    role: 'owner',
    email: 'owner@example.com',
    firstName: 'Kwame',
    lastName: 'Boateng',
    userType: 'owner',
    isAdmin: false,
    joinedDaysAgo: 610,
  },
  {
    role: 'agent',
    email: 'agent@example.com',
    firstName: 'Efua',
    lastName: 'Owusu',
    userType: 'agent',
    businessName: 'Coastline Realty',
    isAdmin: false,
    joinedDaysAgo: 540,
  },
  {
    role: 'renter',
    email: 'renter@example.com',
    firstName: 'Kofi',
    lastName: 'Asante',
    userType: 'renter',
    isAdmin: false,
    joinedDaysAgo: 200,
  },
] as const;

/** One of the demo's accounts: its role in the demo and how to sign in to it. */
export type DemoAccount = (typeof demoAccounts)[number];

/** More hosts, so the demo market is not all one landlord's (not printed at start-up). */
export const demoHosts = [
  {
    email: 'yaw.boakye@example.com',
    firstName: 'Yaw',
    lastName: 'Boakye',
    userType: 'owner',
    isAdmin: false,
    joinedDaysAgo: 480,
  },
  {
    email: 'marcia.reid@example.com',
    firstName: 'Marcia',
    lastName: 'Reid',
    userType: 'agent',
    businessName: 'Island Keys Realty',
    isAdmin: false,
    joinedDaysAgo: 420,
  },
  {
    email: 'lucia.fernandez@example.com',
    firstName: 'Lucía',
    lastName: 'Fernández',
    userType: 'owner',
    isAdmin: false,
    joinedDaysAgo: 365,
  },
] as const;

/**
 * A demo account's handle, its lister page's address (/listers/kwame-boateng): the name, or an
 * agent's business name, as a slug without accents (issue 51). A real account's handle is made
 * by the database with a random tail (migration 0042: "kwame-3f2a91bc"), so none takes these.
 */
function demoHandle(account: {
  firstName: string;
  lastName: string;
  businessName?: string;
}): string {
  return (account.businessName ?? `${account.firstName} ${account.lastName}`)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

/**
 * Inserts the demo accounts that do not exist yet; safe to run twice. Each joined Abode some
 * time before the demo's listings, enquiries, viewings and reviews (issue 51: "On Abode since"
 * on a lister's page is the account's creation).
 */
export async function seedDemoUsers(db: Database, now = Date.now()): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(users)
    .values(
      [...demoAccounts, ...demoHosts, ...demoReviewers].map((account) => ({
        email: account.email,
        handle: demoHandle(account),
        createdAt: new Date(now - account.joinedDaysAgo * day),
        updatedAt: new Date(now - account.joinedDaysAgo * day),
        firstName: account.firstName,
        lastName: account.lastName,
        userType: account.userType,
        businessName: 'businessName' in account ? account.businessName : null,
        isAdmin: account.isAdmin,
        emailVerified: true,
        // The reviewers' phones are verified: only such renters may review (issue 40).
        ...('phone' in account ? { phone: account.phone, phoneVerified: true } : {}),
        passwordHash,
      })),
    )
    .onConflictDoNothing();
}

const day = 24 * 60 * 60_000;
/** Which demo picture a listing opens on: a house, a block of flats, or a room. */
const houses: readonly PropertyType[] = ['house', 'townhouse'];
const rooms: readonly PropertyType[] = [
  'single_room',
  'chamber_and_hall',
  'self_contained',
  'hostel',
];

/**
 * Demo listings with photos drawn by the seed. Skipped when any listing exists, so a second
 * run adds nothing. Each listing stores its own copies of the pictures it shows.
 */
const demoViewingHours = {
  slotMinutes: 30,
  windows: [
    { weekday: 3, start: '16:00', end: '18:00' },
    { weekday: 6, start: '10:00', end: '14:00' },
  ],
};

export async function seedDemoListings(db: Database, storage: FileStorage): Promise<number> {
  const [existing] = await db.select({ id: properties.id }).from(properties).limit(1);
  if (existing) return 0;
  const hostEmails = ['owner@example.com', 'agent@example.com', ...demoHosts.map((h) => h.email)];
  const hosts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, hostEmails));
  const hostId = (email: string) => hosts.find((h) => h.email === email)!.id;
  const pictures = await renderDemoPhotos();
  const now = Date.now();

  const listings = demoListings();
  for (const [index, listing] of listings.entries()) {
    // Houses open on a house, flats on a block, rooms on a room; then two more pictures.
    const scene = houses.includes(listing.propertyType)
      ? 0
      : rooms.includes(listing.propertyType)
        ? 2
        : 1;
    const first = scene * 4 + (index % 4);
    const picks = [first, (first + 5) % DEMO_PHOTO_COUNT, (first + 9) % DEMO_PHOTO_COUNT];
    if (index % 3 === 0) picks.push((first + 2) % DEMO_PHOTO_COUNT);
    const photos = [];
    for (const pick of picks) photos.push(await storeDemoPhoto(storage, pictures[pick]!));

    const owner =
      listing.country === 'Jamaica'
        ? 'marcia.reid@example.com'
        : listing.country === 'Dominican Republic'
          ? 'lucia.fernandez@example.com'
          : listing.category === 'corporate'
            ? 'agent@example.com'
            : index % 3 === 0
              ? 'yaw.boakye@example.com'
              : 'owner@example.com';
    const createdAt = new Date(now - listing.ageDays * day - index * 60_000);
    const [inserted] = await db
      .insert(properties)
      .values({
        ownerId: hostId(owner),
        title: listing.title,
        description: listing.description,
        propertyType: listing.propertyType,
        category: listing.category,
        address: listing.address,
        streetAddress: listing.streetAddress,
        city: listing.city,
        country: listing.country,
        latitude: listing.latitude,
        longitude: listing.longitude,
        price: listing.price,
        currency: listing.currency,
        pricingPeriod: listing.pricingPeriod,
        bedrooms: listing.bedrooms,
        bathrooms: listing.bathrooms,
        amenities: listing.amenities,
        ...demoMoveInTerms(listing, index, now),
        photos,
        isVerified: listing.status !== 'pending',
        isActive: listing.status !== 'hidden',
        isFeatured: listing.featuredOrder !== null,
        featuredOrder: listing.featuredOrder,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: properties.id });
    // Viewing times to book (issue 38): Saturday late morning and Wednesday after work.
    await db.insert(viewingHours).values({ propertyId: inserted!.id, ...demoViewingHours });
  }
  return listings.length;
}

export async function seedDemoData(db: Database, storage: FileStorage): Promise<void> {
  await seedDemoUsers(db);
  await seedDemoListings(db, storage);
  if ((await seedDemoReviews(db)) > 0) await rateFromReviews(db);
}

/**
 * Each reviewed demo listing's rating, from its reviews, as the reviews feature keeps it
 * (features/reviews/listing-rating.ts); before a server runs, so no index needs telling.
 */
async function rateFromReviews(db: Database): Promise<void> {
  const visible = sql`${reviews.propertyId} = ${properties.id} AND ${reviews.hiddenAt} IS NULL`;
  await db
    .update(properties)
    .set({
      averageRating: sql`(SELECT round(avg(${reviews.rating}), 2) FROM ${reviews} WHERE ${visible})`,
      reviewCount: sql`(SELECT count(*)::int FROM ${reviews} WHERE ${visible})`,
    })
    .where(sql`EXISTS (SELECT 1 FROM ${reviews} WHERE ${visible})`);
}

/**
 * `npm run seed -- --listings N`: N synthetic live listings on top of the demo data, for
 * benchmarks. They share four stored photos.
 */
export async function seedBenchmarkListings(
  db: Database,
  storage: FileStorage,
  count: number,
): Promise<void> {
  await seedDemoUsers(db);
  const hosts = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(users.email, [
        'owner@example.com',
        'agent@example.com',
        ...demoHosts.map((h) => h.email),
      ]),
    );
  const pictures = await renderDemoPhotos();
  const photos = [];
  for (const index of [1, 4, 6, 9]) photos.push(await storeDemoPhoto(storage, pictures[index]!));
  await seedSyntheticListings(
    db,
    count,
    hosts.map((h) => h.id),
    photos,
  );
}
