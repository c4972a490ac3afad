import { bitsOf, emptyBits, hasBit, members, orInto, popcount, type Bits } from './bitset';
import { BoundedCache } from './bounded-cache';
import { byRankThenSlot, SLICE, type Work } from './index-build';
import { SpanSimilarity } from './typo-spans';
import type { CachedBits } from './index-filters';
import { plainText, SimilarityScratch, trigramsOf, type TrigramQuery } from './trigram-similarity';

export { isPlainText, trigramQuery, wordSimilarity, type TrigramQuery } from './trigram-similarity';

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
  private readonly scratch: SimilarityScratch;
  private readonly spans: SpanSimilarity;
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
    this.scratch = new SimilarityScratch(this.trigramIds.size);
    this.spans = new SpanSimilarity(
      {
        wordTrigramStart: parts.wordTrigramStart,
        wordTrigrams: parts.wordTrigrams,
        slotWordStart: parts.slotWordStart,
        slotWords: parts.slotWords,
      },
      this.scratch,
    );
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
    const spans = this.spansFor(query);
    const slots: number[] = [];
    const ranks: number[] = [];
    try {
      for (const s of members(candidates)) {
        let shared = 0;
        for (const set of sets) if (hasBit(set, s)) shared++;
        if (shared < query.needed) continue;
        const rank = spans.of(s);
        // Too many to compute within one request: SQL answers (off the event loop).
        if (spans.computed > MAX_COMPUTED) return null;
        if (rank >= query.threshold) {
          slots.push(s);
          ranks.push(rank);
        }
      }
    } finally {
      spans.release();
    }
    // Candidates are ascending slots, that is newest first: ties keep that order.
    // Similarities are float4, exact in a Float32Array.
    const positions = Array.from(byRankThenSlot(Float32Array.from(ranks)));
    const result: SimilarSlots = {
      bits: bitsOf(this.texts.length, slots),
      order: Int32Array.from(positions, (i) => slots[i]!),
      rank: Float64Array.from(positions, (i) => ranks[i]!),
    };
    this.similarCache.set(query.key, result);
    return result;
  }

  /** The span similarity set up for a query (release it after). */
  private spansFor(query: TrigramQuery): SpanSimilarity {
    const { spans } = this;
    spans.begin(this.foundOf(query), query.trigrams.size);
    for (const trigram of query.trigrams.keys()) {
      const words = this.trigramWords.get(trigram);
      if (words) spans.markWords(words);
    }
    return spans;
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
    const spans = this.spansFor(query);
    try {
      return spans.of(slot);
    } finally {
      spans.release();
    }
  }

  arrays(): ArrayBufferView[] {
    return [
      this.wordTrigramStart,
      this.wordTrigrams,
      this.slotWordStart,
      this.slotWords,
      ...this.scratch.arrays(),
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
  /** Each distinct word's number, and by number the word and the slots holding it. */
  private readonly wordIds = new Map<string, number>();
  private readonly wordList: string[] = [];
  private readonly wordSlots: number[][] = [];
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
    // The words of trigramWordsOf, read in one pass: runs of ASCII letters and digits.
    let start = -1;
    let upper = false;
    for (let i = 0; i <= text.length; i++) {
      const c = i < text.length ? text.charCodeAt(i) : 32;
      const lower = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
      const capital = c >= 65 && c <= 90;
      if (lower || capital) {
        if (start < 0) start = i;
        if (capital) upper = true;
      } else if (start >= 0) {
        const word = upper ? text.slice(start, i).toLowerCase() : text.slice(start, i);
        this.addWord(slot, word);
        start = -1;
        upper = false;
      }
    }
  }

  private addWord(slot: number, word: string): void {
    let id = this.wordIds.get(word);
    if (id === undefined) {
      id = this.wordList.length;
      this.wordIds.set(word, id);
      this.wordList.push(word);
      this.wordSlots.push([]);
    }
    const list = this.wordSlots[id]!;
    if (list[list.length - 1] !== slot) list.push(slot);
    if (this.words >= this.slotWords.length)
      this.slotWords = grownTo(this.slotWords, this.words + 1);
    this.slotWords[this.words++] = id;
  }

  *finish(): Work<TypoIndex> {
    const { wordList, wordSlots } = this;
    const textWordStart = new Int32Array(wordList.length + 1);
    let total = 0;
    for (const list of wordSlots) total += list.length;
    const textWordSlots = new Int32Array(total);
    const byTrigram = new Map<string, number[]>();
    const trigramIds = new Map<string, number>();
    const wordTrigramStart = new Int32Array(wordList.length + 1);
    let wordTrigrams = new Int32Array(wordList.length * 8 + 16);
    let t = 0;
    let w = 0;
    let at = 0;
    for (; w < wordList.length;) {
      const word = wordList[w]!;
      const list = wordSlots[w]!;
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
    this.wordIds.clear();
    wordSlots.length = 0;
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
