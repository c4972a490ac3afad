import {
  andInto,
  bitsOf,
  emptyBits,
  fullBits,
  hasBit,
  members,
  popcount,
  type Bits,
} from './bitset';
import { BoundedCache } from '../../lib/bounded-cache';
import { IndexFilters, type CachedBits, type Condition } from './index-filters';
import {
  firstAbove,
  memberTestOf,
  membersWithin,
  withinPrice,
  type Members,
} from './index-members';
import type { IndexSort, Orders, PriceBounds } from './index-orders';
import type { Slots } from './index-slots';
import type { TextPostings, WordRange } from './index-text';

/**
 * Matching in the listing index's base: how many live base listings pass a query's filters,
 * words and price range, and the first of them in the query's order.
 *
 * The cost of a search grows with its matches, not with the catalogue (issue 16): the
 * listings passing the filters and words (price aside) are a set computed once per filters
 * and words and kept, as a list when few and as bits when many. A price range is then
 * applied to that set: a few matches are checked one by one against each listing's price
 * rank; many are counted from the set's running counts along the price order (64 slots a
 * block); so a reader's own price cap, new in nearly every search, never builds a set.
 */

/** The live base listings passing a query's filters and words, price aside. */
type BaseSet = Members & {
  /** For bits: the members among priceOrder[0, 64k), by k; made when a price range needs it. */
  blocks: Int32Array | null;
  /** For a list: its members' price ranks, ascending; made when a price range needs it. */
  ranks: Int32Array | null;
};

/** A query's words as the text postings read them (none: no location). */
export type Words = { items: string[]; ranges: WordRange[] };

/** What a query asks of the base. */
export type BaseQuery = { conditions: Condition[]; words: Words; price: PriceBounds };

const BLOCK = 64;

const bytesOf = (set: BaseSet) =>
  64 +
  (set.list?.byteLength ?? 0) +
  (set.bits?.byteLength ?? 0) +
  (set.blocks?.byteLength ?? 0) +
  (set.ranks?.byteLength ?? 0);

export class BaseMatcher {
  private readonly slots: Slots;
  private readonly n: number;
  private readonly orders: Orders;
  private readonly text: TextPostings;
  private readonly alive: Bits;
  private readonly cached: CachedBits;
  /** Sets of filters and words, kept until a base listing dies (sets hold live ones only). */
  private readonly sets = new BoundedCache<string, BaseSet>(48 << 20, bytesOf);
  /** All zero between calls: a call marks a list's members and clears them. */
  private readonly mark: Bits;

  constructor(parts: {
    slots: Slots;
    baseCount: number;
    orders: Orders;
    text: TextPostings;
    alive: Bits;
    cached: CachedBits;
  }) {
    this.slots = parts.slots;
    this.n = parts.baseCount;
    this.orders = parts.orders;
    this.text = parts.text;
    this.alive = parts.alive;
    this.cached = parts.cached;
    this.mark = emptyBits(this.n);
  }

  /** A base listing died: every kept set may hold it. */
  forgetSets(): void {
    this.sets.clear();
  }

  cacheBytes(): number {
    return this.sets.size;
  }

  /** The number of live base listings that match, and the first `depth` in the sort's order. */
  match(q: BaseQuery, sort: IndexSort, depth: number): { total: number; top: number[] } {
    const set = this.setOf(q.conditions, q.words);
    if (set.count === 0) return { total: 0, top: [] };
    const { from, to } = this.orders.priceSpan(q.price);
    const whole = from === 0 && to === this.n;
    if (set.list) return this.matchList(set, q, whole, sort, depth);
    const total = whole ? set.count : this.countWithin(set, from, to);
    if (total === 0) return { total, top: [] };
    const want = Math.min(depth, total);
    // Walk the sort's order until the page is full (about want × walked / total steps), or
    // list the matches from the price range and order those, whichever reads fewer slots.
    const walked = this.walkLength(set, sort, q.words, from, to);
    const gather = to - from + total * Math.log2(total + 2);
    if (!whole && gather < (want * walked) / total) {
      const list = this.gather(set.bits!, from, to);
      return { total, top: this.firstOfList(list, sort, depth, q.words) };
    }
    return { total, top: this.walk(set.bits!, sort, want, q, from, to) };
  }

  /**
   * A few matches (a list): counted from their price ranks, sorted once; the page read off
   * the list (newest) or the words' relevance order while that reads fewer slots than
   * ordering the matches in the price range would.
   */
  private matchList(set: BaseSet, q: BaseQuery, whole: boolean, sort: IndexSort, depth: number) {
    const list = set.list!;
    const { priceRank } = this.orders;
    const { minRank, maxRank } = q.price;
    let total = list.length;
    if (!whole) {
      set.ranks ??= Int32Array.from(list, (s) => priceRank[s]!).sort();
      total = Math.max(0, firstAbove(set.ranks, maxRank) - firstAbove(set.ranks, minRank - 1));
    }
    const want = Math.min(depth, total);
    const top: number[] = [];
    if (want === 0) return { total, top };
    const within = (s: number) => whole || (priceRank[s]! >= minRank && priceRank[s]! <= maxRank);
    const kind = this.orders.kindOf(sort);
    if (kind === 'newest') {
      // The list is in slot order: at most its length, about want × length ÷ total.
      for (let i = 0; i < list.length && top.length < want; i++) {
        if (within(list[i]!)) top.push(list[i]!);
      }
      return { total, top };
    }
    if (kind === 'relevance') {
      const { order, rank } = this.text.relevanceOrder(q.words.items, q.words.ranges);
      if ((want * order.length) / total < list.length) {
        // The order holds every listing with the words: a member is one passing the rest.
        for (let i = 0; i < order.length && top.length < want; i++) {
          const s = order[i]!;
          if (this.slots.alive[s] === 0 || !within(s)) continue;
          if (!IndexFilters.passes(s, q.conditions)) continue;
          this.slots.rank[s] = rank[i]!;
          top.push(s);
        }
        return { total, top };
      }
    }
    const passing = whole ? list : withinPrice(list, q.price, priceRank);
    return { total, top: this.firstOfList(passing, sort, depth, q.words) };
  }

  /**
   * The first `depth` of an ascending list of base slots in the sort's order: the list
   * itself for newest; otherwise a walk of the order over marked slots, or, for a few, their
   * positions in the order sorted.
   */
  firstOfList(list: Int32Array, sort: IndexSort, depth: number, words: Words): number[] {
    const want = Math.min(depth, list.length);
    const kind = this.orders.kindOf(sort);
    if (kind === 'newest') return Array.from(list.subarray(0, want));
    const out: number[] = [];
    if (want === 0) return out;
    const positions = this.orders.positionsOf(sort);
    if (positions && list.length * Math.log2(list.length + 2) < (want * this.n) / list.length) {
      const { order, backwards } = this.orders.orderOf(sort)!;
      const keys = new Int32Array(list.length);
      for (let i = 0; i < list.length; i++) keys[i] = positions[list[i]!]!;
      keys.sort();
      for (let i = 0; i < want; i++) out.push(order[keys[backwards ? keys.length - 1 - i : i]!]!);
      return out;
    }
    const { mark } = this;
    for (let i = 0; i < list.length; i++) mark[list[i]! >>> 5]! |= 1 << (list[i]! & 31);
    try {
      if (kind === 'relevance') {
        const { order, rank } = this.text.relevanceOrder(words.items, words.ranges);
        for (let i = 0; i < order.length && out.length < want; i++) {
          const s = order[i]!;
          if (!hasBit(mark, s)) continue;
          this.slots.rank[s] = rank[i]!;
          out.push(s);
        }
        return out;
      }
      const { order, backwards } = this.orders.orderOf(sort)!;
      const step = backwards ? -1 : 1;
      for (let i = backwards ? order.length - 1 : 0; out.length < want; i += step) {
        if (hasBit(mark, order[i]!)) out.push(order[i]!);
      }
      return out;
    } finally {
      for (let i = 0; i < list.length; i++) mark[list[i]! >>> 5] = 0;
    }
  }

  /**
   * Whether a base slot is among the live matches of the filters and words, price aside
   * (issue 39: the area search tests the listings in its box).
   */
  memberTest(conditions: Condition[], words: Words): (s: number) => boolean {
    return memberTestOf(this.setOf(conditions, words));
  }

  /** Every live base match of the filters, words and price range, ascending. */
  members(q: BaseQuery): Int32Array {
    return membersWithin(this.setOf(q.conditions, q.words), q.price, this.orders.priceRank);
  }

  /** The set of filters and words, made once and kept. */
  private setOf(conditions: Condition[], words: Words): BaseSet {
    const key = `${IndexFilters.key(conditions)}\u0001${words.items.join(' ')}`;
    let set = this.sets.get(key);
    if (set) return set;
    const few = this.n >> 4;
    const candidates =
      words.items.length > 0 ? this.text.candidates(words.items, words.ranges) : null;
    if (candidates && candidates.length <= few) {
      // Few listings have the words: check each against the filters.
      const list = new Int32Array(candidates.length);
      let m = 0;
      for (let i = 0; i < candidates.length; i++) {
        const s = candidates[i]!;
        if (this.slots.alive[s] !== 0 && IndexFilters.passes(s, conditions)) list[m++] = s;
      }
      set = { count: m, list: list.slice(0, m), bits: null, blocks: null, ranks: null };
    } else {
      const bits = this.filterBits(conditions).slice();
      andInto(bits, this.alive);
      for (const range of words.ranges) andInto(bits, this.wordBits(range));
      const count = popcount(bits);
      set =
        count <= few
          ? { count, list: Int32Array.from(members(bits)), bits: null, blocks: null, ranks: null }
          : { count, list: null, bits, blocks: null, ranks: null };
    }
    this.sets.set(key, set);
    return set;
  }

  /** The base slots passing the filters, live or not: cached per filters; do not change. */
  private filterBits(conditions: Condition[]): Bits {
    return this.cached(`filter ${IndexFilters.key(conditions)}`, () => {
      const bits = fullBits(this.n);
      IndexFilters.andBase(bits, conditions, this.n, this.cached, emptyBits(this.n));
      return bits;
    });
  }

  private wordBits(range: WordRange): Bits {
    return this.cached(`word ${range.word}`, () => bitsOf(this.n, this.text.wordSlots(range)));
  }

  /** Members of the set among priceOrder[from, to). */
  private countWithin(set: BaseSet, from: number, to: number): number {
    const bits = set.bits!;
    const order = this.orders.priceOrder;
    const inRange = (a: number, b: number) => {
      let c = 0;
      for (let i = a; i < b; i++) if (hasBit(bits, order[i]!)) c++;
      return c;
    };
    const small = this.n >> 5;
    if (to - from <= small) return inRange(from, to);
    if (this.n - (to - from) <= small) return set.count - inRange(0, from) - inRange(to, this.n);
    if (!set.blocks) {
      const blocks = new Int32Array(Math.ceil(this.n / BLOCK) + 1);
      let c = 0;
      for (let i = 0; i < this.n; i++) {
        if (i % BLOCK === 0) blocks[i / BLOCK] = c;
        if (hasBit(bits, order[i]!)) c++;
      }
      set.blocks = blocks;
    }
    const blocks = set.blocks;
    const before = (at: number) => {
      const block = Math.floor(at / BLOCK);
      return blocks[block]! + inRange(block * BLOCK, at);
    };
    return before(to) - before(from);
  }

  /** The members of the set among priceOrder[from, to), ascending. */
  private gather(bits: Bits, from: number, to: number): Int32Array {
    const order = this.orders.priceOrder;
    const out: number[] = [];
    for (let i = from; i < to; i++) if (hasBit(bits, order[i]!)) out.push(order[i]!);
    return Int32Array.from(out).sort();
  }

  /** How many slots a walk of the sort's order reads at most. */
  private walkLength(set: BaseSet, sort: IndexSort, words: Words, from: number, to: number) {
    const kind = this.orders.kindOf(sort);
    if (kind === 'newest') return set.count;
    if (kind === 'relevance')
      return this.text.relevanceOrder(words.items, words.ranges).order.length;
    return this.orders.orderOf(sort)!.order === this.orders.priceOrder ? to - from : this.n;
  }

  /** The first `want` members of the set in the sort's order, reading the order from the start. */
  private walk(
    bits: Bits,
    sort: IndexSort,
    want: number,
    q: BaseQuery,
    from: number,
    to: number,
  ): number[] {
    const { priceRank } = this.orders;
    const { minRank, maxRank } = q.price;
    const within = (s: number) => priceRank[s]! >= minRank && priceRank[s]! <= maxRank;
    const out: number[] = [];
    const kind = this.orders.kindOf(sort);
    if (kind === 'newest') {
      for (let i = 0; i < bits.length && out.length < want; i++) {
        let v = bits[i]!;
        while (v !== 0 && out.length < want) {
          const low = v & -v;
          const s = (i << 5) + 31 - Math.clz32(low);
          if (within(s)) out.push(s);
          v ^= low;
        }
      }
      return out;
    }
    if (kind === 'relevance') {
      const { order, rank } = this.text.relevanceOrder(q.words.items, q.words.ranges);
      for (let i = 0; i < order.length && out.length < want; i++) {
        const s = order[i]!;
        if (!hasBit(bits, s) || !within(s)) continue;
        this.slots.rank[s] = rank[i]!;
        out.push(s);
      }
      return out;
    }
    const { order, backwards } = this.orders.orderOf(sort)!;
    // The price order holds the range's slots at [from, to): read only those.
    const byPrice = order === this.orders.priceOrder;
    const first = byPrice ? from : 0;
    const end = byPrice ? to : order.length;
    if (backwards) {
      for (let i = end - 1; i >= first && out.length < want; i--) {
        const s = order[i]!;
        if (hasBit(bits, s) && within(s)) out.push(s);
      }
    } else {
      for (let i = first; i < end && out.length < want; i++) {
        const s = order[i]!;
        if (hasBit(bits, s) && within(s)) out.push(s);
      }
    }
    return out;
  }
}
