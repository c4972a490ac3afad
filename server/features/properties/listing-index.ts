import {
  andInto,
  bitsOf,
  clearBit,
  emptyBits,
  hasBit,
  members,
  orInto,
  popcount,
  type Bits,
} from './bitset';
import { BoundedCache } from './bounded-cache';
import { IndexFilters, type Condition } from './index-filters';
import type { FilterName } from './search-filters';
import {
  compareBytes,
  compareDecimalText,
  needsExactText,
  parseTsvector,
  rankItems,
  scanTsvector,
  tsRank,
  wordDistance,
  wpos,
  type VectorEntry,
} from './text-search';

/**
 * The filterable fields of one live listing, as the database computes them (a listing's
 * generated columns included), so the index needs no rule of its own.
 */
export type IndexedListing = {
  id: string;
  /** created_at in microseconds since 1970 (exact in a double). */
  createdUs: number;
  /** monthly_price_usd as PostgreSQL prints it (an exact numeric). */
  price: string;
  rating: number;
  reviewCount: number;
  // The declared filters' values (search-filters.ts), each under its declaration's name.
  bedrooms: number;
  guests: number;
  propertyType: string;
  category: string;
  amenities: readonly string[];
  /** search_vector: its text output, or already parsed. */
  vector: string | VectorEntry[];
  /** search_text: the location text, lower-cased and unaccented (what pg_trgm compares). */
  text: string;
};

export type IndexSort = 'relevance' | 'newest' | 'price_asc' | 'price_desc' | 'rating';

export type IndexQuery = {
  /** Folded location words, each a prefix that some lexeme must start with; null: no location. */
  words: string[] | null;
  /** Monthly US dollars, compared exactly as SQL compares the numeric with String(value). */
  minPrice?: number;
  maxPrice?: number;
  sort: IndexSort;
} & { [Name in FilterName]?: IndexedListing[Name] };

/** The number of all matches and the ids of the first `depth` in order. */
export type IndexMatches = { total: number; ids: string[] };

/** The two 32-bit halves of a uuid's first 16 hex digits, as the database's checksum takes them. */
export function idHalves(id: string): [number, number] {
  return [
    Number.parseInt(id.slice(0, 8), 16) | 0,
    Number.parseInt(id.slice(9, 13) + id.slice(14, 18), 16) | 0,
  ];
}

/** Live listings counted and their ids folded into two XORs: equal sets give equal sums. */
export type Checksum = { count: number; a: number; b: number };

const newestFirst = (x: IndexedListing, y: IndexedListing) =>
  x.createdUs !== y.createdUs ? y.createdUs - x.createdUs : x.id < y.id ? 1 : x.id > y.id ? -1 : 0;

// Sorts as small numbers, so one comparison method serves them all (monomorphic and fast).
const NEWEST = 0;
const PRICE_ASC = 1;
const PRICE_DESC = 2;
const RATING = 3;
const RELEVANCE = 4;
const sortCode: Record<IndexSort, number> = {
  newest: NEWEST,
  price_asc: PRICE_ASC,
  price_desc: PRICE_DESC,
  rating: RATING,
  relevance: RELEVANCE,
};

/** A query's filters: the declared ones, and the price range (±Infinity: no bound). */
type Filter = {
  conditions: Condition[];
  min: number;
  max: number;
  minText: string;
  maxText: string;
  /** The price bounds as ranks of the base's price order (inclusive). */
  minRank: number;
  maxRank: number;
};

/** Text pg_trgm splits into words exactly as we do: printable ASCII only. */
const plainText = /^[\x20-\x7e]*$/;

/** The words pg_trgm takes trigrams of: runs of letters and digits, lower-cased. */
function trigramWordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The distinct trigrams of a word as pg_trgm pads it: two spaces before, one after. */
function trigramsOf(word: string): string[] {
  const padded = `  ${word} `;
  const trigrams: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) {
    const trigram = padded.slice(i, i + 3);
    if (!trigrams.includes(trigram)) trigrams.push(trigram);
  }
  return trigrams;
}

const f32 = Math.fround;

/** Sorted slot lists of two words: the slots in both. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out.subarray(0, n);
}

type WordRange = { word: string; lo: number; hi: number };

/** Base listings having every word of a search, by relevance (then newest), with their ranks. */
type RelevanceOrder = { order: Int32Array; rank: Float64Array };

/** A plain array of n holes that stays in V8's fast elements (new Array(n) may not). */
function slots<T>(n: number, fill: T): T[] {
  const array: T[] = [];
  for (let i = 0; i < n; i++) array.push(fill);
  return array;
}

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
  private count = 0;
  private alive: Uint8Array;
  private ids: string[];
  private created: Float64Array;
  private price: Float64Array;
  /** The exact numeric text, only where a double does not hold it exactly. */
  private priceText: (string | undefined)[];
  private rating: Float64Array;
  private reviews: Int32Array;
  /** The declared filters' columns and their sets over the base. */
  private readonly filters: IndexFilters;
  /** Scratch space for relevance, by slot. */
  private rank: Float64Array;
  private readonly slotOf = new Map<string, number>();
  private liveCount = 0;
  private sumA = 0;
  private sumB = 0;

  // Base: lexemes in byte order, each slot's lexeme numbers and positions, postings.
  private readonly baseCount: number;
  private readonly lexemes: string[];
  private readonly tokenStart: Int32Array;
  private readonly tokenLexeme: Int32Array;
  private readonly positionStart: Int32Array;
  private readonly positions: Uint16Array;
  private readonly postingStart: Int32Array;
  private readonly postings: Int32Array;
  // Base orders: by (price, id) ascending with each slot's rank in it (equal prices: equal
  // ranks), and by (rating, reviews, id) descending. Slot order itself is newest first.
  private readonly priceOrder: Int32Array;
  private readonly priceRank: Int32Array;
  private readonly ratingOrder: Int32Array;
  // Base bitsets: live slots, and none.
  private readonly aliveBits: Bits;
  private readonly noBits: Bits;
  // Location text (search_text) of the base: its words as pg_trgm splits them, the slots of
  // each word, and the words having each trigram; slots whose text is not plain ASCII.
  private readonly textWordStart: Int32Array;
  private readonly textWordSlots: Int32Array;
  private readonly trigramWords: Map<string, Int32Array>;
  private readonly unusualText: Int32Array;
  private readonly texts: string[];
  // Delta: slots from baseCount on, with their lexemes as parsed.
  private delta: VectorEntry[][] = [];
  private deltaTexts: string[] = [];

  // What queries derive and reuse (the base never changes): slots of a word, bitsets of a
  // filter value or a whole filter, listings of a word combination in relevance order, and
  // how many listings hold a trigram. Bounded in bytes.
  private readonly slotCache = new BoundedCache<string, Int32Array>(8 << 20, (v) => v.byteLength);
  private readonly bitsCache = new BoundedCache<string, Bits>(8 << 20, (v) => v.byteLength);
  private readonly relevanceCache = new BoundedCache<string, RelevanceOrder>(
    8 << 20,
    (v) => v.order.byteLength + v.rank.byteLength,
  );
  private readonly trigramCounts = new BoundedCache<string, number>(10_000);
  /** All zero between queries; a query sets a few bits and clears them. */
  private readonly scratch: Bits;
  private readonly lastToken = new Int32Array(8);

  private constructor(listings: IndexedListing[]) {
    const rows = listings.slice().sort(newestFirst);
    const n = rows.length;
    this.baseCount = n;
    const capacity = n + Math.max(256, n >> 3);
    this.alive = new Uint8Array(capacity);
    this.ids = slots(capacity, '');
    this.created = new Float64Array(capacity);
    this.price = new Float64Array(capacity);
    this.priceText = slots<string | undefined>(capacity, undefined);
    this.rating = new Float64Array(capacity);
    this.reviews = new Int32Array(capacity);
    this.filters = new IndexFilters(capacity);
    this.rank = new Float64Array(capacity);

    // Pass 1: every lexeme gets a provisional number; tokens and positions go to flat lists.
    const provisional = new Map<string, number>();
    const found: string[] = [];
    let tokenLexeme = new Int32Array(n * 16 + 16);
    let positionStart = new Int32Array(n * 16 + 17);
    let positions = new Uint16Array(n * 24 + 16);
    const tokenStart = new Int32Array(n + 1);
    let t = 0;
    let p = 0;
    const onLexeme = (lexeme: string) => {
      let id = provisional.get(lexeme);
      if (id === undefined) {
        id = found.length;
        provisional.set(lexeme, id);
        found.push(lexeme);
      }
      if (t + 1 >= tokenLexeme.length) {
        tokenLexeme = grown(tokenLexeme);
        positionStart = grown(positionStart);
      }
      tokenLexeme[t] = id;
      positionStart[t] = p;
      t++;
    };
    const onPosition = (packed: number) => {
      if (p >= positions.length) positions = grown(positions);
      positions[p++] = packed;
    };
    for (let s = 0; s < n; s++) {
      tokenStart[s] = t;
      const vector = rows[s]!.vector;
      if (typeof vector === 'string') scanTsvector(vector, onLexeme, onPosition);
      else {
        for (const entry of vector) {
          onLexeme(entry.lexeme);
          for (const packed of entry.positions) onPosition(packed);
        }
      }
    }
    tokenStart[n] = t;
    positionStart[t] = p;

    // Pass 2: number lexemes in byte order (UTF-16 order is the same below U+D800).
    const sortedLexemes = found.slice().sort();
    if (found.some((lexeme) => /[\uD800-\uFFFF]/.test(lexeme))) sortedLexemes.sort(compareBytes);
    for (let i = 0; i < sortedLexemes.length; i++) provisional.set(sortedLexemes[i]!, -1 - i);
    const final = new Int32Array(found.length);
    for (let i = 0; i < found.length; i++) final[i] = -1 - provisional.get(found[i]!)!;
    this.lexemes = sortedLexemes;
    this.tokenStart = tokenStart;
    this.tokenLexeme = tokenLexeme.slice(0, t);
    this.positionStart = positionStart.slice(0, t + 1);
    this.positions = positions.slice(0, p);
    const postingStart = new Int32Array(this.lexemes.length + 1);
    for (let s = 0; s < n; s++) {
      const from = tokenStart[s]!;
      const to = tokenStart[s + 1]!;
      let sorted = true;
      for (let k = from; k < to; k++) {
        const id = final[this.tokenLexeme[k]!]!;
        this.tokenLexeme[k] = id;
        if (k > from && id < this.tokenLexeme[k - 1]!) sorted = false;
        postingStart[id + 1]!++;
      }
      if (!sorted) this.sortTokens(from, to);
    }
    for (let i = 0; i < this.lexemes.length; i++) postingStart[i + 1]! += postingStart[i]!;
    this.postingStart = postingStart;
    this.postings = new Int32Array(t);
    const fill = postingStart.slice(0, this.lexemes.length);
    for (let s = 0; s < n; s++) {
      for (let k = tokenStart[s]!; k < tokenStart[s + 1]!; k++) {
        this.postings[fill[this.tokenLexeme[k]!]!++] = s;
      }
    }
    for (const row of rows) this.place(row);

    // Prices in exact order, so comparisons and ranges within the base are integer ones.
    this.priceOrder = new Int32Array(n);
    for (let i = 0; i < n; i++) this.priceOrder[i] = i;
    this.priceOrder.sort(
      (a, b) => this.exactComparePrice(a, b) || (this.ids[a]! < this.ids[b]! ? -1 : 1),
    );
    this.priceRank = new Int32Array(n);
    for (let i = 1; i < n; i++) {
      const a = this.priceOrder[i - 1]!;
      const b = this.priceOrder[i]!;
      this.priceRank[b] = this.priceRank[a]! + (this.exactComparePrice(a, b) === 0 ? 0 : 1);
    }

    this.ratingOrder = new Int32Array(n);
    for (let i = 0; i < n; i++) this.ratingOrder[i] = i;
    this.ratingOrder.sort((a, b) => (this.before(RATING, a, b) ? -1 : 1));

    this.noBits = emptyBits(n);
    this.scratch = emptyBits(n);
    this.aliveBits = emptyBits(n);
    this.aliveBits.fill(0xffffffff);
    if (n & 31) this.aliveBits[this.aliveBits.length - 1] = (2 ** (n & 31) - 1) >>> 0;
    this.filters.buildBase(n);

    // Location words for the trigram check (mightBeSimilar).
    this.texts = [];
    const textWords = new Map<string, number[]>();
    const unusual: number[] = [];
    for (let slot = 0; slot < n; slot++) {
      const text = rows[slot]!.text;
      this.texts.push(text);
      if (!plainText.test(text)) {
        unusual.push(slot);
        continue;
      }
      for (const word of trigramWordsOf(text)) {
        let list = textWords.get(word);
        if (!list) textWords.set(word, (list = []));
        if (list[list.length - 1] !== slot) list.push(slot);
      }
    }
    this.unusualText = Int32Array.from(unusual);
    this.textWordStart = new Int32Array(textWords.size + 1);
    let total = 0;
    for (const list of textWords.values()) total += list.length;
    this.textWordSlots = new Int32Array(total);
    const byTrigram = new Map<string, number[]>();
    let w = 0;
    let at = 0;
    for (const [word, list] of textWords) {
      this.textWordStart[w] = at;
      this.textWordSlots.set(list, at);
      at += list.length;
      for (const trigram of trigramsOf(word)) {
        let words = byTrigram.get(trigram);
        if (!words) byTrigram.set(trigram, (words = []));
        words.push(w);
      }
      w++;
    }
    this.textWordStart[w] = at;
    this.trigramWords = new Map(
      [...byTrigram].map(([trigram, words]) => [trigram, Int32Array.from(words)]),
    );
  }

  /** An index of these live listings. */
  static build(listings: IndexedListing[]): ListingIndex {
    return new ListingIndex(listings);
  }

  /** Live listings in the index. */
  get size(): number {
    return this.liveCount;
  }

  /** Listings changed since the last build. */
  get deltaSize(): number {
    return this.count - this.baseCount;
  }

  /** Whether enough changed since the last build that a new one would pay. */
  get wantsCompaction(): boolean {
    return this.deltaSize > Math.max(1_000, this.baseCount >> 3);
  }

  has(id: string): boolean {
    return this.slotOf.has(id);
  }

  liveIds(): IterableIterator<string> {
    return this.slotOf.keys();
  }

  checksum(): Checksum {
    return { count: this.liveCount, a: this.sumA, b: this.sumB };
  }

  /** Adds a live listing or replaces its indexed fields. */
  upsert(listing: IndexedListing): void {
    this.detach(listing.id);
    const vector =
      typeof listing.vector === 'string' ? parseTsvector(listing.vector) : listing.vector;
    this.delta.push(vector.slice().sort((x, y) => compareBytes(x.lexeme, y.lexeme)));
    this.place(listing);
  }

  /** Forgets a listing (deleted, or no longer live). Returns whether it was indexed. */
  remove(id: string): boolean {
    return this.detach(id);
  }

  /** A fresh build of the same listings: the delta folded into the base. */
  compacted(): ListingIndex {
    return new ListingIndex([...this.listings()]);
  }

  /** Every live listing as it was indexed. */
  *listings(): IterableIterator<IndexedListing> {
    for (const slot of this.slotOf.values()) {
      yield {
        id: this.ids[slot]!,
        createdUs: this.created[slot]!,
        price: this.priceText[slot] ?? String(this.price[slot]),
        rating: this.rating[slot]!,
        reviewCount: this.reviews[slot]!,
        ...(this.filters.read(slot) as Pick<IndexedListing, FilterName>),
        vector: this.vectorOf(slot),
        text: slot < this.baseCount ? this.texts[slot]! : this.deltaTexts[slot - this.baseCount]!,
      };
    }
  }

  /** Bytes held by the typed arrays (strings, maps and caches come on top). */
  arrayBytes(): number {
    const arrays = [
      this.alive,
      this.created,
      this.price,
      this.rating,
      this.reviews,
      ...this.filters.arrays(),
      this.rank,
      this.tokenStart,
      this.tokenLexeme,
      this.positionStart,
      this.positions,
      this.postingStart,
      this.postings,
      this.priceOrder,
      this.priceRank,
      this.ratingOrder,
      this.aliveBits,
      this.textWordStart,
      this.textWordSlots,
      this.unusualText,
      ...this.trigramWords.values(),
    ];
    return arrays.reduce((sum, array) => sum + array.byteLength, 0);
  }

  /** Bytes the caches of derived sets hold now (at most 24 MiB). */
  cacheBytes(): number {
    return this.slotCache.size + this.bitsCache.size + this.relevanceCache.size;
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
    const sort = sortCode[q.sort === 'relevance' && !words ? 'newest' : q.sort];
    const items = words ? rankItems(words) : [];
    const ranges = items.map((word) => this.range(word));
    const filter = this.filterOf(q);
    let total: number;
    let top: number[];
    const candidates = words ? this.candidates(items, ranges) : null;
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
    for (let s = this.baseCount; s < this.count; s++) {
      if (!this.passesDelta(s, filter)) continue;
      const vector = this.delta[s - this.baseCount]!;
      if (words && !items.every((word) => vector.some((entry) => entry.lexeme.startsWith(word))))
        continue;
      if (sort === RELEVANCE) {
        const input = items.map((word) =>
          vector.filter((entry) => entry.lexeme.startsWith(word)).map((entry) => entry.positions),
        );
        this.rank[s] = tsRank(input, words!.length);
      }
      extra.push(s);
    }
    if (extra.length > 0) {
      total += extra.length;
      top = [...top, ...extra].sort((a, b) => this.compare(sort, a, b)).slice(0, depth);
    }
    return { total, ids: top.map((slot) => this.ids[slot]!) };
  }

  /**
   * Whether some live listing passing the query's filters might satisfy the trigram search
   * of search.ts, `location <% search_text` (pg_trgm word similarity at least `threshold`).
   * False proves that search empty, so the database need not run it.
   *
   * pg_trgm's word similarity of q in a text is count / (|T(q)| + |extent| - count) for the
   * best extent of the text, where count is the number of q's trigrams in that extent; so it
   * is at most (q's trigrams anywhere in the text) / |T(q)|. Listings below that bound cannot
   * match. Texts that are not plain ASCII (pg_trgm hashes their trigrams, and its word
   * boundaries depend on the locale) always might.
   */
  mightBeSimilar(location: string, q: IndexQuery, threshold: number): boolean {
    if (!plainText.test(location)) return true;
    const trigrams = new Set<string>();
    for (const word of trigramWordsOf(location)) for (const t of trigramsOf(word)) trigrams.add(t);
    if (trigrams.size === 0 || !(threshold > 0)) return true;
    const needed = threshold * trigrams.size * (1 - 1e-6);
    const filter = this.filterOf(q);

    for (let s = this.baseCount; s < this.count; s++) {
      if (!this.passesDelta(s, filter)) continue;
      const text = this.deltaTexts[s - this.baseCount]!;
      if (!plainText.test(text)) return true;
      const own = new Set<string>();
      for (const word of trigramWordsOf(text)) for (const t of trigramsOf(word)) own.add(t);
      let shared = 0;
      for (const t of trigrams) if (own.has(t)) shared++;
      if (shared >= needed) return true;
    }

    const bits = this.filterBits(filter); // live or not: a bound, and cached
    if (popcount(bits) === 0) return false;
    for (let i = 0; i < this.unusualText.length; i++) {
      const s = this.unusualText[i]!;
      if (this.alive[s] && hasBit(bits, s)) return true;
    }
    // A listing holding `needed` of the T trigrams holds one of any T - needed + 1 of them:
    // look only at listings holding one of the rarest, then count.
    const sets = [...trigrams]
      .map((trigram) => ({ set: this.trigramBits(trigram), size: this.trigramCount(trigram) }))
      .sort((x, y) => x.size - y.size)
      .map(({ set }) => set);
    const candidates = emptyBits(this.baseCount);
    for (let i = 0; i < sets.length - Math.ceil(needed) + 1; i++) orInto(candidates, sets[i]!);
    andInto(candidates, bits);
    andInto(candidates, this.aliveBits);
    for (const s of members(candidates)) {
      let shared = 0;
      for (const set of sets) if (hasBit(set, s)) shared++;
      if (shared >= needed) return true;
    }
    return false;
  }

  /** -1 when slot a comes first in a sort, else 1 (two slots never tie). */
  private compare(sort: number, a: number, b: number): number {
    return this.before(sort, a, b) ? -1 : 1;
  }

  /** Whether slot a comes before slot b in a sort, as the SQL ORDER BY (never a tie). */
  private before(sort: number, a: number, b: number): boolean {
    switch (sort) {
      case RELEVANCE: {
        const x = this.rank[a]!;
        const y = this.rank[b]!;
        if (x !== y) return x > y;
        return this.newer(a, b);
      }
      case PRICE_ASC: {
        if (a < this.baseCount && b < this.baseCount) {
          const c = this.priceRank[a]! - this.priceRank[b]!;
          return c !== 0 ? c < 0 : this.ids[a]! < this.ids[b]!;
        }
        const c = this.exactComparePrice(a, b);
        return c !== 0 ? c < 0 : this.ids[a]! < this.ids[b]!;
      }
      case PRICE_DESC: {
        if (a < this.baseCount && b < this.baseCount) {
          const c = this.priceRank[a]! - this.priceRank[b]!;
          return c !== 0 ? c > 0 : this.ids[a]! > this.ids[b]!;
        }
        const c = this.exactComparePrice(a, b);
        return c !== 0 ? c > 0 : this.ids[a]! > this.ids[b]!;
      }
      case RATING: {
        const x = this.rating[a]!;
        const y = this.rating[b]!;
        if (x !== y) return x > y;
        const u = this.reviews[a]!;
        const v = this.reviews[b]!;
        if (u !== v) return u > v;
        return this.ids[a]! > this.ids[b]!;
      }
      default:
        return this.newer(a, b);
    }
  }

  // -------------------------------------------------------------------------------------

  /** The filters of the query as plain numbers, prices also as ranks of the base. */
  private filterOf(q: IndexQuery): Filter {
    const filter: Filter = {
      conditions: this.filters.conditionsOf(q),
      min: q.minPrice ?? -Infinity,
      max: q.maxPrice ?? Infinity,
      minText: q.minPrice === undefined ? '' : String(q.minPrice),
      maxText: q.maxPrice === undefined ? '' : String(q.maxPrice),
      minRank: 0,
      maxRank: Infinity,
    };
    this.rankBounds(filter);
    return filter;
  }

  /** The price bounds as ranks of the base: the first rank at or above min, the last at or below max. */
  private rankBounds(f: Filter): void {
    const order = this.priceOrder;
    const n = order.length;
    if (f.min !== -Infinity) {
      let lo = 0;
      let hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.priceBelow(order[mid]!, f.min, f.minText)) lo = mid + 1;
        else hi = mid;
      }
      f.minRank = lo < n ? this.priceRank[order[lo]!]! : Infinity;
    }
    if (f.max !== Infinity) {
      let lo = 0;
      let hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.priceAbove(order[mid]!, f.max, f.maxText)) hi = mid;
        else lo = mid + 1;
      }
      f.maxRank = lo > 0 ? this.priceRank[order[lo - 1]!]! : -1;
    }
  }

  /** Whether a slot's exact price is below a bound (its double and its text). */
  private priceBelow(s: number, bound: number, text: string): boolean {
    const value = this.price[s]!;
    if (value !== bound) return value < bound;
    const exact = this.priceText[s];
    return exact !== undefined && compareDecimalText(exact, text) < 0;
  }

  private priceAbove(s: number, bound: number, text: string): boolean {
    const value = this.price[s]!;
    if (value !== bound) return value > bound;
    const exact = this.priceText[s];
    return exact !== undefined && compareDecimalText(exact, text) > 0;
  }

  /**
   * The base slots passing the filters, live or not (AND aliveBits for the live ones): every
   * slot ANDed with each filter's set. Cached per filter; read-only, copy before changing.
   */
  private filterBits(f: Filter): Bits {
    const key = `filter ${IndexFilters.key(f.conditions)} ${f.minRank} ${f.maxRank}`;
    return this.cachedBits(key, () => this.computeFilterBits(f));
  }

  private computeFilterBits(f: Filter): Bits {
    const bits = emptyBits(this.baseCount).fill(0xffffffff);
    if (this.baseCount & 31) bits[bits.length - 1] = (2 ** (this.baseCount & 31) - 1) >>> 0;
    IndexFilters.andBase(
      bits,
      f.conditions,
      this.baseCount,
      (key, make) => this.cachedBits(key, make),
      this.noBits,
    );
    if (f.minRank > 0 || f.maxRank < Infinity) andInto(bits, this.priceBits(f.minRank, f.maxRank));
    return bits;
  }

  private cachedBits(key: string, make: () => Bits): Bits {
    let bits = this.bitsCache.get(key);
    if (!bits) this.bitsCache.set(key, (bits = make()));
    return bits;
  }

  /** Base slots whose price rank is within [minRank, maxRank]. */
  private priceBits(minRank: number, maxRank: number): Bits {
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
    return this.cachedBits(`price${from}:${to}`, () =>
      bitsOf(this.baseCount, order.subarray(from, Math.max(from, to))),
    );
  }

  private wordBits(range: WordRange): Bits {
    return this.cachedBits(`word ${range.word}`, () =>
      bitsOf(this.baseCount, this.wordSlots(range)),
    );
  }

  /** Base slots whose location text holds the trigram (in one of its pg_trgm words). */
  private trigramBits(trigram: string): Bits {
    return this.cachedBits(`trigram ${trigram}`, () => {
      const bits = emptyBits(this.baseCount);
      const words = this.trigramWords.get(trigram);
      if (!words) return bits;
      for (let w = 0; w < words.length; w++) {
        const word = words[w]!;
        for (let k = this.textWordStart[word]!; k < this.textWordStart[word + 1]!; k++) {
          const s = this.textWordSlots[k]!;
          bits[s >>> 5]! |= 1 << (s & 31);
        }
      }
      return bits;
    });
  }

  /** The first `depth` base slots of the set in the order of the sort. */
  private firstOfBase(
    bits: Bits,
    total: number,
    sort: number,
    depth: number,
    items: string[],
    ranges: WordRange[],
  ): number[] {
    const want = Math.min(depth, total);
    if (sort === NEWEST) return members(bits, want);
    const out: number[] = [];
    if (sort === RELEVANCE) {
      const { order, rank } = this.relevanceOrder(items, ranges);
      for (let i = 0; i < order.length && out.length < want; i++) {
        const s = order[i]!;
        if (!hasBit(bits, s)) continue;
        this.rank[s] = rank[i]!;
        out.push(s);
      }
      return out;
    }
    // A handful of matches: sort them. Otherwise walk the precomputed order until the page is
    // full: about depth × listings / matches steps, never more than the listings.
    if (total <= 256) {
      return members(bits)
        .sort((a, b) => this.compare(sort, a, b))
        .slice(0, want);
    }
    const order = sort === RATING ? this.ratingOrder : this.priceOrder;
    if (sort === PRICE_DESC) {
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

  /** Base listings having every word, by ts_rank then newest; computed once per words. */
  private relevanceOrder(items: string[], ranges: WordRange[]): RelevanceOrder {
    const key = items.join(' ');
    const cached = this.relevanceCache.get(key);
    if (cached) return cached;
    const candidates = this.candidates(items, ranges);
    const ranks = new Float64Array(candidates.length);
    for (let i = 0; i < candidates.length; i++) ranks[i] = this.baseRank(candidates[i]!, ranges);
    const positions = new Int32Array(candidates.length);
    for (let i = 0; i < positions.length; i++) positions[i] = i;
    // Candidates are ascending slots, that is newest first: ties keep that order.
    positions.sort((x, y) => (ranks[x] !== ranks[y] ? ranks[y]! - ranks[x]! : x - y));
    const result: RelevanceOrder = {
      order: positions.map((i) => candidates[i]!),
      rank: Float64Array.from(positions, (i) => ranks[i]!),
    };
    this.relevanceCache.set(key, result);
    return result;
  }

  private passesBase(s: number, f: Filter): boolean {
    if (this.alive[s] === 0) return false;
    if (!IndexFilters.passes(s, f.conditions)) return false;
    const rank = this.priceRank[s]!;
    return rank >= f.minRank && rank <= f.maxRank;
  }

  /** Base slots having every word (live or not), ascending. */
  private candidates(items: string[], ranges: WordRange[]): Int32Array {
    if (ranges.length === 1) return this.wordSlots(ranges[0]!);
    const key = `words ${items.join(' ')}`;
    const cached = this.slotCache.get(key);
    if (cached) return cached;
    const lists = ranges.map((range) => this.wordSlots(range)).sort((x, y) => x.length - y.length);
    let result = lists[0]!;
    for (let i = 1; i < lists.length && result.length > 0; i++) {
      result = intersect(result, lists[i]!);
    }
    this.slotCache.set(key, result);
    return result;
  }

  private trigramCount(trigram: string): number {
    let count = this.trigramCounts.get(trigram);
    if (count === undefined)
      this.trigramCounts.set(trigram, (count = popcount(this.trigramBits(trigram))));
    return count;
  }

  private passesDelta(s: number, f: Filter): boolean {
    if (this.alive[s] === 0) return false;
    if (!IndexFilters.passes(s, f.conditions)) return false;
    if (f.min !== -Infinity && this.priceBelow(s, f.min, f.minText)) return false;
    if (f.max !== Infinity && this.priceAbove(s, f.max, f.maxText)) return false;
    return true;
  }

  private newer(a: number, b: number): boolean {
    const x = this.created[a]!;
    const y = this.created[b]!;
    return x !== y ? x > y : this.ids[a]! > this.ids[b]!;
  }

  private exactComparePrice(a: number, b: number): number {
    const x = this.price[a]!;
    const y = this.price[b]!;
    if (x !== y) return x < y ? -1 : 1;
    const tx = this.priceText[a];
    const ty = this.priceText[b];
    if (tx === ty) return 0;
    return compareDecimalText(tx ?? String(x), ty ?? String(y));
  }

  /**
   * ts_rank of a base slot for the query's sorted, distinct words (text-search.ts tsRank,
   * read straight from the typed arrays). With one distinct word, AND ranks like OR.
   */
  private baseRank(slot: number, ranges: WordRange[]): number {
    const { tokenStart, tokenLexeme, positionStart, positions } = this;
    const from = tokenStart[slot]!;
    const to = tokenStart[slot + 1]!;
    if (ranges.length < 2) {
      // calc_rank_or
      let res = 0;
      for (const { lo, hi } of ranges) {
        for (let t = from; t < to; t++) {
          const lexeme = tokenLexeme[t]!;
          if (lexeme < lo) continue;
          if (lexeme >= hi) break;
          const p0 = positionStart[t]!;
          const count = positionStart[t + 1]! - p0;
          let resj = 0;
          let wjm = -1;
          let jm = 0;
          for (let j = 0; j < count; j++) {
            const w = wpos(positions[p0 + j]!);
            resj = f32(resj + f32(w / ((j + 1) * (j + 1))));
            if (w > wjm) {
              wjm = w;
              jm = j;
            }
          }
          res = f32(res + f32(f32(wjm + resj) - f32(wjm / ((jm + 1) * (jm + 1)))) / 1.64493406685);
        }
      }
      if (ranges.length > 0) res = f32(res / ranges.length);
      return res < 0 ? f32(1e-20) : res;
    }
    // calc_rank_and: every pair of positions of two different words, each word's lexemes
    // against the last lexeme of each word before it.
    let res = -1;
    const last =
      this.lastToken.length >= ranges.length ? this.lastToken : new Int32Array(ranges.length);
    last.fill(-1);
    for (let i = 0; i < ranges.length; i++) {
      const { lo, hi } = ranges[i]!;
      for (let t = from; t < to; t++) {
        const lexeme = tokenLexeme[t]!;
        if (lexeme < lo) continue;
        if (lexeme >= hi) break;
        last[i] = t;
        const a0 = positionStart[t]!;
        const a1 = positionStart[t + 1]!;
        for (let k = 0; k < i; k++) {
          const other = last[k]!;
          if (other < 0) continue;
          const b0 = positionStart[other]!;
          const b1 = positionStart[other + 1]!;
          for (let l = a0; l < a1; l++) {
            const pa = positions[l]!;
            for (let m = b0; m < b1; m++) {
              const pb = positions[m]!;
              const dist = Math.abs((pa & 0x3fff) - (pb & 0x3fff));
              if (dist === 0) continue;
              const curw = f32(Math.sqrt(f32(f32(wpos(pa) * wpos(pb)) * wordDistance(dist))));
              res = res < 0 ? curw : f32(1.0 - (1.0 - res) * (1.0 - curw));
            }
          }
        }
      }
    }
    return res < 0 ? f32(1e-20) : res;
  }

  private place(listing: IndexedListing): void {
    if (this.count === this.alive.length) this.grow();
    const s = this.count++;
    this.alive[s] = 1;
    this.ids[s] = listing.id;
    this.created[s] = listing.createdUs;
    this.price[s] = Number(listing.price);
    this.priceText[s] = needsExactText(listing.price) ? listing.price : undefined;
    this.rating[s] = listing.rating;
    this.reviews[s] = listing.reviewCount;
    this.filters.place(s, listing);
    this.slotOf.set(listing.id, s);
    if (s >= this.baseCount) this.deltaTexts.push(listing.text);
    this.liveCount++;
    const [a, b] = idHalves(listing.id);
    this.sumA ^= a;
    this.sumB ^= b;
  }

  private detach(id: string): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    this.alive[slot] = 0;
    if (slot < this.baseCount) clearBit(this.aliveBits, slot);
    this.slotOf.delete(id);
    this.liveCount--;
    const [a, b] = idHalves(id);
    this.sumA ^= a;
    this.sumB ^= b;
    return true;
  }

  private grow(): void {
    const capacity = this.alive.length * 2 + 256;
    const widen = <T extends Uint8Array | Int32Array | Uint32Array | Float64Array>(
      array: T,
      make: (n: number) => T,
    ): T => {
      const next = make(capacity);
      next.set(array as never);
      return next;
    };
    this.alive = widen(this.alive, (n) => new Uint8Array(n));
    this.created = widen(this.created, (n) => new Float64Array(n));
    this.price = widen(this.price, (n) => new Float64Array(n));
    this.rating = widen(this.rating, (n) => new Float64Array(n));
    this.reviews = widen(this.reviews, (n) => new Int32Array(n));
    this.filters.grow(capacity);
    this.rank = new Float64Array(capacity);
    while (this.ids.length < capacity) {
      this.ids.push('');
      this.priceText.push(undefined);
    }
  }

  /** Sorts a base slot's tokens by lexeme number (their positions move with them). */
  private sortTokens(from: number, to: number): void {
    const entries = [];
    for (let k = from; k < to; k++) {
      entries.push({
        lexeme: this.tokenLexeme[k]!,
        positions: this.positions.slice(this.positionStart[k]!, this.positionStart[k + 1]!),
      });
    }
    entries.sort((x, y) => x.lexeme - y.lexeme);
    let p = this.positionStart[from]!;
    entries.forEach((entry, i) => {
      this.tokenLexeme[from + i] = entry.lexeme;
      this.positionStart[from + i] = p;
      this.positions.set(entry.positions, p);
      p += entry.positions.length;
    });
  }

  private vectorOf(slot: number): VectorEntry[] {
    if (slot >= this.baseCount) return this.delta[slot - this.baseCount]!;
    const entries: VectorEntry[] = [];
    for (let t = this.tokenStart[slot]!; t < this.tokenStart[slot + 1]!; t++) {
      entries.push({
        lexeme: this.lexemes[this.tokenLexeme[t]!]!,
        positions: [...this.positions.subarray(this.positionStart[t]!, this.positionStart[t + 1]!)],
      });
    }
    return entries;
  }

  /** The lexeme numbers [lo, hi) that start with the word. */
  private range(word: string): WordRange {
    const { lexemes } = this;
    let lo = 0;
    let hi = lexemes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareBytes(lexemes[mid]!, word) < 0) lo = mid + 1;
      else hi = mid;
    }
    const first = lo;
    hi = lexemes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (lexemes[mid]!.startsWith(word)) lo = mid + 1;
      else hi = mid;
    }
    return { word, lo: first, hi: lo };
  }

  /** Base slots having a lexeme in the range, ascending. */
  private wordSlots(range: WordRange): Int32Array {
    const cached = this.slotCache.get(range.word);
    if (cached) return cached;
    const { postingStart, postings } = this;
    const from = postingStart[range.lo]!;
    const to = postingStart[range.hi]!;
    let result: Int32Array;
    if (range.hi - range.lo <= 1) {
      result = postings.subarray(from, to);
    } else if (to - from < this.baseCount >> 3) {
      const sorted = postings.slice(from, to).sort();
      let n = 0;
      for (let i = 0; i < sorted.length; i++) {
        if (n === 0 || sorted[i] !== sorted[n - 1]) sorted[n++] = sorted[i]!;
      }
      result = sorted.subarray(0, n);
    } else {
      const marks = new Uint8Array(this.baseCount);
      for (let i = from; i < to; i++) marks[postings[i]!] = 1;
      let n = 0;
      for (let s = 0; s < marks.length; s++) n += marks[s]!;
      result = new Int32Array(n);
      n = 0;
      for (let s = 0; s < marks.length; s++) if (marks[s]) result[n++] = s;
    }
    this.slotCache.set(range.word, result);
    return result;
  }
}

function grown<T extends Int32Array | Uint16Array>(array: T): T {
  const next = new (array.constructor as new (n: number) => T)(array.length * 2);
  next.set(array as never);
  return next;
}
