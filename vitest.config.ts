import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { UNAVAILABLE_LOG } from './server/testing/unavailable-suites';

const serverTests = ['server/**/*.test.ts', 'common/**/*.test.ts', 'scripts/**/*.test.ts'];
// s3rver, the S3 stand-in of the storage tests, encrypts ListObjectsV2's continuation tokens
// with DES, which OpenSSL 3 keeps in its legacy provider: without it, a listing longer than
// one page answers 500. Test workers only; the server itself never needs it.
const serverExecArgv = ['--openssl-legacy-provider'];

const projects: TestProjectConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'server',
      include: serverTests,
      environment: 'node',
      execArgv: serverExecArgv,
      globalSetup: ['server/testing/pglite-global-setup.ts'],
    },
  },
  {
    extends: true,
    plugins: [react()],
    test: {
      name: 'web',
      include: ['web/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['web/testing/setup.ts'],
    },
  },
];

// The same server tests run again on a real PostgreSQL server when one is given (CI does).
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: true,
    test: {
      name: 'server-postgres',
      include: ['server/**/*.test.ts'],
      environment: 'node',
      execArgv: serverExecArgv,
      env: { ABODE_TEST_DB: 'postgres' },
      globalSetup: ['server/testing/postgres-global-setup.ts'],
    },
  });
}

// Where test workers note the suites this machine cannot run; the reporter sums them up.
process.env[UNAVAILABLE_LOG] ??= path.join(os.tmpdir(), `abode-unavailable-${process.pid}.jsonl`);

export default defineConfig({
  test: {
    projects,
    reporters: ['default', './server/testing/unavailable-suites-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
