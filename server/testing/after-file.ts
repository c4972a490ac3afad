/**
 * What a test file opened and must close when its tests are done (apps, databases, their
 * folders). Helpers register here instead of calling `afterAll` at their module's top: a
 * module is evaluated once per worker when test files share one (`isolate: false`), so such
 * a hook would close the first file's apps only. server/testing/setup.ts, which Vitest runs
 * for every file, empties the list after each.
 *
 * Imports nothing, so a file that opens nothing pays nothing for it.
 */
const pending: (() => Promise<void>)[] = [];

export function closeAfterFile(close: () => Promise<void>): void {
  pending.push(close);
}

/** Runs every registered close, in order, then throws the first failure, if any. */
export async function closeFileResources(): Promise<void> {
  const failures: unknown[] = [];
  for (const close of pending.splice(0)) {
    try {
      await close();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}
