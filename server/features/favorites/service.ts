import { and, desc, eq } from 'drizzle-orm';
import { photoDefaultUrl } from '#common/images';
import type { SavedListing } from '#common/saved-listings';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import {
  getVisibleProperty,
  isPropertyId,
  propertyColumns,
  toPropertyJson,
  favorites,
  properties,
} from '../listings/service';

/**
 * The user's saved listings, most recently saved first (issue 34): live ones whole, the others
 * kept with their state (rented, or unavailable: expired, hidden, hidden for reports, waiting
 * for a review) and only what a visitor may see of them: the title, first photo and city an
 * administrator last approved (an edit waiting for review is not shown).
 */
export async function listFavorites(db: Database, userId: string): Promise<SavedListing[]> {
  const rows = await db
    .select({
      ...propertyColumns(userId),
      approvedSnapshot: properties.approvedSnapshot,
    })
    .from(favorites)
    .innerJoin(properties, eq(properties.id, favorites.propertyId))
    .innerJoin(users, eq(users.id, properties.ownerId))
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt));
  return rows.map(({ approvedSnapshot, ...row }) => {
    if (row.isVerified && row.isActive) {
      return { ...toPropertyJson(row), availability: 'available' as const };
    }
    const approved = approvedSnapshot ?? row;
    const photo = approvedSnapshot
      ? row.photos.find((p) => p.key === approvedSnapshot.photoKeys[0])
      : row.photos[0];
    return {
      id: row.id,
      title: approved.title,
      image: photo ? photoDefaultUrl(photo) : null,
      city: approved.city,
      availability: row.rentedAt ? ('rented' as const) : ('unavailable' as const),
    };
  });
}

/** Saves a listing the user can see; saving it twice changes nothing. */
export async function addFavorite(db: Database, user: UserRow, propertyId: string): Promise<void> {
  const listing = await getVisibleProperty(db, propertyId, user, new Date());
  // The rent the saver sees now: a lower one later is a price drop to tell them (issue 21).
  await db
    .insert(favorites)
    .values({
      userId: user.id,
      propertyId,
      seenPrice: listing.price,
      seenCurrency: listing.currency,
      seenPeriod: listing.pricingPeriod,
    })
    .onConflictDoNothing();
}

/** Forgets a saved listing; forgetting one that is not saved changes nothing. */
export async function removeFavorite(
  db: Database,
  userId: string,
  propertyId: string,
): Promise<void> {
  if (!isPropertyId(propertyId)) return;
  await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.propertyId, propertyId)));
}
