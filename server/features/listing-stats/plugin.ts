import type { FeatureModule } from '../../lib/feature-module';
import { rateLimits } from './rate-limits';
import { listingStatsRoutes } from './routes';

/**
 * A listing's figures for its lister (issue 51): what its page, its enquiries, its viewings and
 * its reviews came to, each counted where the feature that owns it keeps it.
 */
export const listingStatsFeature: FeatureModule = {
  name: 'listing-stats',
  rateLimits,
  register: async (app, { db, clock }) => {
    await app.register(listingStatsRoutes({ db, clock }));
  },
};
