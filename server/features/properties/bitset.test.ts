import { describe, expect, it } from 'vitest';
import { bitsExcept, bitsOf, members, popcount } from './bitset';

describe('bit sets', () => {
  it('builds the set of every slot but some, with nothing past its size', () => {
    for (const size of [0, 1, 31, 32, 33, 63, 64, 1000]) {
      const outside = Array.from({ length: size }, (_, i) => i).filter((i) => i % 7 === 3);
      const inside = Array.from({ length: size }, (_, i) => i).filter((i) => i % 7 !== 3);
      const bits = bitsExcept(size, outside);
      expect(members(bits), `size ${size}`).toEqual(inside);
      expect(popcount(bits)).toBe(inside.length);
      expect(bits).toEqual(bitsOf(size, inside));
    }
  });
});
