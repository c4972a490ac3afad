import type { FastifyInstance } from 'fastify';
import type { FeatureModule, Platform } from '../../lib/feature-module';
import {
  inviteDue,
  INVITATION_QUEUE,
  INVITATION_SCAN_SECONDS,
  type InvitationDeps,
} from './invitations';
import { reviewNotifications } from './notifications';
import { rateLimits } from './rate-limits';
import { reviewRoutes } from './routes';

/**
 * Reviews (issue 40): only a renter whose confirmed viewing has taken place reviews the listing
 * and its lister, once, invited the morning after (invitations.ts); the lister answers and
 * reports; administrators hide and restore (admin-reviews.ts). A listing's rating is its
 * visible reviews' (listing-rating.ts); a lister's public page gathers theirs (listers.ts).
 */
export const reviewsFeature: FeatureModule = {
  name: 'reviews',
  errorCodes: [
    'review_not_allowed',
    'review_exists',
    'review_not_found',
    'review_edit_closed',
    'review_lister_only',
    'review_reply_exists',
    'review_report_exists',
    'review_decision_conflict',
    'lister_not_found',
  ],
  rateLimits,
  notifications: reviewNotifications,
  after: ['listings'],
  queues: {
    [INVITATION_QUEUE]: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  },
  schedules: [
    {
      queue: INVITATION_QUEUE,
      everySeconds: INVITATION_SCAN_SECONDS,
      run: async (app, platform) => {
        const invited = await inviteDue(invitationDeps(app, platform), platform.clock());
        if (invited > 0) app.log.info({ invited }, 'review invitations');
      },
    },
  ],
  register: async (app, platform) => {
    const { db, notifier, config, clock } = platform;
    await app.register(
      reviewRoutes(
        {
          db,
          writes: app.listingWrites,
          notifier,
          publicUrl: config.publicUrl,
          clock,
          log: app.log,
        },
        { devRoutes: !config.isProduction, invitations: invitationDeps(app, platform) },
      ),
    );
  },
};

function invitationDeps(
  app: FastifyInstance,
  { db, notifier, links, config }: Platform,
): InvitationDeps {
  return { db, notifier, links, publicUrl: config.publicUrl, log: app.log };
}
