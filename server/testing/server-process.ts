import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * The real server (`node --import tsx server/main.ts`) as a child process, for tests of what
 * only a whole process shows: start-up checks, the banner, locks, several servers at once.
 */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export type ServerProcess = {
  name: string;
  url: string;
  child: ChildProcess;
  /** The last 200 chunks of stdout and stderr together. */
  output: string[];
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
};

/** How the server is started: from its sources (tests), or as `npm start` runs it. */
const commands = {
  sources: ['--import', 'tsx', 'server/main.ts'],
  npmStart: ['scripts/start.mjs'],
};

/**
 * Starts the server on `port` with only PATH, HOME and `env` in its environment, from its
 * sources unless `how` says `npmStart` (the built server, as `npm start` runs it).
 */
export function startServerProcess(
  name: string,
  port: number,
  env: Record<string, string>,
  how: keyof typeof commands = 'sources',
): ServerProcess {
  const child = spawn(process.execPath, commands[how], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      HOST: '127.0.0.1',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { name, url: `http://127.0.0.1:${port}`, child, output, exited };
}

/** Polls /api/health until it answers 200; fails at once, with the output, if the process ends. */
export async function waitForHealth(server: ServerProcess, timeoutMs: number): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (server.child.exitCode !== null) {
      throw new Error(
        `server ${server.name} exited with ${server.child.exitCode}:\n${server.output.join('')}`,
      );
    }
    try {
      const response = await fetch(`${server.url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(`server ${server.name} not healthy in time:\n${server.output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGTERM, then SIGKILL after 5 s; resolves when the process is gone. */
export async function stopServerProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 5_000);
  await server.exited;
  clearTimeout(timer);
}

/** The exit code, or an error when the process is still running after `ms`. */
export function exitWithin(server: ServerProcess, ms: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    server.exited,
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`server ${server.name} still running after ${ms} ms`)),
        ms,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}
