import type { FastifyRequest } from 'fastify';
import type { FeatureModule } from '../../lib/feature-module';
import { authNotifications } from './notifications';
import { rateLimits } from './rate-limits';
import { passwordRoutes } from './password-routes';
import { registerPrivateAnswers } from './private-answers';
import { authRoutes } from './routes';
import { deleteDeadSessions, SESSION_COOKIE } from './service';
import { registerSessionLoader } from './session-plugin';
import { deleteOldSightings } from './sightings';
import { deleteOldCodeSends } from './verification';
import { verificationRoutes } from './verification-routes';

export { administratorExists, ensureAdministrator, SESSION_COOKIE } from './service';

/** Sign-up, sign-in, sessions, verification codes and password resets. */
export const authFeature: FeatureModule = {
  name: 'auth',
  errorCodes: [
    'invalid_credentials',
    'email_taken',
    'phone_taken',
    'password_too_common',
    'no_email_on_account',
    'no_phone_on_account',
    'reset_link_invalid',
    'code_invalid',
    'code_expired',
    'code_attempts_exceeded',
    'sms_unavailable',
  ],
  rateLimits,
  notifications: authNotifications,
  // Every route sees who is asking, and answers for a signed-in reader are kept nowhere.
  hooks: (app, { db, clock }) => {
    registerSessionLoader(app, db, { clock });
    registerPrivateAnswers(app);
  },
  register: async (app, { db, config, notifier, clock }) => {
    const deps = { db, config, notifier, clock, publicUrl: config.publicUrl };
    await app.register(authRoutes(deps));
    await app.register(verificationRoutes(deps));
    await app.register(passwordRoutes(deps));
  },
  sweeps: [
    // Expired and idle sessions can never be used again.
    { what: 'dead sessions', run: (_app, { db }) => deleteDeadSessions(db) },
    { what: 'old code sends', run: (_app, { db }) => deleteOldCodeSends(db) },
    // Where accounts were used from is kept only as long as a review needs it (issue 50).
    {
      what: 'old account sightings',
      run: (_app, { db, clock }) => deleteOldSightings(db, clock()),
    },
  ],
};

/** A request without a session cookie: the server-rendered pages answer it from their cache. */
export const isVisitor = (request: FastifyRequest) => !request.cookies[SESSION_COOKIE];
