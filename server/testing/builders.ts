import type { Database } from '../db/client';
import { properties } from '../features/listings/service';

type NewListing = typeof properties.$inferInsert;

let sequence = 0;

/**
 * Inserts a listing with believable defaults (live, Accra, GH₵3,000 a month); tests override
 * only what they are about.
 */
export async function createListing(
  db: Database,
  ownerId: string,
  overrides: Partial<NewListing> = {},
): Promise<string> {
  sequence += 1;
  const [row] = await db
    .insert(properties)
    .values({
      ownerId,
      title: `Test listing ${sequence}`,
      description: 'A listing made by a test.',
      propertyType: 'apartment',
      category: 'general',
      address: `${sequence} Test Street, Osu`,
      city: 'Accra',
      country: 'Ghana',
      // Osu, about 4.5 km south-east of Accra's centre.
      latitude: 5.556,
      longitude: -0.182,
      price: 3000,
      currency: 'GH₵',
      pricingPeriod: 'month',
      bedrooms: 2,
      bathrooms: 1,
      amenities: ['wifi'],
      isVerified: true,
      isActive: true,
      createdAt: new Date(Date.UTC(2026, 0, 1) + sequence * 60_000),
      ...overrides,
    })
    .returning({ id: properties.id });
  return row!.id;
}
