import { clearBit, fullBits, type Bits } from './bitset';
import { BoundedCache } from '../../lib/bounded-cache';
import { IndexFilters, type Condition } from './index-filters';
import type { IndexSort, Orders, PriceBounds } from './index-orders';
import type { Checksum, Slots } from './index-slots';
import { BaseMatcher } from './index-matches';
import { PlaceSearch } from './index-place-search';
import type { TextPostings } from './index-text';
import { areaFilter, type Box } from './search-filters';
import { isPlainText, trigramQuery, wordSimilarity, type TypoIndex } from './index-typos';
import { compareBytes, parseTsvector, rankItems, tsRank, type VectorEntry } from './text-search';

export { idHalves, type Checksum } from './index-slots';
export type { IndexSort } from './index-orders';

import type { IndexedListing, IndexMatches, IndexQuery } from './index-types';

export type { IndexedListing, IndexMatches, IndexQuery } from './index-types';
export { newestFirst } from './index-types';

/** A query's filters: the declared ones, the price range, and the area (issue 39). */
type Filter = { conditions: Condition[]; price: PriceBounds; box: Box | undefined };

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
  /** Live base slots. */
  private readonly aliveBits: Bits;
  private readonly matcher: BaseMatcher;
  private readonly placeSearch: PlaceSearch;
  // Delta: slots from baseCount on, with their lexemes as parsed and their location texts.
  private delta: VectorEntry[][] = [];
  private deltaTexts: string[] = [];
  /** Bitsets of a filter value, a whole filter or a word, derived by queries; bounded in bytes. */
  private readonly bitsCache = new BoundedCache<string, Bits>(32 << 20, (v) => v.byteLength);
  private readonly cached = (key: string, make: () => Bits) => {
    let bits = this.bitsCache.get(key);
    if (!bits) this.bitsCache.set(key, (bits = make()));
    return bits;
  };

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
    this.aliveBits = fullBits(n);
    this.matcher = new BaseMatcher({
      slots: this.slots,
      baseCount: n,
      orders: this.orders,
      text: this.text,
      alive: this.aliveBits,
      cached: this.cached,
    });
    this.placeSearch = new PlaceSearch({
      slots: this.slots,
      orders: this.orders,
      matcher: this.matcher,
    });
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

  /** Bytes the caches of derived sets hold now (at most 152 MiB). */
  cacheBytes(): number {
    return this.bitsCache.size + this.text.cacheBytes() + this.matcher.cacheBytes();
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
    // Relevance without words, and distance without a place, are newest (search-sorts.ts).
    const sort: IndexSort =
      (byRank && !words) || (q.sort === 'distance' && !q.near) ? 'newest' : q.sort;
    const items = words ? rankItems(words) : [];
    const ranges = items.map((word) => this.text.range(word));
    const filter = this.filterOf(q);
    const query = { conditions: filter.conditions, words: { items, ranges }, price: filter.price };
    if (q.box || sort === 'distance') {
      const extra = this.deltaOfPlace(q, sort, filter, items);
      return this.placeSearch.query(q, query, sort, extra, depth);
    }
    const base = this.matcher.match(query, sort, depth);
    let { total, top } = base;

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
   * The changed listings that match a search by area or by distance, checked one by one for
   * PlaceSearch to merge with the base's; sorted by relevance with words, each gets its rank.
   */
  private deltaOfPlace(q: IndexQuery, sort: IndexSort, filter: Filter, items: string[]): number[] {
    const extra: number[] = [];
    for (let s = this.baseCount; s < this.slots.count; s++) {
      if (!this.passesDelta(s, filter)) continue;
      const vector = this.delta[s - this.baseCount]!;
      if (!items.every((word) => vector.some((entry) => entry.lexeme.startsWith(word)))) continue;
      if (sort === 'relevance' && items.length > 0) {
        const input = items.map((word) =>
          vector.filter((entry) => entry.lexeme.startsWith(word)).map((entry) => entry.positions),
        );
        this.slots.rank[s] = tsRank(input, q.words!.length);
      }
      extra.push(s);
    }
    return extra;
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
    for (const s of this.typos.unusual()) if (this.passesBase(s, filter)) return null;
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
    const similar = this.typos.similar(query);
    if (!similar) return null; // too many listings to compare within a request
    const sort: IndexSort = q.sort;
    let top: number[] = [];
    let total = 0;
    if (sort === 'distance' && q.near) {
      const passing = similar.list.filter((s) => this.passesBase(s, filter));
      top = this.placeSearch.nearest([...passing, ...extra], q.near, depth);
      return { total: passing.length + extra.length, ids: top.map((s) => this.slots.ids[s]!) };
    }
    if (this.orders.kindOf(sort) === 'relevance') {
      for (let i = 0; i < similar.order.length; i++) {
        const s = similar.order[i]!;
        if (!this.passesBase(s, filter)) continue;
        total++;
        if (top.length >= depth) continue;
        this.slots.rank[s] = similar.rank[i]!;
        top.push(s);
      }
    } else {
      const passing = similar.list.filter((s) => this.passesBase(s, filter));
      total = passing.length;
      top = this.matcher.firstOfList(passing, sort, depth, { items: [], ranges: [] });
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
      box: q.box,
    };
  }

  private passesBase(s: number, f: Filter): boolean {
    return (
      this.slots.alive[s] !== 0 &&
      IndexFilters.passes(s, f.conditions) &&
      this.orders.baseWithin(s, f.price) &&
      this.inArea(s, f.box)
    );
  }

  private passesDelta(s: number, f: Filter): boolean {
    return (
      this.slots.alive[s] !== 0 &&
      IndexFilters.passes(s, f.conditions) &&
      this.orders.deltaWithin(s, f.price) &&
      this.inArea(s, f.box)
    );
  }

  private inArea(s: number, box: Box | undefined): boolean {
    return !box || areaFilter.contains(box, this.slots.latitude[s]!, this.slots.longitude[s]!);
  }

  private detach(id: string): boolean {
    const slot = this.slots.detach(id);
    if (slot === undefined) return false;
    if (slot < this.baseCount) {
      clearBit(this.aliveBits, slot);
      this.matcher.forgetSets();
    }
    return true;
  }
}
