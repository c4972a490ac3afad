import type { FeatureModule } from '../../lib/feature-module';
import { rateLimits } from './rate-limits';
import { accountRoutes } from './routes';

/** Account Settings: profile, contact details, password, plan and notifications. */
export const accountsFeature: FeatureModule = {
  name: 'accounts',
  errorCodes: ['current_password_wrong'],
  rateLimits,
  register: async (app, { db, config, notifier, clock }) => {
    await app.register(accountRoutes({ db, notifier, clock, publicUrl: config.publicUrl }));
  },
};
