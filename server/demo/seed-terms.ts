import type { AgentFee, Furnishing, Utility } from '#common/move-in';
import type { DemoListing, StudentPayment } from './seed-listings';

/**
 * Believable move-in terms for the demo listings (issue 20), from each listing's place in the
 * list (no random draws: the listings themselves stay as they were). In Ghana an agent's fee of
 * 10 % or a month is the rule, and months of rent in advance: the demo's listings ask at most
 * the six the Rent Act allows (issue 51; many landlords ask a year or two, which the listing
 * page warns of), but for a student room paid once for the academic year, which says so.
 * Elsewhere a month's deposit and little or no advance; a holiday week asks none.
 */

const ghanaAdvances = [6, 6, 3, 0, 6, 3, 6, 1, 6, 2];
/** Months of rent paid before moving in, by how a student room is paid (seed-listings.ts). */
const studentAdvances: Record<StudentPayment, number> = { academicYear: 12, semester: 6 };
const ghanaFees: AgentFee[] = [
  { kind: 'percent', value: 10, payer: 'tenant' },
  { kind: 'months', value: 1, payer: 'tenant' },
  { kind: 'none', value: 0, payer: 'tenant' },
  { kind: 'percent', value: 5, payer: 'shared' },
  { kind: 'fixed', value: 500, payer: 'tenant' },
  { kind: 'months', value: 1, payer: 'landlord' },
];
const abroadFees: AgentFee[] = [
  { kind: 'none', value: 0, payer: 'tenant' },
  { kind: 'fixed', value: 150, payer: 'tenant' },
  { kind: 'none', value: 0, payer: 'tenant' },
  { kind: 'months', value: 0.5, payer: 'shared' },
];
const furnishingCycle: Furnishing[] = ['unfurnished', 'semi', 'furnished', 'unfurnished'];
const utilityCycle: Utility[][] = [
  ['water', 'refuse', 'security'],
  [],
  ['water'],
  ['water', 'electricity', 'internet'],
  ['security', 'refuse'],
];
const DAY_MS = 86_400_000;

export function demoMoveInTerms(listing: DemoListing, index: number, now: number) {
  const ghana = listing.country === 'Ghana';
  const advanceMonths = listing.paidPer
    ? studentAdvances[listing.paidPer]
    : listing.pricingPeriod === 'week'
      ? 0
      : ghana
        ? ghanaAdvances[index % ghanaAdvances.length]!
        : [1, 0, 2][index % 3]!;
  const fee = ghana ? ghanaFees[index % ghanaFees.length]! : abroadFees[index % abroadFees.length]!;
  const monthlyRent =
    listing.pricingPeriod === 'month'
      ? listing.price
      : listing.pricingPeriod === 'year'
        ? listing.price / 12
        : (listing.price * 52) / 12;
  // A month's rent as deposit abroad and at a third of Ghanaian listings.
  const deposit = !ghana || index % 3 === 0 ? Math.round(monthlyRent) : 0;
  const available = index % 4 === 1 ? new Date(now + (5 + ((index * 7) % 60)) * DAY_MS) : null;
  return {
    advanceMonths,
    depositAmount: deposit,
    agentFeeKind: fee.kind,
    // A fixed fee in the listing's currency: GH₵500 or $150.
    agentFeeValue: fee.kind === 'fixed' && listing.currency === 'GH₵' ? 500 : fee.value,
    agentFeePayer: fee.payer,
    availableFrom: available ? available.toISOString().slice(0, 10) : null,
    minLeaseMonths: ghana ? Math.max(12, advanceMonths) : [6, 12, null][index % 3]!,
    // A title that says furnished or serviced is furnished; the others take turns.
    furnished: /furnished|serviced/i.test(listing.title)
      ? ('furnished' as const)
      : furnishingCycle[index % furnishingCycle.length]!,
    utilitiesIncluded: utilityCycle[index % utilityCycle.length]!,
    // Confirmed available 0 to 24 days ago (issue 21): cards say so, none is near expiry.
    confirmedAt: new Date(now - ((index * 5) % 25) * DAY_MS),
  };
}
