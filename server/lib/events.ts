import type { Database } from '../db/client';
import type { QueuePolicy } from '../db/job-queues';
import type { JobQueue } from './job-queue';

/**
 * Events between features (issue 35): a feature records what happened in the transaction that
 * did it, and each feature that declared a handler for it (its plugin's `events`) gets it once
 * the transaction commits, never after a rollback. The job queue is the outbox: one job per
 * transaction and handling feature, in that feature's queue (`events-<feature>`), so that one
 * feature's failing handler is retried without running the others' again.
 *
 * A feature adds its event types to DomainEvents (declaration merging), as properties does with
 * the listing events:
 *
 *   declare module '../../lib/events' { interface DomainEvents extends ListingEvents {} }
 */
// Empty on purpose: features add their events to it by declaration merging, which only an
// interface allows (a type alias cannot be reopened).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainEvents {}

export type EventType = keyof DomainEvents & string;
export type DomainEvent = { [K in EventType]: { type: K } & DomainEvents[K] }[EventType];
export type EventOf<K extends EventType> = Extract<DomainEvent, { type: K }>;

/**
 * How a handling feature's queue retries (as the `listing-live` queue it replaces did): a few
 * tries over minutes; handlers are written to be run again safely.
 */
export const eventQueuePolicy: QueuePolicy = {
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 10 * 60,
};

export const eventQueueOf = (feature: string) => `events-${feature}`;

export type EventOutbox = {
  /** Records `events` in the transaction `tx`, for every feature that handles one of them. */
  record(events: readonly DomainEvent[], tx: Database): Promise<void>;
  /** Says which event types a feature handles (the composition, from its plugin). */
  subscribe(feature: string, types: readonly string[]): void;
};

export function createEventOutbox(jobs: Pick<JobQueue, 'send'>): EventOutbox {
  const subscribers = new Map<string, Set<string>>();
  return {
    subscribe(feature, types) {
      subscribers.set(feature, new Set(types));
    },
    async record(events, tx) {
      if (events.length === 0) return;
      for (const [feature, types] of subscribers) {
        const theirs = events.filter((event) => types.has(event.type));
        if (theirs.length > 0)
          await jobs.send(eventQueueOf(feature), { events: theirs }, { db: tx });
      }
    },
  };
}
