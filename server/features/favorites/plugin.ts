import type { FeatureModule } from '../../lib/feature-module';
import { favoriteRoutes } from './routes';

/** A renter's favourite listings. */
export const favoritesFeature: FeatureModule = {
  name: 'favorites',
  register: async (app, { db }) => {
    await app.register(favoriteRoutes({ db }));
  },
};
