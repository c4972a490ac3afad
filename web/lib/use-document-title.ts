import { useEffect } from 'react';

/** The title of a page that sets none (the home page), as web/index.html has it. */
export const APP_TITLE = 'Abode: rentals that feel like home';

/**
 * The title the page was loaded with. The server names the landing page there (a listing, a
 * search; server/features/seo) for crawlers and link previews; it fits that page only, so
 * leaving a page puts the app's own title back rather than that one.
 */
const landingTitle = typeof document === 'undefined' ? APP_TITLE : document.title;

/** Sets the tab's title while a page is shown ("… · Abode"), and puts the old one back after. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · Abode`;
    return () => {
      document.title = previous === landingTitle ? APP_TITLE : previous;
    };
  }, [title]);
}
