import type { FeatureModule } from '../../lib/feature-module';
import { DIGEST_QUEUE, sendNoticeDigests } from './digest';
import { digestNotifications } from './notifications';
import { rateLimits } from './rate-limits';
import { deliveryRoutes } from './routes';

/**
 * The e-mail and SMS the product sends, as administrators see them: the admin panel's
 * Deliveries (issue 18), and the daily digest of the notices held back past a person's cap
 * (issue 50; the cap itself is the platform's notifier, server/lib/notice-cap.ts). The notifier
 * itself is the platform's (server/lib/notifier.ts).
 */
export const notificationsFeature: FeatureModule = {
  name: 'notifications',
  errorCodes: ['delivery_not_found', 'delivery_not_failed'],
  rateLimits,
  notifications: digestNotifications,
  queues: {
    [DIGEST_QUEUE]: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 900 },
  },
  schedules: [
    {
      queue: DIGEST_QUEUE,
      everySeconds: 3600,
      run: async (app, { db, notifier, links, config, clock }) => {
        const sent = await sendNoticeDigests(
          { db, notifier, links, publicUrl: config.publicUrl },
          clock(),
        );
        if (sent > 0) app.log.info({ sent }, 'notice digests');
      },
    },
  ],
  register: async (app, { db, jobs }) => {
    await app.register(deliveryRoutes({ db, jobs }));
  },
};
