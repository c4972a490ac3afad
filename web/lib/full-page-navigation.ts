/**
 * Leaves the single-page app for a URL the server answers (the sign-in redirect of
 * /api/login, for one). A module of its own so tests can observe it.
 */
export function navigateOutOfApp(url: string): void {
  window.location.assign(url);
}
