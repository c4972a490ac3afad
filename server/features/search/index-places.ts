import { SLICE, type Work } from './index-build';
import type { Slots } from './index-slots';
import type { Box } from './search-filters';

/**
 * Where the listing index's base listings are (issue 39): a grid of cells 0.02° on a side
 * (about 2.2 km), each cell's slots ascending (newest first), all in one array. An area
 * search reads the cells its box covers: a city-sized box a few dozen cells, a street-sized one
 * one to four, instead of every listing at its latitudes.
 */
const CELL = 0.02;
const COLUMNS = Math.ceil(360 / CELL) + 1;
/** Boxes covering more cells than this are answered from the matches instead (a country). */
const MAX_CELLS = 2_500;

const rowOf = (latitude: number) => Math.floor((latitude + 90) / CELL);
const columnOf = (longitude: number) => Math.floor((longitude + 180) / CELL);

export class PlaceGrid {
  private constructor(
    /** Each cell's first position in `slots` and its count, by the cell's key. */
    private readonly cells: Map<number, { from: number; count: number }>,
    private readonly slots: Int32Array,
  ) {}

  /** The grid of the base's n slots, built in slices (index-build.ts). */
  static *build(slots: Slots, n: number): Work<PlaceGrid> {
    const keys = new Float64Array(n);
    const cells = new Map<number, { from: number; count: number }>();
    for (let s = 0; s < n; s++) {
      const key = rowOf(slots.latitude[s]!) * COLUMNS + columnOf(slots.longitude[s]!);
      keys[s] = key;
      const cell = cells.get(key);
      if (cell) cell.count++;
      else cells.set(key, { from: 0, count: 1 });
      if ((s & (SLICE - 1)) === 0) yield;
    }
    let from = 0;
    for (const cell of cells.values()) {
      cell.from = from;
      from += cell.count;
      cell.count = 0;
    }
    const grouped = new Int32Array(n);
    for (let s = 0; s < n; s++) {
      const cell = cells.get(keys[s]!)!;
      grouped[cell.from + cell.count++] = s;
      if ((s & (SLICE - 1)) === 0) yield;
    }
    return new PlaceGrid(cells, grouped);
  }

  /**
   * The base slots in the cells a box covers (a superset of those in the box: test each), or
   * null when the box covers too many cells to be worth it.
   */
  cellsOf(box: Box): Int32Array[] | null {
    const rows = [rowOf(box.minLat), rowOf(box.maxLat)] as const;
    const columns = [columnOf(box.minLng), columnOf(box.maxLng)] as const;
    if ((rows[1] - rows[0] + 1) * (columns[1] - columns[0] + 1) > MAX_CELLS) return null;
    const found: Int32Array[] = [];
    for (let row = rows[0]; row <= rows[1]; row++) {
      for (let column = columns[0]; column <= columns[1]; column++) {
        const cell = this.cells.get(row * COLUMNS + column);
        if (cell) found.push(this.slots.subarray(cell.from, cell.from + cell.count));
      }
    }
    return found;
  }

  arrays(): ArrayBufferView[] {
    return [this.slots];
  }
}
