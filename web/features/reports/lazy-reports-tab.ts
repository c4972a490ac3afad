import { lazy } from 'react';

/**
 * The admin panel's Reports tab, loaded when an administrator opens it. In a module of its own
 * rather than in index.ts: the entry is on the listing page (the Report button), and a lazy
 * component declared in it would put its loader and the tab's list of scripts in the first
 * page's chunk; from here only the admin panel's chunk holds them.
 */
export const ReportsTab = lazy(() => import('./reports-tab'));
