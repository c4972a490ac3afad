import type { FeatureModule } from '../../lib/feature-module';
import { rateLimits } from './rate-limits';
import { openGeoLookup, type GeoLookup } from './geo';
import { analyticsRoutes } from './routes';

export type { GeoLookup };

/**
 * Visitor analytics for administrators. `geoLookup` places an address (tests give one);
 * default: GEOIP_DATABASE when set, else none.
 */
export const analyticsFeature = (options: { geoLookup?: GeoLookup } = {}): FeatureModule => ({
  name: 'analytics',
  rateLimits,
  register: async (app, { db, config, clock }) => {
    const geo = options.geoLookup ?? (await openGeoLookup(config.geoipDatabase));
    await app.register(analyticsRoutes({ db, geo, clock }));
  },
});
