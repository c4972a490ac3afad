import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder that holds package.json, found from this file: the server runs from its sources
 * (server/, under tsx: tests, `npm run dev`) and bundled into dist/server/ (`npm start`),
 * and the files it reads beside its code (migrations, the common-passwords list, the built
 * web app) are named from here in both.
 */
function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

export const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the repository, written from its root (`server/db/migrations`). */
export const fromRepoRoot = (relative: string): string => path.join(repoRoot, relative);
