import type { DehydratedState } from '@tanstack/react-query';
import { PAGE_STATE_ELEMENT_ID } from '#common/page-render';

/** What a server-rendered page was rendered with; the browser hydrates from the same. */
export type PageState = {
  /** The path and query the page was rendered for. */
  url: string;
  language: string;
  dataSaver: boolean;
  /** The page's API reads, so the browser can keep their answers without knowing the page. */
  reads: { key: readonly unknown[]; path: string }[];
  queries: DehydratedState;
};

/**
 * The state of the server-rendered page this document holds, when it holds one for the
 * address it is at. A copy of another page (the service worker answers an unseen page with
 * the home page when offline) or a missing or damaged state means the browser renders anew.
 */
export function serverRenderedState(): PageState | null {
  const element = document.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as PageState;
    const here = window.location.pathname + window.location.search;
    // A copy kept offline by an earlier deploy names no reads: it keeps nothing new.
    if (!Array.isArray(state.reads)) state.reads = [];
    return state.url === here ? state : null;
  } catch {
    return null;
  }
}
