import type { BaseMatcher, BaseQuery } from './index-matches';
import type { IndexSort, Orders } from './index-orders';
import type { Slots } from './index-slots';
import type { IndexMatches, IndexQuery } from './index-types';
import { areaFilter, nearPoint, type Box, type Near } from './search-filters';

/**
 * The listing index's searches by area and by distance (issue 39): the base's listings in a
 * box, read from the place grid (index-places.ts), and the nearest to a place. The listings
 * changed since the build are the index's to check (listing-index.ts); they come in matched.
 */
export class PlaceSearch {
  private readonly slots: Slots;
  private readonly orders: Orders;
  private readonly matcher: BaseMatcher;

  constructor(parts: { slots: Slots; orders: Orders; matcher: BaseMatcher }) {
    this.slots = parts.slots;
    this.orders = parts.orders;
    this.matcher = parts.matcher;
  }

  /**
   * A search by area or by distance: the base's listings in the box (the cells of the place
   * grid it covers, each listing tested) or, with no box, every match, and the changed
   * listings that match (`extra`); counted, then the first `depth` in the sort's order. For
   * distance the measure of each is put in the slots' rank, negated, so the rank's order
   * (greater first, then newest) is SQL's ORDER BY measure ASC, created_at DESC, id DESC.
   */
  query(
    place: Pick<IndexQuery, 'box' | 'near'>,
    query: BaseQuery,
    sort: IndexSort,
    extra: number[],
    depth: number,
  ): IndexMatches {
    const { box, near } = place;
    const base = box ? this.baseInArea(query, box) : this.matcher.members(query);
    const total = base.length + extra.length;
    let top: number[];
    if (sort === 'distance' && near) {
      top = this.nearest([...base, ...extra], near, depth);
    } else if (sort === 'newest') {
      // Slot order is newest first: the smallest slots, merged with the changed ones.
      top = smallest(base, depth);
      if (extra.length > 0) {
        top = [...top, ...extra].sort((a, b) => this.orders.compare(sort, a, b)).slice(0, depth);
      }
    } else {
      const ordered = this.matcher.firstOfList(base, sort, depth, query.words);
      top = extra.length === 0 ? ordered : [...ordered, ...extra];
      if (extra.length > 0) {
        top = top.sort((a, b) => this.orders.compare(sort, a, b)).slice(0, depth);
      }
    }
    return { total, ids: top.map((slot) => this.slots.ids[slot]!) };
  }

  /** The `depth` slots nearest to the place, in the distance sort's order. */
  nearest(candidates: number[], near: Near, depth: number): number[] {
    const { slots, orders } = this;
    const top: number[] = [];
    for (const s of candidates) {
      slots.rank[s] = -nearPoint.measure(near, slots.latitude[s]!, slots.longitude[s]!);
      if (top.length === depth && !orders.before('distance', s, top[depth - 1]!)) continue;
      // Few are kept (a page's depth): insertion keeps them in order.
      let at = top.length;
      while (at > 0 && orders.before('distance', s, top[at - 1]!)) at--;
      top.splice(at, 0, s);
      if (top.length > depth) top.pop();
    }
    return top;
  }

  /**
   * The base's matches (filters, words, price) whose public point is in the box, in no
   * particular order: the slots of the cells the box covers, each tested, or for a box of a
   * country, every match tested.
   */
  private baseInArea(query: BaseQuery, box: Box): Int32Array {
    const { latitude, longitude, alive } = this.slots;
    const cells = this.orders.places.cellsOf(box);
    const found: number[] = [];
    if (!cells) {
      for (const s of this.matcher.members(query)) {
        if (areaFilter.contains(box, latitude[s]!, longitude[s]!)) found.push(s);
      }
      return Int32Array.from(found);
    }
    const grid = this.orders.places;
    const { minLng, maxLng, minLat, maxLat } = box;
    // Only what narrows is tested: no filter or word leaves the live listings, no price range
    // every price.
    const isMember =
      query.conditions.length === 0 && query.words.items.length === 0
        ? null
        : this.matcher.memberTest(query.conditions, query.words);
    const price = query.price;
    const anyPrice = price.minRank <= 0 && price.maxRank === Infinity;
    let size = 0;
    for (const cell of cells) size += cell.to - cell.from;
    const within = new Int32Array(size);
    let m = 0;
    for (const { from, to, inside } of cells) {
      for (let i = from; i < to; i++) {
        if (!inside) {
          const lng = grid.longitudes[i]!;
          const lat = grid.latitudes[i]!;
          if (lng < minLng || lng > maxLng || lat < minLat || lat > maxLat) continue;
        }
        const s = grid.slots[i]!;
        if (alive[s] === 0) continue;
        if (isMember && !isMember(s)) continue;
        if (!anyPrice && !this.orders.baseWithin(s, price)) continue;
        within[m++] = s;
      }
    }
    return within.subarray(0, m);
  }
}

/** The `depth` smallest of some slots, ascending (a page of the newest). */
function smallest(slots: Int32Array, depth: number): number[] {
  if (slots.length <= depth * 8) return Array.from(slots.slice().sort().subarray(0, depth));
  const top: number[] = [];
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i]!;
    if (top.length === depth && s >= top[depth - 1]!) continue;
    let at = top.length;
    while (at > 0 && top[at - 1]! > s) at--;
    top.splice(at, 0, s);
    if (top.length > depth) top.pop();
  }
  return top;
}
