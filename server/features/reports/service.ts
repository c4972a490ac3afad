/**
 * What other parts of the server use of reports: a review saying the lister asked for money
 * files an `asked_for_money` report of the listing (issue 40), in the review's transaction.
 */
export { fileReport, type ReportDeps } from './report-listing';
