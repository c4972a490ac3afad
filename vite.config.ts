import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build as esbuild, type Plugin as EsbuildPlugin } from 'esbuild';
import { defineConfig, type Plugin, type Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Writes `file`.br and `file`.gz beside it, each at its best compression. */
async function writeCompressed(file: string, content: Buffer): Promise<void> {
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip(content, { level: 9 }),
  ]);
  await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
}

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
          if (content.length >= 1024) await writeCompressed(file, content);
        }),
      );
    },
  };
}

/**
 * Modules the app's shell loads lazily that must work offline: the toaster, through which a
 * form says it needs a connection, and the islands' runtime. (The account menu is loaded by every signed-in page, so the
 * browser has it already; a visitor never needs it, and would pay for it.)
 */
const lazyShellModules = [
  /\/web\/components\/ui\/toaster\.tsx$/,
  // What wakes a visitor's islands (decision 030): a page kept offline still answers a touch.
  /\/web\/islands\/runtime\.tsx$/,
  // The app as the boot script loads it (its own chunk for that import): the shell's copy of
  // the home page, a visitor's, opens an unseen address offline by drawing it with the app.
  /\/web\/main\.tsx$/,
];

/**
 * The files of the app's shell (/assets/…): the entry chunk with its styles (the browser has
 * them already, so they cost no transfer), and the lazy modules above with everything they
 * import. Offline, any page opens and a form can say it needs a connection, even when no toast
 * was shown before the connection went.
 */
function appShellAssets(bundle: OutputBundle): string[] {
  const files = new Set<string>();
  const add = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || files.has(fileName)) return;
    files.add(fileName);
    if (chunk.type !== 'chunk') return;
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) add(imported);
  };
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk') continue;
    const lazyShell = lazyShellModules.some((m) => m.test(chunk.facadeModuleId ?? ''));
    if (chunk.isEntry || lazyShell) add(chunk.fileName);
  }
  return [...files].map((file) => `/${file}`);
}

/**
 * Builds the service worker (web/features/offline/worker/) into /sw.js, beside index.html,
 * after the app: a script of its own (no chunk shared with the app), with the build's id (a
 * hash of index.html, which names every entry chunk) written in, so each deploy that changes
 * the app changes the worker and the browser installs it on the next visit.
 */
function serviceWorker(): Plugin {
  return {
    name: 'abode:service-worker',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist/web';
      const indexHtml = await fs.readFile(path.join(outDir, 'index.html'));
      const buildId = createHash('sha256').update(indexHtml).digest('hex').slice(0, 16);
      const shellAssets = appShellAssets(bundle);
      const outfile = path.join(outDir, 'sw.js');
      await esbuild({
        entryPoints: [
          fileURLToPath(new URL('web/features/offline/worker/service-worker.ts', import.meta.url)),
        ],
        outfile,
        bundle: true,
        format: 'iife',
        target: 'es2022',
        minify: true,
        define: {
          ABODE_BUILD: JSON.stringify(buildId),
          ABODE_SHELL_ASSETS: JSON.stringify(shellAssets),
          // Workbox's development logging, which it leaves out of a production build.
          'process.env.NODE_ENV': '"production"',
        },
        logLevel: 'warning',
      });
      await writeCompressed(outfile, await fs.readFile(outfile));
    },
  };
}

/**
 * The web app's server renderer (web/render-page.tsx; issue 22), bundled with esbuild for
 * Node into dist/ssr/render-page.mjs, beside the web app and out of what the server serves.
 * Built with the web app so the HTML it writes always matches the scripts that hydrate it;
 * packages stay in node_modules, as the server's own bundle leaves them.
 */
function serverRenderer(): Plugin {
  return {
    name: 'abode:server-renderer',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist/web';
      // The boot script a visitor's page starts with (decision 030), by its built name.
      const boot = Object.values(bundle).find(
        (chunk) => chunk.type === 'chunk' && chunk.isEntry && chunk.name === 'boot',
      );
      if (!boot) throw new Error('the build has no boot script (web/islands/boot.ts)');
      await esbuild({
        entryPoints: [fileURLToPath(new URL('web/render-page.tsx', import.meta.url))],
        outfile: path.join(outDir, '..', 'ssr', 'render-page.mjs'),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        packages: 'external',
        jsx: 'automatic',
        // What Vite would write: the renderer is part of a production build.
        define: {
          'import.meta.env.PROD': 'true',
          'import.meta.env.DEV': 'false',
          ABODE_BOOT_SCRIPT: JSON.stringify(`/${boot.fileName}`),
        },
        keepNames: true,
        sourcemap: 'linked',
        logLevel: 'warning',
        plugins: [assetUrlsOnServer],
      });
    },
  };
}

/**
 * An asset's address imported with `?url` (MapLibre's worker, issue 39) is Vite's to give;
 * the server never draws a map, so its renderer gets an empty address instead of an import
 * Node cannot resolve.
 */
const assetUrlsOnServer: EsbuildPlugin = {
  name: 'abode:asset-urls-on-server',
  setup(build) {
    build.onResolve({ filter: /\?url$/ }, (args) => ({ path: args.path, namespace: 'asset-url' }));
    build.onLoad({ filter: /.*/, namespace: 'asset-url' }, () => ({
      contents: 'export default "";',
      loader: 'js',
    }));
  },
};

/**
 * Where a visitor's page finds its code (decision 030). The boot script (web/islands/boot.ts)
 * and the islands (the runtime and every component web/islands/registry.ts loads) each get one
 * chunk of their own, which the app's first-page chunk shares rather than copies; the boot
 * chunk holds only what boot.ts imports, so a visitor's first load is those few kilobytes.
 * The module graphs are read once the build has resolved every import (buildEnd), before the
 * chunks are made.
 */
function islandChunks(): {
  plugin: Plugin;
  isBootEntry: (id: string) => boolean;
  groups: { name: string; tags?: ['$initial']; test: (id: string) => boolean; priority: number }[];
} {
  const bootGraph = new Set<string>();
  const islandGraph = new Set<string>();
  const root = (file: string) => fileURLToPath(new URL(file, import.meta.url));
  const boot = root('web/islands/boot.ts');
  const runtime = root('web/islands/runtime.tsx');
  const registry = root('web/islands/registry.ts');
  const plugin: Plugin = {
    name: 'abode:island-chunks',
    apply: 'build',
    buildEnd() {
      // Static imports only, except the registry's: an island's own lazy parts (a menu's
      // code) stay chunks of their own, loaded when used.
      const walk = (start: string, into: Set<string>) => {
        const queue = [start];
        while (queue.length > 0) {
          const id = queue.pop()!;
          if (into.has(id)) continue;
          const info = this.getModuleInfo(id);
          if (!info) continue;
          into.add(id);
          queue.push(...info.importedIds);
          if (id === registry) queue.push(...info.dynamicallyImportedIds);
        }
      };
      walk(boot, bootGraph);
      walk(runtime, islandGraph);
      for (const id of bootGraph) islandGraph.delete(id);
      // The two entries stay chunks of their own: the app must not run the boot script.
      bootGraph.delete(boot);
      islandGraph.delete(runtime);
      if (bootGraph.size === 0 || !islandGraph.has(registry)) {
        this.error('the islands were not found in the build (web/islands)');
      }
    },
  };
  return {
    plugin,
    /** The boot script's own module: no group may take it out of its entry chunk. */
    isBootEntry: (id: string) => id === boot,
    groups: [
      { name: 'boot', test: (id) => bootGraph.has(id), priority: 30 },
      // Only what the app's first page loads too ($initial): the graph above also reaches,
      // through features' re-exporting index files, modules only lazy screens use.
      { name: 'islands', tags: ['$initial'], test: (id) => islandGraph.has(id), priority: 20 },
    ],
  };
}
const islands = islandChunks();

const apiTarget = `http://localhost:${process.env.PORT ?? 5000}`;

// The web app lives in web/; `npm run build` writes dist/web, which the server serves.
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    islands.plugin,
    precompress(),
    serviceWorker(),
    serverRenderer(),
  ],
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
      // The app (index.html) and the boot script a visitor's rendered page starts with
      // instead (web/islands/boot.ts; decision 030).
      input: {
        index: fileURLToPath(new URL('web/index.html', import.meta.url)),
        boot: fileURLToPath(new URL('web/islands/boot.ts', import.meta.url)),
      },
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
            ...islands.groups,
            {
              // What the first page needs (the app's shell and the pages a visitor opens
              // first, which routes.tsx imports statically) in one chunk, rather than a dozen
              // small chunks shared with lazy pages, each a request with about 1 KB of
              // headers. Every other page stays a chunk of its own, loaded when opened.
              // The boot script's modules and the islands' are in their own chunks (above).
              name: 'index',
              tags: ['$initial'],
              test: (id: string) => !islands.isBootEntry(id),
              priority: 10,
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
