import type { ListingConfirmationInput, ListingConfirmed } from '#common/listing-confirmations';
import { AppError } from '../../lib/app-error';
import type { SignedTokens } from '../../lib/signed-tokens';
import { CONFIRMATION_PURPOSE, type ConfirmationToken } from './freshness';
import type { ListingWrites } from './listing-writes';
import { lockedListing } from './owner-listings';
import { renew, rent } from './rented';

/**
 * The owner's one-tap answer to the monthly reminder (issue 21), sent by /listing-check: the
 * signed token names the listing and the answer, so it acts without a session, and only as
 * its owner asked. "Still available" renews the listing (confirmed for 30 more days, back in
 * search if it had expired); "Rented" marks it rented. Tapping again changes nothing more.
 */
export async function answerConfirmation(
  deps: { writes: ListingWrites; tokens: SignedTokens; clock: () => Date },
  input: ListingConfirmationInput,
): Promise<ListingConfirmed> {
  const token = await deps.tokens.verify<ConfirmationToken>(CONFIRMATION_PURPOSE, input.token);
  if (!token || token.a !== input.answer || typeof token.l !== 'string') {
    throw new AppError('confirmation_link_invalid');
  }
  const now = deps.clock();
  if (!(token.e > now.getTime())) throw new AppError('confirmation_link_expired');
  return deps.writes.transaction(async (write, tx) => {
    const current = await lockedListing(tx, token.l);
    if (input.answer === 'rented') {
      const { status } = await rent(write, current, now);
      const confirmedAt = current.confirmedAt.toISOString();
      return { id: current.id, title: current.title, answer: input.answer, status, confirmedAt };
    }
    const { status, confirmedAt } = await renew(write, current, now);
    return { id: current.id, title: current.title, answer: input.answer, status, confirmedAt };
  });
}
