import type { Queue } from 'pg-boss';

/**
 * The job queue's queues and how each retries (decision 013). They are part of the database's
 * shape: `migrateDatabase` creates them and applies these settings, so a job sent by any
 * server lands in a queue that exists (pg-boss refuses a job sent to an unknown queue), and
 * servers never race to create one at run time.
 */
export const jobQueues = {
  /**
   * E-mail and SMS (server/lib/queued-messenger.ts). A first try and 44 more over about 21
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
  /** Clearing dead sessions, old code sends and unused photos (server/main.ts). */
  'hourly-sweep': {
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  },
  /**
   * Listings that went live, to try against saved searches and alert at once (issue 21): sent
   * with the write that made them live.
   */
  'listing-live': {
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
  },
  /** The pass over due alerts: the 08:00 digest, and alerts held by the daily cap. */
  'saved-search-alerts': {
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
  },
  /** Monthly confirmation of listings: reminders and expiry (features/properties/freshness.ts). */
  'listing-freshness': {
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  },
} satisfies Record<string, QueuePolicy>;

/** How a queue retries and expires its jobs (pg-boss's queue options, less the name). */
export type QueuePolicy = Omit<Queue, 'name'>;

export type QueueName = keyof typeof jobQueues;
export const queueNames = Object.keys(jobQueues) as QueueName[];

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
