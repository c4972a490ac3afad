import { bitsOf, emptyBits, hasBit, members, orInto, popcount, type Bits } from './bitset';
import { BoundedCache } from './bounded-cache';
import { SLICE, type Work } from './index-build';
import type { CachedBits } from './index-filters';

/**
 * Typo matching for the listing index: the location text (search_text) of every base listing
 * split into words as pg_trgm splits them, the slots of each word, and the words holding each
 * trigram. It answers SQL's trigram search (`location <% search_text`, ranked by
 * word_similarity) for plain ASCII texts exactly as pg_trgm would: the listings holding
 * enough of the query's trigrams are found from the trigram sets, then each one's word
 * similarity is computed as trgm_op.c computes it.
 */

/** Listings whose similarity one typo search computes at most; beyond, SQL answers it. */
const MAX_COMPUTED = 20_000;

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

/** The distinct trigrams of a text, all its words together. */
function trigramSet(text: string): Set<string> {
  const trigrams = new Set<string>();
  for (const word of trigramWordsOf(text)) for (const t of trigramsOf(word)) trigrams.add(t);
  return trigrams;
}

/**
 * What a query's location asks of a listing's text: its distinct trigrams (numbered 0 to
 * size - 1), how many a text must hold to possibly match, and the threshold.
 */
export type TrigramQuery = {
  trigrams: Map<string, number>;
  needed: number;
  threshold: number;
  /** The location as pg_trgm reads it, for cache keys. */
  key: string;
};

const f32 = Math.fround;

/** pg_trgm's CALCSML: count / (len1 + len2 - count), in float4. */
const calcsml = (count: number, len1: number, len2: number) => f32(count / (len1 + len2 - count));

/**
 * pg_trgm's word_similarity(query, text) for a plain ASCII text, exactly as trgm_op.c
 * computes it (calc_word_similarity, iterate_word_similarity): the best similarity of the
 * query with an extent of the text's trigrams, in float4.
 */
export function wordSimilarity(query: TrigramQuery, text: string): number {
  const ulen1 = query.trigrams.size;
  // The text's trigrams in order, each numbered: the query's numbers, then new ones.
  const others = new Map<string, number>();
  const indexes: number[] = [];
  for (const word of trigramWordsOf(text)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) {
      const trigram = padded.slice(i, i + 3);
      let id = query.trigrams.get(trigram);
      if (id === undefined) {
        id = others.get(trigram);
        if (id === undefined) others.set(trigram, (id = ulen1 + others.size));
      }
      indexes.push(id);
    }
  }
  const found = (id: number) => id < ulen1;
  const lastpos = new Int32Array(ulen1 + others.size).fill(-1);
  let ulen2 = 0;
  let count = 0;
  let lower = -1;
  let max = 0;
  for (let i = 0; i < indexes.length; i++) {
    const id = indexes[i]!;
    if (lower >= 0 || found(id)) {
      if (lastpos[id]! < 0) {
        ulen2++;
        if (found(id)) count++;
      }
      lastpos[id] = i;
    }
    if (!found(id)) continue;
    // This trigram is the extent's upper bound.
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = calcsml(count, ulen1, ulen2);
    // Also try to move the lower bound for a greater similarity.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= i; tmpLower++) {
      const tmp = calcsml(tmpCount, ulen1, tmpUlen2);
      if (tmp > current) {
        current = tmp;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tmpId = indexes[tmpLower]!;
      if (lastpos[tmpId] === tmpLower) {
        tmpUlen2--;
        if (found(tmpId)) tmpCount--;
      }
    }
    if (current > max) max = current;
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const tmpId = indexes[tmpLower]!;
      if (lastpos[tmpId] === tmpLower) lastpos[tmpId] = -1;
    }
  }
  return max;
}

/**
 * The trigram condition of `location <% search_text` (pg_trgm word similarity at least
 * `threshold`), or null when nothing can be proved: text that is not plain ASCII (pg_trgm
 * hashes its trigrams, and its word boundaries depend on the locale), no trigram, or no
 * threshold.
 *
 * pg_trgm's word similarity of q in a text is count / (|T(q)| + |extent| - count) for the
 * best extent of the text, where count is the number of q's trigrams in that extent; so it
 * is at most (q's trigrams anywhere in the text) / |T(q)|. Listings below that bound cannot
 * match.
 */
export function trigramQuery(location: string, threshold: number): TrigramQuery | null {
  if (!plainText.test(location)) return null;
  const set = trigramSet(location);
  if (set.size === 0 || !(threshold > 0)) return null;
  return {
    trigrams: new Map([...set].map((trigram, i) => [trigram, i])),
    needed: threshold * set.size * (1 - 1e-6),
    threshold,
    key: `${threshold} ${trigramWordsOf(location).join(' ')}`,
  };
}

/** Whether a text is plain ASCII, which wordSimilarity reads exactly as pg_trgm. */
export const isPlainText = (text: string) => plainText.test(text);

/** Base slots similar to a query: as a set, and by similarity with each one's similarity. */
export type SimilarSlots = { bits: Bits; order: Int32Array; rank: Float64Array };

export class TypoIndex {
  readonly texts: string[];
  private readonly textWordStart: Int32Array;
  private readonly textWordSlots: Int32Array;
  private readonly trigramWords: Map<string, Int32Array>;
  /** Base slots whose text is not plain ASCII: they always might match. */
  private readonly unusualText: Int32Array;
  private readonly trigramCounts = new BoundedCache<string, number>(10_000);
  // Every text as numbers, for word similarity without string work: each distinct trigram
  // of the base numbered, each word's trigrams in order, each slot's words in order.
  private readonly trigramIds: Map<string, number>;
  private readonly wordTrigramStart: Int32Array;
  private readonly wordTrigrams: Int32Array;
  private readonly slotWordStart: Int32Array;
  private readonly slotWords: Int32Array;
  // Scratch of slotSimilarity: a trigram's last position, valid when its stamp is current.
  private readonly lastpos: Int32Array;
  private readonly stamps: Int32Array;
  private stamp = 0;
  private sequence = new Int32Array(256);
  private readonly similarCache = new BoundedCache<string, SimilarSlots>(
    8 << 20,
    (v) => v.bits.byteLength + v.order.byteLength + v.rank.byteLength,
  );

  constructor(parts: {
    texts: string[];
    textWordStart: Int32Array;
    textWordSlots: Int32Array;
    trigramWords: Map<string, Int32Array>;
    unusualText: Int32Array;
    trigramIds: Map<string, number>;
    wordTrigramStart: Int32Array;
    wordTrigrams: Int32Array;
    slotWordStart: Int32Array;
    slotWords: Int32Array;
  }) {
    this.texts = parts.texts;
    this.textWordStart = parts.textWordStart;
    this.textWordSlots = parts.textWordSlots;
    this.trigramWords = parts.trigramWords;
    this.unusualText = parts.unusualText;
    this.trigramIds = parts.trigramIds;
    this.wordTrigramStart = parts.wordTrigramStart;
    this.wordTrigrams = parts.wordTrigrams;
    this.slotWordStart = parts.slotWordStart;
    this.slotWords = parts.slotWords;
    this.lastpos = new Int32Array(this.trigramIds.size);
    this.stamps = new Int32Array(this.trigramIds.size);
  }

  /** Whether a live base slot among `passing` has a text that is not plain ASCII. */
  hasUnusual(passing: Bits, alive: Bits): boolean {
    for (let i = 0; i < this.unusualText.length; i++) {
      const s = this.unusualText[i]!;
      if (hasBit(alive, s) && hasBit(passing, s)) return true;
    }
    return false;
  }

  /**
   * The base slots (live or not) whose plain text is similar enough to the query, as a set
   * and in the order of their similarity (then slot order: newest first), with it. Computed
   * once per query: only for the listings holding enough of its trigrams, so the cost grows
   * with the listings that share trigrams with the query, not with the catalogue.
   */
  similar(query: TrigramQuery, cached: CachedBits): SimilarSlots | null {
    const hit = this.similarCache.get(query.key);
    if (hit) return hit;
    // A listing holding `needed` of the T trigrams holds one of any T - needed + 1 of them:
    // look only at listings holding one of the rarest, then count, then compute.
    const sets = [...query.trigrams.keys()]
      .map((trigram) => ({
        set: this.trigramBits(trigram, cached),
        size: this.trigramCount(trigram, cached),
      }))
      .sort((x, y) => x.size - y.size)
      .map(({ set }) => set);
    const candidates = emptyBits(this.texts.length);
    for (let i = 0; i < sets.length - Math.ceil(query.needed) + 1; i++) {
      orInto(candidates, sets[i]!);
    }
    const found = this.foundOf(query);
    const slots: number[] = [];
    const ranks: number[] = [];
    let computed = 0;
    for (const s of members(candidates)) {
      let shared = 0;
      for (const set of sets) if (hasBit(set, s)) shared++;
      if (shared < query.needed) continue;
      // Too many to compute within one request: SQL answers (off the event loop).
      if (++computed > MAX_COMPUTED) return null;
      const rank = this.slotSimilarity(s, found, query.trigrams.size);
      if (rank >= query.threshold) {
        slots.push(s);
        ranks.push(rank);
      }
    }
    const positions = slots.map((_, i) => i);
    // Candidates are ascending slots, that is newest first: ties keep that order.
    positions.sort((x, y) => (ranks[x] !== ranks[y] ? ranks[y]! - ranks[x]! : x - y));
    const result: SimilarSlots = {
      bits: bitsOf(this.texts.length, slots),
      order: Int32Array.from(positions, (i) => slots[i]!),
      rank: Float64Array.from(positions, (i) => ranks[i]!),
    };
    this.similarCache.set(query.key, result);
    return result;
  }

  /** The query's trigrams among the base's: 1 where a trigram number is one of them. */
  private foundOf(query: TrigramQuery): Uint8Array {
    const found = new Uint8Array(this.trigramIds.size);
    for (const trigram of query.trigrams.keys()) {
      const id = this.trigramIds.get(trigram);
      if (id !== undefined) found[id] = 1;
    }
    return found;
  }

  /** wordSimilarity of the query in a base slot's text, from the numbers: the same float4. */
  similarityOf(slot: number, query: TrigramQuery): number {
    return this.slotSimilarity(slot, this.foundOf(query), query.trigrams.size);
  }

  /** iterate_word_similarity of trgm_op.c over a slot's trigram numbers (see wordSimilarity). */
  private slotSimilarity(slot: number, found: Uint8Array, ulen1: number): number {
    let n = 0;
    for (let k = this.slotWordStart[slot]!; k < this.slotWordStart[slot + 1]!; k++) {
      const word = this.slotWords[k]!;
      const from = this.wordTrigramStart[word]!;
      const to = this.wordTrigramStart[word + 1]!;
      if (n + to - from > this.sequence.length)
        this.sequence = grownTo(this.sequence, n + to - from);
      for (let j = from; j < to; j++) this.sequence[n++] = this.wordTrigrams[j]!;
    }
    const indexes = this.sequence;
    const { lastpos, stamps } = this;
    const stamp = ++this.stamp;
    const last = (id: number) => (stamps[id] === stamp ? lastpos[id]! : -1);
    const setLast = (id: number, at: number) => {
      stamps[id] = stamp;
      lastpos[id] = at;
    };
    let ulen2 = 0;
    let count = 0;
    let lower = -1;
    let max = 0;
    for (let i = 0; i < n; i++) {
      const id = indexes[i]!;
      const isFound = found[id] === 1;
      if (lower >= 0 || isFound) {
        if (last(id) < 0) {
          ulen2++;
          if (isFound) count++;
        }
        setLast(id, i);
      }
      if (!isFound) continue;
      if (lower === -1) {
        lower = i;
        ulen2 = 1;
      }
      let current = calcsml(count, ulen1, ulen2);
      let tmpCount = count;
      let tmpUlen2 = ulen2;
      const prevLower = lower;
      for (let tmpLower = lower; tmpLower <= i; tmpLower++) {
        const tmp = calcsml(tmpCount, ulen1, tmpUlen2);
        if (tmp > current) {
          current = tmp;
          ulen2 = tmpUlen2;
          lower = tmpLower;
          count = tmpCount;
        }
        const tmpId = indexes[tmpLower]!;
        if (last(tmpId) === tmpLower) {
          tmpUlen2--;
          if (found[tmpId] === 1) tmpCount--;
        }
      }
      if (current > max) max = current;
      for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
        const tmpId = indexes[tmpLower]!;
        if (last(tmpId) === tmpLower) setLast(tmpId, -1);
      }
    }
    return max;
  }

  arrays(): ArrayBufferView[] {
    return [
      this.wordTrigramStart,
      this.wordTrigrams,
      this.slotWordStart,
      this.slotWords,
      this.lastpos,
      this.stamps,
      this.textWordStart,
      this.textWordSlots,
      this.unusualText,
      ...this.trigramWords.values(),
    ];
  }

  /** Base slots whose location text holds the trigram (in one of its pg_trgm words). */
  private trigramBits(trigram: string, cached: CachedBits): Bits {
    return cached(`trigram ${trigram}`, () => {
      const bits = emptyBits(this.texts.length);
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

  private trigramCount(trigram: string, cached: CachedBits): number {
    let count = this.trigramCounts.get(trigram);
    if (count === undefined) {
      this.trigramCounts.set(trigram, (count = popcount(this.trigramBits(trigram, cached))));
    }
    return count;
  }
}

/** The typo index built a listing at a time, in slot order, then finished in slices. */
export class TypoIndexBuilder {
  private readonly texts: string[] = [];
  private readonly textWords = new Map<string, number[]>();
  /** Each distinct word's number (its order in textWords). */
  private readonly wordIds = new Map<string, number>();
  private readonly unusual: number[] = [];
  private slotWords = new Int32Array(1 << 16);
  private slotWordStart = new Int32Array(1 << 12);
  private words = 0;

  /** The next slot's location text. */
  add(text: string): void {
    const slot = this.texts.length;
    this.texts.push(text);
    if (slot + 1 >= this.slotWordStart.length)
      this.slotWordStart = grownTo(this.slotWordStart, slot + 2);
    this.slotWordStart[slot] = this.words;
    if (!plainText.test(text)) {
      this.unusual.push(slot);
      return;
    }
    for (const word of trigramWordsOf(text)) {
      let list = this.textWords.get(word);
      if (!list) {
        this.textWords.set(word, (list = []));
        this.wordIds.set(word, this.wordIds.size);
      }
      if (list[list.length - 1] !== slot) list.push(slot);
      if (this.words >= this.slotWords.length)
        this.slotWords = grownTo(this.slotWords, this.words + 1);
      this.slotWords[this.words++] = this.wordIds.get(word)!;
    }
  }

  *finish(): Work<TypoIndex> {
    const { textWords } = this;
    const textWordStart = new Int32Array(textWords.size + 1);
    let total = 0;
    for (const list of textWords.values()) total += list.length;
    const textWordSlots = new Int32Array(total);
    const byTrigram = new Map<string, number[]>();
    const trigramIds = new Map<string, number>();
    const wordTrigramStart = new Int32Array(textWords.size + 1);
    let wordTrigrams = new Int32Array(textWords.size * 8 + 16);
    let t = 0;
    let w = 0;
    let at = 0;
    for (const [word, list] of textWords) {
      textWordStart[w] = at;
      textWordSlots.set(list, at);
      at += list.length;
      for (const trigram of trigramsOf(word)) {
        let words = byTrigram.get(trigram);
        if (!words) byTrigram.set(trigram, (words = []));
        words.push(w);
      }
      // The word's trigrams in order, repeats included, as pg_trgm makes them.
      wordTrigramStart[w] = t;
      const padded = `  ${word} `;
      if (t + padded.length > wordTrigrams.length)
        wordTrigrams = grownTo(wordTrigrams, t + padded.length);
      for (let i = 0; i + 3 <= padded.length; i++) {
        const trigram = padded.slice(i, i + 3);
        let id = trigramIds.get(trigram);
        if (id === undefined) trigramIds.set(trigram, (id = trigramIds.size));
        wordTrigrams[t++] = id;
      }
      w++;
      if ((w & (SLICE - 1)) === 0) yield;
    }
    textWordStart[w] = at;
    wordTrigramStart[w] = t;
    textWords.clear();
    this.wordIds.clear();
    const slots = this.texts.length;
    this.slotWordStart[slots] = this.words;
    yield;
    const trigramWords = new Map<string, Int32Array>();
    for (const [trigram, words] of byTrigram) trigramWords.set(trigram, Int32Array.from(words));
    return new TypoIndex({
      texts: this.texts,
      textWordStart,
      textWordSlots,
      trigramWords,
      unusualText: Int32Array.from(this.unusual),
      trigramIds,
      wordTrigramStart,
      wordTrigrams: wordTrigrams.slice(0, t),
      slotWordStart: this.slotWordStart.slice(0, slots + 1),
      slotWords: this.slotWords.slice(0, this.words),
    });
  }
}

/** A copy of the array, at least `size` long (doubling). */
function grownTo(array: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(Math.max(size, array.length * 2));
  next.set(array);
  return next;
}
