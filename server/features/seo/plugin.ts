import type { FeatureModule } from '../../lib/feature-module';
import type { PageHead } from '../../lib/web-app';
import { createPageHead } from './page-heads';
import { listerFacts } from '../reviews/service';
import { seoRoutes } from './routes';

/**
 * What crawlers and link previews read: /robots.txt, /sitemap.xml, and each page's head
 * (`app.pageHead`, which the web app's pages are served with).
 */
export const seoFeature: FeatureModule = {
  name: 'seo',
  after: ['search'],
  register: async (app, { db, config }) => {
    await app.register(seoRoutes({ db, publicUrl: config.publicUrl }));
    app.decorate(
      'pageHead',
      createPageHead({
        listingSearch: app.listingSearch,
        listerOf: (handle) => listerFacts(db, handle),
        publicUrl: config.publicUrl,
      }),
    );
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The head tags of the page a request asks for (features/seo/page-heads.ts). */
    pageHead: PageHead;
  }
}
