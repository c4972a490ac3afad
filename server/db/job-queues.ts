import type { Queue } from 'pg-boss';

/**
 * The platform's queues and how each retries (decision 013); a feature declares its own in its
 * plugin (`queues`, and one `events-<feature>` queue if it handles events: see
 * server/lib/feature-module.ts). They are part of the database's shape: `migrateDatabase`
 * creates the platform's and the features' queues and applies their settings, so a job sent by
 * any server lands in a queue that exists (pg-boss refuses a job sent to an unknown queue), and
 * servers never race to create one at run time.
 */
export const platformQueues = {
  /**
   * E-mail and SMS (server/lib/queued-notifier.ts). A first try and 44 more over about 21
   * minutes: the wait doubles from 5–10 s, with jitter (pg-boss: half the wait fixed, half
   * random), up to 30 s, so a short outage costs a person seconds, a long one is ridden out,
   * servers do not retry in step, and a waiting message (a sign-up code, which a person waits
   * for) is tried at least every 30 s: doubling without a ceiling could wait as long again as
   * the outage had lasted (after 10 minutes down, up to 10 more), past the code's own expiry.
   * A try that takes over a minute (a server killed mid-send) counts as failed and is tried
   * again.
   */
  'deliver-email': messagePolicy(),
  'deliver-sms': messagePolicy(),
  /** The hourly sweep of every feature's clean-ups (server/lib/feature-module.ts). */
  'hourly-sweep': {
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  },
} satisfies Record<string, QueuePolicy>;

/** How a queue retries and expires its jobs (pg-boss's queue options, less the name). */
export type QueuePolicy = Omit<Queue, 'name'>;

export type PlatformQueue = keyof typeof platformQueues;

/** Queues by name: the platform's and the features', as migrateDatabase creates them. */
export type QueuePolicies = Readonly<Record<string, QueuePolicy>>;

function messagePolicy(): QueuePolicy {
  return {
    retryLimit: 44,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 30,
    expireInSeconds: 60,
    // A sent or failed message is kept a week (pg-boss then deletes it): a failed one stays
    // retryable from the admin panel that long.
    deleteAfterSeconds: 7 * 24 * 3600,
  };
}
