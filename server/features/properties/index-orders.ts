import { bitsOf, type Bits } from './bitset';
import type { CachedBits } from './index-filters';
import type { Slots } from './index-slots';

/**
 * The orders of the listing index's base, computed once per build, and the comparisons of
 * every sort exactly as search.ts's ORDER BY: newest is slot order itself; price is the exact
 * numeric order (then id), with each slot's rank in it so that ranges and comparisons within
 * the base are integer ones; rating is (rating, reviews, id) descending; relevance is the
 * rank of the words (text-search.ts), then newest.
 */

export type IndexSort = 'relevance' | 'newest' | 'price_asc' | 'price_desc' | 'rating';

// Sorts as small numbers, so one comparison method serves them all (monomorphic and fast).
export const NEWEST = 0;
export const PRICE_ASC = 1;
export const PRICE_DESC = 2;
export const RATING = 3;
export const RELEVANCE = 4;
export const sortCode: Record<IndexSort, number> = {
  newest: NEWEST,
  price_asc: PRICE_ASC,
  price_desc: PRICE_DESC,
  rating: RATING,
  relevance: RELEVANCE,
};

/** A price range as ranks of the base's price order (inclusive), from its exact bounds. */
export type PriceBounds = {
  min: number;
  max: number;
  minText: string;
  maxText: string;
  minRank: number;
  maxRank: number;
};

export class Orders {
  readonly priceOrder: Int32Array;
  /** Each base slot's rank in the price order: equal prices, equal ranks. */
  readonly priceRank: Int32Array;
  readonly ratingOrder: Int32Array;

  constructor(
    private readonly slots: Slots,
    private readonly baseCount: number,
  ) {
    const n = baseCount;
    this.priceOrder = new Int32Array(n);
    for (let i = 0; i < n; i++) this.priceOrder[i] = i;
    this.priceOrder.sort(
      (a, b) => slots.comparePrice(a, b) || (slots.ids[a]! < slots.ids[b]! ? -1 : 1),
    );
    this.priceRank = new Int32Array(n);
    for (let i = 1; i < n; i++) {
      const a = this.priceOrder[i - 1]!;
      const b = this.priceOrder[i]!;
      this.priceRank[b] = this.priceRank[a]! + (slots.comparePrice(a, b) === 0 ? 0 : 1);
    }
    this.ratingOrder = new Int32Array(n);
    for (let i = 0; i < n; i++) this.ratingOrder[i] = i;
    this.ratingOrder.sort((a, b) => (this.before(RATING, a, b) ? -1 : 1));
  }

  /** -1 when slot a comes first in a sort, else 1 (two slots never tie). */
  compare(sort: number, a: number, b: number): number {
    return this.before(sort, a, b) ? -1 : 1;
  }

  /** Whether slot a comes before slot b in a sort, as the SQL ORDER BY (never a tie). */
  before(sort: number, a: number, b: number): boolean {
    const { slots } = this;
    switch (sort) {
      case RELEVANCE: {
        const x = slots.rank[a]!;
        const y = slots.rank[b]!;
        if (x !== y) return x > y;
        return slots.newer(a, b);
      }
      case PRICE_ASC: {
        if (a < this.baseCount && b < this.baseCount) {
          const c = this.priceRank[a]! - this.priceRank[b]!;
          return c !== 0 ? c < 0 : slots.ids[a]! < slots.ids[b]!;
        }
        const c = slots.comparePrice(a, b);
        return c !== 0 ? c < 0 : slots.ids[a]! < slots.ids[b]!;
      }
      case PRICE_DESC: {
        if (a < this.baseCount && b < this.baseCount) {
          const c = this.priceRank[a]! - this.priceRank[b]!;
          return c !== 0 ? c > 0 : slots.ids[a]! > slots.ids[b]!;
        }
        const c = slots.comparePrice(a, b);
        return c !== 0 ? c > 0 : slots.ids[a]! > slots.ids[b]!;
      }
      case RATING: {
        const x = slots.rating[a]!;
        const y = slots.rating[b]!;
        if (x !== y) return x > y;
        const u = slots.reviews[a]!;
        const v = slots.reviews[b]!;
        if (u !== v) return u > v;
        return slots.ids[a]! > slots.ids[b]!;
      }
      default:
        return slots.newer(a, b);
    }
  }

  /** A price range's bounds as ranks: the first rank at or above min, the last at or below max. */
  bounds(minPrice: number | undefined, maxPrice: number | undefined): PriceBounds {
    const f: PriceBounds = {
      min: minPrice ?? -Infinity,
      max: maxPrice ?? Infinity,
      minText: minPrice === undefined ? '' : String(minPrice),
      maxText: maxPrice === undefined ? '' : String(maxPrice),
      minRank: 0,
      maxRank: Infinity,
    };
    const order = this.priceOrder;
    const n = order.length;
    if (f.min !== -Infinity) {
      let lo = 0;
      let hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.slots.priceBelow(order[mid]!, f.min, f.minText)) lo = mid + 1;
        else hi = mid;
      }
      f.minRank = lo < n ? this.priceRank[order[lo]!]! : Infinity;
    }
    if (f.max !== Infinity) {
      let lo = 0;
      let hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.slots.priceAbove(order[mid]!, f.max, f.maxText)) hi = mid;
        else lo = mid + 1;
      }
      f.maxRank = lo > 0 ? this.priceRank[order[lo - 1]!]! : -1;
    }
    return f;
  }

  /** Whether a base slot's price is within the bounds. */
  baseWithin(s: number, f: PriceBounds): boolean {
    const rank = this.priceRank[s]!;
    return rank >= f.minRank && rank <= f.maxRank;
  }

  /** Whether a changed slot's exact price is within the bounds. */
  deltaWithin(s: number, f: PriceBounds): boolean {
    if (f.min !== -Infinity && this.slots.priceBelow(s, f.min, f.minText)) return false;
    return !(f.max !== Infinity && this.slots.priceAbove(s, f.max, f.maxText));
  }

  /** Base slots whose price rank is within [minRank, maxRank]. */
  priceBits(minRank: number, maxRank: number, cached: CachedBits): Bits {
    const order = this.priceOrder;
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.priceRank[order[mid]!]! < minRank) lo = mid + 1;
      else hi = mid;
    }
    const from = lo;
    hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.priceRank[order[mid]!]! <= maxRank) lo = mid + 1;
      else hi = mid;
    }
    const to = lo;
    return cached(`price${from}:${to}`, () =>
      bitsOf(this.baseCount, order.subarray(from, Math.max(from, to))),
    );
  }

  arrays(): ArrayBufferView[] {
    return [this.priceOrder, this.priceRank, this.ratingOrder];
  }
}
