/**
 * Building the listing index in slices (issue 16): every long step of a build is a generator
 * that yields every few thousand steps, so that a server can build an index of a million
 * listings without holding its event loop for more than a few tens of milliseconds at a time
 * (`runSliced`), while tests and small indexes build at once (`runAtOnce`).
 */

/** A step of a build: yields between slices, returns its result. */
export type Work<T> = Generator<void, T, void>;

/** Yield every this many iterations of a loop (a check of the clock costs more than a yield). */
export const SLICE = 4096;

/** Runs a build at once. */
export function runAtOnce<T>(work: Work<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/** Runs a build, giving the event loop a turn whenever `budgetMs` have passed. */
export async function runSliced<T>(work: Work<T>, budgetMs = 20): Promise<T> {
  let started = performance.now();
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    if (performance.now() - started >= budgetMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      started = performance.now();
    }
  }
}

/**
 * Sorts in slices: runs of a few thousand sorted at once, then merged, yielding between. The
 * order is total (`before` never ties two different values), so the result is the same as one
 * sort's.
 */
export function* sortSliced(
  array: Int32Array,
  before: (a: number, b: number) => boolean,
): Work<void> {
  const compare = (a: number, b: number) => (before(a, b) ? -1 : 1);
  const run = 8192;
  for (let from = 0; from < array.length; from += run) {
    array.subarray(from, Math.min(array.length, from + run)).sort(compare);
    yield;
  }
  let source: Int32Array = array;
  let target: Int32Array = new Int32Array(array.length);
  for (let width = run; width < array.length; width *= 2) {
    for (let from = 0; from < array.length; from += 2 * width) {
      const mid = Math.min(from + width, array.length);
      const end = Math.min(from + 2 * width, array.length);
      let i = from;
      let j = mid;
      let k = from;
      while (i < mid && j < end) {
        target[k++] = before(source[j]!, source[i]!) ? source[j++]! : source[i++]!;
        if ((k & (SLICE - 1)) === 0) yield;
      }
      while (i < mid) target[k++] = source[i++]!;
      while (j < end) target[k++] = source[j++]!;
      yield;
    }
    [source, target] = [target, source];
  }
  if (source !== array) array.set(source);
}

/**
 * Positions 0..n-1 ordered by rank (greatest first), then position. Ranks take few distinct
 * values (ts_rank of the same words in similar texts), so they are counted into buckets;
 * many distinct values fall back to a comparison sort.
 */
export function byRankThenSlot(ranks: Float32Array): Int32Array {
  const n = ranks.length;
  const counts = new Map<number, number>();
  for (let i = 0; i < n && counts.size <= 1024; i++) {
    counts.set(ranks[i]!, (counts.get(ranks[i]!) ?? 0) + 1);
  }
  const positions = new Int32Array(n);
  if (counts.size > 1024) {
    for (let i = 0; i < n; i++) positions[i] = i;
    return positions.sort((x, y) => (ranks[x] !== ranks[y] ? ranks[y]! - ranks[x]! : x - y));
  }
  const next = new Map<number, number>();
  let at = 0;
  for (const rank of [...counts.keys()].sort((x, y) => y - x)) {
    next.set(rank, at);
    at += counts.get(rank)!;
  }
  for (let i = 0; i < n; i++) {
    const rank = ranks[i]!;
    const slot = next.get(rank)!;
    positions[slot] = i;
    next.set(rank, slot + 1);
  }
  return positions;
}
