import type { FeatureModule } from '../../lib/feature-module';
import { rateLimits } from './rate-limits';
import { providerRoutes } from './routes';

/** Service providers (movers, cleaners…) and their registration. */
export const providersFeature: FeatureModule = {
  name: 'providers',
  errorCodes: ['provider_not_found', 'provider_already_registered'],
  rateLimits,
  register: async (app, { db }) => {
    await app.register(providerRoutes({ db }));
  },
};
