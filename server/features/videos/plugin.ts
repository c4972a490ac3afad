import type { FeatureModule } from '../../lib/feature-module';
import { videoNotifications } from './notifications';
import { rateLimits } from './rate-limits';
import { videoRoutes } from './routes';
import type { VirusScanner } from './scanner';

export type { VirusScanner };

/** Listing videos: upload, virus scan, review. `scanner`: tests give one; else VIRUS_SCANNER. */
export const videosFeature = (options: { scanner?: VirusScanner } = {}): FeatureModule => ({
  name: 'videos',
  errorCodes: [
    'video_not_found',
    'video_too_large',
    'video_wrong_type',
    'video_empty',
    'videos_per_upload',
    'videos_only_own_listings',
    'videos_waiting',
    'video_still_scanning',
    'video_already_approved',
    'edited_video_infected',
  ],
  rateLimits,
  notifications: videoNotifications,
  register: async (app, { db, storage, notifier, config, uploadTimeouts }) => {
    await app.register(
      videoRoutes({
        db,
        storage,
        notifier,
        config,
        scanner: options.scanner,
        bodyTimeouts: uploadTimeouts.videos,
      }),
    );
  },
});
