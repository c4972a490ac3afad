import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { useVisitorTracking } from '../features/analytics';
import { OfflineNotice } from '../features/offline';
import { useReleaseHydrationOnNavigation } from '../components/hydrate-on-interaction';
import { LoadErrorBoundary } from '../components/load-error-boundary';
import { PageSpinner } from '../components/ui/spinner';
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

export function AppLayout() {
  useVisitorTracking();
  const { pathname, key } = useLocation();
  useReleaseHydrationOnNavigation(key);
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTopOnNavigate />
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
