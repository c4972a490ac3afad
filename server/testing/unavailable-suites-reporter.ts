import fs from 'node:fs';
import type { Reporter } from 'vitest/node';
import { readUnavailable, UNAVAILABLE_LOG } from './unavailable-suites';

/**
 * Ends a Vitest run with one line: the suites this machine could not run and what it lacks,
 * or that nothing was left out. CI has PostgreSQL, Redis and ClamAV, so its line says so.
 */
export default class UnavailableSuitesReporter implements Reporter {
  private readonly file = process.env[UNAVAILABLE_LOG];

  onInit(): void {
    if (this.file) fs.rmSync(this.file, { force: true });
  }

  onTestRunEnd(): void {
    if (!this.file) return;
    const byLack = readUnavailable(this.file);
    fs.rmSync(this.file, { force: true });
    if (!process.env.TEST_DATABASE_URL) {
      byLack.set('no PostgreSQL (TEST_DATABASE_URL)', [
        'every server test again on PostgreSQL',
        ...(byLack.get('no PostgreSQL (TEST_DATABASE_URL)') ?? []),
      ]);
    }
    if (byLack.size === 0) {
      console.log('\nNothing was left out for want of PostgreSQL, Redis or ClamAV.');
      return;
    }
    const parts = [...byLack].map(([lacking, suites]) => `${suites.join(', ')} (${lacking})`);
    console.log(`\nNOT RUN on this machine: ${parts.join('; ')}.`);
  }
}
