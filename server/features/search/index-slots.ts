import { IndexFilters } from './index-filters';
import type { FilterName, FilterValue } from './search-filters';
import { compareDecimalText, needsExactText } from './text-search';

/**
 * Slot storage of the listing index: one slot per indexed listing, its fields in typed
 * arrays (and the declared filters' columns, index-filters.ts). A change kills the listing's
 * slot and appends a new one; a build starts afresh.
 */

/** The fields of a listing the slots hold (the index adds its text). */
export type SlotFields = {
  id: string;
  /** created_at in microseconds since 1970 (exact in a double). */
  createdUs: number;
  /** monthly_price_ghs as PostgreSQL prints it (an exact numeric). */
  price: string;
  rating: number;
  reviewCount: number;
  /** The public point (issue 39), as the database keeps it: what area and distance read. */
  latitude: number;
  longitude: number;
} & Record<FilterName, FilterValue>;

/** Live listings counted and their ids folded into two XORs: equal sets give equal sums. */
export type Checksum = { count: number; a: number; b: number };

/** The two 32-bit halves of a uuid's first 16 hex digits, as the database's checksum takes them. */
export function idHalves(id: string): [number, number] {
  return [
    Number.parseInt(id.slice(0, 8), 16) | 0,
    Number.parseInt(id.slice(9, 13) + id.slice(14, 18), 16) | 0,
  ];
}

/** A plain array of n holes that stays in V8's fast elements (new Array(n) may not). */
function filled<T>(n: number, fill: T): T[] {
  const array: T[] = [];
  for (let i = 0; i < n; i++) array.push(fill);
  return array;
}

export class Slots {
  /** Slots used; slots of dead listings stay used until the next build. */
  count = 0;
  alive: Uint8Array;
  ids: string[];
  /**
   * The id's first 13 hex digits as a number (exact in a double): ids compared as numbers
   * first, as strings only when those are equal, so sorting a million slots compares no text.
   */
  idKey: Float64Array;
  created: Float64Array;
  price: Float64Array;
  /** The exact numeric text, only where a double does not hold it exactly. */
  priceText: (string | undefined)[];
  rating: Float64Array;
  reviews: Int32Array;
  latitude: Float64Array;
  longitude: Float64Array;
  /** Scratch space for relevance (and distance), by slot. */
  rank: Float64Array;
  readonly filters: IndexFilters;
  private readonly slotOf = new Map<string, number>();
  private liveCount = 0;
  private sumA = 0;
  private sumB = 0;

  constructor(capacity: number) {
    this.alive = new Uint8Array(capacity);
    this.ids = filled(capacity, '');
    this.idKey = new Float64Array(capacity);
    this.created = new Float64Array(capacity);
    this.price = new Float64Array(capacity);
    this.priceText = filled<string | undefined>(capacity, undefined);
    this.rating = new Float64Array(capacity);
    this.reviews = new Int32Array(capacity);
    this.latitude = new Float64Array(capacity);
    this.longitude = new Float64Array(capacity);
    this.filters = new IndexFilters(capacity);
    this.rank = new Float64Array(capacity);
  }

  get size(): number {
    return this.liveCount;
  }

  has(id: string): boolean {
    return this.slotOf.has(id);
  }

  liveIds(): IterableIterator<string> {
    return this.slotOf.keys();
  }

  liveSlots(): IterableIterator<number> {
    return this.slotOf.values();
  }

  checksum(): Checksum {
    return { count: this.liveCount, a: this.sumA, b: this.sumB };
  }

  /** Puts a listing in the next slot, alive; returns the slot. */
  place(listing: SlotFields): number {
    if (this.count === this.alive.length) this.grow();
    const s = this.count++;
    this.alive[s] = 1;
    this.ids[s] = listing.id;
    const [a, b] = idHalves(listing.id);
    this.idKey[s] = (a >>> 0) * 2 ** 20 + ((b >>> 12) & 0xfffff);
    this.created[s] = listing.createdUs;
    this.price[s] = Number(listing.price);
    this.priceText[s] = needsExactText(listing.price) ? listing.price : undefined;
    this.rating[s] = listing.rating;
    this.reviews[s] = listing.reviewCount;
    this.latitude[s] = listing.latitude;
    this.longitude[s] = listing.longitude;
    this.filters.place(s, listing);
    this.slotOf.set(listing.id, s);
    this.liveCount++;
    this.sumA ^= a;
    this.sumB ^= b;
    return s;
  }

  /** Kills a listing's slot; its slot, or undefined when it was not indexed. */
  detach(id: string): number | undefined {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return undefined;
    this.alive[slot] = 0;
    this.slotOf.delete(id);
    this.liveCount--;
    const [a, b] = idHalves(id);
    this.sumA ^= a;
    this.sumB ^= b;
    return slot;
  }

  /** A slot's fields as the listing gave them. */
  read(slot: number): SlotFields {
    return {
      id: this.ids[slot]!,
      createdUs: this.created[slot]!,
      price: this.priceText[slot] ?? String(this.price[slot]),
      rating: this.rating[slot]!,
      reviewCount: this.reviews[slot]!,
      latitude: this.latitude[slot]!,
      longitude: this.longitude[slot]!,
      ...this.filters.read(slot),
    };
  }

  /** Newest first, then the larger id: the SQL's ORDER BY created_at DESC, id DESC. */
  newer(a: number, b: number): boolean {
    const x = this.created[a]!;
    const y = this.created[b]!;
    return x !== y ? x > y : this.compareIds(a, b) > 0;
  }

  /** The order of two slots' ids (uuids compare as their text does, and as PostgreSQL's). */
  compareIds(a: number, b: number): number {
    const x = this.idKey[a]!;
    const y = this.idKey[b]!;
    if (x !== y) return x < y ? -1 : 1;
    const u = this.ids[a]!;
    const v = this.ids[b]!;
    return u === v ? 0 : u < v ? -1 : 1;
  }

  /** The exact order of two slots' prices (numeric, not double). */
  comparePrice(a: number, b: number): number {
    const x = this.price[a]!;
    const y = this.price[b]!;
    if (x !== y) return x < y ? -1 : 1;
    const tx = this.priceText[a];
    const ty = this.priceText[b];
    if (tx === ty) return 0;
    return compareDecimalText(tx ?? String(x), ty ?? String(y));
  }

  /** Whether a slot's exact price is below a bound (its double and its text). */
  priceBelow(s: number, bound: number, text: string): boolean {
    const value = this.price[s]!;
    if (value !== bound) return value < bound;
    const exact = this.priceText[s];
    return exact !== undefined && compareDecimalText(exact, text) < 0;
  }

  priceAbove(s: number, bound: number, text: string): boolean {
    const value = this.price[s]!;
    if (value !== bound) return value > bound;
    const exact = this.priceText[s];
    return exact !== undefined && compareDecimalText(exact, text) > 0;
  }

  arrays(): ArrayBufferView[] {
    return [
      this.alive,
      this.idKey,
      this.created,
      this.price,
      this.rating,
      this.reviews,
      this.latitude,
      this.longitude,
      this.rank,
      ...this.filters.arrays(),
    ];
  }

  private grow(): void {
    const capacity = this.alive.length * 2 + 256;
    const widen = <T extends Uint8Array | Int32Array | Float64Array>(
      array: T,
      make: (n: number) => T,
    ): T => {
      const next = make(capacity);
      next.set(array as never);
      return next;
    };
    this.alive = widen(this.alive, (n) => new Uint8Array(n));
    this.idKey = widen(this.idKey, (n) => new Float64Array(n));
    this.created = widen(this.created, (n) => new Float64Array(n));
    this.price = widen(this.price, (n) => new Float64Array(n));
    this.rating = widen(this.rating, (n) => new Float64Array(n));
    this.reviews = widen(this.reviews, (n) => new Int32Array(n));
    this.latitude = widen(this.latitude, (n) => new Float64Array(n));
    this.longitude = widen(this.longitude, (n) => new Float64Array(n));
    this.filters.grow(capacity);
    this.rank = new Float64Array(capacity);
    while (this.ids.length < capacity) {
      this.ids.push('');
      this.priceText.push(undefined);
    }
  }
}
