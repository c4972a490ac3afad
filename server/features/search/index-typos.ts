import { BoundedCache } from '../../lib/bounded-cache';
import { byRankThenSlot, SLICE, type Work } from './index-build';
import { SpanSimilarity } from './typo-spans';
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

/** Base slots similar to a query: ascending, and by similarity with each one's similarity. */
export type SimilarSlots = { list: Int32Array; order: Int32Array; rank: Float64Array };

export class TypoIndex {
  readonly texts: string[];
  private readonly textWordStart: Int32Array;
  private readonly textWordSlots: Int32Array;
  private readonly trigramWords: Map<string, Int32Array>;
  /** Base slots whose text is not plain ASCII: they always might match. */
  private readonly unusualText: Int32Array;
  private readonly trigramSizes = new BoundedCache<string, number>(10_000);
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
    (v) => v.list.byteLength + v.order.byteLength + v.rank.byteLength,
  );
  /** Scratch, all zero between queries: candidate slots seen, and words' trigram bits. */
  private readonly seen: Uint8Array;
  private readonly wordMask: Uint32Array;

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
    this.seen = new Uint8Array(this.texts.length);
    this.wordMask = new Uint32Array(this.textWordStart.length);
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

  /** Base slots whose text is not plain ASCII: any of them might match any query. */
  unusual(): Int32Array {
    return this.unusualText;
  }

  /**
   * The base slots (live or not) whose plain text is similar enough to the query, ascending
   * and in the order of their similarity (then slot order: newest first), with it. Computed
   * once per query: only for the listings holding enough of its trigrams, found from the
   * words holding them, so the cost grows with those listings, not with the catalogue.
   */
  similar(query: TrigramQuery): SimilarSlots | null {
    const hit = this.similarCache.get(query.key);
    if (hit) return hit;
    // A listing holding `needed` of the T trigrams holds one of any T - needed + 1 of them:
    // look only at listings holding one of the rarest.
    const trigrams = [...query.trigrams.keys()];
    const rarest = trigrams
      .map((trigram) => ({ trigram, size: this.trigramSize(trigram) }))
      .sort((x, y) => x.size - y.size)
      .slice(0, trigrams.length - Math.ceil(query.needed) + 1);
    const candidates = this.slotsHolding(rarest.map((r) => r.trigram));
    // Each word's share of the query's trigrams as bits (the first 32; any beyond are
    // counted as held, so the test below never drops a listing that could match).
    const { wordMask } = this;
    const touched: number[] = [];
    trigrams.slice(0, 32).forEach((trigram, bit) => {
      for (const w of this.trigramWords.get(trigram) ?? []) {
        if (wordMask[w] === 0) touched.push(w);
        wordMask[w]! |= 2 ** bit;
      }
    });
    const untracked = Math.max(0, trigrams.length - 32);
    const { slotWordStart, slotWords } = this;
    const spans = this.spansFor(query);
    // Ascending slots, that is newest first: ties keep that order. Similarities are float4,
    // exact in a Float32Array.
    const list = new Int32Array(candidates.length);
    const ranks = new Float32Array(candidates.length);
    let m = 0;
    try {
      for (let i = 0; i < candidates.length; i++) {
        const s = candidates[i]!;
        // The trigrams the slot's words hold, and (when every trigram has a bit) the span
        // from its first word holding one to its last, in the same pass.
        let held = 0;
        let first = -1;
        let last = -1;
        for (let k = slotWordStart[s]!; k < slotWordStart[s + 1]!; k++) {
          const mask = wordMask[slotWords[k]!]!;
          if (mask === 0) continue;
          held |= mask;
          if (first < 0) first = k;
          last = k;
        }
        if (bitCount(held) + untracked < query.needed) continue;
        const rank = untracked > 0 ? spans.of(s) : spans.ofSpan(first, last);
        // Too many to compute within one request: SQL answers (off the event loop).
        if (spans.computed > MAX_COMPUTED) return null;
        if (rank < query.threshold) continue;
        list[m] = s;
        ranks[m++] = rank;
      }
    } finally {
      spans.release();
      for (const w of touched) wordMask[w] = 0;
    }
    const positions = byRankThenSlot(ranks.subarray(0, m));
    const order = new Int32Array(m);
    const rank = new Float64Array(m);
    for (let i = 0; i < m; i++) {
      order[i] = list[positions[i]!]!;
      rank[i] = ranks[positions[i]!]!;
    }
    const result: SimilarSlots = { list: list.slice(0, m), order, rank };
    this.similarCache.set(query.key, result);
    return result;
  }

  /** The base slots holding one of the trigrams in one of their words, ascending. */
  private slotsHolding(trigrams: string[]): Int32Array {
    const { seen, textWordStart, textWordSlots } = this;
    let count = 0;
    for (const trigram of trigrams) {
      const words = this.trigramWords.get(trigram);
      if (!words) continue;
      for (let i = 0; i < words.length; i++) {
        const w = words[i]!;
        for (let k = textWordStart[w]!; k < textWordStart[w + 1]!; k++) {
          const s = textWordSlots[k]!;
          if (seen[s] === 0) {
            seen[s] = 1;
            count++;
          }
        }
      }
    }
    // Read back in slot order (and cleared): a pass over a byte per listing, cheaper than
    // sorting the tens of thousands a city's typo finds.
    const out = new Int32Array(count);
    let n = 0;
    for (let s = 0; n < count; s++) {
      if (seen[s] !== 0) {
        seen[s] = 0;
        out[n++] = s;
      }
    }
    return out;
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

  /** Listings whose words hold the trigram, counted per word (a listing may count twice). */
  private trigramSize(trigram: string): number {
    let size = this.trigramSizes.get(trigram);
    if (size === undefined) {
      size = 0;
      for (const w of this.trigramWords.get(trigram) ?? []) {
        size += this.textWordStart[w + 1]! - this.textWordStart[w]!;
      }
      this.trigramSizes.set(trigram, size);
    }
    return size;
  }
}

/** The number of bits set in a 32-bit word. */
function bitCount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
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
