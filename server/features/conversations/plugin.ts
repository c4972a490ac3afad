import type { FeatureModule } from '../../lib/feature-module';
import { announceListingStates } from './listing-states';
import { conversationNotifications } from './notifications';
import { rateLimits } from './rate-limits';
import { updateSignalsLeavingTheWindow } from './response-signals';
import { conversationRoutes } from './routes';
import { REMINDER_QUEUE, remindOfUnread, type ReminderJob } from './unread-reminders';

/**
 * Enquiries (issue 37): renters and listers talk inside Abode, where a scam can be seen and
 * reported, told live on each side's stream (features/live), and by e-mail or SMS of what they
 * have not read within 5 minutes (unread-reminders.ts).
 */
export const conversationsFeature: FeatureModule = {
  name: 'conversations',
  errorCodes: [
    'conversation_not_found',
    'enquiry_needs_verified_contact',
    'own_listing_enquiry',
    'listing_rented',
    'conversation_blocked',
    'enquiries_limit',
    'messages_limit',
  ],
  rateLimits,
  notifications: conversationNotifications,
  queues: {
    /** Reminders of unread messages, each waiting until it is due (unread-reminders.ts). */
    [REMINDER_QUEUE]: {
      retryLimit: 5,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 5 * 60,
    },
  },
  workers: [
    {
      queue: REMINDER_QUEUE,
      handler:
        (app, { db, jobs, notifier, links, clock, config }) =>
        async (job: { data: ReminderJob }) =>
          remindOfUnread(
            { db, jobs, notifier, links, clock, publicUrl: config.publicUrl, log: app.log },
            job.data,
          ),
    },
  ],
  events: {
    // Both parties of a listing's conversations see it rented, switched off, expired, or back.
    'listing.live': (events, _app, { db, live }) =>
      announceListingStates(
        { db, live },
        events.map((event) => event.listingId),
      ),
    'listing.left-search': (events, _app, { db, live }) =>
      announceListingStates(
        { db, live },
        events.map((event) => event.listingId),
      ),
  },
  sweeps: [
    {
      what: 'response signals of conversations leaving their 90 days',
      run: (_app, { db, clock }) => updateSignalsLeavingTheWindow(db, clock()),
    },
  ],
  register: async (app, { db, live, clock, jobs, config }) => {
    await app.register(
      conversationRoutes({ db, live, clock, jobs, remindAfterMs: config.messageReminderMs }),
    );
  },
};
