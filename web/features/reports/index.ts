/**
 * What other parts of the web app use of reports (issue 19): the "Report this listing" button,
 * "Report" in a conversation (issue 37), and the admin panel's Reports tab, loaded only when an
 * administrator opens it.
 */
export { ReportConversation } from './report-conversation';
export { ReportListing } from './report-listing';
export { ReportsTab } from './lazy-reports-tab';
