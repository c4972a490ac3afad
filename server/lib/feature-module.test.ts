import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import {
  checkFeatureList,
  composeFeatures,
  featureNotifications,
  featureQueues,
  startSchedules,
  type FeatureModule,
  type Platform,
} from './feature-module';
import { eventQueuePolicy, type EventOutbox } from './events';
import type { Job, JobHandler, JobQueue } from './job-queue';
import type { NotificationTemplate } from './notification-templates';

/** A platform whose job queue records what the composition asks of it. */
function fakePlatform() {
  const every = new Map<string, () => Promise<void>>();
  const work = vi.fn();
  const jobs = {
    work,
    every: (name: string, _seconds: number, run: () => Promise<void>) => every.set(name, run),
  } as unknown as JobQueue;
  const subscribe = vi.fn();
  const events = { subscribe, record: async () => {} } as EventOutbox;
  return { platform: { jobs, events } as unknown as Platform, every, work, subscribe };
}

const feature = (name: string, more: Partial<FeatureModule> = {}): FeatureModule => ({
  name,
  register: async () => {},
  ...more,
});

describe('the feature list', () => {
  it('refuses a feature listed twice, one before a feature it needs, a limit or an error code declared twice', () => {
    expect(() => checkFeatureList([feature('a'), feature('a')])).toThrow(/a is listed twice/);
    expect(() => checkFeatureList([feature('b', { after: ['a'] }), feature('a')])).toThrow(
      /b needs a registered before it/,
    );
    const limit = { max: 1, timeWindow: 1000 };
    expect(() =>
      checkFeatureList([
        feature('a', { rateLimits: { sendsPerIp: limit } }),
        feature('b', { rateLimits: { sendsPerIp: limit } }),
      ]),
    ).toThrow(/sendsPerIp is declared by a and b/);
    expect(() =>
      checkFeatureList([
        feature('a', { errorCodes: ['report_exists'] }),
        feature('b', { errorCodes: ['report_exists'] }),
      ]),
    ).toThrow(/error code report_exists is declared by a and b/);
    expect(() =>
      checkFeatureList([
        feature('a', { schedules: [{ queue: 'a-daily', everySeconds: 60, run: async () => {} }] }),
      ]),
    ).toThrow(/a uses queue a-daily without declaring it/);
    expect(() => checkFeatureList([feature('a'), feature('b', { after: ['a'] })])).not.toThrow();
  });
});

describe('notifications', () => {
  const template: NotificationTemplate<'password-changed'> = {
    email: () => ({ subject: 'Changed', blocks: [] }),
    sms: () => 'Changed',
  };
  const other: NotificationTemplate<'video-ready'> = {
    email: () => ({ subject: 'Ready', blocks: [] }),
    sms: () => 'Ready',
  };

  it('refuses a notification kind declared by two features', () => {
    const list = [
      feature('a', { notifications: { 'password-changed': template } }),
      feature('b', { notifications: { 'password-changed': template } }),
    ];
    expect(() => checkFeatureList(list)).toThrow(/password-changed is declared by a and b/);
    expect(() => featureNotifications(list)).toThrow(/password-changed is declared by a and b/);
  });

  it('gathers each feature’s templates by kind, for the notifier', () => {
    expect(
      featureNotifications([
        feature('a', { notifications: { 'password-changed': template } }),
        feature('quiet'),
        feature('b', { notifications: { 'video-ready': other } }),
      ]),
    ).toEqual({ 'password-changed': template, 'video-ready': other });
  });
});

describe('composing features', () => {
  it('registers each in order on the app itself, and starts the workers they declare', async () => {
    const app = Fastify();
    const { platform, work } = fakePlatform();
    const order: string[] = [];
    await composeFeatures(app, platform, [
      feature('a', {
        register: async (root) => {
          order.push('a');
          root.decorate('probeA', 1);
        },
      }),
      feature('b', {
        register: async (root) => {
          order.push(`b sees ${String(root.hasDecorator('probeA'))}`);
        },
        queues: { 'listing-live': {} },
        workers: [{ queue: 'listing-live', handler: () => async () => ({ done: {} }) }],
      }),
    ]);
    expect(order).toEqual(['a', 'b sees true']);
    expect(work).toHaveBeenCalledWith('listing-live', expect.any(Function));
    await app.close();
  });

  it('runs the schedules, and one hourly sweep that goes on past a failed clean-up', async () => {
    const app = Fastify();
    const { platform, every } = fakePlatform();
    const swept: string[] = [];
    const scheduled = vi.fn(async (_app: unknown) => {});
    const composed = await composeFeatures(app, platform, [
      feature('a', {
        sweeps: [
          {
            what: 'broken things',
            run: async () => {
              throw new Error('database away');
            },
          },
        ],
        queues: { 'listing-freshness': {} },
        schedules: [{ queue: 'listing-freshness', everySeconds: 60, run: scheduled }],
      }),
      feature('b', { sweeps: [{ what: 'old things', run: async () => swept.push('old') }] }),
    ]);
    const warn = vi.spyOn(app.log, 'warn');
    startSchedules(app, platform, composed);
    expect([...every.keys()]).toEqual(['hourly-sweep', 'listing-freshness']);
    await every.get('hourly-sweep')!();
    expect(swept).toEqual(['old']);
    expect(warn).toHaveBeenCalledWith(expect.anything(), 'could not delete broken things');
    await every.get('listing-freshness')!();
    // (The app itself, not a copy: compared by identity, as its getters need a listening server.)
    expect(scheduled.mock.calls[0]?.[0]).toBe(app);
    await app.close();
  });
});

describe('events', () => {
  it('a feature that handles events gets its own queue, and each handler its type’s events', async () => {
    const app = Fastify();
    const { platform, work, subscribe } = fakePlatform();
    const live: string[] = [];
    const dropped: string[] = [];
    const handles = feature('saver', {
      events: {
        'listing.live': async (events) => live.push(...events.map((event) => event.listingId)),
        'listing.price-dropped': async (events) =>
          dropped.push(...events.map((event) => event.listingId)),
      },
    });
    expect(featureQueues([feature('quiet'), handles])).toEqual({
      'events-saver': eventQueuePolicy,
    });
    await composeFeatures(app, platform, [handles]);
    expect(subscribe).toHaveBeenCalledWith('saver', ['listing.live', 'listing.price-dropped']);
    const [queue, handler] = work.mock.calls[0] as [string, JobHandler<unknown>];
    expect(queue).toBe('events-saver');
    const about = { ownerId: 'o', at: '2026-11-28T10:00:00.000Z' };
    const job = {
      data: {
        events: [
          { type: 'listing.live', listingId: 'l1', ...about },
          { type: 'listing.deleted', listingId: 'l2', ...about },
          { type: 'listing.live', listingId: 'l3', ...about },
        ],
      },
    } as Job<unknown>;
    expect(await handler(job)).toEqual({ done: { 'listing.live': 2 } });
    expect(live).toEqual(['l1', 'l3']);
    expect(dropped).toEqual([]);
    await app.close();
  });
});
