import type { FeatureModule } from '../../lib/feature-module';
import { freshnessNotifications } from './notifications';
import { rateLimits } from './rate-limits';
import { deleteOldAddressReveals } from './contact-reveals';
import { runListingFreshness } from './freshness';
import { freshnessRoutes } from './freshness-routes';
import { createListingWrites, type ListingWrites } from './listing-writes';
import { publishStatusChanges } from './listing-status-changes';
import { propertyRoutes } from './routes';
import { sweepOrphanPhotoFiles } from './orphan-photos';

/**
 * Listings: their writes, visibility, events and monthly confirmation, and their owners' routes.
 * Decorates the app with the one writer of listings (`app.listingWrites`), which the features
 * that change listings use; it tells the search index (`app.listingSearch`, features/search)
 * of each write.
 */
export const listingsFeature: FeatureModule = {
  name: 'listings',
  errorCodes: [
    'listing_not_found',
    'only_own_listings',
    'hidden_by_admin',
    'hidden_for_reports',
    'property_under_review',
    'contact_reveals_limit',
    'contact_needs_verified_contact',
    'contact_reveals_ip_limit',
    'confirmation_link_invalid',
    'confirmation_link_expired',
    'photos_per_listing',
    'point_outside_country',
  ],
  after: ['search'],
  rateLimits,
  notifications: freshnessNotifications,
  register: async (app, platform) => {
    const { db, config, storage, clock, events, live, notifier, tokens, links } = platform;
    // Every write to listings, whichever feature makes it, goes through these (issue 16), and
    // what it did is recorded with it as listing events (listing-events.ts, issue 35).
    const listingWrites = createListingWrites(db, app.listingSearch, clock, {
      recorded: (listingEvents, tx) => events.record(listingEvents, tx),
      // Owners see their listings approved, refused or hidden as it happens (issue 35).
      statusChanged: (changes, tx) => publishStatusChanges(live, changes, tx),
    });
    app.decorate('listingWrites', listingWrites);
    await app.register(propertyRoutes({ db, listingWrites, storage, clock }));
    // Listings confirmed monthly (issue 21): the job (a schedule below) and the owner's answers.
    const freshness = { db, writes: listingWrites, notifier, tokens, links, clock };
    app.decorate('listingFreshness', {
      run: () => runListingFreshness({ ...freshness, publicUrl: config.publicUrl, log: app.log }),
    });
    await app.register(freshnessRoutes({ listingWrites, tokens, clock }));
  },
  queues: {
    /** Monthly confirmation of listings: reminders and expiry (freshness.ts). */
    'listing-freshness': {
      retryLimit: 2,
      retryDelay: 60,
      retryBackoff: true,
      expireInSeconds: 15 * 60,
    },
  },
  schedules: [
    // Reminders at day 27, expiry at day 30.
    {
      queue: 'listing-freshness',
      everySeconds: 3600,
      run: async (app) => {
        const { reminded, expired } = await app.listingFreshness.run();
        if (reminded.length + expired.length > 0) {
          app.log.info({ reminded: reminded.length, expired: expired.length }, 'listing freshness');
        }
      },
    },
  ],
  sweeps: [
    {
      what: 'old contact reveals of addresses',
      run: (_app, { db }) => deleteOldAddressReveals(db),
    },
    // Photo files no listing or upload names (a crash between writing and recording them).
    {
      what: 'orphan photo files',
      run: (_app, { db, storage }) => sweepOrphanPhotoFiles(db, storage),
    },
  ],
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every write to listings (features/listings/listing-writes.ts). */
    listingWrites: ListingWrites;
    /** One run of the monthly confirmation of listings (features/listings/freshness.ts). */
    listingFreshness: { run: () => Promise<{ expired: string[]; reminded: string[] }> };
  }
}
