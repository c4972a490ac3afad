/**
 * Bundles the server (server/main.ts and everything of ours it imports, with common/) into
 * dist/server/main.mjs, the file `npm start` runs. Packages stay in node_modules. Running
 * built JavaScript rather than compiling TypeScript at start holds about 55 MB less memory
 * and starts faster (issue 22; docs/performance.md).
 *
 *   node --import tsx scripts/build-server.ts      (part of `npm run build`)
 */
import path from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from '../server/paths';

await build({
  entryPoints: [path.join(repoRoot, 'server/main.ts')],
  outfile: path.join(repoRoot, 'dist/server/main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // Readable names in stack traces and logs; a source map beside it for reading them.
  keepNames: true,
  sourcemap: 'linked',
  logLevel: 'warning',
});
