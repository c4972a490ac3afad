/**
 * The hooks of analytics that other parts of the web app use: the tracking of page loads (app
 * layout). The admin panel's tab reads its figures with the queries of ./queries.
 */
export { useVisitorTracking } from './use-visitor-tracking';
