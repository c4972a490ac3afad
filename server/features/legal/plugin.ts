import type { FeatureModule } from '../../lib/feature-module';
import { legalRoutes } from './routes';

/** Who runs the site, as the privacy policy and the terms of service name it (issue 51). */
export const legalFeature: FeatureModule = {
  name: 'legal',
  errorCodes: [],
  register: async (app, { config }) => {
    await app.register(legalRoutes(config.operator));
  },
};
