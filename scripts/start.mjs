/**
 * `npm start`: builds what is missing or older than its sources, then runs the built server
 * (dist/server/main.mjs: it migrates, seeds an empty embedded database and listens) in a
 * child process with the settings below.
 *
 * Plain JavaScript run by plain Node, and the builds run in a child process, so the server
 * holds neither the TypeScript loader nor the build tools: on a 1 GB server that is about
 * 70 MB (issue 22). The web app is built by Vite (`vite build`, always for production), the
 * server by esbuild (scripts/build-server.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The newest change under `target` (a file or a folder), 0 when it does not exist. */
function newestChange(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  }
  return newest;
}

/** Runs `args` with this Node in the repository; a failed build stops the start. */
function run(args, env = process.env) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const builds = [
  {
    what: 'the web app',
    // The last file its build writes (vite.config.ts): the pages' server renderer.
    output: 'dist/ssr/render-page.mjs',
    sources: ['web', 'common', 'vite.config.ts', 'package-lock.json'],
    // Vite follows NODE_ENV; under test or development it would bundle React's development
    // build, several times larger and slower. The built app is always production.
    build: () =>
      run([path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
        ...process.env,
        NODE_ENV: 'production',
      }),
  },
  {
    what: 'the server',
    output: 'dist/server/main.mjs',
    sources: ['server', 'common', 'package-lock.json'],
    build: () => run(['--import', 'tsx', 'scripts/build-server.ts']),
  },
];

for (const { what, output, sources, build } of builds) {
  const built = newestChange(path.join(root, output));
  const changed = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
  if (built < changed) {
    console.log(built ? `Sources of ${what} changed: rebuilding…` : `Building ${what}…`);
    build();
  }
}

/**
 * The server runs as a child of this process, with two settings that only take effect when a
 * process starts (measured in docs/performance.md, `npm run footprint`):
 * - glibc's allocator gives each thread that allocates its own heap, and the threads that
 *   decode photos (libvips, libuv's pool) leave theirs fragmented: 30 photo uploads left the
 *   server about 150 MB larger without a limit on those heaps, 6 MB with two (sharp
 *   recommends it; other allocators ignore the variable);
 * - V8's young generation of 2 MB rather than 16, and `--optimize-for-size` (a heap that
 *   grows less eagerly): ten seconds of load added 70–130 MB before, 20–30 MB with both, at
 *   the same requests per second.
 * This process only passes signals on and ends with the server.
 */
console.log(`Node.js ${process.version} (${process.execPath})`);
const child = spawn(
  process.execPath,
  ['--max-semi-space-size=2', '--optimize-for-size', ...process.execArgv, 'dist/server/main.mjs'],
  {
    cwd: root,
    // The channel ('ipc') closes when this process ends in any way: the server then closes.
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { MALLOC_ARENA_MAX: '2', ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (signal ? os.constants.signals[signal] : 0));
});
