import type { FeatureModule } from '../../lib/feature-module';
import { reviewNotifications } from './notifications';
import { backfillPhotoHashes } from './photo-matches';
import { adminRoutes } from './routes';

/** The admin panel's listings review and administrators. */
export const adminFeature: FeatureModule = {
  name: 'admin',
  errorCodes: [
    'only_live_featured',
    'featured_limit',
    'only_featured_reordered',
    'no_account_for_email',
    'administrator_not_found',
    'cannot_revoke_self',
    'last_administrator',
  ],
  notifications: reviewNotifications,
  after: ['listings'],
  register: async (app, { db, storage, notifier, config }) => {
    await app.register(
      adminRoutes({
        db,
        listingWrites: app.listingWrites,
        storage,
        notifier,
        publicUrl: config.publicUrl,
      }),
    );
  },
  sweeps: [
    // Listing photos uploaded before photos were hashed (issue 50): the originals a copy is
    // found by. New uploads are hashed as they arrive.
    {
      what: 'missing photo hashes (backfill)',
      run: (_app, { db, storage }) => backfillPhotoHashes(db, storage),
    },
  ],
};
