import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { useVisitorTracking } from '../features/analytics';
import { useCurrentUser } from '../features/auth';
import { OfflineNotice } from '../features/offline';
import { useReleaseHydrationOnNavigation } from '../components/hydrate-on-interaction';
import { LoadErrorBoundary } from '../components/load-error-boundary';
import { PageSpinner } from '../components/ui/spinner';
import { takeAfterSignIn } from '../lib/after-sign-in';
import { Footer } from './footer';
import { Header } from './header';
import { Island } from '../components/island';
import { PageLoadFailed } from './page-load-failed';

/** A new page opens at its top; back and forward (POP) leave the scroll alone. */
function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

/**
 * What a visitor was doing when they were sent to sign in (the heart, Save this search), done
 * on the page they come back to (issue 51). The code that does it loads only then.
 */
function AfterSignInActions() {
  const { user } = useCurrentUser();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  useEffect(() => {
    if (!user) return;
    const then = takeAfterSignIn(pathname + search);
    if (!then) return;
    void import('../features/properties').then(({ doAfterSignIn }) =>
      doAfterSignIn(then, { queryClient, user, search, t }),
    );
  }, [user, pathname, search, queryClient, t]);
  return null;
}

export function AppLayout() {
  useVisitorTracking();
  const { pathname, key } = useLocation();
  useReleaseHydrationOnNavigation(key);
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTopOnNavigate />
      <AfterSignInActions />
      {/* Islands (decision 030): on a visitor's page each wakes on its own when touched. */}
      <Island name="header" component={Header} props={{}} />
      <Island name="offline-notice" component={OfflineNotice} props={{}} />
      {/* At least a screen tall (less the 4rem header), so the footer starts below the fold
          and does not jump down when a page's chunk or data arrives (layout shift). */}
      <main id="main" className="min-h-[calc(100vh-4rem)] flex-1">
        <LoadErrorBoundary key={pathname} fallback={<PageLoadFailed />}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </LoadErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
