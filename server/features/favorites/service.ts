import { and, desc, eq } from 'drizzle-orm';
import type { Property } from '#common/properties';
import type { Database } from '../../db/client';
import { favorites, properties, users, type UserRow } from '../../db/schema';
import {
  getVisibleProperty,
  isLive,
  isPropertyId,
  propertyColumns,
  toPropertyJson,
} from '../properties/service';

/** The user's saved listings that are live, most recently saved first. */
export async function listFavorites(db: Database, userId: string): Promise<Property[]> {
  const rows = await db
    .select(propertyColumns(userId))
    .from(favorites)
    .innerJoin(properties, eq(properties.id, favorites.propertyId))
    .innerJoin(users, eq(users.id, properties.ownerId))
    .where(and(eq(favorites.userId, userId), isLive))
    .orderBy(desc(favorites.createdAt));
  return rows.map(toPropertyJson);
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
