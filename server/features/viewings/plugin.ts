import type { FastifyInstance } from 'fastify';
import type { FeatureModule, Platform } from '../../lib/feature-module';
import { expireOverdue, runExpiry } from './expiry';
import { cancelForGoneListing, goneCauseOf } from './listing-gone';
import { EXPIRY_QUEUE, type ExpiryJob } from './expiry-plan';
import { viewingNotifications } from './notifications';
import { rateLimits } from './rate-limits';
import { remindDue, REMINDER_QUEUE, REMINDER_SCAN_SECONDS } from './reminders';
import { viewingRoutes } from './routes';
import type { ViewingDeps } from './viewings';

/**
 * Viewings (issue 38): a lister publishes when a place can be seen, a renter books a free time,
 * the lister confirms, and each step is a line of the pair's conversation (features/
 * conversations), told live, and by e-mail or SMS to the other party (notify.ts); a confirmed
 * viewing is reminded of the evening before and 2 hours before (reminders.ts).
 */
export const viewingsFeature: FeatureModule = {
  name: 'viewings',
  errorCodes: [
    'viewing_not_found',
    'viewing_needs_verified_contact',
    'own_listing_viewing',
    'viewing_slot_taken',
    'viewing_slot_invalid',
    'viewing_requests_limit',
    'viewing_already_requested',
    'viewing_not_pending',
    'viewing_started',
    'viewing_no_show_refused',
    'no_show_window_closed',
    'no_show_after_review',
  ],
  rateLimits,
  notifications: viewingNotifications,
  queues: {
    // Each request's expiry, due when it is (expiry.ts); repeating one is harmless.
    [EXPIRY_QUEUE]: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
    // The scan that sends confirmed viewings' reminders, the evening before and 2 hours before.
    [REMINDER_QUEUE]: {
      retryLimit: 2,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 5 * 60,
    },
  },
  workers: [
    {
      queue: EXPIRY_QUEUE,
      handler: (app, platform) => async (job: { data: ExpiryJob }) =>
        runExpiry(viewingDeps(app, platform), job.data),
    },
  ],
  events: {
    // A listing that leaves the site takes its viewings still ahead with it (listing-gone.ts).
    'listing.left-search': async (events, app, platform) => {
      for (const event of events) {
        const cause = goneCauseOf(event.reason);
        if (!cause) continue;
        const cancelled = await cancelForGoneListing(
          viewingDeps(app, platform),
          event.listingId,
          cause,
        );
        if (cancelled > 0)
          app.log.info({ listingId: event.listingId, cancelled, cause }, 'viewings cancelled');
      }
    },
    'listing.deleted': async (events, app, platform) => {
      for (const event of events) {
        await cancelForGoneListing(viewingDeps(app, platform), event.listingId, 'listing_removed');
      }
    },
  },
  schedules: [
    {
      queue: REMINDER_QUEUE,
      everySeconds: REMINDER_SCAN_SECONDS,
      run: async (app, platform) => {
        const reminded = await remindDue(viewingDeps(app, platform), platform.clock());
        if (reminded > 0) app.log.info({ reminded }, 'viewing reminders');
      },
    },
  ],
  sweeps: [
    {
      what: 'viewing requests past their answer time',
      run: (app, platform) => expireOverdue(viewingDeps(app, platform)),
    },
  ],
  register: async (app, platform) => {
    await app.register(
      viewingRoutes(viewingDeps(app, platform), {
        devRoutes: !platform.config.isProduction,
        tokens: platform.tokens,
      }),
    );
  },
};

function viewingDeps(
  app: FastifyInstance,
  { db, live, clock, jobs, config, notifier, links, tokens }: Platform,
): ViewingDeps {
  return {
    db,
    live,
    clock,
    jobs,
    notifier,
    links,
    tokens,
    publicUrl: config.publicUrl,
    log: app.log,
    remindAfterMs: config.messageReminderMs,
  };
}
