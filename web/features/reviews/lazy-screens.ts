import { lazy } from 'react';

/**
 * The dashboard's Reviews and the admin panel's tab, loaded when opened. In a module of their
 * own rather than in index.ts: the entry is on the listing's page (its reviews), and a lazy
 * component declared there would put its loader in the first page's chunk.
 */
export const ListerReviewsPanel = lazy(() =>
  import('./lister-reviews-panel').then((module) => ({ default: module.ListerReviewsPanel })),
);
export const AdminReviewsTab = lazy(() => import('./admin-reviews-tab'));
