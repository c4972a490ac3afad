/**
 * What other parts of the server use of viewings: the demo seed gives its listings viewing
 * hours to book.
 */
export { viewingHours } from './schema';
