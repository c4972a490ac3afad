/**
 * For tests: a page rendered as the server renders it, and served into jsdom as the browser
 * gets it (web/render-page.test.tsx, web/islands/*.test.ts*). Beside the renderer, at the app
 * level, since web/testing may not import it.
 */
import { prerender } from 'react-dom/static';
import { createElement, Fragment } from 'react';
import { reads, render } from './render-page';

/** The answers the server would give the page's reads (the API's JSON), by path. */
export function answersFor(url: string, byPath: Record<string, unknown>) {
  const pageReads = reads(url);
  if (!pageReads) throw new Error(`${url} is not rendered on the server`);
  return pageReads
    .filter((read) => read.path in byPath)
    .map((read) => ({ key: read.key, data: byPath[read.path] }));
}

/**
 * The server's renderer as the server runs it, but in this test's realm, where React's client
 * renderer shares the contexts' current values with it: the server renderer leaves its last
 * page's values set (it restores them at its next render), which the client would read as an
 * enclosing router. An empty render restores them; a server never runs the client renderer.
 */
export async function renderOnTheServer(input: Parameters<typeof render>[0]) {
  const page = await render(input);
  await prerender(createElement(Fragment));
  return page;
}

/** Puts a rendered page in the document as the server sends it: its HTML, then its state. */
export function serve(url: string, page: { html: string; state: string }): HTMLElement {
  window.history.replaceState(null, '', url);
  document.body.innerHTML =
    `<div id="root">${page.html}</div>` +
    `<script type="application/json" id="abode-page-state">${page.state}</script>`;
  return document.getElementById('root')!;
}
