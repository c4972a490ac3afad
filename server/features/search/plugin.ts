import type { FeatureModule } from '../../lib/feature-module';
import { createListingSearch, type ListingSearch } from './listing-search';
import { searchRoutes } from './routes';

/**
 * Search over an in-memory index of live listings (docs/decisions/002-search.md). Decorates
 * the app with it (`app.listingSearch`), which the listings feature's writer tells of every
 * write: it registers before listings, so its routes (featured and search) come before a
 * listing's own, in the API document too, as when both were one feature.
 */
export const searchFeature: FeatureModule = {
  name: 'search',
  register: async (app, { db, config, clock }) => {
    // One search index per app, loaded when the server starts listening (or on the first
    // search); kept in step by the listing writes (features/listings) and by a periodic check.
    const listingSearch = createListingSearch(db, app.log, { useIndex: config.searchIndex });
    app.decorate('listingSearch', listingSearch);
    app.addHook('onListen', async () => {
      void listingSearch.warm();
    });
    app.addHook('onClose', async () => listingSearch.close());
    await app.register(searchRoutes({ db, listingSearch, clock }));
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Search over the in-memory listing index (features/search/listing-search.ts). */
    listingSearch: ListingSearch;
  }
}
