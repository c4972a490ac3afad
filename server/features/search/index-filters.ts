import { andInto, bitsOf, emptyBits, setBit, type Bits } from './bitset';
import { SLICE, type Work } from './index-build';
import {
  searchFilters,
  type FilterName,
  type FilterValue,
  type SearchFilter,
} from './search-filters';

/**
 * The declared filters (search-filters.ts) inside the listing index: a column of numbers per
 * filter, by slot, and the sets over the base listings that answer it. The index never names
 * a filter; it asks this module.
 */

/** A value that no listing holds (a type the index does not know). */
const UNKNOWN = 255;

type Column = Uint8Array | Int32Array | Uint32Array;

/** One filter a query sets, its wanted value encoded as the column holds values. */
export type Condition = { column: FilterColumn; wanted: number };

/** Makes a bitset once for a key and keeps it (the index's bounded cache). */
export type CachedBits = (key: string, make: () => Bits) => Bits;

class FilterColumn {
  values: Column;
  private readonly codes: Map<string, number>;
  /** For oneOf and allOf: the base listings having each value. */
  private valueBits: Bits[] = [];

  constructor(
    readonly filter: SearchFilter,
    capacity: number,
  ) {
    const index = filter.index;
    this.codes = new Map(
      index.kind === 'atLeast' || index.kind === 'atMost'
        ? []
        : index.values.map((value, i) => [value, i] as const),
    );
    this.values = this.make(capacity);
  }

  private make(capacity: number): Column {
    switch (this.filter.index.kind) {
      case 'oneOf':
        return new Uint8Array(capacity);
      case 'atLeast':
      case 'atMost':
        return new Int32Array(capacity);
      case 'allOf':
        return new Uint32Array(capacity);
    }
  }

  /** A value as the column holds it: a code, the number, or a bitmask. */
  encode(value: FilterValue): number {
    switch (this.filter.index.kind) {
      case 'oneOf':
        return this.codes.get(value as string) ?? UNKNOWN;
      case 'atLeast':
      case 'atMost':
        return value as number;
      case 'allOf': {
        let mask = 0;
        for (const item of value as readonly string[]) {
          const bit = this.codes.get(item);
          if (bit !== undefined) mask |= 2 ** bit;
        }
        return mask;
      }
    }
  }

  decode(slot: number): FilterValue {
    const held = this.values[slot]!;
    const index = this.filter.index;
    switch (index.kind) {
      case 'oneOf':
        return index.values[held] ?? '';
      case 'atLeast':
      case 'atMost':
        return held;
      case 'allOf':
        return index.values.filter((_, bit) => held & (2 ** bit));
    }
  }

  passes(slot: number, wanted: number): boolean {
    const held = this.values[slot]!;
    switch (this.filter.index.kind) {
      case 'oneOf':
        return held === wanted;
      case 'atLeast':
        return held >= wanted;
      case 'atMost':
        return held <= wanted;
      case 'allOf':
        return (held & wanted) >>> 0 === wanted >>> 0;
    }
  }

  grow(capacity: number): void {
    const next = this.make(capacity);
    next.set(this.values as never);
    this.values = next;
  }

  /** The sets of the base's first n slots that never change: one per value. */
  *buildBase(n: number): Work<void> {
    const index = this.filter.index;
    if (index.kind === 'atLeast' || index.kind === 'atMost') return;
    this.valueBits = index.values.map(() => emptyBits(n));
    for (let slot = 0; slot < n; slot++) {
      const held = this.values[slot]!;
      if (index.kind === 'oneOf') {
        const bits = this.valueBits[held];
        if (bits) setBit(bits, slot);
      } else {
        for (let code = 0; code < this.valueBits.length; code++) {
          if (held & (2 ** code)) setBit(this.valueBits[code]!, slot);
        }
      }
      if ((slot & (SLICE - 1)) === 0) yield;
    }
  }

  /** ANDs into `bits` the base slots that pass (live or not). */
  andBase(bits: Bits, wanted: number, n: number, cached: CachedBits, none: Bits): void {
    switch (this.filter.index.kind) {
      case 'oneOf':
        andInto(bits, this.valueBits[wanted] ?? none);
        return;
      case 'atLeast':
      case 'atMost': {
        const passes = (slot: number) => this.passes(slot, wanted);
        const sign = this.filter.index.kind === 'atLeast' ? '>=' : '<=';
        andInto(
          bits,
          cached(`${this.filter.name}${sign}${wanted}`, () => {
            const list: number[] = [];
            for (let s = 0; s < n; s++) if (passes(s)) list.push(s);
            return bitsOf(n, list);
          }),
        );
        return;
      }
      case 'allOf':
        for (let bit = 0; bit < this.valueBits.length; bit++) {
          if (wanted & (2 ** bit)) andInto(bits, this.valueBits[bit]!);
        }
        return;
    }
  }

  arrays(): ArrayBufferView[] {
    return [this.values, ...this.valueBits];
  }
}

/** Every declared filter's column. */
export class IndexFilters {
  private readonly columns: FilterColumn[];

  constructor(capacity: number) {
    this.columns = searchFilters.map((filter) => new FilterColumn(filter, capacity));
  }

  place(slot: number, listing: Record<FilterName, FilterValue>): void {
    for (const column of this.columns) {
      column.values[slot] = column.encode(listing[column.filter.name]);
    }
  }

  /** A slot's values as the listing gave them. */
  read(slot: number): Record<FilterName, FilterValue> {
    const listing = {} as Record<FilterName, FilterValue>;
    for (const column of this.columns) listing[column.filter.name] = column.decode(slot);
    return listing;
  }

  grow(capacity: number): void {
    for (const column of this.columns) column.grow(capacity);
  }

  *buildBase(n: number): Work<void> {
    for (const column of this.columns) yield* column.buildBase(n);
  }

  /** The filters a query sets. */
  conditionsOf(query: Partial<Record<FilterName, FilterValue>>): Condition[] {
    const conditions: Condition[] = [];
    for (const column of this.columns) {
      const value = query[column.filter.name];
      if (value === undefined) continue;
      conditions.push({ column, wanted: column.encode(value) });
    }
    return conditions;
  }

  /** The conditions as a cache key. */
  static key(conditions: readonly Condition[]): string {
    return conditions.map(({ column, wanted }) => `${column.filter.name}=${wanted}`).join(' ');
  }

  static andBase(
    bits: Bits,
    conditions: readonly Condition[],
    n: number,
    cached: CachedBits,
    none: Bits,
  ): void {
    for (const { column, wanted } of conditions) column.andBase(bits, wanted, n, cached, none);
  }

  static passes(slot: number, conditions: readonly Condition[]): boolean {
    for (const { column, wanted } of conditions) if (!column.passes(slot, wanted)) return false;
    return true;
  }

  arrays(): ArrayBufferView[] {
    return this.columns.flatMap((column) => column.arrays());
  }
}
