import { SLICE, type Work } from './index-build';
import type { Slots } from './index-slots';
import type { Box } from './search-filters';

/**
 * Where the listing index's base listings are (issue 39): a grid of cells 0.02° on a side
 * (about 2.2 km), each cell's slots ascending (newest first), all cells in one array, with
 * each listing's public point copied beside its slot. An area search reads the cells its box
 * covers (a city's box a few dozen, a street's one to four) from front to back: at a million
 * listings the points read in slot order were scattered over 16 MB, and the memory, not the
 * comparisons, set the cost.
 */
const CELL = 0.02;
const COLUMNS = Math.ceil(360 / CELL) + 1;
/** Boxes covering more cells than this are answered from the matches instead (a country). */
const MAX_CELLS = 2_500;

const rowOf = (latitude: number) => Math.floor((latitude + 90) / CELL);
const columnOf = (longitude: number) => Math.floor((longitude + 180) / CELL);

/** Cells a box covers: positions [from, to) of the grid's arrays; `inside` needs no test. */
export type CellSpan = { from: number; to: number; inside: boolean };

export class PlaceGrid {
  private constructor(
    /** Each cell's first position in the arrays below and its count, by the cell's key. */
    private readonly cells: Map<number, { from: number; count: number }>,
    readonly slots: Int32Array,
    readonly latitudes: Float64Array,
    readonly longitudes: Float64Array,
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
    const latitudes = new Float64Array(n);
    const longitudes = new Float64Array(n);
    for (let s = 0; s < n; s++) {
      const cell = cells.get(keys[s]!)!;
      const at = cell.from + cell.count++;
      grouped[at] = s;
      latitudes[at] = slots.latitude[s]!;
      longitudes[at] = slots.longitude[s]!;
      if ((s & (SLICE - 1)) === 0) yield;
    }
    return new PlaceGrid(cells, grouped, latitudes, longitudes);
  }

  /**
   * The spans of the cells a box covers (their listings a superset of those in the box: test
   * each, but in the cells wholly inside it), or null when it covers too many to be worth it.
   */
  cellsOf(box: Box): CellSpan[] | null {
    const [firstRow, lastRow] = [rowOf(box.minLat), rowOf(box.maxLat)];
    const [firstColumn, lastColumn] = [columnOf(box.minLng), columnOf(box.maxLng)];
    if ((lastRow - firstRow + 1) * (lastColumn - firstColumn + 1) > MAX_CELLS) return null;
    const spans: CellSpan[] = [];
    for (let row = firstRow; row <= lastRow; row++) {
      for (let column = firstColumn; column <= lastColumn; column++) {
        const cell = this.cells.get(row * COLUMNS + column);
        if (!cell) continue;
        // A cell strictly between the box's edge cells lies wholly inside it.
        const inside =
          row > firstRow && row < lastRow && column > firstColumn && column < lastColumn;
        spans.push({ from: cell.from, to: cell.from + cell.count, inside });
      }
    }
    return spans;
  }

  arrays(): ArrayBufferView[] {
    return [this.slots, this.latitudes, this.longitudes];
  }
}
