import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded and generated files live (DESIGN.md): `local` is a folder outside the web
 * root; `s3` arrives with scale-out. Names are flat and chosen by the server, never by users.
 */
export interface FileStorage {
  /** Writes the whole file; readers never see a half-written one. */
  put(name: string, data: Buffer): Promise<void>;
  open(name: string): Promise<{ stream: Readable; size: number } | null>;
  delete(name: string): Promise<void>;
}

const safeName = /^[a-z0-9][a-z0-9_.-]*$/;

export function assertSafeFileName(name: string): void {
  if (!safeName.test(name) || name.includes('..')) throw new Error(`Unsafe file name: ${name}`);
}

export function localStorage(root: string): FileStorage {
  fs.mkdirSync(root, { recursive: true });
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
    async open(name) {
      const file = pathOf(name);
      try {
        const stat = await fs.promises.stat(file);
        if (!stat.isFile()) return null;
        return { stream: fs.createReadStream(file), size: stat.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(name) {
      await fs.promises.rm(pathOf(name), { force: true });
    },
  };
}

/** The configured storage: DATA_DIR/files unless STORAGE says otherwise. */
export function openStorage(config: { storage: 'local' | 's3'; dataDir: string }): FileStorage {
  if (config.storage === 's3') {
    throw new Error('STORAGE=s3 is not available yet: use STORAGE=local (the default).');
  }
  return localStorage(path.join(config.dataDir, 'files'));
}
