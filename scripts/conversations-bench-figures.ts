import { percentile } from './resilience/harness';

/**
 * The figures of `npm run bench:conversations` (scripts/conversations-bench.ts): what each
 * measurement keeps, its p99 against its goal, and the table printed at the end.
 */

export type Figure = {
  name: string;
  latencies: number[];
  /** Requests that failed (non-2xx, transport errors) or events that never came. */
  failures: number;
  seconds?: number;
  goalMs?: number;
};

export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');
export const p99 = (f: Figure) =>
  percentile(
    [...f.latencies].sort((a, b) => a - b),
    99,
  );
export const passed = (f: Figure) =>
  f.goalMs === undefined || (f.failures === 0 && f.latencies.length > 0 && p99(f) < f.goalMs);

export function printTable(figures: Figure[]): void {
  const width = Math.max(...figures.map((f) => f.name.length));
  const head = [
    'figure'.padEnd(width),
    'requests'.padStart(8),
    'req/s'.padStart(6),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'max ms'.padStart(7),
    'failed'.padStart(6),
    '  goal (p99)',
  ];
  console.log(`\n${head.join(' ')}`);
  for (const f of figures) {
    const sorted = [...f.latencies].sort((a, b) => a - b);
    console.log(
      [
        f.name.padEnd(width),
        String(sorted.length).padStart(8),
        (f.seconds ? (sorted.length / f.seconds).toFixed(0) : '').padStart(6),
        ms(percentile(sorted, 50)).padStart(7),
        ms(percentile(sorted, 99)).padStart(7),
        ms(sorted.at(-1) ?? Number.NaN).padStart(7),
        String(f.failures).padStart(6),
        f.goalMs === undefined ? '' : `  < ${f.goalMs} ms ${passed(f) ? 'pass' : 'FAIL'}`,
      ].join(' '),
    );
  }
}
