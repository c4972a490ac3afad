import { KEEP_ANSWERS_MESSAGE, type KeptAnswer } from '../../lib/offline-rules';

/**
 * Hands the service worker the answers a server-rendered page arrived with, so it keeps them as
 * it keeps what the app fetches (issue 34). Waits for the worker to be active: on a first visit
 * it installs after the page has loaded; without one (development, an old browser) nothing.
 */
export function keepRenderedAnswers(answers: KeptAnswer[]): void {
  if (answers.length === 0 || typeof navigator === 'undefined' || !('serviceWorker' in navigator))
    return;
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage({ type: KEEP_ANSWERS_MESSAGE, answers }),
  );
}
