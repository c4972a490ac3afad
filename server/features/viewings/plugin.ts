import type { FeatureModule } from '../../lib/feature-module';
import { EXPIRY_QUEUE, expireOverdue, planExpiry, runExpiry, type ExpiryJob } from './expiry';
import { rateLimits } from './rate-limits';
import { viewingRoutes } from './routes';
import type { ViewingDeps } from './viewings';

/**
 * Viewings (issue 38): a lister publishes when a place can be seen, a renter books a free time,
 * the lister confirms, and each step is a line of the pair's conversation (features/
 * conversations), told live and reminded of like a message.
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
  ],
  rateLimits,
  queues: {
    // Each request's expiry, due when it is (expiry.ts); repeating one is harmless.
    [EXPIRY_QUEUE]: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
  },
  workers: [
    {
      queue: EXPIRY_QUEUE,
      handler: (_app, platform) => async (job: { data: ExpiryJob }) =>
        runExpiry(viewingDeps(platform), job.data),
    },
  ],
  sweeps: [
    {
      what: 'viewing requests past their answer time',
      run: (_app, platform) => expireOverdue(viewingDeps(platform)),
    },
  ],
  register: async (app, platform) => {
    await app.register(viewingRoutes(viewingDeps(platform)));
  },
};

function viewingDeps({
  db,
  live,
  clock,
  jobs,
  config,
}: Parameters<FeatureModule['register']>[1]): ViewingDeps {
  return {
    db,
    live,
    clock,
    jobs,
    remindAfterMs: config.messageReminderMs,
    planExpiry: planExpiry(jobs),
  };
}
