/** Every URL of the web app, built by functions so a renamed route changes in one place. */
type Query = Record<string, string | number | boolean | undefined | null>;

function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const paths = {
  home: () => '/',
  search: (query?: Query) => withQuery('/search', query),
  savedProperties: () => '/search?saved=true',
  property: (id: string) => `/property/${encodeURIComponent(id)}`,
  /** The directory (signed-in readers' first view) or registration ("Register your business"). */
  services: (view?: 'directory' | 'register') => withQuery('/services', { view }),
  listProperty: (query?: { plan?: string }) => withQuery('/list-property', query),
  editProperty: (id: string) => `/property/${encodeURIComponent(id)}/edit`,
  imagesPendingApproval: (propertyId?: string) =>
    withQuery('/images-pending-approval', { propertyId }),
  bookings: () => '/bookings',
  listingPlans: () => '/listing-payment',
  dashboard: () => '/dashboard',
  /** Account settings; `next` is where a code page sends the reader once verified (issue 51). */
  accountSettings: (next?: string) =>
    withQuery('/account-settings', { next: next && next !== '/' ? next : undefined }),
  /** The signed-in user's saved searches and their alerts (issue 21). */
  savedSearches: () => '/account/saved-searches',
  /** Where an alert's unsubscribe link lands (issue 34): asks, then stops. Public. */
  alertsUnsubscribe: (token: string) => withQuery('/alerts/unsubscribe', { token }),
  /** The header's Admin Panel entry (spec): the image approval queue. */
  adminPanel: () => '/admin/image-approval',
  /** The admin panel's tabs (Properties, Featured, …), one of them named by ?tab=. */
  adminPanelTabs: (tab?: string) => withQuery('/admin', { tab }),
  adminServiceApproval: () => '/admin/service-approval',
  adminVideoManagement: () => '/admin/video-management',
  /** The signed-in user's approved videos. */
  myVideos: () => '/user/videos',
  /** `then`: what a visitor was doing, done once they have signed in (issue 51). */
  login: (next?: string, then?: string) =>
    withQuery('/login', { next: next && next !== '/' ? next : undefined, then }),
  register: (query?: {
    userType?: string;
    action?: string;
    propertyId?: string;
    next?: string;
    then?: string;
  }) => withQuery('/register', query),
  forgotPassword: () => '/forgot-password',
  resetPassword: (token?: string) => withQuery('/reset-password', { token }),
  /** The code pages keep where a new account was heading (`next`), to go there once verified. */
  verifyEmail: (next?: string) =>
    withQuery('/verify-email', { next: next && next !== '/' ? next : undefined }),
  verifyPhone: (next?: string) =>
    withQuery('/verify-phone', { next: next && next !== '/' ? next : undefined }),
  contactLandlord: (propertyId: string) => `/contact-landlord/${encodeURIComponent(propertyId)}`,
  /** The inbox (issue 37), or one conversation in it. */
  messages: (conversationId?: string) =>
    conversationId ? `/messages/${encodeURIComponent(conversationId)}` : '/messages',
  /** Viewings (issue 38): booking one of a listing's free times, and one viewing's page. */
  bookViewing: (propertyId: string) => `/property/${encodeURIComponent(propertyId)}/book-viewing`,
  viewing: (id: string) => `/viewings/${encodeURIComponent(id)}`,
  /** Reviews (issue 40): reviewing a viewing, and a lister's public page. */
  reviewViewing: (viewingId: string) => `/viewings/${encodeURIComponent(viewingId)}/review`,
  lister: (handle: string) => `/listers/${encodeURIComponent(handle)}`,
  support: () => '/support',
  contact: () => '/contact',
  termsOfService: () => '/terms-of-service',
  privacyPolicy: () => '/privacy-policy',
} as const;
