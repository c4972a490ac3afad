/**
 * The contract between the server and the web app's server renderer (issue 22): the public
 * pages a visitor meets first (`/`, `/search`, `/property/:id`) arrive as HTML that already
 * shows the listings, and the script then hydrates that HTML instead of drawing the page again.
 *
 * The web app knows which API reads a page shows and how it caches them; the server knows how
 * to answer them. So the renderer names the reads (`reads`), the server answers them through
 * its own routes (the same JSON a browser would get), and the renderer turns the answers into
 * HTML and the query cache the browser starts from (`render`).
 */

/** One GET a page shows, and the query key the web app caches its answer under. */
export type PageRead = {
  key: readonly unknown[];
  /** The API path with its query, as the web app would request it. */
  path: string;
  /** A 401 answer is the value null (the current user of a visitor), not a failure. */
  nullOn401?: boolean;
  /**
   * Read only when the read at this index failed or answered an empty list: the home page
   * shows the latest listings when none is featured.
   */
  fallbackFor?: number;
  /** The page renders without it (the browser reads it then); otherwise a failure means the
   * page is not rendered on the server at all (a listing that is gone, a database away). */
  optional?: boolean;
};

export type PageRenderInput = {
  /** The page's path and query, as requested. */
  url: string;
  /** The language to write the page in (one of the app's five). */
  language: string;
  /** Whether photos are shown at their smallest size (Save-Data, or the reader's switch). */
  dataSaver: boolean;
  /** The answers to the page's reads, in the order `reads` gave (unread fallbacks left out). */
  answers: { key: readonly unknown[]; data: unknown }[];
};

export type RenderedPage = {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The state the browser hydrates from, as JSON safe to put inside a `<script>` element. */
  state: string;
  /**
   * The script the page starts with in place of the app's own (its path under the web app), or
   * null for the app's: a visitor's page runs the small boot script, which brings its islands
   * to life when touched (issue 36; decision 030).
   */
  script: string | null;
};

export type PageRenderer = {
  /** The reads of the page at this URL, or null when the page is not rendered on the server. */
  reads(url: string): PageRead[] | null;
  render(input: PageRenderInput): Promise<RenderedPage>;
};

/** The id of the `<script type="application/json">` element that carries the state. */
export const PAGE_STATE_ELEMENT_ID = 'abode-page-state';

/** The cookies the server reads to render a page as the browser will show it. */
export const LANGUAGE_COOKIE = 'abode.language';
export const DATA_SAVER_COOKIE = 'abode.dataSaver';
