import { describe, expect, it } from 'vitest';
import { retryAfterSeconds, toE164 } from './outcome';

describe('toE164', () => {
  it.each([
    ['+233244000001', '+233244000001'],
    ['+233 24 400 0001', '+233244000001'],
    [' +1 (415) 555-2671 ', '+14155552671'],
  ])('reads %s as %s', (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it.each(['0244000001', '+233123', '+999244000001', '', 'call me'])(
    'refuses %s (no country code, too short, no such country, not a number)',
    (input) => {
      expect(toE164(input)).toBeUndefined();
    },
  );
});

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');

  it('reads seconds and HTTP dates', () => {
    expect(retryAfterSeconds('30', now)).toBe(30);
    expect(retryAfterSeconds('Thu, 26 Nov 2026 10:01:00 GMT', now)).toBe(60);
    expect(retryAfterSeconds('Thu, 26 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('says nothing of a missing or unreadable header', () => {
    expect(retryAfterSeconds(undefined, now)).toBeUndefined();
    expect(retryAfterSeconds('', now)).toBeUndefined();
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds(['30'], now)).toBeUndefined();
  });
});
