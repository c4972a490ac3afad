/**
 * Installs the service worker (worker/service-worker.ts, built into /sw.js) once the page has
 * loaded, so it never competes with the first page for the network. Only in a built app: in
 * development Vite serves modules a worker must not keep.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (a private window, an old browser): the app works as it did without one.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
