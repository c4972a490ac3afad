import type { FastifyRequest } from 'fastify';
import { isPagePath } from '#common/page-paths';
import type { ListerFacts } from '../reviews/service';
import type { ListingSearch } from '../search/service';
import { headTags, type PageHead } from './head-tags';
import { listerHead } from './lister-head';
import { listingHead } from './listing-head';
import { searchHead } from './search-head';
import {
  LOGO_PATH,
  SHARE_CARD,
  SITE_DESCRIPTION,
  SITE_NAME,
  SITE_TITLE,
  publicPages,
} from './site';

/**
 * The head of every page the web app serves, chosen by path: the home page, search, a live
 * listing, a lister's page, the other public pages; everything else (account, admin, wizard, code and reset
 * pages) gets the generic head with noindex. A path that is no page, a listing the reader may
 * not open and an unknown lister are not found (HTTP 404, issue 51), with a title that says
 * so. Only a listing may cost a query (one, by primary key, when search has not rendered it
 * already; a second when it is not live); the rest is string work.
 */
export type PageHeadDeps = {
  listingSearch: Pick<ListingSearch, 'liveProperty'>;
  /**
   * Whether the request's reader may open a listing that is not live (its owner, an
   * administrator): asked only for such a listing, so a page costs no session read.
   */
  listingVisible: (id: string, request: FastifyRequest) => Promise<boolean>;
  /** A lister's public page by handle (issue 40), or null when there is none. */
  listerOf: (handle: string) => Promise<ListerFacts | null>;
  publicUrl: string;
};

const genericHead: PageHead = {
  title: SITE_TITLE,
  description: SITE_DESCRIPTION,
  canonicalPath: null,
  noindex: true,
  shareTitle: SITE_NAME,
  image: SHARE_CARD,
  structuredData: [],
};

type Head = { head: PageHead; found: boolean };
const found = (head: PageHead): Head => ({ head, found: true });
const notFoundHead = (title: string): Head => ({
  head: { ...genericHead, title: `${title} · ${SITE_NAME}` },
  found: false,
});

function homeHead(publicUrl: string): PageHead {
  const home = `${publicUrl}/`;
  return {
    ...genericHead,
    canonicalPath: '/',
    noindex: false,
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@graph': [
          {
            '@type': 'WebSite',
            '@id': `${home}#website`,
            url: home,
            name: SITE_NAME,
            description: SITE_DESCRIPTION,
            inLanguage: 'en',
            publisher: { '@id': `${home}#organization` },
            potentialAction: {
              '@type': 'SearchAction',
              target: {
                '@type': 'EntryPoint',
                urlTemplate: `${publicUrl}/search?location={search_term_string}`,
              },
              'query-input': 'required name=search_term_string',
            },
          },
          {
            '@type': 'Organization',
            '@id': `${home}#organization`,
            name: SITE_NAME,
            url: home,
            logo: `${publicUrl}${LOGO_PATH}`,
          },
        ],
      },
    ],
  };
}

/** The path of a request URL without its query, and its query. */
function splitUrl(url: string): { path: string; query: URLSearchParams } {
  const mark = url.indexOf('?');
  const rawPath = mark < 0 ? url : url.slice(0, mark);
  // "/search/" is the page "/search"; "//x" stays odd and so gets the generic head.
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  return { path, query: new URLSearchParams(mark < 0 ? '' : url.slice(mark + 1)) };
}

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null; // a malformed escape such as %E0: no listing has that id
  }
}

export function createPageHead(deps: PageHeadDeps) {
  const { listingSearch, listingVisible, listerOf, publicUrl } = deps;

  async function listerPageHead(handle: string | null, request: FastifyRequest): Promise<Head> {
    if (handle === null) return notFoundHead('Lister not found');
    try {
      const lister = await listerOf(handle);
      return lister ? found(listerHead(lister, publicUrl)) : notFoundHead('Lister not found');
    } catch (error) {
      request.log.warn({ err: error }, 'lister page head: lister not read');
      return found({ ...genericHead, noindex: false });
    }
  }

  async function propertyHead(id: string | null, request: FastifyRequest): Promise<Head> {
    // A non-live listing (pending, hidden) is its owner's and administrators' to preview, and
    // no search engine's to keep; for anyone else it is not there, like an unknown id.
    if (id === null) return notFoundHead('Listing not found');
    try {
      const property = await listingSearch.liveProperty(id);
      if (property) return found(listingHead(property, publicUrl));
      return (await listingVisible(id, request))
        ? found(genericHead)
        : notFoundHead('Listing not found');
    } catch (error) {
      // The database is away: the page still works in the browser (which will say so), and
      // a crawler is not told to drop a listing that may well be live.
      request.log.warn({ err: error }, 'listing page head: listing not read');
      return found({ ...genericHead, noindex: false });
    }
  }

  async function pageHead(request: FastifyRequest): Promise<Head> {
    const { path, query } = splitUrl(request.url);
    if (path === '/') return found(homeHead(publicUrl));
    if (path === '/search') return found(searchHead(query));
    const listing = /^\/property\/([^/]+)$/.exec(path);
    if (listing) return propertyHead(decoded(listing[1]!), request);
    const lister = /^\/listers\/([^/]+)$/.exec(path);
    if (lister) return listerPageHead(decoded(lister[1]!), request);
    const page = publicPages.find((candidate) => candidate.path === path);
    if (page) {
      const shareTitle = page.title.replace(/ · Abode$/, '');
      return found({
        ...genericHead,
        ...page,
        canonicalPath: page.path,
        noindex: false,
        shareTitle,
      });
    }
    return isPagePath(path) ? found(genericHead) : notFoundHead('Page not found');
  }

  /** The head of the page at this request's URL, as tags for the page template. */
  return async (request: FastifyRequest) => {
    const { head, found: isFound } = await pageHead(request);
    return { tags: headTags(head, publicUrl), found: isFound };
  };
}
