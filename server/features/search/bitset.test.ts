import { describe, expect, it } from 'vitest';
import { bitsOf, fullBits, members, popcount } from './bitset';

describe('bit sets', () => {
  it('holds every slot below its size, and nothing past it', () => {
    for (const size of [0, 1, 31, 32, 33, 63, 64, 1000]) {
      const every = Array.from({ length: size }, (_, i) => i);
      const bits = fullBits(size);
      expect(members(bits), `size ${size}`).toEqual(every);
      expect(popcount(bits)).toBe(size);
      expect(bits).toEqual(bitsOf(size, every));
    }
  });
});
