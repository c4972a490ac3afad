/**
 * What other parts of the web app use of saved searches (issue 21): the search page's "Save
 * this search" button (its dialog loads on demand). The two pages are routes of their own.
 */
export { SaveSearchButton } from './save-search-button';
// A visitor's Save this search, done once they have signed in (issue 51).
export { saveSearchNow } from './save-now';
