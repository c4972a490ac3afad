// First: configures Zod before any module builds a schema (see the module).
import './lib/zod-config';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// The libraries above are evaluated in one task, the app below in others (see the module).
import './lib/pause-after-libraries';
import { App } from './app';
import { holdHydrationUntilInteraction } from './components/hydrate-on-interaction';
import { currentUserKey, watchSession } from './features/auth';
import { keepRenderedAnswers, registerServiceWorker } from './features/offline';
import { noteRenderedAt } from './lib/connection';
import i18next, { i18nReady } from './lib/i18n';
import { renderedAnswersToKeep, renderedAt } from './lib/offline-rules';
import { createQueryClient } from './lib/query-client';
import { cn } from './lib/utils';
import { yieldToBrowser } from './lib/yield-to-browser';
import { serverRenderedState } from './page-state';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * Starts the app once the chosen language is loaded, so nobody sees English flash by first.
 * The home page, search and a listing come rendered by the server (web/render-page.tsx):
 * React takes over that HTML from the answers it was rendered with, when it is in the reader's
 * language; otherwise it draws the page itself. Either way as a transition, so React works in
 * slices, and after pauses between the steps that cannot be sliced: a slow phone then runs
 * short tasks that let a tap through rather than one long one (docs/performance.md).
 */
async function start(container: HTMLElement): Promise<void> {
  await i18nReady.catch(() => undefined);
  await yieldToBrowser();
  // tailwind-merge builds its tables on first use: in a task of its own, queued before React's
  // first slice (React schedules its work after this), not inside that slice.
  void yieldToBrowser().then(() => cn('p-0', 'p-1'));

  const queryClient = createQueryClient();
  const state = serverRenderedState();
  const app = (
    <StrictMode>
      <App queryClient={queryClient} renderedDataSaver={state?.dataSaver} />
    </StrictMode>
  );
  if (state && state.language === i18next.resolvedLanguage && container.firstElementChild) {
    hydrate(queryClient, state.queries);
    // What the page shows was read when it was rendered (an offline copy of the page: when it
    // was saved); the worker keeps its answers as if the app had fetched them (issue 34).
    noteRenderedAt(renderedAt(state.queries));
    keepRenderedAnswers(renderedAnswersToKeep(state.reads, state.queries));
    // A visitor's listing cards wait for their first interaction (decision 020); a signed-in
    // reader's show their saved hearts, which need the cards hydrated.
    if (queryClient.getQueryData(currentUserKey) === null) holdHydrationUntilInteraction();
    // From here React listens: a press on a part not hydrated yet hydrates that part first,
    // then is handled.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    const reactRoot = createRoot(container);
    startTransition(() => reactRoot.render(app));
  }
  // Notices the session ending, from here on and from who the page was rendered for (issue 34);
  // React renders after this task, so no answer of who reads comes before it.
  watchSession(queryClient);
}

void start(root);
registerServiceWorker();
