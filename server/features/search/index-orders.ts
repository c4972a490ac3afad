import { SLICE, sortSliced, type Work } from './index-build';
import type { SearchSort } from '#common/properties';
import { PlaceGrid } from './index-places';
import type { Slots } from './index-slots';
import { searchSortDeclarations, type SortIndexedAs } from './search-sorts';

/**
 * The orders of the listing index's base, computed once per build, and the comparisons of
 * every sort exactly as the SQL's ORDER BY, as each sort declares them (search-sorts.ts):
 * newest is slot order itself, relevance the rank of the words (text-search.ts) then newest,
 * the others an order precomputed with their comparison. The price range filter uses the
 * price sort's order, with each price's rank in it.
 */

export type IndexSort = SearchSort;

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
  /** The precomputed order of the base for each sort declared by comparison. */
  private readonly orders: Map<IndexSort, Int32Array>;
  readonly priceOrder: Int32Array;
  /** Each base slot's rank in the price order: equal prices, equal ranks. */
  readonly priceRank: Int32Array;
  /** Inverses of the precomputed orders, made when first asked for. */
  private readonly positions = new Map<IndexSort, Int32Array>();
  /** Where the base's listings are, for area searches (issue 39). */
  readonly places: PlaceGrid;

  private constructor(
    private readonly slots: Slots,
    private readonly baseCount: number,
    orders: Map<IndexSort, Int32Array>,
    priceRank: Int32Array,
    places: PlaceGrid,
  ) {
    this.orders = orders;
    this.priceOrder = orders.get('price_asc')!;
    this.priceRank = priceRank;
    this.places = places;
  }

  /** The orders of the base's n slots, sorted in slices (index-build.ts). */
  static *build(slots: Slots, n: number): Work<Orders> {
    const orders = new Map<IndexSort, Int32Array>();
    for (const [name, declaration] of Object.entries(searchSortDeclarations)) {
      const how = declaration.index;
      if (how.kind !== 'compare') continue;
      const order = new Int32Array(n);
      for (let i = 0; i < n; i++) order[i] = i;
      yield* sortSliced(order, (a, b) => how.before(slots, a, b));
      orders.set(name as IndexSort, order);
    }
    // The price range filter reads the price sort's order, with each price's rank in it.
    const priceOrder = orders.get('price_asc')!;
    const priceRank = new Int32Array(n);
    for (let i = 1; i < n; i++) {
      const a = priceOrder[i - 1]!;
      const b = priceOrder[i]!;
      priceRank[b] = priceRank[a]! + (slots.comparePrice(a, b) === 0 ? 0 : 1);
      if ((i & (SLICE - 1)) === 0) yield;
    }
    const places = yield* PlaceGrid.build(slots, n);
    return new Orders(slots, n, orders, priceRank, places);
  }

  /** -1 when slot a comes first in a sort, else 1 (two slots never tie). */
  compare(sort: IndexSort, a: number, b: number): number {
    return this.before(sort, a, b) ? -1 : 1;
  }

  /** Whether slot a comes before slot b in a sort, as the SQL ORDER BY (never a tie). */
  before(sort: IndexSort, a: number, b: number): boolean {
    const { slots } = this;
    const how = searchSortDeclarations[sort].index;
    switch (how.kind) {
      // Distance sets the slots' rank to minus its measure (listing-index.ts) before comparing.
      case 'relevance':
      case 'distance': {
        const x = slots.rank[a]!;
        const y = slots.rank[b]!;
        if (x !== y) return x > y;
        return slots.newer(a, b);
      }
      case 'compare':
        return how.before(slots, a, b);
      case 'reverse':
        return this.before(how.of, b, a);
      default:
        return slots.newer(a, b);
    }
  }

  /** How a sort is ordered (search-sorts.ts). */
  kindOf(sort: IndexSort): SortIndexedAs['kind'] {
    return searchSortDeclarations[sort].index.kind;
  }

  /**
   * The base in a sort's precomputed order, and whether to read it backwards; null for the
   * sorts that need none (newest is slot order, relevance is computed per words).
   */
  orderOf(sort: IndexSort): { order: Int32Array; backwards: boolean } | null {
    const how = searchSortDeclarations[sort].index;
    if (how.kind === 'compare') return { order: this.orders.get(sort)!, backwards: false };
    if (how.kind === 'reverse') return { order: this.orders.get(how.of)!, backwards: true };
    return null;
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

  /**
   * A price range as positions of the price order: the base slots within it are
   * priceOrder[from..to), and 0..n when the range holds every price.
   */
  priceSpan(f: PriceBounds): { from: number; to: number } {
    const order = this.priceOrder;
    if (f.minRank <= 0 && f.maxRank === Infinity) return { from: 0, to: order.length };
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.priceRank[order[mid]!]! < f.minRank) lo = mid + 1;
      else hi = mid;
    }
    const from = lo;
    hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.priceRank[order[mid]!]! <= f.maxRank) lo = mid + 1;
      else hi = mid;
    }
    return { from, to: Math.max(from, lo) };
  }

  /**
   * Each base slot's position in a sort's precomputed order (for the reverse sorts, in the
   * order they read backwards): a page of a few matches is their positions sorted.
   */
  positionsOf(sort: IndexSort): Int32Array | null {
    const how = searchSortDeclarations[sort].index;
    const name = how.kind === 'compare' ? sort : how.kind === 'reverse' ? how.of : null;
    if (name === null) return null;
    let positions = this.positions.get(name);
    if (!positions) {
      const order = this.orders.get(name)!;
      positions = new Int32Array(order.length);
      for (let i = 0; i < order.length; i++) positions[order[i]!] = i;
      this.positions.set(name, positions);
    }
    return positions;
  }

  arrays(): ArrayBufferView[] {
    return [
      ...this.orders.values(),
      ...this.positions.values(),
      this.priceRank,
      ...this.places.arrays(),
    ];
  }
}
