/**
 * The pieces of PostgreSQL's text search that the in-memory listing index reproduces, so that
 * its answers equal the SQL ones (search.ts) row for row and in the same order:
 * the words of a location query, a tsvector's text form, numeric comparison, and ts_rank.
 */

/**
 * The words of a location query, exactly as search.ts sends them to to_tsquery: lower-cased
 * by JavaScript, split on anything that is not a letter or digit, at most eight.
 */
export function locationWords(location: string): string[] {
  return location
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

const foldable = /^[a-z0-9]+$/;

/**
 * A query word as PostgreSQL's unaccent leaves it, or null when we cannot be sure.
 *
 * Stripping diacritics after canonical decomposition (NFD) gives the same result as unaccent
 * for every letter that becomes plain ASCII (checked over Latin, Greek and Cyrillic); letters
 * it cannot fold (ß, æ, ø, other scripts) return null and the query is answered by SQL.
 * A plain ASCII word is one token of the text-search parser, so it is its own lexeme.
 */
export function foldWord(word: string): string | null {
  if (foldable.test(word)) return word;
  const folded = word.normalize('NFD').replace(/\p{Diacritic}/gu, '');
  return foldable.test(folded) ? folded : null;
}

/** One lexeme of a tsvector with its packed positions (weight << 14 | position, as PostgreSQL). */
export type VectorEntry = { lexeme: string; positions: number[] };

const weightCode: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/**
 * Reads a tsvector's text output (`'accra':1,6 'o''brien':3A`): lexemes are quoted, with
 * quotes and backslashes escaped, positions optional, a weight letter after a position unless
 * it is D. Entries come sorted by lexeme (byte order), as PostgreSQL keeps them. Calls
 * `lexeme` for each entry, then `position` for each of its positions.
 */
export function scanTsvector(
  text: string,
  lexeme: (value: string) => void,
  position: (packed: number) => void,
): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (text.charCodeAt(i) === 32) {
      i++;
      continue;
    }
    if (text.charCodeAt(i) !== 39) throw new Error(`unexpected tsvector text at ${i}: ${text}`);
    i++;
    let value = '';
    let start = i;
    for (;;) {
      const quote = text.indexOf("'", i);
      const slash = text.indexOf('\\', i);
      if (quote < 0) throw new Error(`unterminated lexeme in tsvector: ${text}`);
      if (slash >= 0 && slash < quote) {
        value += text.slice(start, slash);
        start = slash + 1; // the escaped character itself
        i = slash + 2;
        continue;
      }
      if (text.charCodeAt(quote + 1) === 39) {
        value += text.slice(start, quote + 1);
        i = quote + 2;
        start = i;
        continue;
      }
      value += text.slice(start, quote);
      i = quote + 1;
      break;
    }
    lexeme(value);
    if (text.charCodeAt(i) !== 58) continue; // ':'
    i++;
    for (;;) {
      let at = 0;
      let code = text.charCodeAt(i);
      while (code >= 48 && code <= 57) {
        at = at * 10 + (code - 48);
        code = text.charCodeAt(++i);
      }
      let weight = 0;
      if (code >= 65 && code <= 68) {
        weight = weightCode[text[i]!]!;
        code = text.charCodeAt(++i);
      }
      position((weight << 14) | Math.min(at, 16383));
      if (code !== 44) break; // ','
      i++;
    }
  }
}

/** A tsvector's text output as entries (see scanTsvector). */
export function parseTsvector(text: string): VectorEntry[] {
  const entries: VectorEntry[] = [];
  scanTsvector(
    text,
    (lexeme) => entries.push({ lexeme, positions: [] }),
    (packed) => entries[entries.length - 1]!.positions.push(packed),
  );
  return entries;
}

/** Byte order of UTF-8 strings (code point order), the order of lexemes in a tsvector. */
export function compareBytes(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // UTF-16 order differs from code point order only between surrogates and U+E000–U+FFFF.
    if (x >= 0xd800 && y >= 0xd800) {
      const cx = a.codePointAt(i)!;
      const cy = b.codePointAt(i)!;
      return cx < cy ? -1 : 1;
    }
    return x < y ? -1 : 1;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

// ---------------------------------------------------------------------------------------
// Numbers: monthly_price_ghs is an exact numeric; filters compare it with String(number).

type Decimal = { negative: boolean; digits: string; exponent: number };

/** "-12.3400" or "1.5e-7" as sign, significant digits and the power of ten of the first. */
function parseDecimal(text: string): Decimal {
  let s = text.trim();
  const negative = s.startsWith('-');
  if (negative || s.startsWith('+')) s = s.slice(1);
  let exp = 0;
  const e = s.search(/[eE]/);
  if (e >= 0) {
    exp = Number(s.slice(e + 1));
    s = s.slice(0, e);
  }
  const dot = s.indexOf('.');
  const intPart = dot >= 0 ? s.slice(0, dot) : s;
  const fracPart = dot >= 0 ? s.slice(dot + 1) : '';
  let digits = intPart + fracPart;
  let pointAt = intPart.length + exp; // digits[0] is worth 10^(pointAt - 1)
  const lead = digits.search(/[^0]/);
  if (lead < 0) return { negative: false, digits: '', exponent: 0 };
  digits = digits.slice(lead);
  pointAt -= lead;
  digits = digits.replace(/0+$/, '');
  return { negative, digits, exponent: pointAt };
}

/** Exact comparison of two decimal texts (PostgreSQL numeric output or JavaScript numbers). */
export function compareDecimalText(a: string, b: string): number {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const signX = x.digits === '' ? 0 : x.negative ? -1 : 1;
  const signY = y.digits === '' ? 0 : y.negative ? -1 : 1;
  if (signX !== signY) return signX < signY ? -1 : 1;
  if (signX === 0) return 0;
  let magnitude: number;
  if (x.exponent !== y.exponent) magnitude = x.exponent < y.exponent ? -1 : 1;
  else magnitude = x.digits === y.digits ? 0 : x.digits < y.digits ? -1 : 1;
  return signX * magnitude;
}

/**
 * Whether a numeric's text has more significant digits than a double keeps for sure (15).
 * Up to 15, the double nearest to it prints back as the same number, so doubles compare
 * exactly like the numerics; beyond, ties between doubles need the text.
 */
export function needsExactText(text: string): boolean {
  // Count digits from the first non-zero one to the last non-zero one.
  let first = -1;
  let last = -1;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 101 || code === 69) return parseDecimal(text).digits.length > 15; // exponent
    if (code < 48 || code > 57) continue;
    if (code !== 48) {
      if (first < 0) first = digits;
      last = digits;
    }
    digits++;
  }
  return first >= 0 && last - first + 1 > 15;
}

// ---------------------------------------------------------------------------------------
// ts_rank(vector, query) with default weights and no normalisation, in float4 arithmetic step
// by step as PostgreSQL computes it (src/backend/utils/adt/tsrank.c: calc_rank_or for one
// word, calc_rank_and for several), so equal-looking ranks tie exactly where they tie there.

const f32 = Math.fround;
/** Weights of D, C, B, A. */
const weights = [f32(0.1), f32(0.2), f32(0.4), f32(1.0)];
/** The weight of a packed position. */
export const wpos = (packed: number) => weights[packed >> 14]!;
const position = (packed: number) => packed & 0x3fff;

const distanceWeights = Array.from({ length: 101 }, (_, w) =>
  f32(1.0 / (1.005 + 0.05 * Math.exp(w / 1.5 - 2))),
);
export function wordDistance(w: number): number {
  return w > 100 ? f32(1e-30) : distanceWeights[w]!;
}

/**
 * The positions of a row's lexemes that match each query item: `items[i]` lists, in lexeme
 * order, one position list per matching lexeme (a prefix matches several).
 */
export type RankInput = ArrayLike<number>[][];

function rankOr(items: RankInput): number {
  let res = 0;
  for (const entries of items) {
    for (const post of entries) {
      let resj = 0;
      let wjm = -1;
      let jm = 0;
      for (let j = 0; j < post.length; j++) {
        const w = wpos(post[j]!);
        resj = f32(resj + f32(w / ((j + 1) * (j + 1))));
        if (w > wjm) {
          wjm = w;
          jm = j;
        }
      }
      const t = f32(f32(wjm + resj) - f32(wjm / ((jm + 1) * (jm + 1))));
      res = f32(res + t / 1.64493406685);
    }
  }
  if (items.length > 0) res = f32(res / items.length);
  return res;
}

function rankAnd(items: RankInput): number {
  if (items.length < 2) return rankOr(items);
  let res = -1;
  const last: (ArrayLike<number> | undefined)[] = [];
  for (let i = 0; i < items.length; i++) {
    for (const post of items[i]!) {
      last[i] = post;
      for (let k = 0; k < i; k++) {
        const ct = last[k];
        if (!ct) continue;
        for (let l = 0; l < post.length; l++) {
          for (let p = 0; p < ct.length; p++) {
            const dist = Math.abs(position(post[l]!) - position(ct[p]!));
            if (dist === 0) continue; // every lexeme we index has positions
            const curw = f32(
              Math.sqrt(f32(f32(wpos(post[l]!) * wpos(ct[p]!)) * wordDistance(dist))),
            );
            res = res < 0 ? curw : f32(1.0 - (1.0 - res) * (1.0 - curw));
          }
        }
      }
    }
  }
  return res;
}

/**
 * ts_rank for a query of `wordCount` prefix words joined by & (before de-duplication), given
 * the matches of its sorted, de-duplicated words.
 */
export function tsRank(items: RankInput, wordCount: number): number {
  const res = wordCount > 1 ? rankAnd(items) : rankOr(items);
  return res < 0 ? f32(1e-20) : res;
}

/** Query words as ts_rank walks them: sorted in byte order, duplicates removed. */
export function rankItems(words: string[]): string[] {
  return [...new Set(words)].sort(compareBytes);
}
