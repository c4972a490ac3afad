/**
 * The script a visitor's server-rendered page starts with instead of the app (issue 36;
 * decision 030): a few kilobytes, where the app is about 140 KB of brotli that a slow phone
 * spends over a second running. The page works as HTML (links, a GET search form); this
 * script only
 *
 * - installs the service worker and hands it the answers the page was rendered from (offline
 *   reading, issue 34), and records the page view (analytics);
 * - learns that a session ended as the app does (issue 50): the page rendered for nobody,
 *   the worker saying it forgot a reader's copies, another tab signing out;
 * - wakes an island (components/island.tsx) when the reader first touches it: React and the
 *   island's component load then, and the press that woke it is replayed once React answers;
 * - wakes the offline notice when the connection goes;
 * - leaves empty fields out of a plain GET form's address (the search form before it wakes),
 *   and points "Back to Search" at the search the reader came from.
 *
 * A page this script cannot vouch for (another page's copy served offline, a language the
 * reader changed since) is drawn by the whole app instead, as before.
 */
import { ISLAND_ATTRIBUTE, type IslandName } from '../components/island-names';
import { visitorId } from '../features/analytics/visitor-id';
import { MAP_ATTRIBUTE } from '../features/maps/map-attributes';
import { keepRenderedAnswers } from '../features/offline/keep-rendered-answers';
import { registerServiceWorker } from '../features/offline/register';
import { readerOf } from '../features/offline/session-watch';
import {
  forgetSignedInCopiesIfAny,
  SESSION_ENDED_MESSAGE,
} from '../features/offline/signed-in-copies';
import { rememberedLanguage } from '../lib/language-storage';
import { renderedAnswersToKeep } from '../lib/offline-rules';
// Also hears another tab sign out (its `storage` event) and forgets the copies then.
import { noteReader } from '../lib/session-end';
import { serverRenderedState, type PageState } from '../page-state';

/** Marks an island React has taken over: its controls answer by themselves from then on. */
const AWAKE_ATTRIBUTE = 'data-island-awake';

const state = serverRenderedState();

/** Whether this page's HTML is what the reader should see: their address, their language. */
function vouchedFor(page: PageState | null): page is PageState {
  if (!page) return false;
  const chosen = rememberedLanguage()?.split('-')[0];
  return !chosen || chosen === page.language;
}

function trackVisit(): void {
  // As the app does (features/analytics): once the page has settled; a failure is only logged.
  setTimeout(() => {
    fetch('/api/analytics/track-visitor', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        visitorId: visitorId(),
        pageUrl: window.location.href,
        pageTitle: document.title,
      }),
      keepalive: true,
    }).catch((error: unknown) => console.warn('Visit not recorded', error));
  }, 800);
}

const importRuntime = () => import('./runtime');
let runtime: ReturnType<typeof importRuntime> | undefined;
const loadRuntime = () => (runtime ??= importRuntime());

/** Islands waking or awake: each wakes once. */
const awakening = new WeakMap<Element, Promise<void>>();

/** Wakes the island `element` once; resolves when React answers its events. */
function wake(element: HTMLElement, page: PageState): Promise<void> {
  const waking = awakening.get(element);
  if (waking) return waking;
  const name = element.getAttribute(ISLAND_ATTRIBUTE) as IslandName;
  const done = loadRuntime()
    .then(({ wakeIsland }) => wakeIsland(element, name, page))
    .then(() => element.setAttribute(AWAKE_ATTRIBUTE, ''));
  awakening.set(element, done);
  return done;
}

/** The island around `target` that has not woken yet. */
function sleepingIsland(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const island = target.closest<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`);
  return island && !island.hasAttribute(AWAKE_ATTRIBUTE) ? island : null;
}

/** A control that does nothing without its script (a plain link or a field works as it is). */
const SCRIPTED = 'button:not([type=submit]), [role=button], [role=switch], [role=tab]';

function listen(page: PageState): void {
  // The first sign of use starts the island's code: a press, a key, focus.
  const early = (event: Event) => {
    const island = sleepingIsland(event.target);
    if (island) wake(island, page).catch(() => awakening.delete(island));
  };
  for (const type of ['pointerdown', 'touchstart', 'keydown', 'focusin']) {
    document.addEventListener(type, early, { capture: true, passive: true });
  }
  // A press on a control that needs the script waits for it, then happens.
  document.addEventListener(
    'click',
    (event) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target as Element;
      const island = sleepingIsland(target);
      const control = island ? target.closest<HTMLElement>(SCRIPTED) : null;
      if (!island || !control || !island.contains(control)) return;
      event.preventDefault();
      event.stopPropagation();
      wake(island, page).then(
        () => {
          if (control.isConnected) control.click();
        },
        () => {
          // The code did not come (offline before it was kept): a link does what it does
          // without a script, and the next press tries again.
          awakening.delete(island);
          if (control instanceof HTMLAnchorElement && control.href) {
            window.location.assign(control.href);
          }
        },
      );
    },
    { capture: true },
  );
  // The connection going: the notice says what the reader is looking at.
  const notice = () => {
    const island = document.querySelector<HTMLElement>(`[${ISLAND_ATTRIBUTE}="offline-notice"]`);
    if (island) void wake(island, page);
  };
  if (!navigator.onLine) notice();
  window.addEventListener('offline', notice);
}

/**
 * "Back to Search" goes back to the search the reader came from: in the app a link carries it
 * in the history's state; a visitor's pages are documents, so it is the referrer.
 */
function backToTheSearch(): void {
  const back = document.querySelector<HTMLAnchorElement>('a[data-back-to-search]');
  if (!back || !document.referrer) return;
  const from = new URL(document.referrer);
  if (from.origin === window.location.origin && from.pathname === '/search') {
    back.href = from.pathname + from.search;
  }
}

/** A plain GET form leaves its empty fields out of the address it opens (`?location=Accra`). */
function shortenGetForms(): void {
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.method !== 'get' || event.defaultPrevented)
      return;
    const emptied: HTMLInputElement[] = [];
    for (const field of Array.from(form.elements)) {
      if (
        (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) &&
        field.name &&
        !field.disabled &&
        field.value === ''
      ) {
        (field as HTMLInputElement).disabled = true;
        emptied.push(field as HTMLInputElement);
      }
    }
    // Back to this page from the next one (the back-forward cache): the fields work again.
    if (emptied.length) {
      setTimeout(() => emptied.forEach((field) => (field.disabled = false)));
    }
  });
}

/**
 * Maps (issue 39) are drawn when they come into view, and their code (MapLibre, a few hundred
 * kilobytes) loads then, never with the page; one waiting for the data saver's "Show the map"
 * is drawn when that is pressed.
 */
function drawMapsInView(): void {
  const maps = Array.from(document.querySelectorAll<HTMLElement>(`[${MAP_ATTRIBUTE}]`));
  if (maps.length === 0) return;
  const draw = (element: HTMLElement) =>
    void import('../features/maps/mount-map')
      .then(({ mountMap }) => mountMap(element))
      .catch((error: unknown) => console.warn('Map not drawn', error));
  const inView =
    'IntersectionObserver' in window
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              inView?.unobserve(entry.target);
              draw(entry.target as HTMLElement);
            }
          },
          { rootMargin: '200px' },
        )
      : null;
  for (const map of maps) {
    const show = map.querySelector<HTMLButtonElement>('[data-map-show]');
    if (show) {
      show.addEventListener('click', () => {
        show.remove();
        draw(map);
      });
    } else if (inView) inView.observe(map);
    else draw(map);
  }
}

/**
 * A visitor's page learns that a session ended as the app does (lib/session-end.ts: the kept
 * copies of a signed-in reader go, other tabs hear of it), for a phone passed on to the next
 * person (issue 50). The server sends this script only with a page rendered for nobody:
 * - answered by the service worker, the worker read that answer itself and, when it held a
 *   reader's copies, forgot them and says so (features/offline/session-watch.ts); a copy it
 *   served offline, perhaps from before someone signed in, says nothing new;
 * - answered by no worker (a first visit, a reload that bypassed it), the page is the server's
 *   word that nobody is signed in now.
 */
function noteTheSession(page: PageState): void {
  const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  worker?.addEventListener('message', (event: MessageEvent<{ type?: unknown } | null>) => {
    if (event.data?.type === SESSION_ENDED_MESSAGE) noteReader(false);
  });
  if (worker?.controller || readerOf(page) !== 'nobody') return;
  noteReader(false);
  void forgetSignedInCopiesIfAny(window.location.origin).catch(() => undefined);
}

/** Runs `work` when the browser has nothing else to do, so it never delays a first tap. */
function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 5000 });
  else setTimeout(work, 1000);
}

if (vouchedFor(state)) {
  listen(state);
  shortenGetForms();
  backToTheSearch();
  drawMapsInView();
  noteTheSession(state);
  registerServiceWorker();
  // Copying the page's answers for the worker is the costliest part: it waits its turn.
  whenIdle(() => keepRenderedAnswers(renderedAnswersToKeep(state.reads, state.queries)));
  trackVisit();
  // The page answers from here on (the journeys wait for this mark, as for the app's).
  document.documentElement.setAttribute('data-app-ready', '');
} else {
  void import('../main');
}
