import type { FeatureModule } from '../../lib/feature-module';
import { rateLimits } from './rate-limits';
import { exchangeRateRoutes } from './routes';
import { watchExchangeRate } from './service';

/** The exchange rate searches compare cedis and dollars at (issue 20). */
export const exchangeRateFeature: FeatureModule = {
  name: 'exchange-rate',
  rateLimits,
  after: ['search', 'listings'],
  register: async (app, { db }) => {
    const rateChanged = (rate: number) => app.listingSearch.rateChanged(rate);
    // Read now, then every 15 s, so a rate another server set reaches this one's searches.
    const watch = watchExchangeRate(db, rateChanged, app.log);
    app.addHook('onClose', async () => watch.stop());
    await app.register(exchangeRateRoutes({ db, writes: app.listingWrites, rateChanged }));
  },
};
