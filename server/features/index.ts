import type { QueuePolicies } from '../db/job-queues';
import { featureNotifications, featureQueues, type FeatureModule } from '../lib/feature-module';
import type { NotificationTemplates } from '../lib/notification-templates';
import { accountsFeature } from './accounts/plugin';
import { adminFeature } from './admin/plugin';
import { analyticsFeature, type GeoLookup } from './analytics/plugin';
import { authFeature } from './auth/plugin';
import { conversationsFeature } from './conversations/plugin';
import { exchangeRateFeature } from './exchange-rate/plugin';
import { favoritesFeature } from './favorites/plugin';
import { legalFeature } from './legal/plugin';
import { listingStatsFeature } from './listing-stats/plugin';
import { listingsFeature } from './listings/plugin';
import { mapsFeature } from './maps/plugin';
import { liveFeature } from './live/plugin';
import { notificationsFeature } from './notifications/plugin';
import { supportFeature } from './support/plugin';
import { providersFeature } from './providers/plugin';
import { reportsFeature } from './reports/plugin';
import { reviewsFeature } from './reviews/plugin';
import { savedSearchesFeature } from './saved-searches/plugin';
import { searchFeature } from './search/plugin';
import { seoFeature } from './seo/plugin';
import { uploadsFeature } from './uploads/plugin';
import { verificationsFeature } from './verifications/plugin';
import { viewingsFeature } from './viewings/plugin';
import { videosFeature, type VirusScanner } from './videos/plugin';

/** What tests put in place of a feature's outside services. */
export type FeatureOverrides = {
  /** City and country of an address; default: GEOIP_DATABASE when set, else none. */
  geoLookup?: GeoLookup;
  /** How uploaded videos are scanned; default: VIRUS_SCANNER. */
  scanner?: VirusScanner;
};

/**
 * The server's features, in the order they are registered (a feature comes after those whose
 * decorations it uses: its `after`). A new feature is one line here and its own folder.
 */
export const serverFeatures = (overrides: FeatureOverrides = {}): FeatureModule[] => [
  authFeature,
  liveFeature,
  accountsFeature,
  searchFeature,
  listingsFeature,
  savedSearchesFeature,
  favoritesFeature,
  adminFeature,
  notificationsFeature,
  analyticsFeature({ geoLookup: overrides.geoLookup }),
  providersFeature,
  supportFeature,
  verificationsFeature,
  reportsFeature,
  conversationsFeature,
  viewingsFeature,
  reviewsFeature,
  listingStatsFeature,
  exchangeRateFeature,
  mapsFeature,
  legalFeature,
  uploadsFeature,
  videosFeature({ scanner: overrides.scanner }),
  seoFeature,
];

/** The features' job queues, which migrateDatabase creates with the platform's. */
export const serverQueues = (): QueuePolicies => featureQueues(serverFeatures());

/** The features' notification templates, by kind, which the notifier renders with (app.ts). */
export const serverNotificationTemplates = (): NotificationTemplates =>
  featureNotifications(serverFeatures());
