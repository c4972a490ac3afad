import type { AdminProperty } from '#common/admin';

/**
 * Featured order (spec 4): moving a listing up or down renumbers the whole list from 1, and
 * that whole list is what reorder-featured-properties receives.
 */
export type Direction = 'up' | 'down';

/** The list with the item at `index` swapped with its neighbour; unchanged at either end. */
export function moved<T>(list: readonly T[], index: number, direction: Direction): T[] {
  const other = direction === 'up' ? index - 1 : index + 1;
  const next = [...list];
  if (index < 0 || index >= list.length || other < 0 || other >= list.length) return next;
  [next[index], next[other]] = [next[other]!, next[index]!];
  return next;
}

export function renumbered(list: readonly Pick<AdminProperty, 'id'>[]) {
  return list.map((item, index) => ({ id: item.id, order: index + 1 }));
}

/** The candidates to feature (spec): live, not featured yet, the first 10. */
export const MAX_CANDIDATES = 10;

export function featureCandidates(
  active: readonly AdminProperty[],
  featured: readonly Pick<AdminProperty, 'id'>[],
): AdminProperty[] {
  const taken = new Set(featured.map((item) => item.id));
  return active
    .filter((item) => item.isVerified && item.isActive && !item.isFeatured && !taken.has(item.id))
    .slice(0, MAX_CANDIDATES);
}
