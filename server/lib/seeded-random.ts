/**
 * A small seeded generator (mulberry32), so a run can be repeated with its seed: the demo
 * listings, the search equivalence test and the benchmark and resilience scripts all depend on
 * its exact sequence. Integer arithmetic throughout: a multiplicative generator in doubles loses
 * precision past 2^53 and falls into a short cycle (a benchmark's mix then repeats a few hundred
 * URLs and every search is a cache hit).
 */
export function seededRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
