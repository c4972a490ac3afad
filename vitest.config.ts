import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import {
  configDefaults,
  defineConfig,
  type TestProjectConfiguration,
  type TestProjectInlineConfiguration,
} from 'vitest/config';
import { UNAVAILABLE_LOG } from './server/testing/unavailable-suites';

const serverTests = ['server/**/*.test.ts', 'common/**/*.test.ts', 'scripts/**/*.test.ts'];
// s3rver, the S3 stand-in of the storage tests, encrypts ListObjectsV2's continuation tokens
// with DES, which OpenSSL 3 keeps in its legacy provider: without it, a listing longer than
// one page answers 500. Test workers only; the server itself never needs it.
const serverExecArgv = ['--openssl-legacy-provider'];

/**
 * Tests that measure time in their own process (an answer's latency while uploads run, the
 * event loop while an index builds, a report on 100 000 rows): they run after the rest, one
 * file at a time, so that a neighbour's work does not count as theirs.
 */
const timingTests = [
  'server/lib/access-check.test.ts',
  'server/features/search/index-loading.test.ts',
  'server/features/analytics/scale.test.ts',
];

/**
 * Test files at once. Most wait on a database, a socket or a child process much of the time:
 * on two cores, one at a time (Vitest's default there) left a core idle.
 */
const maxWorkers = Math.max(2, os.availableParallelism() + 1);

/** A server project, and its timing tests as a project that runs after every other. */
function serverProjects(
  name: string,
  include: string[],
  test: NonNullable<TestProjectInlineConfiguration['test']>,
  timingGroup: number,
): TestProjectConfiguration[] {
  const shared = {
    environment: 'node' as const,
    execArgv: serverExecArgv,
    setupFiles: ['server/testing/setup.ts'],
    ...test,
  };
  return [
    {
      extends: true,
      test: {
        ...shared,
        name,
        include,
        exclude: [...(test.exclude ?? configDefaults.exclude), ...timingTests],
        // A worker imports the server once for all the files it runs, not once per file:
        // module import was the largest share of the suite's time. Each file still has its
        // own database and app, closed after it (server/testing/after-file.ts).
        isolate: false,
      },
    },
    {
      extends: true,
      test: {
        ...shared,
        name: `${name} (timing)`,
        include: timingTests,
        maxWorkers: 1,
        sequence: { groupOrder: timingGroup },
      },
    },
  ];
}

/**
 * Long server tests whose answers do not depend on the database's driver: they run on
 * PostgreSQL when one is given (CI), else on the embedded database, never on both. The API
 * fuzz sends over 10 000 requests for the shape of each answer (about 150 s a run); PGlite is
 * PostgreSQL's own parser and planner, so a second run finds nothing the first did not.
 */
const onOneDatabase = ['server/api-fuzz.test.ts'];

/**
 * Web tests that load a module afresh (`vi.resetModules()`, then import it as a page would):
 * in a shared worker the new copies would stay for the next files, with listeners of their
 * own on the page (session-end's `storage` listener, for one), so these files keep a worker
 * and a page of their own.
 */
const freshModuleTests = ['web/islands/boot.test.ts', 'web/lib/use-document-title.test.ts'];

/**
 * The browser's tests. Files share a worker and its page (jsdom): creating the page and
 * importing React, i18next and the app for each file was two thirds of their time (web
 * 318 s → 107 s here). web/testing/setup.ts puts back what a file leaves behind.
 */
function webProjects(): TestProjectConfiguration[] {
  const shared = {
    environment: 'jsdom' as const,
    setupFiles: ['web/testing/setup.ts'],
  };
  return [
    {
      extends: true,
      plugins: [react()],
      test: {
        ...shared,
        name: 'web',
        include: ['web/**/*.test.{ts,tsx}'],
        exclude: [...configDefaults.exclude, ...freshModuleTests],
        isolate: false,
      },
    },
    {
      extends: true,
      plugins: [react()],
      test: { ...shared, name: 'web (isolated)', include: freshModuleTests },
    },
  ];
}

const projects: TestProjectConfiguration[] = [
  ...serverProjects(
    'server',
    serverTests,
    {
      globalSetup: ['server/testing/pglite-global-setup.ts'],
      ...(process.env.TEST_DATABASE_URL
        ? { exclude: [...configDefaults.exclude, ...onOneDatabase] }
        : {}),
    },
    1,
  ),
  ...webProjects(),
];

/**
 * Testing helpers that open no database. A server test that imports nothing from `db/` and
 * no other helper (test-app, test-database, builders, server-process, …) answers the same on
 * either database, so it runs once; a new helper counts as opening one until listed here.
 */
const databaseFreeHelpers = new Set([
  'free-port',
  'markup',
  'redis',
  's3-server',
  'sms-stand-in',
  'smtp',
  'unavailable-suites',
]);

/**
 * Server tests that import the database's modules but open no database of the run's: the data
 * directory's lock starts servers of its own on the embedded database, whichever project runs
 * it, so on PostgreSQL it would only run the same again (about 20 s of starting servers).
 */
const embeddedOnlyTests = new Set(['server/db/data-dir-lock.test.ts']);

function opensDatabase(file: string): boolean {
  if (embeddedOnlyTests.has(path.relative(import.meta.dirname, file))) return false;
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)];
  return specifiers.some(([, specifier]) => {
    // Where a relative import lands, from the repository's root: server/db/client, …
    const target = specifier!.startsWith('.')
      ? path.relative(import.meta.dirname, path.resolve(path.dirname(file), specifier!))
      : specifier!;
    // The database's own modules and the demo seed's (its plain data, seed-listings, opens none).
    if (/(^|\/)server\/(db|demo)\/(?!seed-listings$)/.test(target)) return true;
    const helper = /(?:^|\/)testing\/(.+)$/.exec(target)?.[1];
    return helper !== undefined && !databaseFreeHelpers.has(helper);
  });
}

// The server tests that open a database run again on a real PostgreSQL server when one is
// given (CI does).
if (process.env.TEST_DATABASE_URL) {
  const databaseFree = fs
    .globSync('server/**/*.test.ts', { cwd: import.meta.dirname })
    .filter((file) => !opensDatabase(path.join(import.meta.dirname, file)));
  projects.push(
    ...serverProjects(
      'server-postgres',
      ['server/**/*.test.ts'],
      {
        exclude: [...configDefaults.exclude, ...databaseFree],
        env: { ABODE_TEST_DB: 'postgres' },
        globalSetup: ['server/testing/postgres-global-setup.ts'],
      },
      2,
    ),
  );
}

// Where test workers note the suites this machine cannot run; the reporter sums them up.
process.env[UNAVAILABLE_LOG] ??= path.join(os.tmpdir(), `abode-unavailable-${process.pid}.jsonl`);

export default defineConfig({
  test: {
    projects,
    reporters: ['default', './server/testing/unavailable-suites-reporter.ts'],
    maxWorkers,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
