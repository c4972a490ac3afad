import type { TFunction } from 'i18next';

/**
 * The other party's name in a conversation or a viewing. The server leaves it empty when the
 * name carries digits or a payment request (issue 50: a name is no way to hand out a number);
 * the page then says "A renter" or "A lister".
 */
export function otherPartyName(
  t: TFunction,
  { otherParty, asLister }: { otherParty: { firstName: string }; asLister: boolean },
): string {
  return otherParty.firstName || t(asLister ? 'common.aRenter' : 'common.aLister');
}
