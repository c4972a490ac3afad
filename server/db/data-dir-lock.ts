import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite takes no lock of its own, and two processes on one data directory corrupt it. The
 * server therefore holds `DATA_DIR/abode.lock`, holding its PID. A lock whose process no
 * longer runs (after a crash or SIGKILL) is stale and taken over, so a restart never needs
 * a hand-removed file.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another Abode server (pid ${pid}) is already using the data directory ${dataDir}. ` +
        'Stop it first, or start this one with a different DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** Creates the file holding our pid, only if it does not exist; false if it does. */
function createExclusive(file: string): boolean {
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

const heldByOther = (pid: number | null) => pid !== null && pid !== process.pid && isRunning(pid);

/**
 * Refuses, at once, a directory another running server holds (or is taking over): a start
 * that would only learn it after loading everything. Takes nothing; lockDataDir does.
 */
export function assertDataDirFree(dataDir: string): void {
  const lockPath = path.join(dataDir, 'abode.lock');
  for (const file of [lockPath, `${lockPath}.takeover`]) {
    const holder = readPid(file);
    if (heldByOther(holder)) throw new DataDirLockedError(dataDir, holder!);
  }
}

export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'abode.lock');
  // Taking over a stale lock is check-then-replace; two servers started together after a
  // crash could both see the dead pid. Whoever creates this second file first does the
  // takeover; the other one finds its creator alive and reports the directory as locked.
  const takeoverPath = `${lockPath}.takeover`;

  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusive(lockPath)) {
      return () => {
        if (readPid(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
      };
    }
    const holder = readPid(lockPath);
    if (heldByOther(holder)) throw new DataDirLockedError(dataDir, holder!);

    if (!createExclusive(takeoverPath)) {
      const taker = readPid(takeoverPath);
      if (heldByOther(taker)) throw new DataDirLockedError(dataDir, taker!);
      fs.rmSync(takeoverPath, { force: true }); // left by a process that died mid-takeover
      continue;
    }
    try {
      // Still the same stale holder? Then nobody else replaced it meanwhile.
      if (readPid(lockPath) === holder) fs.rmSync(lockPath, { force: true });
    } finally {
      fs.rmSync(takeoverPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}
