import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';

// The first numbers for the demo listings' seed, as the generator has always given them.
const SEQUENCE_2026 = [0.45540769933722913, 0.30849614599719644, 0.6611574492417276];

describe('seededRandom', () => {
  it('gives the same sequence for a seed: seeded data and test expectations rely on it', () => {
    const first = seededRandom(2026);
    expect([first(), first(), first()]).toEqual(SEQUENCE_2026);
  });

  it('gives numbers in [0, 1), and other numbers for another seed', () => {
    const random = seededRandom(-7);
    const numbers = Array.from({ length: 1000 }, random);
    expect(numbers.every((n) => n >= 0 && n < 1)).toBe(true);
    expect(numbers.slice(0, 3)).not.toEqual(SEQUENCE_2026);
  });
});
