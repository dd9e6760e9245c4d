import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { inlineEarlyTaps } from './scripts/vite-early-taps.js';
import { precompress, preloadLatinFont } from './scripts/vite-precompress.js';
import { prerenderVisitorPages } from './scripts/vite-prerender.js';

// The client lives in client/ and builds to dist/client, which the server serves (one origin).
export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    inlineEarlyTaps(),
    preloadLatinFont(),
    precompress(),
    prerenderVisitorPages(),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // No source maps: the whole client's source would be public (issue 14).
    sourcemap: false,
    // scripts/check-budgets.mjs reads which chunks each route loads from here.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/uploads': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
