/** What the server's start-up uses of verified listers (issue 19): the hourly deletion. */
export { deleteDecidedDocumentPhotos } from './admin';
