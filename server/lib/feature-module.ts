import type { FastifyInstance } from 'fastify';
import type { ErrorCode } from '#common/error-codes';
import type { Config } from '../config';
import type { PlatformQueue, QueuePolicies } from '../db/job-queues';
import type { Database } from '../db/client';
import {
  eventQueueOf,
  eventQueuePolicy,
  type DomainEvent,
  type EventOf,
  type EventOutbox,
  type EventType,
} from './events';
import type { Listen } from '../db/notifications';
import type { JobHandler, JobQueue } from './job-queue';
import type { NotificationTemplates } from './notification-templates';
import type { LiveUpdates } from './live-updates';
import type { Notifier } from './notifier';
import type { PhotoQueue } from './photo-queue';
import type { ShortLinks } from './short-links';
import type { SignedTokens } from './signed-tokens';
import type { FileStorage } from './storage';
import type { UploadTimeouts } from './upload-body-timeout';

/**
 * The contract of a server feature (docs/design.md, "Features as modules"): each feature has
 * one entry, `server/features/<name>/plugin.ts`, whose FeatureModule says what it brings, and
 * the composition (server/app.ts, server/start.ts) builds the server from the list in
 * server/features/index.ts without naming a feature's internals. That includes the
 * notifications a feature sends: their templates (`notifications`) reach the notifier through
 * the list.
 */

/** What the platform gives every feature: the shared services, built once per app. */
export type Platform = {
  config: Config;
  db: Database;
  storage: FileStorage;
  /** The time codes, links and deadlines are checked against (tests move it). */
  clock: () => Date;
  /** Mail and SMS, queued with the action that causes them (queued-notifier.ts). */
  notifier: Notifier;
  jobs: JobQueue;
  /** Where a feature records its events, in the transaction that caused them (events.ts). */
  events: EventOutbox;
  /** Live updates to signed-in browsers, published with the write that causes them. */
  live: LiveUpdates;
  /**
   * LISTEN on the database (server/db/notifications.ts), which the live streams use; null when
   * the app was built without one (a test of something else): streams then only catch up.
   */
  listen: Listen | null;
  tokens: SignedTokens;
  links: ShortLinks;
  photoQueue: PhotoQueue;
  uploadTimeouts: UploadTimeouts;
};

/** Recurring work, run once per period however many servers share the database. */
export type Schedule = {
  /** Its queue (one of the feature's `queues`), which keeps one run per period. */
  queue: string;
  everySeconds: number;
  run: (app: FastifyInstance, platform: Platform) => Promise<void>;
};

/** A clean-up the hourly sweep runs; a failure is logged and the sweep goes on. */
export type Sweep = {
  /** What it clears, as the log says it: "dead sessions". */
  what: string;
  run: (app: FastifyInstance, platform: Platform) => Promise<unknown>;
};

/** A queue whose jobs this feature works, in every server. */
export type Worker = {
  /** One of the feature's `queues`. */
  queue: string;
  handler: (app: FastifyInstance, platform: Platform) => JobHandler<never>;
};

export type RateLimit = { max: number; timeWindow: number };

/**
 * What a feature does with events of each type it handles, once the transaction that recorded
 * them committed: the events of one transaction at a time, each type's in the order recorded.
 * A handler that throws is run again later (with the others of that job): it must be safe to
 * repeat.
 */
export type EventHandlers = {
  [K in EventType]?: (
    events: EventOf<K>[],
    app: FastifyInstance,
    platform: Platform,
  ) => Promise<unknown>;
};

export type FeatureModule = {
  /** The feature's folder name. */
  name: string;
  /**
   * Features whose decorations this one uses at registration (`app.listingWrites`, say): the
   * composition refuses a list that registers it before them.
   */
  after?: readonly string[];
  /**
   * Request hooks every route passes through (the session loader), added before any feature's
   * routes and before the access check, which reads what they loaded.
   */
  hooks?: (app: FastifyInstance, platform: Platform) => void;
  /**
   * Adds the feature's routes, hooks and decorations to the app (called on the root instance,
   * so that what it decorates is the app's).
   */
  register: (app: FastifyInstance, platform: Platform) => Promise<void>;
  /** The job queues it owns, by name, with how each retries (created by migrateDatabase). */
  queues?: QueuePolicies;
  workers?: readonly Worker[];
  /** The events it handles (server/lib/events.ts). */
  events?: EventHandlers;
  /**
   * The kinds of notification it owns, each kind's template by name (its own notifications.ts,
   * which adds the kinds to NotificationPayloads). Another feature may send them; only this one
   * renders.
   */
  notifications?: NotificationTemplates;
  schedules?: readonly Schedule[];
  sweeps?: readonly Sweep[];
  /** The limits its routes apply, by name (its own rate-limits.ts). */
  rateLimits?: Readonly<Record<string, RateLimit>>;
  /**
   * The error codes that are its own (common/error-codes.ts holds every code's status and
   * English, which the web app translates): each code not general nor the platform's
   * (platformErrorCodes) belongs to one feature, whichever others answer with it.
   */
  errorCodes?: readonly ErrorCode[];
};

/** What the composition gathered from the features, for start.ts to start. */
export type Composed = { schedules: Schedule[]; sweeps: Sweep[] };

/** Adds every feature's request hooks, in the list's order (composeFeatures checks the list). */
export function addFeatureHooks(
  app: FastifyInstance,
  platform: Platform,
  features: readonly FeatureModule[],
): void {
  for (const feature of features) feature.hooks?.(app, platform);
}

/**
 * Registers each feature in the list's order, after checking the list: names unique, each
 * feature after those it names in `after`, no rate limit or notification kind declared twice.
 * Answers the schedules and sweeps, which only a listening server runs (startSchedules).
 */
export async function composeFeatures(
  app: FastifyInstance,
  platform: Platform,
  features: readonly FeatureModule[],
): Promise<Composed> {
  checkFeatureList(features);
  const composed: Composed = { schedules: [], sweeps: [] };
  for (const feature of features) {
    await feature.register(app, platform);
    for (const worker of feature.workers ?? []) {
      platform.jobs.work(worker.queue, worker.handler(app, platform));
    }
    if (feature.events) {
      platform.events.subscribe(feature.name, Object.keys(feature.events));
      platform.jobs.work(eventQueueOf(feature.name), eventWorker(feature.events, app, platform));
    }
    composed.schedules.push(...(feature.schedules ?? []));
    composed.sweeps.push(...(feature.sweeps ?? []));
  }
  return composed;
}

/** Runs a job of recorded events through the handlers of one feature. */
function eventWorker(
  handlers: EventHandlers,
  app: FastifyInstance,
  platform: Platform,
): JobHandler<{ events: DomainEvent[] }> {
  return async (job) => {
    const handled: Record<string, number> = {};
    for (const [type, handle] of Object.entries(handlers)) {
      const events = job.data.events.filter((event) => event.type === type);
      if (events.length === 0 || !handle) continue;
      await (
        handle as (events: DomainEvent[], ...rest: [FastifyInstance, Platform]) => Promise<unknown>
      )(events, app, platform);
      handled[type] = events.length;
    }
    return { done: handled };
  };
}

/** Every feature's queues, and the events queue of each feature that handles events. */
export function featureQueues(features: readonly FeatureModule[]): QueuePolicies {
  const queues: Record<string, QueuePolicies[string]> = {};
  for (const feature of features) {
    Object.assign(queues, feature.queues);
    if (feature.events) queues[eventQueueOf(feature.name)] = eventQueuePolicy;
  }
  return queues;
}

/**
 * Every feature's notification templates, by kind: what the notifier renders with (app.ts). The
 * list is checked first, so a kind declared twice is refused rather than one copy winning.
 */
export function featureNotifications(features: readonly FeatureModule[]): NotificationTemplates {
  checkFeatureList(features);
  return Object.assign({}, ...features.map((feature) => feature.notifications ?? {}));
}

export function checkFeatureList(features: readonly FeatureModule[]): void {
  const seen = new Set<string>();
  const owners = {
    'rate limit': new Map<string, string>(),
    'notification kind': new Map<string, string>(),
    'error code': new Map<string, string>(),
  };
  /** Each name of a kind is declared by one feature only. */
  const claim = (what: keyof typeof owners, names: readonly string[], feature: string) => {
    for (const name of names) {
      const owner = owners[what].get(name);
      if (owner) throw new Error(`${what} ${name} is declared by ${owner} and ${feature}`);
      owners[what].set(name, feature);
    }
  };
  for (const feature of features) {
    if (seen.has(feature.name)) throw new Error(`feature ${feature.name} is listed twice`);
    for (const before of feature.after ?? []) {
      if (!seen.has(before)) {
        throw new Error(`feature ${feature.name} needs ${before} registered before it`);
      }
    }
    claim('rate limit', Object.keys(feature.rateLimits ?? {}), feature.name);
    claim('notification kind', Object.keys(feature.notifications ?? {}), feature.name);
    claim('error code', feature.errorCodes ?? [], feature.name);
    const own = Object.keys(feature.queues ?? {});
    for (const { queue } of [...(feature.workers ?? []), ...(feature.schedules ?? [])]) {
      if (!own.includes(queue)) {
        throw new Error(`feature ${feature.name} uses queue ${queue} without declaring it`);
      }
    }
    seen.add(feature.name);
  }
}

/** The platform's queue of the hourly sweep (server/db/job-queues.ts). */
const SWEEP_QUEUE: PlatformQueue = 'hourly-sweep';

/**
 * Starts the schedules, and one hourly sweep running every feature's clean-ups in turn, each
 * failure logged and the next tried (start.ts: tests call a feature's work directly).
 */
export function startSchedules(app: FastifyInstance, platform: Platform, composed: Composed): void {
  platform.jobs.every(SWEEP_QUEUE, 3600, async () => {
    for (const sweep of composed.sweeps) {
      await sweep
        .run(app, platform)
        .catch((error: unknown) => app.log.warn({ err: error }, `could not delete ${sweep.what}`));
    }
  });
  for (const schedule of composed.schedules) {
    platform.jobs.every(schedule.queue, schedule.everySeconds, () => schedule.run(app, platform));
  }
}
