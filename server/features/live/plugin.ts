import fastifySse from '@fastify/sse';
import { lt, sql } from 'drizzle-orm';
import { liveEvents } from '../../db/live-schema';
import type { FeatureModule } from '../../lib/feature-module';
import { aliveSessionHashes } from '../auth/service';
import { createLiveHub, type LiveHub } from './hub';
import { rateLimits } from './rate-limits';
import { liveRoutes } from './routes';

/** How often the streams' sessions are checked (expiry, idleness: ends no one announced). */
const SESSION_CHECK_MS = 60_000;

/**
 * Live updates to signed-in browsers (issue 35): the stream route and the streams this server
 * holds (hub.ts). Features publish with `platform.live` (server/lib/live-updates.ts).
 */
export const liveFeature: FeatureModule = {
  name: 'live',
  errorCodes: ['too_many_streams'],
  after: ['auth'],
  rateLimits,
  register: async (app, { db, listen }) => {
    const hub = createLiveHub({
      db,
      listen,
      log: app.log,
      aliveSessions: (sessions) => aliveSessionHashes(db, sessions),
    });
    app.decorate('liveHub', hub);
    await app.register(fastifySse, { heartbeatInterval: 25_000 });
    await app.register(liveRoutes(hub));
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await hub.start();
      timer = setInterval(() => void hub.checkSessions(), SESSION_CHECK_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await hub.close();
    });
  },
  sweeps: [
    {
      what: 'live updates older than a day',
      run: (_app, { db }) =>
        db.delete(liveEvents).where(lt(liveEvents.createdAt, sql`now() - interval '1 day'`)),
    },
  ],
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The live update streams this server holds (features/live/hub.ts). */
    liveHub: LiveHub;
  }
}
