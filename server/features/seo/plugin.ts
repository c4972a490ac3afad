import type { FeatureModule } from '../../lib/feature-module';
import type { PageHead } from '../../lib/web-app';
import { createPageHead } from './page-heads';
import { findSessionUser, SESSION_COOKIE } from '../auth/service';
import { isVisibleProperty } from '../listings/service';
import { listerFacts } from '../reviews/service';
import { seoRoutes } from './routes';

/**
 * What crawlers and link previews read: /robots.txt, /sitemap.xml, and each page's head
 * (`app.pageHead`, which the web app's pages are served with).
 */
export const seoFeature: FeatureModule = {
  name: 'seo',
  after: ['search'],
  register: async (app, { db, config, clock }) => {
    await app.register(seoRoutes({ db, publicUrl: config.publicUrl }));
    app.decorate(
      'pageHead',
      createPageHead({
        listingSearch: app.listingSearch,
        // Pages carry no session of their own (auth/session-plugin.ts reads it for the API).
        listingVisible: async (id, request) => {
          const token = request.cookies[SESSION_COOKIE];
          const viewer = token ? await findSessionUser(db, token) : null;
          return isVisibleProperty(db, id, viewer, clock());
        },
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
