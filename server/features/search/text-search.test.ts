import { describe, expect, it } from 'vitest';
import {
  compareBytes,
  compareDecimalText,
  foldWord,
  locationWords,
  needsExactText,
  parseTsvector,
  rankItems,
  tsRank,
} from './text-search';

describe('location words', () => {
  it('are lower-cased runs of letters and digits, eight at most', () => {
    expect(locationWords('  Cape-Coast, GHANA #12 ')).toEqual(['cape', 'coast', 'ghana', '12']);
    expect(locationWords('%\'";--')).toEqual([]);
    expect(locationWords('a b c d e f g h i j')).toHaveLength(8);
  });

  it('fold accents as unaccent does, and leave to SQL what they cannot fold', () => {
    expect(foldWord('accra')).toBe('accra');
    expect(foldWord('bávaro')).toBe('bavaro');
    expect(foldWord('são')).toBe('sao');
    expect(foldWord('ångström')).toBe('angstrom');
    expect(foldWord('straße')).toBeNull();
    expect(foldWord('øre')).toBeNull();
    expect(foldWord('αθήνα')).toBeNull();
  });
});

describe('tsvector text', () => {
  it('reads lexemes, escaped quotes and backslashes, positions and weights', () => {
    expect(parseTsvector(`'accra':1,6 'o''brien':3A 'a\\\\b':2B 'plain'`)).toEqual([
      { lexeme: 'accra', positions: [1, 6] },
      { lexeme: "o'brien", positions: [(3 << 14) | 3] },
      { lexeme: 'a\\b', positions: [(2 << 14) | 2] },
      { lexeme: 'plain', positions: [] },
    ]);
  });

  it('orders lexemes by UTF-8 bytes, as PostgreSQL keeps them', () => {
    expect(['b', 'ab', 'a', '\u{1F600}', '\uFFFD', 'é'].sort(compareBytes)).toEqual([
      'a',
      'ab',
      'b',
      'é',
      '\uFFFD',
      '\u{1F600}',
    ]);
  });
});

describe('exact numbers', () => {
  it('compare numeric text with JavaScript numbers exactly', () => {
    // 300 a week in monthly terms, as PostgreSQL's numeric computes it, is just below 1300.
    expect(compareDecimalText('1299.99999999999999', '1300')).toBe(-1);
    expect(compareDecimalText('1300.0000000000000000', '1300')).toBe(0);
    expect(compareDecimalText('0.0000001', '1e-7')).toBe(0);
    expect(compareDecimalText('-2', '1')).toBe(-1);
    expect(compareDecimalText('0', '-0')).toBe(0);
    expect(compareDecimalText('166.66666666666666666667', String(2500 / 15))).toBe(1);
  });

  it('know when a double cannot stand for the numeric', () => {
    expect(needsExactText('200.0000000000000000')).toBe(false);
    expect(needsExactText('166.66666666666666666667')).toBe(true);
    expect(needsExactText('123456789012345')).toBe(false);
    expect(needsExactText('1234567890123456')).toBe(true);
  });
});

describe('ts_rank', () => {
  // Values PostgreSQL 15 returns for these vectors (ts_rank(v, 'a:* & b:*') and 'a:*').
  it('matches PostgreSQL in float4, one word and several', () => {
    const one = parseTsvector("'accra':1,6 'ghana':2");
    expect(tsRank([[one[0]!.positions]], 1)).toBe(0.07599088549613953);
    const two = parseTsvector("'a':1 'b':2");
    expect(tsRank([[two[0]!.positions], [two[1]!.positions]], 2)).toBe(0.09910321980714798);
    expect(rankItems(['b', 'a', 'b'])).toEqual(['a', 'b']);
  });
});
