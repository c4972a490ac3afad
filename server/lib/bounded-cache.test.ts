import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache';

describe('the bounded cache', () => {
  it('keeps its total size under the bound, dropping the oldest unread entry first', () => {
    const cache = new BoundedCache<string, string>(10, (value) => value.length);
    cache.set('a', 'xxxx');
    cache.set('b', 'xxxx');
    expect(cache.get('a')).toBe('xxxx'); // read: gets a second chance
    cache.set('c', 'xxxx'); // 12 > 10: b goes, not a
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBe('xxxx');
    expect(cache.size).toBe(8);
    expect(cache.count).toBe(2);
  });

  it('refuses a value larger than itself, and weighs replacements', () => {
    const cache = new BoundedCache<string, string>(5, (value) => value.length);
    cache.set('big', 'xxxxxx');
    expect(cache.peek('big')).toBeUndefined();
    cache.set('k', 'xx');
    cache.replace('k', 'xxxx');
    expect(cache.size).toBe(4);
    cache.replace('missing', 'x');
    expect(cache.count).toBe(1);
  });

  it('forgets entries after their time, and on request', () => {
    const cache = new BoundedCache<string, number>(100, () => 1, 1_000);
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    expect(cache.get('a', 999)).toBe(1);
    expect(cache.get('a', 1_000)).toBeUndefined();
    cache.deleteWhere((value) => value === 2);
    expect(cache.count).toBe(0);
    cache.set('c', 3);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
