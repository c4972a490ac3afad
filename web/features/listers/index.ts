/**
 * A lister's public page (issue 40): the route, and the reads its server-rendered HTML
 * starts from (web/render-page.tsx).
 */
export { listerPageReads } from './page-reads';
