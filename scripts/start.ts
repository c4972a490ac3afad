/**
 * `npm start`: builds the web app when dist/web is missing or older than its sources, then
 * runs the server (which migrates, seeds an empty embedded database and listens).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = path.join(root, 'dist/web/index.html');
const sources = ['web', 'common', 'vite.config.ts', 'package-lock.json'];

function newestChange(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  }
  return newest;
}

const built = fs.statSync(builtIndex, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const changed = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
if (built < changed) {
  console.log(
    built ? 'Web app sources changed: rebuilding…' : 'Building the web app (first start)…',
  );
  const { build } = await import('vite');
  // Vite follows NODE_ENV; under NODE_ENV=test or development it would bundle React's
  // development build, several times larger and slower. The built app is always production.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({
    root: path.join(root, 'web'),
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
  });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}

await import('../server/main');
