import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { liveUpdates } from '../lib/live-updates';
import { createShortLinks } from '../lib/short-links';
import type { ViewingDeps } from '../features/viewings/viewings';

/**
 * What the viewings' scans and sweeps are given (issue 38), from a test app's own services and
 * the test's clock: the plugin builds the same from the platform (viewings/plugin.ts).
 */
export function viewingTestDeps(
  app: FastifyInstance,
  db: Database,
  clock: () => Date,
  publicUrl: string,
): ViewingDeps {
  return {
    db,
    live: liveUpdates,
    clock,
    jobs: app.jobs,
    notifier: app.notifier,
    links: createShortLinks(db, publicUrl),
    publicUrl,
    log: app.log,
  };
}
