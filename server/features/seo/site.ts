/**
 * What the server says about the site in page heads and the sitemap. English only: a page has
 * one URL for every language (the web app switches language in the browser), and a crawler
 * or a link preview reads one head per URL (docs/decisions/006-seo-and-share-cards.md).
 */
export const SITE_NAME = 'Abode';
export const SITE_LOCALE = 'en_US';
export const SITE_TITLE = 'Abode: rentals that feel like home';
export const SITE_DESCRIPTION =
  'Apartments, houses and student hostels, each listing reviewed by Abode before it goes live. ' +
  'Search by city, compare rents per week, month or year, and contact the landlord for free.';
/** The mark the organisation is known by (the favicon; Organization.logo). */
export const LOGO_PATH = '/favicon.svg';
/**
 * The picture of a shared link to a page without a photo of its own (web/public, drawn by
 * scripts/share-card.ts). A PNG: not every chat app's link preview shows WebP or SVG.
 */
export const SHARE_CARD = {
  path: '/share-card.png',
  width: 1200,
  height: 630,
  alt: SITE_TITLE,
} as const;

/** " · Abode", the suffix of every page title, as the web app writes it too. */
export const titled = (title: string) => `${title} · ${SITE_NAME}`;

export type PublicPage = { path: string; title: string; description: string };

/**
 * The public pages that are not listings: what the sitemap lists and what their heads say
 * (their titles as the web app sets them in English).
 */
export const publicPages: readonly PublicPage[] = [
  { path: '/', title: SITE_TITLE, description: SITE_DESCRIPTION },
  {
    path: '/search',
    title: titled('Search rentals'),
    description:
      'Search apartments, houses, studios and rooms to rent by city, type, price and ' +
      'bedrooms, and contact owners and agents directly.',
  },
  {
    path: '/services',
    title: titled('Home Maintenance Services'),
    description: 'Trusted builders, plumbers, electricians, painters and gardeners for your home.',
  },
  {
    path: '/contact',
    title: titled('Contact Us'),
    description: 'Questions about renting or listing on Abode? Send us a message.',
  },
  {
    path: '/support',
    title: titled('24/7 Support'),
    description: 'Tell us what went wrong or what you need. Our team replies within 24 hours.',
  },
  {
    path: '/privacy-policy',
    title: titled('Privacy Policy'),
    description: 'What Abode collects about you, why, and what you can ask of us.',
  },
  {
    path: '/terms-of-service',
    title: titled('Terms of Service'),
    description: 'The terms of using Abode as a renter, an owner, an agent or a provider.',
  },
  {
    path: '/listing-payment',
    title: titled('Choose Your Listing Plan'),
    description:
      'List as many properties as you like on Abode; choose how many photos each listing shows.',
  },
];
