import { lazy } from 'react';

/**
 * What other parts of the web app use of analytics (docs/design.md, import boundaries): the
 * tracking of page loads (app layout) and the admin panel's User Analytics tab, loaded only
 * when opened (it brings the charts).
 */
export { useVisitorTracking } from './api';
export const AnalyticsTab = lazy(() => import('./analytics-tab'));
