import { idParam } from '../../lib/ids';
import { ipLimit } from '../../lib/rate-limits';
import { signedIn } from '../../lib/request-user';
import { rateLimits } from './rate-limits';

/**
 * The route config of a write to one listing by its owner (or an administrator): signed in,
 * limited per IP, the id checked before the body is read.
 */
export const ownListingWrite = {
  ...ipLimit(rateLimits.listingWritesPerIp),
  ...signedIn,
  ...idParam('id', 'listing_not_found'),
};
