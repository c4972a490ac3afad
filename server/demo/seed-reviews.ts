import { inArray } from 'drizzle-orm';
import { timeZoneOf } from '#common/locations';
import type { AsDescribed } from '#common/reviews';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { seededRandom } from '../lib/seeded-random';
import { conversations } from '../features/conversations/service';
import { isLive, properties } from '../features/listings/service';
import { reviews } from '../features/reviews/service';
import { viewings } from '../features/viewings/service';

/**
 * The demo's reviews (issue 40): real reviews behind real viewings, as the product makes them.
 * Renters who came to see a place (a conversation, a confirmed viewing whose time has passed)
 * review it a day later; some listers answer. About two live listings in three have some. The
 * listings' ratings are then their reviews' (seed.ts writes them, as it writes listings).
 */
const reviewerNames = [
  ['Abena', 'Ofori'],
  ['Kojo', 'Antwi'],
  ['Esi', 'Quaye'],
  ['Yaw', 'Darko'],
  ['Akosua', 'Frimpong'],
  ['Kwesi', 'Appiah'],
  ['Adwoa', 'Sarpong'],
  ['Fiifi', 'Mensah'],
] as const;

/**
 * The reviewers: demo renters with a verified phone (the one kind who may review), inserted
 * with the other demo accounts (seed.ts) and removed with them (demo-accounts.ts).
 */
export const demoReviewers = reviewerNames.map(([firstName, lastName], index) => ({
  email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
  phone: `+23320555${String(index).padStart(4, '0')}`,
  firstName,
  lastName,
  userType: 'renter' as const,
  isAdmin: false,
  // Joined four to ten months ago: before their first enquiry, at most 83 days ago.
  joinedDaysAgo: 120 + index * 25,
}));

export const demoReviewerEmails = demoReviewers.map((reviewer) => reviewer.email);

const words: Record<AsDescribed, readonly string[]> = {
  yes: [
    'Exactly as in the photos. The landlord showed me round himself and answered every question.',
    'Clean, quiet compound, and the water was running when I visited. As described.',
    'Good place. The meter is prepaid as the listing says, and the street is well lit at night.',
    'The agent was on time and did not ask for any viewing fee. Recommended.',
  ],
  mostly: [
    'Nice rooms, but the kitchen is smaller than it looks in the pictures.',
    'Mostly as described; the road to the house is rough after rain.',
    'Good value. One bedroom needs painting, which the owner promised to do.',
  ],
  no: [
    'The photos are old: the compound has changed a lot since.',
    'Smaller than described and the borehole was not working.',
  ],
};
const replies = [
  'Thank you for coming to see the place. You are welcome any time.',
  'Thanks for the honest review. The painting is done now.',
  'Thank you! The road is being graded this month.',
];

const DAY_MS = 86_400_000;

/** Inserts the reviewers, and their viewings and reviews of live listings; once. */
export async function seedDemoReviews(db: Database, now = Date.now()): Promise<number> {
  const [existing] = await db.select({ id: reviews.id }).from(reviews).limit(1);
  if (existing) return 0;
  const reviewerIds = await demoReviewerIds(db);
  const random = seededRandom(40);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const listings = await db
    .select({
      id: properties.id,
      ownerId: properties.ownerId,
      title: properties.title,
      city: properties.city,
      country: properties.country,
    })
    .from(properties)
    .where(isLive)
    .orderBy(properties.createdAt, properties.id);
  let written = 0;
  for (const listing of listings) {
    if (random() < 0.35) continue;
    const count = int(1, 6);
    const first = int(0, reviewerIds.length - 1);
    for (let n = 0; n < count; n++) {
      const renterId = reviewerIds[(first + n) % reviewerIds.length]!;
      const startsAt = new Date(now - int(2, 80) * DAY_MS - int(0, 8) * 3_600_000);
      startsAt.setUTCMinutes(0, 0, 0);
      const rating = Math.min(
        5,
        Math.max(1, Math.round(3.3 + random() * 2.2 - (random() < 0.1 ? 2 : 0))),
      );
      const asDescribed: AsDescribed = rating >= 4 ? 'yes' : rating === 3 ? 'mostly' : 'no';
      // Words that say what the answer says: a review is believed by its consistency.
      const pool = words[asDescribed];
      const text = random() < 0.8 ? pool[int(0, pool.length - 1)]! : null;
      const createdAt = new Date(startsAt.getTime() + int(18, 40) * 3_600_000);
      const answered = random() < 0.3;
      await db.transaction(async (tx) => {
        const [conversation] = await tx
          .insert(conversations)
          .values({
            propertyId: listing.id,
            renterId,
            listerId: listing.ownerId,
            propertyTitle: listing.title,
            propertyCity: listing.city,
            createdAt: new Date(startsAt.getTime() - 3 * DAY_MS),
            lastMessageAt: new Date(startsAt.getTime() - 3 * DAY_MS),
            lastMessageBody: 'Is it still available? I would like to see it.',
            lastMessageSenderId: renterId,
          })
          .returning({ id: conversations.id });
        const [viewing] = await tx
          .insert(viewings)
          .values({
            propertyId: listing.id,
            renterId,
            listerId: listing.ownerId,
            conversationId: conversation!.id,
            startsAt,
            endsAt: new Date(startsAt.getTime() + 30 * 60_000),
            timeZone: timeZoneOf(listing.country),
            status: 'confirmed',
            createdAt: new Date(startsAt.getTime() - 3 * DAY_MS),
            answeredAt: new Date(startsAt.getTime() - 2 * DAY_MS),
            remindersSent: ['evening', 'soon'],
          })
          .returning({ id: viewings.id });
        await tx.insert(reviews).values({
          viewingId: viewing!.id,
          propertyId: listing.id,
          authorId: renterId,
          listerId: listing.ownerId,
          viewedAt: startsAt,
          rating,
          asDescribed,
          askedForMoney: false,
          text,
          createdAt,
          ...(answered
            ? {
                replyText: replies[int(0, replies.length - 1)]!,
                repliedAt: new Date(createdAt.getTime() + 5 * 3_600_000),
              }
            : {}),
        });
      });
      written += 1;
    }
  }
  return written;
}

/** The demo reviewers' ids (seed.ts inserted them with the other demo accounts). */
async function demoReviewerIds(db: Database): Promise<string[]> {
  const found = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, demoReviewerEmails));
  return demoReviewerEmails.flatMap((email) => found.find((f) => f.email === email)?.id ?? []);
}
