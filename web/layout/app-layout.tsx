import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { useVisitorTracking } from '../features/analytics';
import { PageSpinner } from '../components/ui/spinner';
import { Footer } from './footer';
import { Header } from './header';

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
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTopOnNavigate />
      <Header />
      {/* At least a screen tall (less the 4rem header), so the footer starts below the fold
          and does not jump down when a page's chunk or data arrives (layout shift). */}
      <main id="main" className="min-h-[calc(100vh-4rem)] flex-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
