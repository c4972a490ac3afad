import type { FeatureModule } from '../../lib/feature-module';
import { mapRoutes } from './routes';

/** Maps (issue 39): where their tiles come from, and the landmarks to search near. */
export const mapsFeature: FeatureModule = {
  name: 'maps',
  errorCodes: [],
  register: async (app, { config }) => {
    await app.register(mapRoutes(config.map));
  },
};
