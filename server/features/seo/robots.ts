/**
 * /robots.txt. Private pages are kept out of crawlers' way (their heads also say noindex, for
 * links from elsewhere). The API is closed to crawlers except the public listing reads, which
 * a search engine's renderer needs to see a listing or a search page as a visitor does.
 */
const disallowed = [
  '/admin',
  '/admin-*',
  '/account-settings',
  '/dashboard',
  '/list-property',
  '/property/*/edit',
  '/images-pending-approval',
  '/user/',
  '/verify-*',
  '/reset-password',
  '/forgot-password',
  '/dev/',
  '/api/',
  // Issue 21: the saved searches page, alert landing pages, reminder answers, short links.
  '/account/',
  '/alerts/',
  '/listing-check',
  '/l/',
];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/properties/',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
