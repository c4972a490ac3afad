import { hasBit, members, type Bits } from './bitset';
import type { PriceBounds } from './index-orders';

/**
 * A set of live base listings as the matcher keeps it (index-matches.ts): its members
 * ascending (newest first) as a list when few, else as bits.
 */
export type Members = {
  count: number;
  /** The members, ascending, when few; else null and `bits` holds them. */
  list: Int32Array | null;
  bits: Bits | null;
};

/**
 * Whether a base slot is a member of the set (issue 39: the area search tests the listings
 * in its box).
 */
export function memberTestOf(set: Members): (s: number) => boolean {
  if (set.bits) {
    const bits = set.bits;
    return (s) => hasBit(bits, s);
  }
  const list = set.list!;
  return (s) => {
    const at = firstAbove(list, s - 1);
    return at < list.length && list[at] === s;
  };
}

/** Every member of the set whose price rank is within the range, ascending. */
export function membersWithin(set: Members, price: PriceBounds, priceRank: Int32Array): Int32Array {
  if (set.list) return withinPrice(set.list, price, priceRank);
  const { minRank, maxRank } = price;
  const out = new Int32Array(set.count);
  let m = 0;
  for (const s of members(set.bits!)) {
    if (priceRank[s]! >= minRank && priceRank[s]! <= maxRank) out[m++] = s;
  }
  return out.subarray(0, m);
}

/** The members of a list whose price rank is within the range. */
export function withinPrice(
  list: Int32Array,
  price: PriceBounds,
  priceRank: Int32Array,
): Int32Array {
  const { minRank, maxRank } = price;
  const out = new Int32Array(list.length);
  let m = 0;
  for (let i = 0; i < list.length; i++) {
    const rank = priceRank[list[i]!]!;
    if (rank >= minRank && rank <= maxRank) out[m++] = list[i]!;
  }
  return out.subarray(0, m);
}

/** The first index of an ascending array whose value is above `value` (its length if none). */
export function firstAbove(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
