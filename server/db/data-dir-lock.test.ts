import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';
import { freePort } from '../testing/free-port';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const temporaryDirs: string[] = [];

function makeTempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-lock-'));
  temporaryDirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of temporaryDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The PID of a process that has exited, so no process answers to it. */
async function pidOfExitedProcess(): Promise<number> {
  const child = spawn('true');
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not spawn `true`');
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return pid;
}

describe('lockDataDir', () => {
  let release: (() => void) | undefined;
  afterEach(() => {
    release?.();
    release = undefined;
  });

  it('creates a missing data directory and writes this process id into DATA_DIR/abode.lock', () => {
    const dataDir = path.join(makeTempDir(), 'not', 'yet', 'there');
    release = lockDataDir(dataDir);
    expect(fs.readFileSync(path.join(dataDir, 'abode.lock'), 'utf8')).toBe(String(process.pid));
  });

  it('refuses a directory locked by another running process, naming its pid and the directory', () => {
    const dataDir = makeTempDir();
    const otherPid = process.ppid;
    fs.writeFileSync(path.join(dataDir, 'abode.lock'), String(otherPid));

    let thrown: unknown;
    try {
      release = lockDataDir(dataDir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DataDirLockedError);
    const error = thrown as DataDirLockedError;
    expect(error.pid).toBe(otherPid);
    expect(error.dataDir).toBe(dataDir);
    expect(error.message).toContain(`pid ${otherPid}`);
    expect(error.message).toContain(dataDir);
    expect(error.message).toContain('already using the data directory');
    // The other process keeps its lock.
    expect(fs.readFileSync(path.join(dataDir, 'abode.lock'), 'utf8')).toBe(String(otherPid));
  });

  it('takes over a stale lock left by a process that no longer runs', async () => {
    const dataDir = makeTempDir();
    const deadPid = await pidOfExitedProcess();
    fs.writeFileSync(path.join(dataDir, 'abode.lock'), String(deadPid));

    release = lockDataDir(dataDir);
    expect(fs.readFileSync(path.join(dataDir, 'abode.lock'), 'utf8')).toBe(String(process.pid));
  });

  it('leaves a stale lock to the live process already taking it over', async () => {
    const dataDir = makeTempDir();
    fs.writeFileSync(path.join(dataDir, 'abode.lock'), String(await pidOfExitedProcess()));
    fs.writeFileSync(path.join(dataDir, 'abode.lock.takeover'), String(process.ppid));
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
  });

  it('clears a takeover file left by a process that died mid-takeover', async () => {
    const dataDir = makeTempDir();
    fs.writeFileSync(path.join(dataDir, 'abode.lock'), String(await pidOfExitedProcess()));
    fs.writeFileSync(path.join(dataDir, 'abode.lock.takeover'), String(await pidOfExitedProcess()));
    release = lockDataDir(dataDir);
    expect(fs.readFileSync(path.join(dataDir, 'abode.lock'), 'utf8')).toBe(String(process.pid));
    expect(fs.existsSync(path.join(dataDir, 'abode.lock.takeover'))).toBe(false);
  });

  it('takes over an empty or unreadable lock file (a crash between create and write)', () => {
    const dataDir = makeTempDir();
    fs.writeFileSync(path.join(dataDir, 'abode.lock'), '');
    release = lockDataDir(dataDir);
    expect(fs.readFileSync(path.join(dataDir, 'abode.lock'), 'utf8')).toBe(String(process.pid));
  });

  it('release removes the lock file, so the next start takes it at once', () => {
    const dataDir = makeTempDir();
    const lockPath = path.join(dataDir, 'abode.lock');
    const releaseFirst = lockDataDir(dataDir);
    expect(fs.existsSync(lockPath)).toBe(true);
    releaseFirst();
    expect(fs.existsSync(lockPath)).toBe(false);
    // Releasing twice is harmless.
    expect(() => releaseFirst()).not.toThrow();
  });

  it('release never removes a lock that another process has taken over since', () => {
    const dataDir = makeTempDir();
    const lockPath = path.join(dataDir, 'abode.lock');
    const releaseMine = lockDataDir(dataDir);
    fs.writeFileSync(lockPath, String(process.ppid));
    releaseMine();
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.ppid));
  });
});

type Server = { child: ChildProcess; stderr: () => string; exited: Promise<number | null> };

function startServer(dataDir: string, port: number): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => (stderr += chunk));
  child.stdout?.resume();
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, stderr: () => stderr, exited };
}

async function waitForHealth(port: number, server: Server, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited with ${server.child.exitCode}: ${server.stderr()}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms: ${server.stderr()}`);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms),
    ),
  ]);
}

describe('two servers on one data directory', () => {
  const started: Server[] = [];

  afterAll(async () => {
    for (const server of started) {
      if (server.child.exitCode !== null || server.child.signalCode !== null) continue;
      server.child.kill('SIGTERM');
      const stopped = await Promise.race([
        server.exited.then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000)),
      ]);
      if (!stopped) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
  }, 30_000);

  it('the second exits with code 1 and a clear message; the first keeps serving and unlocks on SIGTERM', async () => {
    const dataDir = makeTempDir();
    const firstPort = await freePort();
    const first = startServer(dataDir, firstPort);
    started.push(first);
    await waitForHealth(firstPort, first, 40_000);
    expect(fs.readFileSync(path.join(dataDir, 'abode.lock'), 'utf8')).toBe(String(first.child.pid));

    const second = startServer(dataDir, await freePort());
    started.push(second);
    const code = await withTimeout(second.exited, 15_000, 'the second server exiting');
    expect(code).toBe(1);
    expect(second.stderr()).toContain('already using the data directory');
    expect(second.stderr()).toContain(`pid ${first.child.pid}`);
    expect(second.stderr()).toContain(dataDir);

    // The refused start did not disturb the running server or its lock.
    const health = await fetch(`http://127.0.0.1:${firstPort}/api/health`);
    expect(health.status).toBe(200);
    expect(fs.readFileSync(path.join(dataDir, 'abode.lock'), 'utf8')).toBe(String(first.child.pid));

    // A graceful stop releases the lock.
    first.child.kill('SIGTERM');
    expect(await withTimeout(first.exited, 15_000, 'the first server exiting')).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'abode.lock'))).toBe(false);
  }, 60_000);
});
