import type { FeatureModule } from '../../lib/feature-module';
import { supportNotifications } from './notifications';
import { rateLimits } from './rate-limits';
import { supportRoutes } from './routes';

/** The support and contact forms and the administrators' inbox. */
export const supportFeature: FeatureModule = {
  name: 'support',
  rateLimits,
  notifications: supportNotifications,
  register: async (app, { db, config, notifier }) => {
    await app.register(supportRoutes({ db, notifier, supportEmail: config.supportEmail }));
  },
};
