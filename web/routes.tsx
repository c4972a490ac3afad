import { lazy, useDeferredValue, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useSearchParams } from 'react-router';
import { PAGE_PATHS, type PagePath } from '#common/page-paths';
import { AppLayout } from './layout/app-layout';
import { loadScreenTexts } from './lib/i18n';
// The shell above and the pages below are evaluated as two tasks (see the module).
import './lib/pause-before-pages';
import { PageSpinner } from './components/ui/spinner';
import {
  destinationAfterRegistration,
  destinationAfterSignUp,
  pendingVerification,
  useCurrentUser,
} from './features/auth';
import LandingPage from './features/pages/landing-page';
import HomeListings from './features/properties/home-listings';
import ListerCount from './features/properties/lister-count';
import PropertyDetailPage from './features/properties/property-detail-page';
import SearchPage from './features/properties/search-page';

/** A screen loaded when first opened: its code and the screens' texts (lib/i18n.ts) together. */
type ScreenLoader<P> = { (): Promise<{ default: ComponentType<P> }> };
function screen<P extends object>(load: ScreenLoader<P>) {
  return lazy(() => Promise.all([load(), loadScreenTexts()]).then(([module]) => module));
}

// The pages a visitor opens first (the landing page and its listings, search, a listing) come
// with the app: a lazy page costs a second round trip, and React holds a page that suspended
// back for up to 300 ms. Every other page is its own chunk, downloaded when it is opened.
const HomePage = screen(() => import('./features/pages/home-page'));
const ListPropertyPage = screen(() => import('./features/properties/list-property-page'));
const EditPropertyPage = screen(() => import('./features/properties/edit-property-page'));
const ImagesPendingPage = screen(() => import('./features/properties/images-pending-page'));
const ContactLandlordPage = screen(() => import('./features/properties/contact-landlord-page'));
const DashboardPage = screen(() => import('./features/dashboard/dashboard-page'));
const AccountSettingsPage = screen(() => import('./features/accounts/account-settings-page'));
const LoginPage = screen(() => import('./features/auth/login-page'));
const RegisterPage = screen(() => import('./features/auth/register-page'));
const VerifyPage = screen(() => import('./features/auth/verify-page'));
const ForgotPasswordPage = screen(() => import('./features/auth/forgot-password-page'));
const ResetPasswordPage = screen(() => import('./features/auth/reset-password-page'));
const ListingCheckPage = screen(() => import('./features/properties/listing-check-page'));
const NotFoundPage = screen(() => import('./features/pages/not-found-page'));
const MailboxPage = screen(() => import('./features/dev/mailbox-page'));
const SupportPage = screen(() => import('./features/support/support-page'));
const ServicesPage = screen(() => import('./features/providers/services-page'));
const ServiceApprovalPage = screen(() => import('./features/providers/service-approval-page'));
const ContactPage = screen(() => import('./features/support/contact-page'));
const ListingPlansPage = screen(() => import('./features/pages/listing-plans-page'));
const PrivacyPolicyPage = screen(() => import('./features/pages/privacy-policy-page'));
const TermsOfServicePage = screen(() => import('./features/pages/terms-of-service-page'));
const AdminPanelPage = screen(() => import('./features/admin/admin-panel-page'));
const ImageApprovalPage = screen(() => import('./features/admin/image-approval-page'));
const AdminVideoManagementPage = screen(
  () => import('./features/videos/admin-video-management-page'),
);
const MyVideosPage = screen(() => import('./features/videos/my-videos-page'));
const MessagesPage = screen(() => import('./features/conversations/messages-page'));
const BookViewingPage = screen(() => import('./features/viewings/book-viewing-page'));
const ViewingPage = screen(() => import('./features/viewings/viewing-page'));
const ViewingsPage = screen(() => import('./features/viewings/viewings-page'));
const ReviewPage = screen(() => import('./features/reviews/review-page'));
const ListerPage = screen(() => import('./features/listers/lister-page'));
const SavedSearchesPage = screen(() => import('./features/saved-searches/saved-searches-page'));
const AlertsUnsubscribePage = screen(
  () => import('./features/saved-searches/alerts-unsubscribe-page'),
);

/** Paths that render without waiting for the current user (spec, route table). */
const publicPaths = [
  /^\/search$/,
  /^\/property\/[^/]+$/,
  // A lister's public page (issue 40).
  /^\/listers\/[^/]+$/,
  /^\/services$/,
  /^\/login$/,
  /^\/register$/,
  /^\/forgot-password$/,
  /^\/reset-password$/,
  /^\/listing-check$/,
  /^\/verify-(email|phone)$/,
  // Where an alert's unsubscribe link lands (issue 34): it says nothing about the reader.
  /^\/alerts\/unsubscribe$/,
];

/**
 * While the current user loads, every non-public path shows the centred spinner. The page
 * behind it is rendered in the background once the answer is in (a deferred value), so that
 * work is done in small slices instead of one long task that freezes a phone.
 */
function AuthGate({ children }: { children: ReactNode }) {
  const { isLoading } = useCurrentUser();
  const loading = useDeferredValue(isLoading);
  const { pathname } = useLocation();
  if (loading && !publicPaths.some((pattern) => pattern.test(pathname))) return <PageSpinner />;
  return children;
}

/**
 * Sign-in and sign-up are for visitors; a signed-in user goes where they were heading. On
 * /register that is first the code page when the account is not verified yet: the same place
 * the sign-up page sends a new account, so the two never race to different pages.
 */
function VisitorsOnly({ children, signUp = false }: { children: ReactNode; signUp?: boolean }) {
  const { user } = useCurrentUser();
  const [params] = useSearchParams();
  if (user) {
    const destination = signUp
      ? destinationAfterRegistration(params, pendingVerification(user))
      : destinationAfterSignUp(params);
    return <Navigate to={destination} replace />;
  }
  return children;
}

/** `/`: the landing page for visitors, the home page for signed-in users (spec). */
function Home() {
  const { user } = useCurrentUser();
  const listings = <HomeListings />;
  return user ? (
    <HomePage listings={listings} />
  ) : (
    <LandingPage listings={listings} listerCount={<ListerCount />} />
  );
}

/**
 * The page at each of the app's paths (common/page-paths.ts, which the server answers 404
 * outside of): one entry a path, no more, no fewer, or this does not compile.
 */
const pages: Record<PagePath, { page: ReactNode }> = {
  search: { page: <SearchPage /> },
  'property/:id': { page: <PropertyDetailPage /> },
  'property/:id/edit': { page: <EditPropertyPage /> },
  'property/:id/book-viewing': { page: <BookViewingPage /> },
  'list-property': { page: <ListPropertyPage /> },
  'images-pending-approval': { page: <ImagesPendingPage /> },
  'contact-landlord/:id': { page: <ContactLandlordPage /> },
  dashboard: { page: <DashboardPage /> },
  // The spec's Bookings are viewings (issue 38); the pages send visitors to sign in.
  bookings: { page: <ViewingsPage /> },
  'viewings/:id': { page: <ViewingPage /> },
  'viewings/:id/review': { page: <ReviewPage /> },
  'listers/:handle': { page: <ListerPage /> },
  'account-settings': { page: <AccountSettingsPage /> },
  // The inbox (issue 37); the page sends visitors to sign in.
  messages: { page: <MessagesPage /> },
  'messages/:id': { page: <MessagesPage /> },
  // Saved searches and their alerts (issue 21); the page sends visitors to sign in.
  'account/saved-searches': { page: <SavedSearchesPage /> },
  'alerts/unsubscribe': { page: <AlertsUnsubscribePage /> },
  login: {
    page: (
      <VisitorsOnly>
        <LoginPage />
      </VisitorsOnly>
    ),
  },
  register: {
    page: (
      <VisitorsOnly signUp>
        <RegisterPage />
      </VisitorsOnly>
    ),
  },
  'verify-email': { page: <VerifyPage method="email" /> },
  'verify-phone': { page: <VerifyPage method="phone" /> },
  'forgot-password': { page: <ForgotPasswordPage /> },
  'reset-password': { page: <ResetPasswordPage /> },
  // The monthly reminder's one-tap answers (issue 21): no sign-in needed.
  'listing-check': { page: <ListingCheckPage /> },
  'dev/mailbox': { page: <MailboxPage /> },
  support: { page: <SupportPage /> },
  services: { page: <ServicesPage /> },
  'admin/service-approval': { page: <ServiceApprovalPage /> },
  'admin-service-approval': { page: <ServiceApprovalPage /> },
  contact: { page: <ContactPage /> },
  'listing-payment': { page: <ListingPlansPage /> },
  'privacy-policy': { page: <PrivacyPolicyPage /> },
  'terms-of-service': { page: <TermsOfServicePage /> },
  admin: { page: <AdminPanelPage /> },
  'admin/image-approval': { page: <ImageApprovalPage /> },
  'admin-image-approval': { page: <ImageApprovalPage /> },
  'admin/video-management': { page: <AdminVideoManagementPage /> },
  'user/videos': { page: <MyVideosPage /> },
};

export function AppRoutes() {
  return (
    <AuthGate>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<Home />} />
          {PAGE_PATHS.map((path) => (
            <Route key={path} path={path} element={pages[path].page} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </AuthGate>
  );
}
