import type { FeatureModule } from '../../lib/feature-module';
import { rateLimits } from './rate-limits';
import { fileRoutes, uploadRoutes } from './routes';
import { sweepUnusedUploads } from './service';

/** Photo uploads and the files they become. */
export const uploadsFeature: FeatureModule = {
  name: 'uploads',
  errorCodes: [
    'file_not_found',
    'image_too_large',
    'image_wrong_type',
    'image_unreadable',
    'image_not_uploaded_here',
    'images_per_upload',
    'no_image_chosen',
    'uploads_need_verified_contact',
  ],
  rateLimits,
  register: async (app, { db, storage, photoQueue, uploadTimeouts }) => {
    await app.register(fileRoutes(storage));
    await app.register(
      uploadRoutes({ db, storage, photoQueue, bodyTimeouts: uploadTimeouts.photos }),
    );
  },
  sweeps: [
    // Photos no listing took within a day never will be.
    { what: 'unused uploads', run: (_app, { db, storage }) => sweepUnusedUploads(db, storage) },
  ],
};
