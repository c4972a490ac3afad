import { useEffect } from 'react';

/** Sets the tab's title while a page is shown ("… · Abode"), and puts the old one back after. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · Abode`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
