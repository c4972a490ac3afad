/**
 * What the app shell uses of the pages feature beside its lazy pages (which web/routes.tsx
 * imports by file): the reads of the legal pages the server renders (web/render-page.tsx).
 */
export { legalPageReads } from './page-reads';
