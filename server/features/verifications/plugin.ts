import type { FeatureModule } from '../../lib/feature-module';
import { verificationNotifications } from './notifications';
import { rateLimits } from './rate-limits';
import { deleteDecidedDocumentPhotos } from './admin';
import { listerVerificationRoutes } from './routes';

/** Verified listers: identity and agent-licence requests and their review. */
export const verificationsFeature: FeatureModule = {
  name: 'verifications',
  errorCodes: [
    'verification_listers_only',
    'verification_agents_only',
    'verification_pending',
    'already_verified',
    'verification_not_found',
    'verification_decided',
  ],
  rateLimits,
  notifications: verificationNotifications,
  after: ['search'],
  register: async (app, { db, storage, notifier, config, photoQueue, uploadTimeouts }) => {
    await app.register(
      listerVerificationRoutes({
        db,
        storage,
        notifier,
        publicUrl: config.publicUrl,
        log: app.log,
        listingsChanged: () => app.listingSearch.changed(),
        photoQueue,
        bodyTimeouts: uploadTimeouts.photos,
      }),
    );
  },
  sweeps: [
    // Verification documents decided 30 days ago are no longer needed.
    {
      what: 'decided verification documents',
      run: (_app, { db, storage }) => deleteDecidedDocumentPhotos(db, storage),
    },
  ],
};
