/**
 * Every page of the web app, as React Router's path patterns without the leading slash (the
 * home page, `/`, is the index route beside them). The browser's routes are built from this
 * list (web/routes.tsx gives each a page, and the compiler checks there is one for each), and
 * the server answers any other path with HTTP 404 and the app's not-found page (issue 51), so
 * a crawler or a broken link is told the truth instead of a 200 with `noindex`.
 */
export const PAGE_PATHS = [
  'search',
  'property/:id',
  'property/:id/edit',
  'property/:id/book-viewing',
  'list-property',
  'images-pending-approval',
  'contact-landlord/:id',
  'dashboard',
  'bookings',
  'viewings/:id',
  'viewings/:id/review',
  'listers/:handle',
  'account-settings',
  'messages',
  'messages/:id',
  'account/saved-searches',
  'alerts/unsubscribe',
  'login',
  'register',
  'verify-email',
  'verify-phone',
  'forgot-password',
  'reset-password',
  'listing-check',
  'dev/mailbox',
  'support',
  'services',
  'admin/service-approval',
  'admin-service-approval',
  'contact',
  'listing-payment',
  'privacy-policy',
  'terms-of-service',
  'admin',
  'admin/image-approval',
  'admin-image-approval',
  'admin/video-management',
  'user/videos',
] as const;

export type PagePath = (typeof PAGE_PATHS)[number];

const patterns = PAGE_PATHS.map(
  (path) =>
    new RegExp(
      `^/${path
        .split('/')
        .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment))
        .join('/')}/?$`,
      // React Router matches paths whatever their case, and so does the server.
      'i',
    ),
);

/** Whether a URL's path (no query) is a page of the web app: `/`, or one of PAGE_PATHS. */
export function isPagePath(pathname: string): boolean {
  return pathname === '/' || patterns.some((pattern) => pattern.test(pathname));
}
