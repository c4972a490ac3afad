// First: configures Zod before any module builds a schema (see the module).
import '../lib/zod-config';
import { hydrate, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createPath, Router, type Navigator, type To } from 'react-router';
import { ISLAND_PROPS_ATTRIBUTE } from '../components/island-names';
import { LazyToaster } from '../components/ui/lazy-toaster';
import { noteRenderedAt } from '../lib/connection';
import i18next, { i18nReady } from '../lib/i18n';
import { renderedAt } from '../lib/offline-rules';
import { createQueryClient } from '../lib/query-client';
import type { PageState } from '../page-state';
import { SharedProviders } from '../providers';
import { islandLoaders } from './registry';

/**
 * What wakes a visitor's island (decision 030): React, the app's providers, and the island's
 * component, loaded by web/islands/boot.ts on the first touch. Each island is a React root of
 * its own over the HTML the server rendered for it, from the same answers (the page's state).
 *
 * Links and navigations inside an island load the next page from the server, as a plain link
 * would: a visitor's pages are documents, each arriving rendered with its own small script.
 */
const href = (to: To) => (typeof to === 'string' ? to : createPath(to));
const documentNavigator: Navigator = {
  createHref: href,
  push: (to) => window.location.assign(href(to)),
  replace: (to) => window.location.replace(href(to)),
  go: (delta) => window.history.go(delta),
};

let shared: Promise<{ queryClient: QueryClient; state: PageState }> | undefined;

/** The query client and words every island shares, made once. */
function sharedSetup(state: PageState) {
  shared ??= i18nReady
    .catch(() => undefined)
    // The islands speak the page's language (the server's), whatever the browser detected.
    .then(() => i18next.changeLanguage(state.language))
    .catch(() => undefined)
    .then(() => {
      // A language chosen in the header: the rest of the page is the server's HTML, in the old
      // one, so the page is loaded again (the server renders it in the new one).
      i18next.on('languageChanged', (language) => {
        if (language !== state.language) window.location.reload();
      });
      const queryClient = createQueryClient();
      hydrate(queryClient, state.queries);
      noteRenderedAt(renderedAt(state.queries));
      // One toaster for all the islands (a share says the link was copied).
      const toaster = document.body.appendChild(document.createElement('div'));
      createRoot(toaster).render(
        <SharedProviders queryClient={queryClient} renderedDataSaver={state.dataSaver}>
          <LazyToaster />
        </SharedProviders>,
      );
      return { queryClient, state };
    });
  return shared;
}

/** Calls `done` once React has taken the island over (its effects run after hydration). */
function Awake({ done }: { done: () => void }) {
  useEffect(done, [done]);
  return null;
}

/**
 * Hydrates the island in `element` (its name and props are on it). Resolves once React
 * answers its events, so the touch that woke it can be replayed.
 */
export async function wakeIsland(element: HTMLElement, name: string, state: PageState) {
  const load = islandLoaders[name as keyof typeof islandLoaders];
  if (!load) return;
  const [Component, { queryClient }] = await Promise.all([load(), sharedSetup(state)]);
  const props: unknown = JSON.parse(element.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? '{}');
  const location = {
    pathname: window.location.pathname,
    search: window.location.search,
    hash: window.location.hash,
    state: null,
    key: 'default',
  };
  await new Promise<void>((resolve) => {
    const Island = Component as ComponentType<object>;
    hydrateRoot(
      element,
      <SharedProviders queryClient={queryClient} renderedDataSaver={state.dataSaver}>
        <Router location={location} navigator={documentNavigator}>
          <Island {...(props as object)} />
        </Router>
        <Awake done={resolve} />
      </SharedProviders>,
    );
  });
}
