import type { FeatureModule } from '../../lib/feature-module';
import { supportNotifications } from './notifications';
import { rateLimits } from './rate-limits';
import { replyNotifications } from './reply-notifications';
import { supportRoutes } from './routes';

/** The support and contact forms and the administrators' inbox. */
export const supportFeature: FeatureModule = {
  name: 'support',
  rateLimits,
  notifications: { ...supportNotifications, ...replyNotifications },
  errorCodes: ['inbox_message_not_found', 'inbox_message_no_email'],
  register: async (app, { db, config, notifier }) => {
    await app.register(
      supportRoutes({
        db,
        notifier,
        supportEmail: config.supportEmail,
        publicUrl: config.publicUrl,
      }),
    );
  },
};
