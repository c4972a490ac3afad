import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../ui/spinner';
import { Footer } from './footer';
import { Header } from './header';

export function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
