import type { FeatureModule } from '../../lib/feature-module';
import { reportNotifications } from './notifications';
import { rateLimits } from './rate-limits';
import { reportRoutes } from './routes';

/** Renters' reports of listings, the hiding rule and the admin panel's Reports tab. */
export const reportsFeature: FeatureModule = {
  name: 'reports',
  errorCodes: [
    'report_exists',
    'report_needs_verified_contact',
    'own_listing_report',
    'no_open_reports',
    'report_not_found',
  ],
  rateLimits,
  notifications: reportNotifications,
  after: ['listings'],
  register: async (app, { db, notifier, config, clock }) => {
    await app.register(
      reportRoutes({
        db,
        writes: app.listingWrites,
        notifier,
        publicUrl: config.publicUrl,
        clock,
        log: app.log,
      }),
    );
  },
};
