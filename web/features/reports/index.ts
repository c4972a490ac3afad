/** What other parts of the web app use of reports (issue 19): the "Report this listing" button. */
export { ReportListing } from './report-listing';
