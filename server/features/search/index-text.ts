import { BoundedCache } from '../../lib/bounded-cache';
import { byRankThenSlot, SLICE, type Work } from './index-build';
import { compareBytes, scanTsvector, wordDistance, wpos, type VectorEntry } from './text-search';

/**
 * Text postings of the listing index's base: the lexemes of every listing's search_vector,
 * numbered in byte order, each with the slots that hold it (a posting list), so a word
 * prefix is a range of lexeme numbers and its listings a union of postings; and each slot's
 * lexemes with their positions, for ts_rank.
 */

export type WordRange = { word: string; lo: number; hi: number };

/** Base listings having every word of a search, by relevance (then newest), with their ranks. */
export type RelevanceOrder = { order: Int32Array; rank: Float32Array };

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

export class TextPostings {
  private readonly lexemes: string[];
  private readonly tokenStart: Int32Array;
  private readonly tokenLexeme: Int32Array;
  private readonly positionStart: Int32Array;
  private readonly positions: Uint16Array;
  private readonly postingStart: Int32Array;
  private readonly postings: Int32Array;
  // What queries derive and reuse (the base never changes): slots of a word or of a word
  // combination, and listings of a word combination in relevance order. Bounded in bytes.
  private readonly slotCache = new BoundedCache<string, Int32Array>(8 << 20, (v) => v.byteLength);
  // The orders of the word combinations searched most: a big city's is a few hundred
  // kilobytes at a million listings, and computing one costs tens of milliseconds.
  private readonly relevanceCache = new BoundedCache<string, RelevanceOrder>(
    64 << 20,
    (v) => v.order.byteLength + v.rank.byteLength,
  );
  private readonly lastToken = new Int32Array(8);
  /** Slots in the base. */
  private readonly count: number;

  constructor(parts: {
    count: number;
    lexemes: string[];
    tokenStart: Int32Array;
    tokenLexeme: Int32Array;
    positionStart: Int32Array;
    positions: Uint16Array;
    postingStart: Int32Array;
    postings: Int32Array;
  }) {
    this.count = parts.count;
    this.lexemes = parts.lexemes;
    this.tokenStart = parts.tokenStart;
    this.tokenLexeme = parts.tokenLexeme;
    this.positionStart = parts.positionStart;
    this.positions = parts.positions;
    this.postingStart = parts.postingStart;
    this.postings = parts.postings;
  }

  arrays(): ArrayBufferView[] {
    return [
      this.tokenStart,
      this.tokenLexeme,
      this.positionStart,
      this.positions,
      this.postingStart,
      this.postings,
    ];
  }

  cacheBytes(): number {
    return this.slotCache.size + this.relevanceCache.size;
  }

  /** The lexeme numbers [lo, hi) that start with the word. */
  range(word: string): WordRange {
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
  wordSlots(range: WordRange): Int32Array {
    const cached = this.slotCache.get(range.word);
    if (cached) return cached;
    const { postingStart, postings } = this;
    const from = postingStart[range.lo]!;
    const to = postingStart[range.hi]!;
    let result: Int32Array;
    if (range.hi - range.lo <= 1) {
      result = postings.subarray(from, to);
    } else if (to - from < this.count >> 3) {
      const sorted = postings.slice(from, to).sort();
      let n = 0;
      for (let i = 0; i < sorted.length; i++) {
        if (n === 0 || sorted[i] !== sorted[n - 1]) sorted[n++] = sorted[i]!;
      }
      result = sorted.subarray(0, n);
    } else {
      const marks = new Uint8Array(this.count);
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

  /** Base listings having every word, by ts_rank then newest; computed once per words. */
  relevanceOrder(items: string[], ranges: WordRange[]): RelevanceOrder {
    const key = items.join(' ');
    const cached = this.relevanceCache.get(key);
    if (cached) return cached;
    const candidates = this.candidates(items, ranges);
    // ts_rank is a float4: kept as one, half the cache a double would take.
    const ranks = new Float32Array(candidates.length);
    for (let i = 0; i < candidates.length; i++) ranks[i] = this.rankOf(candidates[i]!, ranges);
    // Candidates are ascending slots, that is newest first: ties keep that order.
    const positions = byRankThenSlot(ranks);
    const result: RelevanceOrder = {
      order: positions.map((i) => candidates[i]!),
      rank: Float32Array.from(positions, (i) => ranks[i]!),
    };
    this.relevanceCache.set(key, result);
    return result;
  }

  /** Base slots having every word (live or not), ascending. */
  candidates(items: string[], ranges: WordRange[]): Int32Array {
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

  /**
   * ts_rank of a base slot for the query's sorted, distinct words (text-search.ts tsRank,
   * read straight from the typed arrays). With one distinct word, AND ranks like OR.
   */
  rankOf(slot: number, ranges: WordRange[]): number {
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

  /** A base slot's lexemes and positions, as parsed from its tsvector. */
  vectorOf(slot: number): VectorEntry[] {
    const entries: VectorEntry[] = [];
    for (let t = this.tokenStart[slot]!; t < this.tokenStart[slot + 1]!; t++) {
      entries.push({
        lexeme: this.lexemes[this.tokenLexeme[t]!]!,
        positions: [...this.positions.subarray(this.positionStart[t]!, this.positionStart[t + 1]!)],
      });
    }
    return entries;
  }
}

/**
 * Postings built a listing at a time, in slot order (pass 1: every lexeme gets a provisional
 * number as it is met; tokens and positions go to flat lists), then finished in slices
 * (pass 2: lexemes numbered in byte order, each slot's tokens sorted, posting lists).
 */
export class TextPostingsBuilder {
  private readonly provisional = new Map<string, number>();
  private readonly found: string[] = [];
  private tokenLexeme = new Int32Array(1 << 16);
  private positionStart = new Int32Array(1 << 16);
  private positions = new Uint16Array(1 << 16);
  private tokenStart = new Int32Array(1 << 12);
  private count = 0;
  private t = 0;
  private p = 0;

  private readonly onLexeme = (lexeme: string) => {
    let id = this.provisional.get(lexeme);
    if (id === undefined) {
      id = this.found.length;
      this.provisional.set(lexeme, id);
      this.found.push(lexeme);
    }
    if (this.t + 1 >= this.tokenLexeme.length) {
      this.tokenLexeme = grown(this.tokenLexeme);
      this.positionStart = grown(this.positionStart);
    }
    this.tokenLexeme[this.t] = id;
    this.positionStart[this.t] = this.p;
    this.t++;
  };

  private readonly onPosition = (packed: number) => {
    if (this.p >= this.positions.length) this.positions = grown(this.positions);
    this.positions[this.p++] = packed;
  };

  /** The next slot's search_vector (its text output, or parsed). */
  add(vector: string | VectorEntry[]): void {
    if (this.count + 1 >= this.tokenStart.length) this.tokenStart = grown(this.tokenStart);
    this.tokenStart[this.count++] = this.t;
    if (typeof vector === 'string') scanTsvector(vector, this.onLexeme, this.onPosition);
    else {
      for (const entry of vector) {
        this.onLexeme(entry.lexeme);
        for (const packed of entry.positions) this.onPosition(packed);
      }
    }
  }

  *finish(): Work<TextPostings> {
    const { found, provisional, count: n, t, p } = this;
    const tokenStart = this.tokenStart.slice(0, n + 1);
    tokenStart[n] = t;
    this.positionStart[t] = p;
    // Number lexemes in byte order (UTF-16 order is the same below U+D800).
    const lexemes = found.slice().sort();
    if (found.some((lexeme) => /[\uD800-\uFFFF]/.test(lexeme))) lexemes.sort(compareBytes);
    yield;
    for (let i = 0; i < lexemes.length; i++) provisional.set(lexemes[i]!, -1 - i);
    const final = new Int32Array(found.length);
    for (let i = 0; i < found.length; i++) final[i] = -1 - provisional.get(found[i]!)!;
    provisional.clear();
    yield;
    const tokenLexeme = this.tokenLexeme.slice(0, t);
    const positionStart = this.positionStart.slice(0, t + 1);
    const positions = this.positions.slice(0, p);
    const postingStart = new Int32Array(lexemes.length + 1);
    for (let s = 0; s < n; s++) {
      const from = tokenStart[s]!;
      const to = tokenStart[s + 1]!;
      let sorted = true;
      for (let k = from; k < to; k++) {
        const id = final[tokenLexeme[k]!]!;
        tokenLexeme[k] = id;
        if (k > from && id < tokenLexeme[k - 1]!) sorted = false;
        postingStart[id + 1]!++;
      }
      if (!sorted) sortTokens(tokenLexeme, positionStart, positions, from, to);
      if ((s & (SLICE - 1)) === 0) yield;
    }
    for (let i = 0; i < lexemes.length; i++) postingStart[i + 1]! += postingStart[i]!;
    const postings = new Int32Array(t);
    const fill = postingStart.slice(0, lexemes.length);
    for (let s = 0; s < n; s++) {
      for (let k = tokenStart[s]!; k < tokenStart[s + 1]!; k++) {
        postings[fill[tokenLexeme[k]!]!++] = s;
      }
      if ((s & (SLICE - 1)) === 0) yield;
    }
    return new TextPostings({
      count: n,
      lexemes,
      tokenStart,
      tokenLexeme,
      positionStart,
      positions,
      postingStart,
      postings,
    });
  }
}

/** Sorts a slot's tokens by lexeme number (their positions move with them). */
function sortTokens(
  tokenLexeme: Int32Array,
  positionStart: Int32Array,
  positions: Uint16Array,
  from: number,
  to: number,
): void {
  const entries = [];
  for (let k = from; k < to; k++) {
    entries.push({
      lexeme: tokenLexeme[k]!,
      positions: positions.slice(positionStart[k]!, positionStart[k + 1]!),
    });
  }
  entries.sort((x, y) => x.lexeme - y.lexeme);
  let p = positionStart[from]!;
  entries.forEach((entry, i) => {
    tokenLexeme[from + i] = entry.lexeme;
    positionStart[from + i] = p;
    positions.set(entry.positions, p);
    p += entry.positions.length;
  });
}

function grown<T extends Int32Array | Uint16Array>(array: T): T {
  const next = new (array.constructor as new (n: number) => T)(array.length * 2);
  next.set(array as never);
  return next;
}
