import { describe, expect, it } from 'vitest';
import { makeAdminProperties, makeAdminProperty, pending } from '../../testing/admin';
import { featureCandidates, moved, renumbered } from './featured-order';

describe('featured order', () => {
  it('swaps a listing with its neighbour, and leaves the ends alone', () => {
    expect(moved(['a', 'b', 'c'], 1, 'up')).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 'down')).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 'up')).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 'down')).toEqual(['a', 'b', 'c']);
  });

  it('renumbers the whole list from 1', () => {
    expect(renumbered([{ id: 'x' }, { id: 'y' }, { id: 'z' }])).toEqual([
      { id: 'x', order: 1 },
      { id: 'y', order: 2 },
      { id: 'z', order: 3 },
    ]);
  });

  it('offers live listings not featured yet, 10 at most', () => {
    const featured = makeAdminProperty({ isFeatured: true });
    const hidden = makeAdminProperty({ isActive: false });
    const live = makeAdminProperties(11);
    const offered = featureCandidates([featured, pending(), hidden, ...live], [featured]);
    expect(offered.map((p) => p.id)).toEqual(live.slice(0, 10).map((p) => p.id));
  });
});
