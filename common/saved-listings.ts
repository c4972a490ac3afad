import { z } from 'zod';
import { propertySchema } from './properties';

/**
 * GET /api/favorites (issue 34): a saved listing stays in the saver's list when it stops being
 * live, with its state, instead of vanishing. A live one is the whole listing; any other only
 * what a card of it needs (title, photo, city), never more than a visitor may see.
 */
export const savedAvailabilities = ['available', 'rented', 'unavailable'] as const;
export type SavedAvailability = (typeof savedAvailabilities)[number];

const availableSchema = propertySchema.extend({
  availability: z.literal('available').describe('Live: the whole listing, as search shows it'),
});

const notAvailableSchema = z
  .object({
    id: z.string(),
    title: z.string().describe('As an administrator last approved it'),
    /** The first approved photo's URL, or null. */
    image: z.string().nullable(),
    city: z.string(),
    availability: z
      .enum(['rented', 'unavailable'])
      .describe(
        'rented: its owner marked it rented; unavailable: expired, hidden by its owner or an administrator, hidden for reports, or waiting for a review',
      ),
  })
  .describe('A saved listing that is not live: only what a card of it shows');

export const savedListingSchema = z.union([availableSchema, notAvailableSchema]);
export const savedListingListSchema = z.array(savedListingSchema);
export type SavedListing = z.infer<typeof savedListingSchema>;
export type UnavailableSavedListing = z.infer<typeof notAvailableSchema>;
