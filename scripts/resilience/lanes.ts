/**
 * Runs groups of scenarios side by side, each group ("lane") in a child process of its own
 * that runs run.ts with `--only` and writes its results to a file; their output is passed on
 * line by line, prefixed with the lane's number. A lane that dies without results counts as
 * one failed scenario, with its exit code.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { onCleanup, repoRoot, tempDir, type ScenarioResult } from './harness';

export async function runLanes(
  script: string,
  lanes: string[][],
  options: string[],
): Promise<{ results: ScenarioResult[]; elapsedMs: number }> {
  const folder = tempDir('lanes');
  const started = performance.now();
  const results = await Promise.all(
    lanes.map(async (lane, index) => {
      const resultFile = path.join(folder, `lane-${index + 1}.json`);
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          script,
          '--only',
          lane.join(','),
          '--result-file',
          resultFile,
          ...options,
        ],
        { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      // SIGTERM lets the lane clean up its own servers and folders.
      const stop = onCleanup(`stop lane ${index + 1}`, () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      });
      const prefix = `[${index + 1}] `;
      readline.createInterface({ input: child.stdout! }).on('line', (line) => {
        console.log(prefix + line);
      });
      readline.createInterface({ input: child.stderr! }).on('line', (line) => {
        console.error(prefix + line);
      });
      const code = await new Promise<number | null>((resolve) =>
        child.once('exit', (exitCode) => resolve(exitCode)),
      );
      await stop();
      if (!fs.existsSync(resultFile)) {
        return [
          {
            name: `lane ${index + 1} (${lane.join(', ')})`,
            ok: false,
            durationMs: performance.now() - started,
            figures: [],
            failure: `the lane's process ended (${code}) without results`,
          },
        ];
      }
      return JSON.parse(fs.readFileSync(resultFile, 'utf8')) as ScenarioResult[];
    }),
  );
  return { results: results.flat(), elapsedMs: performance.now() - started };
}
