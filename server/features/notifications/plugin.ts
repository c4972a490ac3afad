import type { FeatureModule } from '../../lib/feature-module';
import { rateLimits } from './rate-limits';
import { deliveryRoutes } from './routes';

/**
 * The e-mail and SMS the product sends, as administrators see them: the admin panel's
 * Deliveries (issue 18). The notifier itself is the platform's (server/lib/notifier.ts).
 */
export const notificationsFeature: FeatureModule = {
  name: 'notifications',
  errorCodes: ['delivery_not_found', 'delivery_not_failed'],
  rateLimits,
  register: async (app, { db, jobs }) => {
    await app.register(deliveryRoutes({ db, jobs }));
  },
};
