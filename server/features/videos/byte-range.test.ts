import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range';

describe('parseByteRange (RFC 9110 byte ranges against a 1000-byte file)', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=500-', { start: 500, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    ['bytes=999-999', { start: 999, end: 999 }],
    ['BYTES = 1 - 2', { start: 1, end: 2 }],
  ])('%s is %o', (header, range) => {
    expect(parseByteRange(header, 1000)).toEqual(range);
  });

  it.each(['bytes=1000-', 'bytes=1000-1001', 'bytes=5000-6000', 'bytes=-0'])(
    '%s cannot be satisfied (416)',
    (header) => {
      expect(parseByteRange(header, 1000)).toBe('unsatisfiable');
    },
  );

  it.each([undefined, '', 'bytes=', 'bytes=-', 'items=0-10', 'bytes=0-10,20-30', 'bytes=9-3', 'x'])(
    '%s is ignored: the whole file',
    (header) => {
      expect(parseByteRange(header, 1000)).toBeNull();
    },
  );
});
