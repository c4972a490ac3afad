/**
 * What every resilience scenario needs: temporary folders and child processes that are always
 * cleaned up (also on Ctrl-C or a failed assertion), a free loopback port, the server started
 * from its sources (`node --import tsx server/main.ts`: the code `npm start` bundles, as one
 * process whose pid the scenarios signal and kill), its RSS, and checks that fail with a
 * clear message.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
export { freePort } from '../../server/testing/free-port';
export { seededRandom } from '../../server/lib/seeded-random';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A failed assertion of a scenario: its message is what the summary prints. */
export class ScenarioFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScenarioFailure';
  }
}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new ScenarioFailure(message);
}

// ---------------------------------------------------------------------------------------------
// Cleanup: temporary folders and children, in reverse order of creation, exactly once.

type Cleanup = { name: string; run: () => void | Promise<void> };
const cleanups: Cleanup[] = [];

/** Registers an undo step; the returned function runs it now (and unregisters it). */
export function onCleanup(name: string, run: () => void | Promise<void>): () => Promise<void> {
  const entry: Cleanup = { name, run };
  cleanups.push(entry);
  return async () => {
    const index = cleanups.indexOf(entry);
    if (index === -1) return;
    cleanups.splice(index, 1);
    await entry.run();
  };
}

export async function cleanupAll(): Promise<void> {
  while (cleanups.length > 0) {
    const entry = cleanups.pop()!;
    try {
      await entry.run();
    } catch (error) {
      console.error(`cleanup "${entry.name}" failed:`, error);
    }
  }
}

const exitHooks = new Set<() => void>();

/** A synchronous step for the last resort below (a database server to stop); unregisters. */
export function onExitSync(hook: () => void): () => void {
  exitHooks.add(hook);
  return () => exitHooks.delete(hook);
}

/** Synchronous last resort (process 'exit'): kill what is left, remove what is left. */
function cleanupSyncOnExit(): void {
  for (const hook of exitHooks) {
    try {
      hook();
    } catch {
      // best effort
    }
  }
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
}

let signalsInstalled = false;
/** Ctrl-C and SIGTERM clean up, then exit 130 / 143; 'exit' kills leftover children. */
export function installSignalHandlers(): void {
  if (signalsInstalled) return;
  signalsInstalled = true;
  const stop = (signal: NodeJS.Signals, code: number) => {
    console.error(`\n${signal}: stopping children and removing temporary folders…`);
    void cleanupAll().finally(() => process.exit(code));
  };
  process.once('SIGINT', () => stop('SIGINT', 130));
  process.once('SIGTERM', () => stop('SIGTERM', 143));
  process.on('exit', cleanupSyncOnExit);
}

const tempDirs = new Set<string>();

/** A new folder under the system temp dir, removed at cleanup. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `abode-resilience-${prefix}-`));
  tempDirs.add(dir);
  onCleanup(`remove ${dir}`, () => {
    fs.rmSync(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
  });
  return dir;
}

// ---------------------------------------------------------------------------------------------
// Ports, time, randomness.

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

// ---------------------------------------------------------------------------------------------
// Children.

const children = new Set<ChildProcess>();

/** Resolves when the child has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

function track(child: ChildProcess, name: string): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
  onCleanup(`stop ${name} (pid ${child.pid})`, async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await exited(child);
  });
}

export type ServerOptions = {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  /** Where its stdout and stderr go (appended); printed when it fails to start. */
  logFile: string;
  /** More of its environment (an SMS provider, say). */
  env?: Record<string, string>;
  /** Opens Node's inspector on this loopback port (for memoryAfterFullGc in inspector.ts). */
  inspectPort?: number;
};

export type Server = {
  child: ChildProcess;
  pid: number;
  url: string;
  port: number;
  /** ms from spawn until GET /api/health answered 200. */
  startMs: number;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop: () => Promise<void>;
  /** kill -9, and wait until it is gone. */
  kill9: () => Promise<void>;
};

/** The logs of the servers the current scenario started: their tails are shown on failure. */
const serverLogs = new Set<string>();

function logTail(file: string, lines = 20): string {
  try {
    return fs
      .readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .slice(-lines)
      .map((line) => (line.length > 400 ? `${line.slice(0, 400)}…` : line))
      .join('\n');
  } catch {
    return '(no log)';
  }
}

export async function startServer(options: ServerOptions): Promise<Server> {
  serverLogs.add(options.logFile);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    TRUST_PROXY: '1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    VIRUS_SCANNER: 'none',
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.adminEmail) {
    env.ADMIN_EMAIL = options.adminEmail;
    env.ADMIN_PASSWORD = options.adminPassword;
  }
  const log = fs.openSync(options.logFile, 'a');
  const started = performance.now();
  const inspect = options.inspectPort ? [`--inspect=127.0.0.1:${options.inspectPort}`] : [];
  const child = spawn(process.execPath, [...inspect, '--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  track(child, 'server');
  const url = `http://127.0.0.1:${options.port}`;
  const tail = () => logTail(options.logFile);

  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new ScenarioFailure(
        `the server exited (${child.exitCode ?? child.signalCode}) before answering /api/health:\n${tail()}`,
      );
    }
    if (performance.now() - started > 60_000) {
      throw new ScenarioFailure(`the server did not answer /api/health within 60 s:\n${tail()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  const startMs = performance.now() - started;
  return {
    child,
    pid: child.pid!,
    url,
    port: options.port,
    startMs,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    },
    async kill9() {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}

/** Resident memory of a process in bytes (Linux /proc), or NaN elsewhere. */
export function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** Runs a command to completion; throws with its output when it fails. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; timeoutMs?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    track(child, command);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else
        reject(
          new ScenarioFailure(
            `${command} ${args.join(' ')} failed (${code ?? signal}):\n${output}`,
          ),
        );
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Results.

export type Figure = [label: string, value: string];

export type ScenarioResult = {
  name: string;
  ok: boolean;
  durationMs: number;
  figures: Figure[];
  failure?: string;
};

/** Runs one scenario with a time limit; a failure or timeout becomes a failed result. */
export async function runScenario(
  name: string,
  limitMs: number,
  body: (figures: Figure[]) => Promise<void>,
): Promise<ScenarioResult> {
  const figures: Figure[] = [];
  const started = performance.now();
  console.log(`\n▶ ${name}`);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      body(figures),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new ScenarioFailure(`did not finish within ${seconds(limitMs)}`)),
          limitMs,
        );
      }),
    ]);
    return { name, ok: true, durationMs: performance.now() - started, figures };
  } catch (error) {
    const failure =
      error instanceof ScenarioFailure
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
    console.error(`  ✗ ${name}: ${failure}`);
    for (const file of serverLogs)
      console.error(`\n  server log (${file}), last lines:\n${logTail(file)}`);
    return { name, ok: false, durationMs: performance.now() - started, figures, failure };
  } finally {
    clearTimeout(timer);
    await cleanupAll();
    serverLogs.clear();
  }
}

/** `lanesMs`: how long the scenarios took side by side, when they ran in lanes. */
export function printSummary(results: readonly ScenarioResult[], lanesMs?: number): void {
  console.log('\nResilience summary');
  for (const result of results) {
    console.log(
      `\n${result.ok ? 'PASS' : 'FAIL'}  ${result.name}  (${seconds(result.durationMs)})`,
    );
    const width = Math.max(0, ...result.figures.map(([label]) => label.length));
    for (const [label, value] of result.figures) console.log(`  ${label.padEnd(width)}  ${value}`);
    if (result.failure) console.log(`  failure: ${result.failure.split('\n').join('\n    ')}`);
  }
  const total = results.reduce((sum, r) => sum + r.durationMs, 0);
  const failed = results.filter((r) => !r.ok).length;
  console.log(
    `\n${failed === 0 ? 'All' : `${results.length - failed} of`} ${results.length} scenarios passed in ${seconds(total)}` +
      (lanesMs === undefined ? '' : ` of scenarios, ${seconds(lanesMs)} side by side`),
  );
}

/** For a scenario file run on its own: its result, its summary, its exit code. */
export async function runStandalone(scenario: () => Promise<ScenarioResult>): Promise<void> {
  installSignalHandlers();
  const result = await scenario();
  printSummary([result]);
  process.exit(result.ok ? 0 : 1);
}

export const isMain = (moduleUrl: string) =>
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(moduleUrl);
