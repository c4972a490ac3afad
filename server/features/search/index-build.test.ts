import { describe, expect, it } from 'vitest';
import { byRankThenSlot } from './index-build';

describe('ordering by rank', () => {
  const reference = (ranks: Float32Array) =>
    Array.from(ranks, (_, i) => i).sort((x, y) =>
      ranks[x] !== ranks[y] ? ranks[y]! - ranks[x]! : x - y,
    );

  it('orders by rank, greatest first, ties in position order, with few or many distinct ranks', () => {
    let seed = 5;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (const distinct of [1, 3, 40, 1024, 1025, 50_000]) {
      const ranks = Float32Array.from({ length: 20_000 }, () =>
        Math.fround(Math.floor(random() * distinct) / 7),
      );
      expect(Array.from(byRankThenSlot(ranks)), `${distinct} ranks`).toEqual(reference(ranks));
    }
    expect(Array.from(byRankThenSlot(new Float32Array(0)))).toEqual([]);
  });
});
