/**
 * What other features use of analytics: its page loads table, which owners' dashboards count
 * their listings' views from (features/listings/page-views.ts).
 */
export { pageViews } from './schema';
