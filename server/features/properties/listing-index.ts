import {
  andInto,
  bitsOf,
  clearBit,
  emptyBits,
  hasBit,
  members,
  popcount,
  type Bits,
} from './bitset';
import { BoundedCache } from './bounded-cache';
import { IndexFilters, type Condition } from './index-filters';
import type { IndexSort, Orders, PriceBounds } from './index-orders';
import type { Checksum, Slots } from './index-slots';
import type { TextPostings, WordRange } from './index-text';
import { isPlainText, trigramQuery, wordSimilarity, type TypoIndex } from './index-typos';
import { compareBytes, parseTsvector, rankItems, tsRank, type VectorEntry } from './text-search';

export { idHalves, type Checksum } from './index-slots';
export type { IndexSort } from './index-orders';

import type { IndexedListing, IndexMatches, IndexQuery } from './index-types';

export type { IndexedListing, IndexMatches, IndexQuery } from './index-types';
export { newestFirst } from './index-types';

/** A query's filters: the declared ones, and the price range. */
type Filter = { conditions: Condition[]; price: PriceBounds };

/**
 * Live listings in memory, for counting, filtering, sorting and paging searches without the
 * database (docs/decisions/002-search.md).
 *
 * Listings sit in slots of typed arrays. The slots of the last build ("base") are ordered
 * newest first and their lexemes are numbered in byte order, with a posting list per lexeme,
 * so a prefix is a range of lexeme numbers and its listings a union of postings. Changes after
 * the build kill the old slot and append a new one (the "delta", matched word by word); when
 * the delta grows, `compacted()` builds afresh.
 */
export class ListingIndex {
  private readonly slots: Slots;
  private readonly baseCount: number;
  private readonly text: TextPostings;
  private readonly typos: TypoIndex;
  private readonly orders: Orders;
  /** Live base slots; and none. */
  private readonly aliveBits: Bits;
  private readonly noBits: Bits;
  // Delta: slots from baseCount on, with their lexemes as parsed and their location texts.
  private delta: VectorEntry[][] = [];
  private deltaTexts: string[] = [];
  /** Bitsets of a filter value or a whole filter, derived by queries; bounded in bytes. */
  private readonly bitsCache = new BoundedCache<string, Bits>(8 << 20, (v) => v.byteLength);
  private readonly cached = (key: string, make: () => Bits) => {
    let bits = this.bitsCache.get(key);
    if (!bits) this.bitsCache.set(key, (bits = make()));
    return bits;
  };
  /** All zero between queries; a query sets a few bits and clears them. */
  private readonly scratch: Bits;

  /** Built by IndexBuilder (index-builder.ts). */
  constructor(parts: {
    slots: Slots;
    baseCount: number;
    text: TextPostings;
    typos: TypoIndex;
    orders: Orders;
  }) {
    const n = parts.baseCount;
    this.baseCount = n;
    this.slots = parts.slots;
    this.text = parts.text;
    this.typos = parts.typos;
    this.orders = parts.orders;
    this.noBits = emptyBits(n);
    this.scratch = emptyBits(n);
    this.aliveBits = emptyBits(n);
    this.aliveBits.fill(0xffffffff);
    if (n & 31) this.aliveBits[this.aliveBits.length - 1] = (2 ** (n & 31) - 1) >>> 0;
  }

  /** Live listings in the index. */
  get size(): number {
    return this.slots.size;
  }

  /** Listings changed since the last build. */
  get deltaSize(): number {
    return this.slots.count - this.baseCount;
  }

  /** Whether enough changed since the last build that a new one would pay. */
  get wantsCompaction(): boolean {
    return this.deltaSize > Math.max(1_000, this.baseCount >> 3);
  }

  has(id: string): boolean {
    return this.slots.has(id);
  }

  liveIds(): IterableIterator<string> {
    return this.slots.liveIds();
  }

  checksum(): Checksum {
    return this.slots.checksum();
  }

  /** Adds a live listing or replaces its indexed fields. */
  upsert(listing: IndexedListing): void {
    this.detach(listing.id);
    const vector =
      typeof listing.vector === 'string' ? parseTsvector(listing.vector) : listing.vector;
    this.delta.push(vector.slice().sort((x, y) => compareBytes(x.lexeme, y.lexeme)));
    this.deltaTexts.push(listing.text);
    this.slots.place(listing);
  }

  /** Forgets a listing (deleted, or no longer live). Returns whether it was indexed. */
  remove(id: string): boolean {
    return this.detach(id);
  }

  /**
   * Every live listing in slot order of a fresh build (newest first): the live base slots
   * are in that order already, and the few changed ones are merged in.
   */
  *liveNewestFirst(): Generator<IndexedListing, void, void> {
    const changed: number[] = [];
    for (let s = this.baseCount; s < this.slots.count; s++) {
      if (this.slots.alive[s]) changed.push(s);
    }
    changed.sort((a, b) => (this.slots.newer(a, b) ? -1 : 1));
    let next = 0;
    for (let s = 0; s < this.baseCount; s++) {
      if (!this.slots.alive[s]) continue;
      while (next < changed.length && this.slots.newer(changed[next]!, s)) {
        yield this.listingAt(changed[next++]!);
      }
      yield this.listingAt(s);
    }
    while (next < changed.length) yield this.listingAt(changed[next++]!);
  }

  /** Every live listing as it was indexed. */
  *listings(): IterableIterator<IndexedListing> {
    for (const slot of this.slots.liveSlots()) yield this.listingAt(slot);
  }

  private listingAt(slot: number): IndexedListing {
    const base = slot < this.baseCount;
    return {
      ...(this.slots.read(slot) as Omit<IndexedListing, 'vector' | 'text'>),
      vector: base ? this.text.vectorOf(slot) : this.delta[slot - this.baseCount]!,
      text: base ? this.typos.texts[slot]! : this.deltaTexts[slot - this.baseCount]!,
    };
  }

  /** Bytes held by the typed arrays (strings, maps and caches come on top). */
  arrayBytes(): number {
    const arrays = [
      ...this.slots.arrays(),
      ...this.text.arrays(),
      ...this.orders.arrays(),
      ...this.typos.arrays(),
      this.aliveBits,
    ];
    return arrays.reduce((sum, array) => sum + array.byteLength, 0);
  }

  /** Bytes the caches of derived sets hold now (at most 24 MiB). */
  cacheBytes(): number {
    return this.bitsCache.size + this.text.cacheBytes();
  }

  /**
   * Counts the live listings that match and returns the first `depth` of them in the order
   * of the query's sort, exactly as search.ts orders them in SQL.
   *
   * The base answers with bitsets: the live slots, ANDed with the set of each filter and of
   * each word, counted by popcount; then the first `depth` members in the sort's order (slot
   * order for newest, a precomputed order otherwise). The delta is checked listing by listing
   * and merged in.
   */
  query(q: IndexQuery, depth: number): IndexMatches {
    const words = q.words?.length ? q.words : null;
    // Relevance without words is newest, as in the SQL (search-sorts.ts).
    const byRank = this.orders.kindOf(q.sort) === 'relevance';
    const sort: IndexSort = byRank && !words ? 'newest' : q.sort;
    const items = words ? rankItems(words) : [];
    const ranges = items.map((word) => this.text.range(word));
    const filter = this.filterOf(q);
    let total: number;
    let top: number[];
    const candidates = words ? this.text.candidates(items, ranges) : null;
    if (candidates && candidates.length * 32 < this.baseCount) {
      // Few listings have the words: test each against the filters rather than AND whole
      // bitsets; mark the ones that pass in the scratch bitset, and clear it after.
      const passing: number[] = [];
      for (let i = 0; i < candidates.length; i++) {
        const s = candidates[i]!;
        if (this.passesBase(s, filter)) passing.push(s);
      }
      total = passing.length;
      for (const s of passing) this.scratch[s >>> 5]! |= 1 << (s & 31);
      top = total === 0 ? [] : this.firstOfBase(this.scratch, total, sort, depth, items, ranges);
      for (const s of passing) clearBit(this.scratch, s);
    } else {
      const bits = this.filterBits(filter).slice();
      andInto(bits, this.aliveBits);
      for (const range of ranges) andInto(bits, this.wordBits(range));
      total = popcount(bits);
      top = total === 0 ? [] : this.firstOfBase(bits, total, sort, depth, items, ranges);
    }

    const extra: number[] = [];
    for (let s = this.baseCount; s < this.slots.count; s++) {
      if (!this.passesDelta(s, filter)) continue;
      const vector = this.delta[s - this.baseCount]!;
      if (words && !items.every((word) => vector.some((entry) => entry.lexeme.startsWith(word))))
        continue;
      if (byRank && words) {
        const input = items.map((word) =>
          vector.filter((entry) => entry.lexeme.startsWith(word)).map((entry) => entry.positions),
        );
        this.slots.rank[s] = tsRank(input, words!.length);
      }
      extra.push(s);
    }
    if (extra.length > 0) {
      total += extra.length;
      top = [...top, ...extra].sort((a, b) => this.orders.compare(sort, a, b)).slice(0, depth);
    }
    return { total, ids: top.map((slot) => this.slots.ids[slot]!) };
  }

  /**
   * SQL's search for typos (search.ts, `location <% search_text` when the words match
   * nothing), answered from memory exactly as pg_trgm answers it: the live listings passing
   * the filters whose word similarity reaches the threshold, counted, and the first `depth`
   * in the sort's order (relevance: by similarity, then newest). Null when only SQL can say:
   * a location or a live text that is not plain ASCII, or no threshold (index-typos.ts).
   */
  similar(location: string, q: IndexQuery, threshold: number, depth: number): IndexMatches | null {
    const query = trigramQuery(location, threshold);
    if (!query) return null;
    const filter = this.filterOf(q);
    const passing = this.filterBits(filter); // live or not: cached
    if (this.typos.hasUnusual(passing, this.aliveBits)) return null;
    const extra: number[] = [];
    for (let s = this.baseCount; s < this.slots.count; s++) {
      if (!this.passesDelta(s, filter)) continue;
      const text = this.deltaTexts[s - this.baseCount]!;
      if (!isPlainText(text)) return null;
      const rank = wordSimilarity(query, text);
      if (rank < threshold) continue;
      this.slots.rank[s] = rank;
      extra.push(s);
    }
    const similar = this.typos.similar(query, this.cached);
    if (!similar) return null; // too many listings to compare within a request
    const bits = similar.bits.slice();
    andInto(bits, passing);
    andInto(bits, this.aliveBits);
    let total = popcount(bits);
    const sort: IndexSort = q.sort;
    let top: number[] = [];
    if (this.orders.kindOf(sort) === 'relevance') {
      const want = Math.min(depth, total);
      for (let i = 0; i < similar.order.length && top.length < want; i++) {
        const s = similar.order[i]!;
        if (!hasBit(bits, s)) continue;
        this.slots.rank[s] = similar.rank[i]!;
        top.push(s);
      }
    } else if (total > 0) {
      top = this.firstOfBase(bits, total, sort, depth, [], []);
    }
    if (extra.length > 0) {
      total += extra.length;
      top = [...top, ...extra].sort((a, b) => this.orders.compare(sort, a, b)).slice(0, depth);
    }
    return { total, ids: top.map((slot) => this.slots.ids[slot]!) };
  }

  /** Whether the typo search might find something (false: proved empty). */
  mightBeSimilar(location: string, q: IndexQuery, threshold: number): boolean {
    const answer = this.similar(location, q, threshold, 0);
    return answer === null || answer.total > 0;
  }

  /** The filters of the query: the declared ones, and the price range as ranks of the base. */
  private filterOf(q: IndexQuery): Filter {
    return {
      conditions: this.slots.filters.conditionsOf(q),
      price: this.orders.bounds(q.minPrice, q.maxPrice),
    };
  }

  /**
   * The base slots passing the filters, live or not (AND aliveBits for the live ones): every
   * slot ANDed with each filter's set. Cached per filter; read-only, copy before changing.
   */
  private filterBits(f: Filter): Bits {
    const { minRank, maxRank } = f.price;
    const key = `filter ${IndexFilters.key(f.conditions)} ${minRank} ${maxRank}`;
    return this.cached(key, () => {
      const bits = emptyBits(this.baseCount).fill(0xffffffff);
      if (this.baseCount & 31) bits[bits.length - 1] = (2 ** (this.baseCount & 31) - 1) >>> 0;
      IndexFilters.andBase(bits, f.conditions, this.baseCount, this.cached, this.noBits);
      if (minRank > 0 || maxRank < Infinity) {
        andInto(bits, this.orders.priceBits(minRank, maxRank, this.cached));
      }
      return bits;
    });
  }

  private wordBits(range: WordRange): Bits {
    return this.cached(`word ${range.word}`, () =>
      bitsOf(this.baseCount, this.text.wordSlots(range)),
    );
  }

  /** The first `depth` base slots of the set in the order of the sort. */
  private firstOfBase(
    bits: Bits,
    total: number,
    sort: IndexSort,
    depth: number,
    items: string[],
    ranges: WordRange[],
  ): number[] {
    const want = Math.min(depth, total);
    const kind = this.orders.kindOf(sort);
    if (kind === 'newest') return members(bits, want);
    const out: number[] = [];
    if (kind === 'relevance') {
      const { order, rank } = this.text.relevanceOrder(items, ranges);
      for (let i = 0; i < order.length && out.length < want; i++) {
        const s = order[i]!;
        if (!hasBit(bits, s)) continue;
        this.slots.rank[s] = rank[i]!;
        out.push(s);
      }
      return out;
    }
    // A handful of matches: sort them. Otherwise walk the precomputed order until the page is
    // full: about depth × listings / matches steps, never more than the listings.
    if (total <= 256) {
      return members(bits)
        .sort((a, b) => this.orders.compare(sort, a, b))
        .slice(0, want);
    }
    const { order, backwards } = this.orders.orderOf(sort)!;
    if (backwards) {
      for (let i = order.length - 1; i >= 0 && out.length < want; i--) {
        if (hasBit(bits, order[i]!)) out.push(order[i]!);
      }
    } else {
      for (let i = 0; i < order.length && out.length < want; i++) {
        if (hasBit(bits, order[i]!)) out.push(order[i]!);
      }
    }
    return out;
  }

  private passesBase(s: number, f: Filter): boolean {
    return (
      this.slots.alive[s] !== 0 &&
      IndexFilters.passes(s, f.conditions) &&
      this.orders.baseWithin(s, f.price)
    );
  }

  private passesDelta(s: number, f: Filter): boolean {
    return (
      this.slots.alive[s] !== 0 &&
      IndexFilters.passes(s, f.conditions) &&
      this.orders.deltaWithin(s, f.price)
    );
  }

  private detach(id: string): boolean {
    const slot = this.slots.detach(id);
    if (slot === undefined) return false;
    if (slot < this.baseCount) clearBit(this.aliveBits, slot);
    return true;
  }
}
