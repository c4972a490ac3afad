import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';
import { freePort } from '../testing/free-port';
import {
  exitWithin,
  startServerProcess,
  stopServerProcess,
  waitForHealth,
  type ServerProcess,
} from '../testing/server-process';

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

describe('two servers on one data directory', () => {
  const started: ServerProcess[] = [];
  const startServer = (dataDir: string, port: number) => {
    const server = startServerProcess(`on ${path.basename(dataDir)}`, port, {
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
    });
    started.push(server);
    return server;
  };

  afterAll(async () => {
    await Promise.all(started.map((server) => stopServerProcess(server)));
  }, 30_000);

  it('the second exits with code 1 and a clear message; the first keeps serving and unlocks on SIGTERM', async () => {
    const dataDir = makeTempDir();
    // Patience, not a claim about speed: a fresh embedded database migrates before it answers,
    // which takes a busy CI machine (three test files at once on two cores) well over 40 s.
    const first = startServer(dataDir, await freePort());
    await waitForHealth(first, 120_000);
    expect(fs.readFileSync(path.join(dataDir, 'abode.lock'), 'utf8')).toBe(String(first.child.pid));

    const second = startServer(dataDir, await freePort());
    expect(await exitWithin(second, 15_000)).toBe(1);
    const output = second.output.join('');
    expect(output).toContain('already using the data directory');
    expect(output).toContain(`pid ${first.child.pid}`);
    expect(output).toContain(dataDir);

    // The refused start did not disturb the running server or its lock.
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    expect(fs.readFileSync(path.join(dataDir, 'abode.lock'), 'utf8')).toBe(String(first.child.pid));

    // A graceful stop releases the lock.
    first.child.kill('SIGTERM');
    expect(await exitWithin(first, 30_000)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'abode.lock'))).toBe(false);
  }, 200_000);
});
