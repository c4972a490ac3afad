import { describe, expect, it } from 'vitest';
import { zonedTimeText } from './zoned-time';

describe('zonedTimeText', () => {
  const saturday = '2026-12-05T10:00:00.000Z';

  it('says the time where the place is, with its zone', () => {
    expect(zonedTimeText(saturday, 'Africa/Accra', 'en')).toBe('Sat, Dec 5, 10:00 AM GMT');
    expect(zonedTimeText(saturday, 'Europe/Berlin', 'en')).toBe('Sat, Dec 5, 11:00 AM GMT+1');
  });

  // Issue 51: not "12月5日周六 GMT+0 10:00", whose zone reads as part of the time.
  it('writes Chinese as Chinese does: date, weekday, time, then the zone', () => {
    expect(zonedTimeText(saturday, 'Africa/Accra', 'zh')).toBe('12月5日 周六 10:00（GMT）');
    expect(zonedTimeText('2026-12-05T15:30:00.000Z', 'Africa/Accra', 'zh-CN')).toBe(
      '12月5日 周六 15:30（GMT）',
    );
    expect(zonedTimeText(saturday, 'Europe/Berlin', 'zh')).toBe('12月5日 周六 11:00（GMT+1）');
  });
});
