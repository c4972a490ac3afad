import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded and generated files live (docs/design.md): `local` is a folder outside the web
 * root; `s3` is any S3-compatible object store (s3-storage.ts), which several servers share;
 * open-storage.ts opens the configured one. Names are flat and chosen by the server, never by
 * users.
 */
export interface FileStorage {
  /** Writes the whole file; readers never see a half-written one. */
  put(name: string, data: Buffer): Promise<void>;
  /**
   * Moves a file from the local disk into the storage (videos: never held whole in memory);
   * `localPath` is gone afterwards. Readers never see a half-written file.
   */
  putFile(name: string, localPath: string): Promise<void>;
  /** The whole file, or the bytes `range.start` to `range.end` (inclusive) of it. */
  open(name: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>;
  /** The file's size in bytes, or null when there is no such file. */
  stat(name: string): Promise<{ size: number } | null>;
  delete(name: string): Promise<void>;
  /**
   * Every stored file, with when it was last written, a page at a time from the store (never
   * the whole list in memory); in no particular order. Files being written are not listed.
   */
  list(): AsyncIterable<StoredFile>;
}

export type StoredFile = { name: string; modifiedAt: Date };

/** Inclusive, as in HTTP's `Range: bytes=start-end`. */
export type ByteRange = { start: number; end: number };

const safeName = /^[a-z0-9][a-z0-9_.-]*$/;

export function assertSafeFileName(name: string): void {
  if (!safeName.test(name) || name.includes('..')) throw new Error(`Unsafe file name: ${name}`);
}

async function statFile(file: string): Promise<fs.Stats | null> {
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? stat : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** What `put` and `putFile` write beside the target before renaming it over. */
const temporaryName = /\.[0-9a-f]{12}\.tmp$/;
/** No write takes this long: a temporary file this old was left by a process that died. */
const STALE_TEMPORARY_MS = 60 * 60_000;

/**
 * Deletes the temporary files a killed server left behind (never served: no name a reader
 * can ask for ends in .tmp). Only old ones, in case another process writes here right now.
 */
function removeStaleTemporaries(root: string, now = Date.now()): void {
  for (const name of fs.readdirSync(root)) {
    if (!temporaryName.test(name)) continue;
    const file = path.join(root, name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat?.isFile() && now - stat.mtimeMs > STALE_TEMPORARY_MS) fs.rmSync(file, { force: true });
  }
}

export function localStorage(root: string): FileStorage {
  fs.mkdirSync(root, { recursive: true });
  removeStaleTemporaries(root);
  const pathOf = (name: string) => {
    assertSafeFileName(name);
    return path.join(root, name);
  };
  return {
    async put(name, data) {
      const target = pathOf(name);
      // Write beside the target, then rename: a crash leaves a stray temp file, never a
      // truncated image under a real name.
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await fs.promises.writeFile(temporary, data);
      await fs.promises.rename(temporary, target);
    },
    async putFile(name, localPath) {
      const target = pathOf(name);
      try {
        await fs.promises.rename(localPath, target);
        return;
      } catch (error) {
        // Another file system (a quarantine on another disk): copy beside the target first.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      }
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.promises.copyFile(localPath, temporary);
        await fs.promises.rename(temporary, target);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
      await fs.promises.rm(localPath, { force: true });
    },
    async open(name, range) {
      // Size and bytes from one open handle: a file replaced (renamed over) between a stat
      // by path and the read would give the old size with the new bytes.
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(pathOf(name), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        return { stream: handle.createReadStream(range), size: stat.size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async stat(name) {
      const stat = await statFile(pathOf(name));
      return stat && { size: stat.size };
    },
    async delete(name) {
      await fs.promises.rm(pathOf(name), { force: true });
    },
    async *list() {
      // opendir reads the folder in chunks as it is iterated.
      for await (const entry of await fs.promises.opendir(root)) {
        if (!entry.isFile() || temporaryName.test(entry.name)) continue;
        const stat = await statFile(path.join(root, entry.name));
        // Deleted meanwhile: nothing to list.
        if (stat) yield { name: entry.name, modifiedAt: stat.mtime };
      }
    },
  };
}
