import { iterateWordSimilarity, type SimilarityScratch } from './trigram-similarity';

/**
 * The word similarity of one typo query in many listings' texts, from their word numbers,
 * computed once per distinct span (index-typos.ts).
 *
 * pg_trgm's iterate_word_similarity does nothing before the text's first trigram of the
 * query, and after its last one it only counts, never raising the result: the similarity
 * is a function of the span of words from the first word holding one of the query's
 * trigrams to the last. Listings written from a template (an agent's "3-bedroom apartment
 * in Accra") share spans, so the span's words are the key of a memo kept for the query.
 * Exact: a memo entry is used only when the words are the same, number for number.
 */
export type WordTexts = {
  /** Each word's trigram numbers, in order, repeats included. */
  wordTrigramStart: Int32Array;
  wordTrigrams: Int32Array;
  /** Each slot's word numbers, in order. */
  slotWordStart: Int32Array;
  slotWords: Int32Array;
};

type Memo = { from: number; to: number; similarity: number };

export class SpanSimilarity {
  /** 1 for the words holding a trigram of the query. */
  private readonly matching: Uint8Array;
  private readonly marked: number[] = [];
  private readonly memo = new Map<number, Memo>();
  private sequence = new Int32Array(256);
  private found: Uint8Array = new Uint8Array(0);
  private ulen1 = 0;
  /** Computations done for this query (memo misses), for the caller's budget. */
  computed = 0;

  constructor(
    private readonly texts: WordTexts,
    private readonly scratch: SimilarityScratch,
  ) {
    this.matching = new Uint8Array(texts.wordTrigramStart.length);
  }

  /** Starts a query: `found[id]` is 1 for its trigram numbers, ulen1 their count. */
  begin(found: Uint8Array, ulen1: number): void {
    this.release();
    this.found = found;
    this.ulen1 = ulen1;
    this.computed = 0;
  }

  /** Marks the words holding one of the query's trigrams (from the trigram's word list). */
  markWords(words: Int32Array): void {
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      if (this.matching[w] === 0) {
        this.matching[w] = 1;
        this.marked.push(w);
      }
    }
  }

  /** The query's word similarity in a slot's text: the same float4 as pg_trgm. */
  of(slot: number): number {
    const { slotWordStart, slotWords } = this.texts;
    let first = -1;
    let last = -1;
    for (let k = slotWordStart[slot]!; k < slotWordStart[slot + 1]!; k++) {
      if (this.matching[slotWords[k]!] === 1) {
        if (first < 0) first = k;
        last = k;
      }
    }
    return first < 0 ? 0 : this.ofSpan(first, last);
  }

  /**
   * The similarity in the span of slotWords[first..last] (the first and last words of a
   * slot holding one of the query's trigrams), for a caller that found them itself.
   */
  ofSpan(first: number, last: number): number {
    const { slotWords } = this.texts;
    let hash = 0x811c9dc5;
    for (let k = first; k <= last; k++) hash = Math.imul(hash ^ slotWords[k]!, 0x01000193);
    const known = this.memo.get(hash);
    if (known && this.sameWords(known, first, last + 1)) return known.similarity;
    const similarity = this.compute(first, last + 1);
    if (!known) this.memo.set(hash, { from: first, to: last + 1, similarity });
    return similarity;
  }

  /** Forgets the query: its marks and memo. */
  release(): void {
    for (const w of this.marked) this.matching[w] = 0;
    this.marked.length = 0;
    this.memo.clear();
  }

  private sameWords(known: Memo, from: number, to: number): boolean {
    if (known.to - known.from !== to - from) return false;
    const { slotWords } = this.texts;
    for (let i = 0; i < to - from; i++) {
      if (slotWords[known.from + i] !== slotWords[from + i]) return false;
    }
    return true;
  }

  private compute(from: number, to: number): number {
    this.computed++;
    const { slotWords, wordTrigramStart, wordTrigrams } = this.texts;
    let n = 0;
    for (let k = from; k < to; k++) {
      const word = slotWords[k]!;
      const start = wordTrigramStart[word]!;
      const end = wordTrigramStart[word + 1]!;
      if (n + end - start > this.sequence.length) {
        const grown = new Int32Array(Math.max(n + end - start, this.sequence.length * 2));
        grown.set(this.sequence);
        this.sequence = grown;
      }
      for (let j = start; j < end; j++) this.sequence[n++] = wordTrigrams[j]!;
    }
    return iterateWordSimilarity(this.sequence, n, this.found, this.ulen1, this.scratch);
  }
}
