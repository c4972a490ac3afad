/** What the server's start-up uses of verified listers (issue 19): the hourly deletion. */
export { deleteDecidedDocumentPhotos } from './admin';
/** The feature's table, for the tests that read it. */
export { listerVerifications } from './schema';
