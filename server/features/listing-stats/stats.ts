import { and, eq, gte, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { ListingStats, ListingStatsDays } from '#common/listing-stats';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { forbidden, notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { pageViews } from '../analytics/service';
import { conversationMessages, conversations } from '../conversations/service';
import { listingPagePath, properties } from '../listings/service';
import { reviews } from '../reviews/service';
import { viewings } from '../viewings/service';

const DAY_MS = 24 * 3_600_000;

/**
 * A listing's figures over the last `days` for its lister (issue 51). Each is one count on an
 * index the feature owning the table keeps (page views by path, viewings and conversations by
 * listing); the lister's own page loads are not views. 404 for an unknown listing, 403 for
 * someone else's (only_own_listings).
 */
export async function listingStats(
  db: Database,
  user: UserRow,
  propertyId: string,
  days: ListingStatsDays,
  now: Date,
): Promise<ListingStats> {
  if (!isUuid(propertyId)) throw notFound('listing_not_found');
  const [listing] = await db
    .select({ ownerId: properties.ownerId })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!listing) throw notFound('listing_not_found');
  if (listing.ownerId !== user.id) throw forbidden('only_own_listings');
  const since = new Date(now.getTime() - days * DAY_MS);
  const counted = sql<number>`count(*)::int`;
  // Instants in the raw filters below, as PostgreSQL and PGlite both read them.
  const from = sql`${since.toISOString()}::timestamptz`;
  const until = sql`${now.toISOString()}::timestamptz`;
  const ofListing = eq(viewings.propertyId, propertyId);

  const [views, enquiries, requests, reviewRows] = await Promise.all([
    db
      .select({ count: counted })
      .from(pageViews)
      .where(
        and(
          eq(pageViews.path, listingPagePath(propertyId)),
          gte(pageViews.viewedAt, since),
          or(isNull(pageViews.userId), ne(pageViews.userId, user.id)),
        ),
      ),
    db
      .select({ count: counted })
      .from(conversations)
      .where(
        and(
          eq(conversations.propertyId, propertyId),
          gte(conversations.createdAt, since),
          // Started by a message: one a viewing request started is counted as a request.
          sql`(select ${conversationMessages.event} is null from ${conversationMessages}
            where ${conversationMessages.conversationId} = ${conversations.id}
            order by ${conversationMessages.sentAt} limit 1)`,
        ),
      ),
    db
      .select({
        requested: sql<number>`count(*) filter (where ${viewings.createdAt} >= ${from})::int`,
        confirmed: sql<number>`count(*) filter (where ${viewings.createdAt} >= ${from}
          and ${viewings.status} = 'confirmed')::int`,
        held: sql<number>`count(*) filter (where ${viewings.status} = 'confirmed'
          and ${viewings.endsAt} >= ${from} and ${viewings.endsAt} <= ${until}
          and (${viewings.renterNoShowAt} is null
            or ${viewings.noShowDisputedAt} is not null))::int`,
      })
      .from(viewings)
      .where(and(ofListing, or(gte(viewings.createdAt, since), gte(viewings.endsAt, since)))),
    db
      .select({ count: counted })
      .from(reviews)
      .where(
        and(
          eq(reviews.propertyId, propertyId),
          gte(reviews.createdAt, since),
          lte(reviews.createdAt, now),
          isNull(reviews.hiddenAt),
        ),
      ),
  ]);
  const viewingCounts = requests[0];
  return {
    days,
    since: since.toISOString(),
    views: views[0]?.count ?? 0,
    enquiries: enquiries[0]?.count ?? 0,
    viewingRequests: viewingCounts?.requested ?? 0,
    confirmedViewings: viewingCounts?.confirmed ?? 0,
    heldViewings: viewingCounts?.held ?? 0,
    reviews: reviewRows[0]?.count ?? 0,
  };
}
