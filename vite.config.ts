import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a .br (brotli, best) and a .gz beside every text asset of the build, for the server
 * to send as they are (@fastify/static `preCompressed`): the best compression costs nothing
 * per request. On the fly, brotli at the quality a server can afford per request is no
 * smaller than gzip; at its best it is about 15 % smaller (docs/performance.md).
 */
function precompress(): Plugin {
  return {
    name: 'abode:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist/web';
      const texts = Object.keys(bundle).filter((name) => /\.(js|css|svg|json|txt)$/.test(name));
      await Promise.all(
        texts.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await fs.readFile(file);
          if (content.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzip(content, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

const apiTarget = `http://localhost:${process.env.PORT ?? 5000}`;

// The web app lives in web/; `npm run build` writes dist/web, which the server serves.
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    assetsInlineLimit: 0,
    // Raw kB. What counts is the compressed weight of a first visit, which `npm run
    // lighthouse` checks; the shell chunk is about 525 kB raw, 155 kB gzip.
    chunkSizeWarningLimit: 600,
    // Every browser we support preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // A feature's public entry (web/features/<name>/index.ts) only re-exports. Without
      // this, importing one hook from it would put everything it re-exports (the admin pages'
      // guard, the password boxes) in the first page's chunk too, which places modules by
      // static imports, not by what is used (docs/decisions/010-import-boundaries.md).
      treeshake: {
        moduleSideEffects: (id: string) => !/\/web\/features\/[^/]+\/index\.ts$/.test(id),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // What the first page needs (the app's shell and the pages a visitor opens
              // first, which routes.tsx imports statically) in one chunk, rather than a dozen
              // small chunks shared with lazy pages, each a request with about 1 KB of
              // headers. Every other page stays a chunk of its own, loaded when opened.
              name: 'index',
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // In development the API runs on its own port; the browser sees one origin.
      '/api': { target: apiTarget },
      // Listing photos are served by the API too (local storage).
      '/files': { target: apiTarget },
    },
  },
});
