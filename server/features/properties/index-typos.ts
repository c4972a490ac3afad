import { andInto, emptyBits, hasBit, members, orInto, popcount, type Bits } from './bitset';
import { BoundedCache } from './bounded-cache';
import type { CachedBits } from './index-filters';

/**
 * Typo matching for the listing index: the location text (search_text) of every base listing
 * split into words as pg_trgm splits them, the slots of each word, and the words holding each
 * trigram. It proves a trigram search empty (`mightBeSimilar`) so that SQL need not run it.
 */

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

/** What a query's location asks of a listing's text: its trigrams, and how many to hold. */
export type TrigramQuery = { trigrams: Set<string>; needed: number };

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
  const trigrams = trigramSet(location);
  if (trigrams.size === 0 || !(threshold > 0)) return null;
  return { trigrams, needed: threshold * trigrams.size * (1 - 1e-6) };
}

/** Whether a text (of a changed listing) might be similar enough. */
export function textMightMatch(text: string, query: TrigramQuery): boolean {
  if (!plainText.test(text)) return true;
  const own = trigramSet(text);
  let shared = 0;
  for (const t of query.trigrams) if (own.has(t)) shared++;
  return shared >= query.needed;
}

export class TypoIndex {
  readonly texts: string[] = [];
  private readonly textWordStart: Int32Array;
  private readonly textWordSlots: Int32Array;
  private readonly trigramWords: Map<string, Int32Array>;
  /** Base slots whose text is not plain ASCII: they always might match. */
  private readonly unusualText: Int32Array;
  private readonly trigramCounts = new BoundedCache<string, number>(10_000);

  constructor(texts: readonly string[]) {
    const textWords = new Map<string, number[]>();
    const unusual: number[] = [];
    for (let slot = 0; slot < texts.length; slot++) {
      const text = texts[slot]!;
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

  /**
   * Whether a live base slot among `passing` (the slots passing the query's filters, live
   * or not; `alive`: the live ones) might hold the trigrams the query needs.
   */
  mightMatchBase(query: TrigramQuery, passing: Bits, alive: Bits, cached: CachedBits): boolean {
    if (popcount(passing) === 0) return false;
    for (let i = 0; i < this.unusualText.length; i++) {
      const s = this.unusualText[i]!;
      if (hasBit(alive, s) && hasBit(passing, s)) return true;
    }
    // A listing holding `needed` of the T trigrams holds one of any T - needed + 1 of them:
    // look only at listings holding one of the rarest, then count.
    const sets = [...query.trigrams]
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
    andInto(candidates, passing);
    andInto(candidates, alive);
    for (const s of members(candidates)) {
      let shared = 0;
      for (const set of sets) if (hasBit(set, s)) shared++;
      if (shared >= query.needed) return true;
    }
    return false;
  }

  arrays(): ArrayBufferView[] {
    return [
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
