/**
 * pg_trgm's word similarity, reproduced for plain ASCII text: how it splits words and makes
 * trigrams, and `iterate_word_similarity` of trgm_op.c, in float4 (index-typos.ts uses it to
 * answer typo searches as SQL would; index-typos.test.ts compares it with PostgreSQL).
 */

/** Text pg_trgm splits into words exactly as we do: printable ASCII only. */
export const plainText = /^[\x20-\x7e]*$/;

/** The words pg_trgm takes trigrams of: runs of letters and digits, lower-cased. */
export function trigramWordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The distinct trigrams of a word as pg_trgm pads it: two spaces before, one after. */
export function trigramsOf(word: string): string[] {
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
 * computes it (calc_word_similarity): the text's trigrams numbered, the query's first.
 */
export function wordSimilarity(query: TrigramQuery, text: string): number {
  const ulen1 = query.trigrams.size;
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
  const found = new Uint8Array(ulen1 + others.size).fill(1, 0, ulen1);
  const scratch = new SimilarityScratch(ulen1 + others.size);
  return iterateWordSimilarity(Int32Array.from(indexes), indexes.length, found, ulen1, scratch);
}

/** The last position of each trigram number, valid while its stamp is the current one. */
export class SimilarityScratch {
  readonly lastpos: Int32Array;
  readonly stamps: Int32Array;
  stamp = 0;

  constructor(trigrams: number) {
    this.lastpos = new Int32Array(trigrams);
    this.stamps = new Int32Array(trigrams);
  }

  arrays(): ArrayBufferView[] {
    return [this.lastpos, this.stamps];
  }
}

/**
 * iterate_word_similarity of trgm_op.c: the greatest similarity of the query with an extent
 * of the text's trigrams, in float4. `indexes[0..n)` are the text's trigrams as numbers;
 * `found[id]` is 1 for the query's; ulen1 is the number of the query's distinct trigrams.
 */
export function iterateWordSimilarity(
  indexes: Int32Array,
  n: number,
  found: Uint8Array,
  ulen1: number,
  scratch: SimilarityScratch,
): number {
  const { lastpos, stamps } = scratch;
  const stamp = ++scratch.stamp;
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
    // A trigram of the query is the extent's upper bound.
    if (!isFound) continue;
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
