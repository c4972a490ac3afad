import type { ListerFacts } from '../reviews/service';
import type { PageHead } from './head-tags';
import { SHARE_CARD, titled } from './site';

/**
 * The head of a lister's page (issue 40): their name, what they list and how renters who came
 * rated them; indexable, as the sitemap names it. Structured data says who they are (a
 * business for an agent, a person otherwise) without inventing an aggregate rating schema.org
 * reserves for reviews of the thing itself.
 */
export function listerHead(lister: ListerFacts, publicUrl: string): PageHead {
  const path = `/listers/${encodeURIComponent(lister.handle)}`;
  const listings = `${lister.liveListings} ${lister.liveListings === 1 ? 'listing' : 'listings'}`;
  const rated =
    lister.reviews.reviewCount > 0
      ? `, rated ${lister.reviews.averageRating.toFixed(1)} from ${lister.reviews.reviewCount} ${
          lister.reviews.reviewCount === 1 ? 'viewing' : 'viewings'
        }`
      : '';
  return {
    title: titled(lister.displayName),
    description: `${lister.displayName} on Abode: ${listings} to rent${rated}. Only renters who came to a viewing booked on Abode can review.`,
    canonicalPath: path,
    noindex: false,
    shareTitle: lister.displayName,
    image: SHARE_CARD,
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': lister.userType === 'agent' ? 'RealEstateAgent' : 'Person',
        name: lister.displayName,
        url: `${publicUrl}${path}`,
      },
    ],
  };
}
