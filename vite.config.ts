import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { inlinePageScript } from './scripts/vite-inline-script.js';
import { precompress, preloadLatinFont } from './scripts/vite-precompress.js';
import { prerenderVisitorPages } from './scripts/vite-prerender.js';

// The client lives in client/ and builds to dist/client, which the server serves (one origin).
export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    inlinePageScript(),
    preloadLatinFont(),
    precompress(),
    prerenderVisitorPages(),
    VitePWA({
      // 'A new version is ready' asks before a new release takes over (client/features/pwa).
      registerType: 'prompt',
      // Registered by client/features/pwa/service-worker.ts once the page has loaded, so a first
      // visit downloads nothing more before it paints.
      injectRegister: false,
      manifest: {
        name: 'LittleLoop',
        short_name: 'LittleLoop',
        description: "Give away, swap or sell children's books, toys and clothes to families nearby.",
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1e7b72',
        background_color: '#fbf8f3',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell: every script and stylesheet, the Latin font, the icons and the offline page.
        globPatterns: [
          'assets/**/*.{js,css}',
          'assets/nunito-latin-wght-normal-*.woff2',
          'icons/*.png',
          'favicon.svg',
          'offline.html',
        ],
        // Pages are rendered per parent on the server: fetched fresh, kept as last seen for offline.
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        // Shows Web Push notifications and opens their page on a tap (client/public/push-handler.js).
        importScripts: ['push-handler.js'],
        runtimeCaching: [
          {
            urlPattern: ({ request }) => request.mode === 'navigate',
            handler: 'NetworkFirst',
            options: {
              cacheName: 'pages',
              networkTimeoutSeconds: 5,
              expiration: { maxEntries: 40, maxAgeSeconds: 7 * 24 * 60 * 60 },
              precacheFallback: { fallbackURL: '/offline.html' },
            },
          },
          {
            // What the last seen pages read, for offline; never the live event stream. Only when
            // the network fails, not when it is slow: a list read again after a change (an
            // administrator's deletion) must not come back as it was before the change.
            urlPattern: ({ url, request }) =>
              request.method === 'GET' && url.pathname.startsWith('/api/') && url.pathname !== '/api/events',
            handler: 'NetworkFirst',
            options: {
              cacheName: 'api',
              expiration: { maxEntries: 150, maxAgeSeconds: 7 * 24 * 60 * 60 },
            },
          },
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/uploads/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'photos',
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 },
            },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // No source maps: the whole client's source would be public.
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
