import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://localhost:${process.env.PORT ?? 5000}`;

// The web app lives in web/; `npm run build` writes dist/web, which the server serves.
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    assetsInlineLimit: 0,
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
