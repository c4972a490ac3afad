import type { FeatureModule, Platform } from '../../lib/feature-module';
import { alertNotifications } from './notifications';
import { rateLimits } from './rate-limits';
import type { FastifyInstance } from 'fastify';
import { readExchangeRate } from '../exchange-rate/service';
import { matchListings, sendDueAlerts } from './alerts';
import { notifyPriceDrops } from './price-drops';
import { savedSearchRoutes } from './routes';

const alertDeps = (app: FastifyInstance, platform: Platform) => ({
  db: platform.db,
  matching: app.listingSearch.matching,
  notifier: platform.notifier,
  tokens: platform.tokens,
  links: platform.links,
  publicUrl: platform.config.publicUrl,
  log: app.log,
  clock: platform.clock,
});

const priceDropDeps = (app: FastifyInstance, platform: Platform) => ({
  ...alertDeps(app, platform),
  ghsPerUsd: async () => (await readExchangeRate(platform.db)).ghsPerUsd,
});

async function listingsWentLive(app: FastifyInstance, platform: Platform, ids: string[]) {
  const deps = alertDeps(app, platform);
  const matched = await matchListings(deps, ids);
  const sent = matched > 0 ? await sendDueAlerts(deps) : 0;
  const priceDrops = await notifyPriceDrops(priceDropDeps(app, platform), ids);
  return { matched, sent, priceDrops };
}

/**
 * Saved searches and their alerts (issue 21): matched as listings go live, sent at once or in
 * the 08:00 digest, and price drops of favourites.
 */
export const savedSearchesFeature: FeatureModule = {
  name: 'saved-searches',
  errorCodes: [
    'saved_search_not_found',
    'saved_searches_limit',
    'saved_search_needs_verified_phone',
    'saved_search_needs_verified_email',
    'unsubscribe_link_invalid',
    'unsubscribe_link_expired',
  ],
  rateLimits,
  notifications: alertNotifications,
  after: ['search'],
  register: async (app, platform) => {
    const { db, tokens, clock } = platform;
    const deps = alertDeps(app, platform);
    app.decorate('savedSearchAlerts', { sendDue: () => sendDueAlerts(deps) });
    await app.register(savedSearchRoutes({ db, tokens, clock }));
  },
  queues: {
    /**
     * Jobs of listings that went live, queued before listing events replaced them: worked until
     * none is left (a deploy drains it; the listing.live handler does the same work).
     */
    'listing-live': {
      retryLimit: 3,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 10 * 60,
    },
    /** The pass over due alerts: the 08:00 digest, and alerts held by the daily cap. */
    'saved-search-alerts': {
      retryLimit: 2,
      retryDelay: 60,
      retryBackoff: true,
      expireInSeconds: 10 * 60,
    },
  },
  workers: [
    {
      queue: 'listing-live',
      handler: (app, platform) => async (job: { data: { ids: string[] } }) => ({
        done: await listingsWentLive(app, platform, job.data.ids),
      }),
    },
  ],
  events: {
    // A listing that went live (or was renewed, or had changes approved) is tried against
    // saved searches, alerted at once where due, and its savers told of a lower rent.
    'listing.live': async (events, app, platform) =>
      listingsWentLive(
        app,
        platform,
        events.map((event) => event.listingId),
      ),
    // A live listing's rent went down: its savers are told (once: the rent they know moves).
    'listing.price-dropped': async (events, app, platform) =>
      notifyPriceDrops(
        priceDropDeps(app, platform),
        events.map((event) => event.listingId),
      ),
  },
  schedules: [
    // The 08:00 digest goes out within five minutes of it, and alerts held by the daily cap.
    {
      queue: 'saved-search-alerts',
      everySeconds: 300,
      run: async (app) => {
        await app.savedSearchAlerts.sendDue();
      },
    },
  ],
};

declare module 'fastify' {
  interface FastifyInstance {
    /** One pass over the due alerts of saved searches (features/saved-searches/alerts.ts). */
    savedSearchAlerts: { sendDue: () => Promise<number> };
  }
}
