import fs from 'node:fs';

/**
 * Suites that cannot run on the machine at hand (no PostgreSQL, Redis or ClamAV) say so here;
 * the run ends with one line naming them all (unavailable-suites-reporter.ts), instead of a
 * warning lost among thousands of lines. vitest.config.ts names the file every test worker
 * writes to.
 */
export const UNAVAILABLE_LOG = 'ABODE_UNAVAILABLE_SUITES';

/** What did not run, and what the machine lacks for it ("no Redis (TEST_REDIS_URL)"). */
export function reportUnavailable(suite: string, lacking: string): void {
  const file = process.env[UNAVAILABLE_LOG];
  if (!file) {
    console.warn(`${suite}: not run, ${lacking}`);
    return;
  }
  fs.appendFileSync(file, `${JSON.stringify({ suite, lacking })}\n`);
}

/** The suites reported so far, each once, grouped by what was lacking. */
export function readUnavailable(file: string): Map<string, string[]> {
  const byLack = new Map<string, string[]>();
  if (!fs.existsSync(file)) return byLack;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const { suite, lacking } = JSON.parse(line) as { suite: string; lacking: string };
    const suites = byLack.get(lacking) ?? [];
    if (!suites.includes(suite)) suites.push(suite);
    byLack.set(lacking, suites);
  }
  return byLack;
}
