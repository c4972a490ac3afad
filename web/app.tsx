import type { QueryClient } from '@tanstack/react-query';
import i18next, { type i18n } from 'i18next';
import { useEffect, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { LazyToaster } from './components/ui/lazy-toaster';
import { SharedProviders } from './providers';
import { AppRoutes } from './routes';

/**
 * Marks the document once React has drawn or taken over the page (`data-app-ready` on
 * `<html>`): the journeys wait for it after loading a page, as a reader would see the page
 * respond, rather than press a server-rendered button in the moment before.
 */
function MarkAppReady() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
  }, []);
  return null;
}

/**
 * Providers in one place, so tests can render the app with their own query client, and the
 * server renderer (render-page.tsx) with its router and a language of its own: the two trees
 * are the same shape, which hydration needs.
 */
export function AppProviders({
  queryClient,
  i18n = i18next,
  router,
  renderedDataSaver = false,
}: {
  queryClient: QueryClient;
  i18n?: i18n;
  router: (app: ReactNode) => ReactNode;
  /** Whether the server rendered the page with the data saver on (lib/data-saver.ts). */
  renderedDataSaver?: boolean;
}) {
  return (
    <SharedProviders queryClient={queryClient} i18n={i18n} renderedDataSaver={renderedDataSaver}>
      {router(
        <>
          <AppRoutes />
          <LazyToaster />
        </>,
      )}
      <MarkAppReady />
    </SharedProviders>
  );
}

const browserRouter = (app: ReactNode) => <BrowserRouter>{app}</BrowserRouter>;

export function App({
  queryClient,
  renderedDataSaver,
}: {
  queryClient: QueryClient;
  renderedDataSaver?: boolean;
}) {
  return (
    <AppProviders
      queryClient={queryClient}
      router={browserRouter}
      renderedDataSaver={renderedDataSaver}
    />
  );
}
